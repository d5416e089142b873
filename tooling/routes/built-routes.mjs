// What a remote's build carries: dist/routes.json, read back for publishing (`npm run ops -- publish`, the site at
// `npm start` and at a container's start). Apart from read-routes.mjs (which parses src/routes.ts with @swc/core) so
// the ops CLI in the image needs no compiler: only @skynet/contract.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ACCESS_LEVELS } from '@skynet/contract';

/** A route table that cannot be read statically: the build stops with this message. */
export class RouteTableError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = 'RouteTableError';
  }
}

/** What a remote's build writes beside route-pages.json: the routes its registry entry carries. */
export const ROUTES_JSON = 'routes.json';

/**
 * The routes a build carries (its routes.json, written from src/routes.ts by tooling/rspack), as publishing copies
 * them into the registry. Throws a RouteTableError when the build has none: a build made before route tables, or
 * by other tooling, must not be published as a remote that owns no route.
 * @param {string} buildDir @returns {import('@skynet/contract').RouteEntry[]}
 */
export function readBuiltRoutes(buildDir) {
  const file = join(buildDir, ROUTES_JSON);
  if (!existsSync(file))
    throw new RouteTableError(
      `${file} is missing: the build writes it from the remote's src/routes.ts (tooling/rspack); rebuild the remote`,
    );
  /** @type {unknown} */
  let routes;
  try {
    routes = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new RouteTableError(`${file} is not JSON: ${error instanceof Error ? error.message : error}`);
  }
  const valid = (/** @type {any} */ route) =>
    typeof route === 'object' &&
    route !== null &&
    typeof route.path === 'string' &&
    route.path.startsWith('/') &&
    ACCESS_LEVELS.includes(route.access) &&
    (route.early === undefined ||
      (Array.isArray(route.early) &&
        route.early.every((/** @type {unknown} */ call) => typeof call === 'string')));
  if (!Array.isArray(routes) || !routes.every(valid))
    throw new RouteTableError(
      `${file} is not a list of routes ({ path, access, early? }): rebuild the remote`,
    );
  return routes;
}
