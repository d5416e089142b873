// Prerendered pages (issue 9, docs/decisions.md "Prerendered landing"): a remote may name a build-time module that
// renders its data-free, signed-out pages, and the components it exposes to other remotes' pages, to markup. Its
// production build then runs a second, Node-targeted compile of that module after the browser build, renders each
// with react-dom/server, and writes into dist:
//   prerender.json              { "pages": { "/": "prerender/index.html" }, "standalone": ["/"],
//                                 "fragments": { "./MapPreview": "prerender/fragment--MapPreview.html" } }
//   prerender/<file>.html       <style>the CSS that markup uses, minified</style> + the markup
// The module exports `pages` (route path -> render), optionally `standalone` (the paths whose markup is the whole
// page: every control works as plain HTML, so a signed-out visitor needs no script there) and `fragments` (exposed
// module -> render: what the server puts where another remote's page shows that module, see RemoteComponent) and
// `signedIn` (route path -> render: a signed-in page's frame with one item as a template the HTML fills from the
// page's head start answer, never data: docs/decisions.md "The signed-in feed paints from the HTML"), written as
// prerender/signed-in--<file>.html and listed under "signedIn". The script that fills such a template (the remote's
// `signedInScripts`: route path -> a browser module) is built as an inline page script (@skynet/site's builder:
// bundled, minified, one function), written as prerender/signed-in--<file>.js and listed under "signedInScripts":
// the server inlines the remote's own code and allows it by its hash, and never knows how the remote draws.
// The files are published with the remote's version, so the server (site/src/prerendered-page.ts) serves the
// markup of the version that is stable, and a rollout or rollback of the remote moves it too. Class names match the
// browser build's: both compiles hash CSS Modules names from the same package, path and local name.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildPageScript } from '@skynet/site/page-script-builder';

const OUTPUT_DIR = ['.build', 'prerender'];

const slug = (text) => text.replace(/[^a-z0-9-]+/gi, '--');

/** The file name a route's markup is written to: `/` -> index.html, `/about/terms` -> about--terms.html. */
export const prerenderFileFor = (path) =>
  `${path === '/' ? 'index' : slug(path.replace(/^\/+|\/+$/g, ''))}.html`;

/** The file an exposed module's markup is written to: `./MapPreview` -> fragment--MapPreview.html. */
export const fragmentFileFor = (module) => `fragment--${slug(module.replace(/^\.\//, ''))}.html`;

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
  // Chunks that share a CSS module each carry it: one copy of each file's text is enough.
  const css = [
    ...new Set(used.map((text) => text.replace(/\/\*# sourceMappingURL=[^*]*\*\//g, '').trim())),
  ].join('\n');
  if (css.includes('</')) throw new Error('prerender: the CSS would end its <style> element early');
  return css;
}

class PrerenderPlugin {
  constructor({ packageDir, distDir, bundleDir, signedInScripts }) {
    this.packageDir = packageDir;
    this.signedInScripts = signedInScripts;
    this.distDir = distDir;
    this.bundleDir = bundleDir;
  }
  apply(compiler) {
    compiler.hooks.done.tapPromise('PrerenderPlugin', async (stats) => {
      if (stats.hasErrors()) return;
      const bundle = join(this.bundleDir, 'prerender.cjs');
      const require = createRequire(bundle);
      delete require.cache[bundle];
      /** @type {{ pages?: Record<string, () => string>, standalone?: string[], fragments?: Record<string, () => string>, signedIn?: Record<string, () => string> }} */
      const { pages = {}, standalone = [], fragments = {}, signedIn = {} } = require(bundle);
      const cssFiles = readdirSync(this.distDir)
        .filter((file) => file.endsWith('.css'))
        .sort()
        .map((file) => readFileSync(join(this.distDir, file), 'utf8'));
      const target = join(this.distDir, 'prerender');
      rmSync(target, { recursive: true, force: true });
      mkdirSync(target, { recursive: true });
      const write = (file, markup) => {
        writeFileSync(join(target, file), `<style>${cssFor(markup, cssFiles)}</style>${markup}`);
        return `prerender/${file}`;
      };
      const index = { pages: {}, standalone: [], fragments: {}, signedIn: {}, signedInScripts: {} };
      for (const [path, render] of Object.entries(pages)) {
        if (!path.startsWith('/')) throw new Error(`prerender: "${path}" is not a path`);
        index.pages[path] = write(prerenderFileFor(path), render());
      }
      for (const path of standalone) {
        if (!index.pages[path]) throw new Error(`prerender: standalone "${path}" is not one of the pages`);
        index.standalone.push(path);
      }
      for (const [module, render] of Object.entries(fragments)) {
        if (!module.startsWith('./')) throw new Error(`prerender: "${module}" is not an exposed module name`);
        index.fragments[module] = write(fragmentFileFor(module), render());
      }
      for (const [path, render] of Object.entries(signedIn)) {
        if (!path.startsWith('/')) throw new Error(`prerender: "${path}" is not a path`);
        index.signedIn[path] = write(`signed-in--${prerenderFileFor(path)}`, render());
      }
      for (const [path, entry] of Object.entries(this.signedInScripts)) {
        if (!index.signedIn[path])
          throw new Error(`prerender: the script for "${path}" fills no signed-in template`);
        const file = `signed-in--${prerenderFileFor(path).replace(/\.html$/, '.js')}`;
        writeFileSync(join(target, file), await buildPageScript(join(this.packageDir, entry)));
        index.signedInScripts[path] = `prerender/${file}`;
      }
      writeFileSync(join(this.distDir, 'prerender.json'), `${JSON.stringify(index, null, 2)}\n`);
    });
  }
}

/**
 * The Node compile of `entry` (relative to the package), run after the browser build named `after`.
 * `base` is the browser build's config: same module rules, CSS Modules naming and aliases.
 */
export function prerenderConfig(base, { entry, signedInScripts = {}, after, rspack }) {
  const packageDir = base.context;
  // Beside the build when it goes elsewhere than dist/ (BUILD_OUTPUT_DIR), so two such builds never share it.
  const outDir =
    base.output.path === join(packageDir, 'dist')
      ? join(packageDir, ...OUTPUT_DIR)
      : `${base.output.path}.prerender`;
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
      new PrerenderPlugin({ packageDir, distDir: base.output.path, bundleDir: outDir, signedInScripts }),
    ],
  };
}
