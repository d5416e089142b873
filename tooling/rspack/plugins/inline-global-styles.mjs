import { readFileSync } from 'node:fs';
import { rspack } from '@rspack/core';

/**
 * Puts the product's global styles into index.html's `<style data-inline="styles/global.css">`: the first paint (a
 * prerendered page, the loading screen) is styled with no stylesheet request before it.
 */
export class InlineGlobalStylesPlugin {
  constructor(file) {
    this.file = file;
  }
  apply(compiler) {
    compiler.hooks.compilation.tap('InlineGlobalStylesPlugin', (compilation) => {
      compilation.fileDependencies.add(this.file);
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap(
        'InlineGlobalStylesPlugin',
        (data) => {
          const marker = '<style data-inline="styles/global.css"></style>';
          if (!data.html.includes(marker)) throw new Error(`index.html has no ${marker}`);
          data.html = data.html.replace(
            marker,
            () => `<style>${readFileSync(this.file, 'utf8').trim()}</style>`,
          );
          return data;
        },
      );
    });
  }
}
