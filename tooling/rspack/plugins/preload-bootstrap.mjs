import { rspack } from '@rspack/core';

/**
 * Preloads, from index.html, the files every page's bootstrap needs: the chunks of `import('./bootstrap')` and of
 * the shared modules the shell provides (react, react-dom, @skynet/shared...). Without it they are requested in two
 * waves once main.js has run and Module Federation has resolved the share scope: two round trips on the critical
 * path of every cold load (issue 9: `/feed` LCP 3.2 s -> 2.7 s under Lighthouse's simulated mobile). The preloads
 * are low priority so main.js, which starts everything, is not slowed down by them. On a standalone prerendered page
 * the server parks them with the scripts (site/src/prerendered-page.ts).
 */
export class PreloadBootstrapPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadBootstrapPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).beforeEmit.tap(
        'PreloadBootstrapPlugin',
        (data) => {
          const { chunks = [] } = compilation
            .getStats()
            .toJson({ all: false, chunks: true, chunkOrigins: true });
          const needed = chunks.filter((chunk) =>
            (chunk.origins ?? []).some(
              (origin) =>
                origin.request === './bootstrap' ||
                (origin.moduleName ?? '').startsWith('provide shared module '),
            ),
          );
          // Largest first: on HTTP/1.1's six connections the longest download (react-dom) starts in the first wave.
          const size = (file) => compilation.getAsset(file)?.source.size() ?? 0;
          const files = [...new Set(needed.flatMap((chunk) => chunk.files ?? []))].sort(
            (a, b) => size(b) - size(a),
          );
          if (!files.some((file) => file.endsWith('.js')))
            throw new Error(
              'PreloadBootstrapPlugin: no bootstrap chunk (does src/index.ts import ./bootstrap?)',
            );
          const { publicPath } = compilation.outputOptions;
          if (typeof publicPath !== 'string' || publicPath === 'auto')
            throw new Error('PreloadBootstrapPlugin: needs a fixed publicPath');
          const tags = files
            .filter((file) => /\.(js|css)$/.test(file))
            .map(
              (file) =>
                `<link rel="preload" href="${publicPath}${file}" as="${file.endsWith('.css') ? 'style' : 'script'}" fetchpriority="low">`,
            )
            .join('');
          data.html = data.html.replace('</head>', () => `${tags}</head>`);
          return data;
        },
      );
    });
  }
}
