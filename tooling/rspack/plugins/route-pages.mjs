import { dirname, isAbsolute, resolve } from 'node:path';
import { rspack } from '@rspack/core';

/** A module's absolute path without its extension (`/x/src/pages/Feed.tsx` -> `/x/src/pages/Feed`). */
const withoutExtension = (file) => file.replace(/\.[cm]?[jt]sx?$/, '');

/**
 * Routes as RoutePagesPlugin takes them, from a route table read by tooling/routes (each route with its `pageFile`):
 * path, the page's absolute path, and the modules whose chunks to list (the page, after `alsoModules`).
 * @param {{ path: string, pageFile: string }[]} routes @param {string[]} [alsoModules]
 */
export function routePages(routes, alsoModules = []) {
  return routes.map((route) => ({
    path: route.path,
    page: route.pageFile,
    modules: [...alsoModules, route.pageFile],
  }));
}

/**
 * For each route, the files of the chunks its modules are loaded in (by `import()`), as route-pages.json holds
 * them; a route whose page no `import()` loads is a compilation error (a typo would otherwise preload nothing,
 * silently). Only the routes `listed` says are written.
 */
export function routePageFiles(compiler, compilation, routes, listed = () => true) {
  const { chunks = [] } = compilation.getStats().toJson({ all: false, chunks: true, chunkOrigins: true });
  const context = compiler.options.context ?? process.cwd();
  /** The absolute module an `import()` origin loads, without its extension. */
  const loaded = (origin) => {
    const request = origin.request ?? '';
    if (isAbsolute(request)) return withoutExtension(request);
    if (!request.startsWith('.')) return null;
    return withoutExtension(resolve(context, dirname(origin.moduleName ?? ''), request));
  };
  const filesOf = (module) =>
    chunks
      .filter((chunk) => (chunk.origins ?? []).some((origin) => loaded(origin) === withoutExtension(module)))
      .flatMap((chunk) => chunk.files ?? [])
      .filter((file) => /\.(js|css)$/.test(file));
  const pages = {};
  for (const route of routes) {
    if (filesOf(route.page).length === 0) {
      compilation.errors.push(
        new rspack.WebpackError(
          `RoutePagesPlugin: route ${route.path} names page ${route.page}, which no import() loads.`,
        ),
      );
      continue;
    }
    if (listed(route)) pages[route.path] = [...new Set(route.modules.flatMap(filesOf))];
  }
  return pages;
}

export const jsonSource = (value) => new rspack.sources.RawSource(`${JSON.stringify(value, null, 2)}\n`);

/**
 * Writes `route-pages.json`: for each route, the files of the chunks its page (and `modules`) are loaded in. The
 * server preloads them with a page navigation to the route (site/src/head-start.ts), so a cold load does not
 * wait for the remote's code to run before asking for them. The monolithic build (monolith.mjs) uses it as is; a
 * remote's build writes its file through RouteTablePlugin.
 */
export class RoutePagesPlugin {
  constructor(routes) {
    this.routes = routes;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('RoutePagesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RoutePagesPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          compilation.emitAsset(
            'route-pages.json',
            jsonSource(routePageFiles(compiler, compilation, this.routes)),
          );
        },
      );
    });
  }
}
