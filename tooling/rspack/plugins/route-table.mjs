import { join, relative } from 'node:path';
import { rspack } from '@rspack/core';
import {
  ROUTES_FILE,
  ROUTES_JSON,
  RouteTableError,
  readPackageRoutes,
  registryRoutes,
} from '../../routes/read-routes.mjs';
import { jsonSource, routePageFiles, routePages } from './route-pages.mjs';

/**
 * A remote's route table (src/routes.ts), read without running it (tooling/routes/read-routes.mjs) at every
 * compilation, so an edit reaches the dev server too. Writes `routes.json` (path, access, early: what publishing
 * copies into /remotes.json) and `route-pages.json` (RoutePagesPlugin's list; only with `preloadPages`, else `{}`:
 * which remotes' pages the server preloads is a performance choice, measured per remote). Every route's page must
 * be loaded by an `import()` either way. A table that cannot be read statically fails the build, naming the file,
 * line and route.
 */
export class RouteTablePlugin {
  constructor(packageDir, { preloadPages = false } = {}) {
    this.packageDir = packageDir;
    this.preloadPages = preloadPages;
  }
  apply(compiler) {
    const file = join(this.packageDir, ROUTES_FILE);
    const label = relative(join(this.packageDir, '..'), file);
    compiler.hooks.thisCompilation.tap('RouteTablePlugin', (compilation) => {
      compilation.fileDependencies.add(file);
      let routes;
      try {
        routes = readPackageRoutes(this.packageDir, { label });
      } catch (error) {
        if (!(error instanceof RouteTableError)) throw error;
        compilation.errors.push(new rspack.WebpackError(`RouteTablePlugin: ${error.message}`));
        return;
      }
      compilation.hooks.processAssets.tap(
        { name: 'RouteTablePlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          compilation.emitAsset(ROUTES_JSON, jsonSource(registryRoutes(routes)));
          const pages = routePageFiles(compiler, compilation, routePages(routes), () => this.preloadPages);
          compilation.emitAsset('route-pages.json', jsonSource(pages));
        },
      );
    });
  }
}
