// Prerendered pages (issue 9, docs/decisions.md "Prerendered landing"): a remote may name a build-time module that
// renders its data-free, signed-out pages to markup. Its production build then runs a second, Node-targeted
// compile of that module after the browser build, renders each page with react-dom/server, and writes into dist:
//   prerender.json            { "pages": { "/": "prerender/index.html" } }
//   prerender/index.html      <style>the CSS those pages use, minified</style> + the page's markup
// The files are published with the remote's version, so the server (api/src/plugins/site.ts) serves the markup of
// the version that is stable, and a rollout or rollback of the remote moves it too. Class names match the browser
// build's: both compiles hash CSS Modules names from the same package, path and local name.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const OUTPUT_DIR = ['.build', 'prerender'];

/** The file name a route's markup is written to: `/` -> index.html, `/about/terms` -> about--terms.html. */
export const prerenderFileFor = (path) =>
  `${path === '/' ? 'index' : path.replace(/^\/+|\/+$/g, '').replace(/[^a-z0-9-]+/gi, '--')}.html`;

/**
 * The browser build's stylesheets that style `markup`: every CSS file (one per chunk) defining a class the markup
 * uses, as the browser would load them for that page.
 */
function cssFor(markup, cssFiles) {
  const classes = new Set(
    [...markup.matchAll(/class="([^"]*)"/g)].flatMap((match) => match[1].split(/\s+/)).filter(Boolean),
  );
  const used = cssFiles.filter((css) =>
    [...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].some((match) => classes.has(match[1])),
  );
  const css = used.map((text) => text.replace(/\/\*# sourceMappingURL=[^*]*\*\//g, '').trim()).join('\n');
  if (css.includes('</')) throw new Error('prerender: the CSS would end its <style> element early');
  return css;
}

class PrerenderPlugin {
  constructor({ packageDir, distDir }) {
    this.packageDir = packageDir;
    this.distDir = distDir;
  }
  apply(compiler) {
    compiler.hooks.done.tap('PrerenderPlugin', (stats) => {
      if (stats.hasErrors()) return;
      const outDir = join(this.packageDir, ...OUTPUT_DIR);
      const bundle = join(outDir, 'prerender.cjs');
      const require = createRequire(bundle);
      delete require.cache[bundle];
      /** @type {{ pages: Record<string, () => string> }} */
      const { pages } = require(bundle);
      const cssFiles = readdirSync(this.distDir)
        .filter((file) => file.endsWith('.css'))
        .sort()
        .map((file) => readFileSync(join(this.distDir, file), 'utf8'));
      const target = join(this.distDir, 'prerender');
      rmSync(target, { recursive: true, force: true });
      mkdirSync(target, { recursive: true });
      const index = {};
      for (const [path, render] of Object.entries(pages)) {
        if (!path.startsWith('/')) throw new Error(`prerender: "${path}" is not a path`);
        const markup = render();
        const file = prerenderFileFor(path);
        writeFileSync(join(target, file), `<style>${cssFor(markup, cssFiles)}</style>${markup}`);
        index[path] = `prerender/${file}`;
      }
      writeFileSync(join(this.distDir, 'prerender.json'), `${JSON.stringify({ pages: index }, null, 2)}\n`);
    });
  }
}

/**
 * The Node compile of `entry` (relative to the package), run after the browser build named `after`.
 * `base` is the browser build's config: same module rules, CSS Modules naming and aliases.
 */
export function prerenderConfig(base, { entry, after, rspack }) {
  const packageDir = base.context;
  const outDir = join(packageDir, ...OUTPUT_DIR);
  if (existsSync(outDir)) rmSync(outDir, { recursive: true, force: true });
  return {
    ...base,
    name: `${after}-prerender`,
    dependencies: [after],
    entry: { prerender: entry },
    target: 'node',
    devtool: false,
    resolve: {
      ...base.resolve,
      // Loaded lazily by @skynet/shared and never called while rendering: keep their Node builds (ws, http
      // adapters) out of the bundle.
      alias: {
        ...base.resolve.alias,
        'socket.io-client$': false,
        axios$: false,
        'axios-cache-interceptor$': false,
      },
    },
    output: {
      ...base.output,
      path: outDir,
      filename: '[name].cjs',
      chunkFilename: '[name].cjs',
      cssFilename: '[name].css',
      cssChunkFilename: '[name].css',
      library: { type: 'commonjs2' },
      clean: true,
    },
    // One file: the page modules are imported statically by the entry.
    optimization: { ...base.optimization, splitChunks: false },
    plugins: [
      new rspack.DefinePlugin({ 'process.env.NODE_ENV': JSON.stringify(base.mode) }),
      new PrerenderPlugin({ packageDir, distDir: base.output.path }),
    ],
  };
}
