// Reads a package's route table (src/routes.ts, `defineRoutes([...])` from @skynet/contract) WITHOUT running it:
// the file imports its pages, which import React, CSS Modules and the rest of the remote, none of which Node can
// (or should) load at build time. @swc/core parses it and only plain values are accepted, so what the build writes
// (dist/routes.json, dist/route-pages.json) and docs/routes.md say is exactly what the file says.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { ACCESS_LEVELS } from '@skynet/contract';
import { parseSync } from '@swc/core';
import { ROUTES_JSON, RouteTableError, readBuiltRoutes } from './built-routes.mjs';
import { contractImports, routePath } from './contract-paths.mjs';
import { findCalls, importedBy, literalString, pageConstants, propertyName, unwrap } from './syntax.mjs';

export { ROUTES_JSON, RouteTableError, readBuiltRoutes };

/**
 * One route as the table declares it. `page` is the module specifier of the page's `import()`, relative to the
 * routes file (`./pages/GalaxyFeedPage`).
 * @typedef {{ path: string, access: import('@skynet/contract').Access, early?: string[], page: string }} ReadRoute
 */

/** The file every package keeps its table in. */
export const ROUTES_FILE = join('src', 'routes.ts');

const FIELDS = ['path', 'access', 'page', 'early'];

/** @typedef {import('./syntax.mjs').Node} Node */

/**
 * The routes of one table, in its order: path, access, early (only when declared) and the page's module specifier.
 * Throws a RouteTableError naming the file, the line and the route when an entry is not plain enough to read
 * without running the file.
 * @param {string} file an absolute path to a routes.ts
 * @param {{ label?: string }} [options] how to name the file in messages (default: as given)
 * @returns {ReadRoute[]}
 */
export function readRoutes(file, { label = file } = {}) {
  if (!existsSync(file))
    throw new RouteTableError(`${label}: no route table (src/routes.ts with defineRoutes([...]))`);
  const source = readFileSync(file, 'utf8');
  const bytes = Buffer.from(source);
  /** @type {Node} */
  let module;
  try {
    module = parseSync(source, { syntax: 'typescript', tsx: file.endsWith('.tsx') });
  } catch (error) {
    throw new RouteTableError(
      `${label}: cannot be parsed: ${error instanceof Error ? error.message : error}`,
    );
  }
  // swc counts bytes from 1 at the start of the file.
  /** @param {Node | undefined} node */
  const at = (node) => {
    const offset = (node?.span?.start ?? 0) - 1;
    if (offset < 0 || offset > bytes.length) return label;
    return `${label}:${bytes.subarray(0, offset).toString('utf8').split('\n').length}`;
  };

  const calls = findCalls(module.body);
  if (calls.length !== 1)
    throw new RouteTableError(
      `${label}: expected exactly one defineRoutes([...]) call (from @skynet/contract), found ${calls.length}`,
    );
  const call = /** @type {Node} */ (calls[0]);
  const [argument] = call.arguments;
  const table = call.arguments.length === 1 && !argument.spread ? unwrap(argument.expression) : null;
  if (table?.type !== 'ArrayExpression')
    throw new RouteTableError(`${at(call)}: defineRoutes takes one array literal of routes`);

  const constants = pageConstants(module);
  const imported = contractImports(module);
  /** @type {ReadRoute[]} */
  const routes = [];
  /** @type {(Node | null)[]} */
  const elements = table.elements;
  elements.forEach((element, index) => {
    const entry = element && !element.spread ? unwrap(element.expression) : null;
    if (entry?.type !== 'ObjectExpression')
      throw new RouteTableError(
        `${at(entry ?? table)}: route #${index + 1}: each route must be an object literal ({ path, access, page })`,
      );
    /** @type {Node[]} */
    const properties = entry.properties;
    // The route's name in messages: its path when that much can be read, else its place in the table.
    const pathProperty = properties.find(
      (property) => property.type === 'KeyValueProperty' && propertyName(property) === 'path',
    );
    const declared = routePath(pathProperty?.value, imported);
    const named = typeof declared === 'string' ? declared : undefined;
    const where = (/** @type {Node | null | undefined} */ node) =>
      `${at(node ?? entry)}: route ${named ?? `#${index + 1}`}`;

    /** @type {Record<string, Node>} */
    const fields = {};
    for (const property of properties) {
      // `{ page }` is shorthand for `page: page`.
      const name =
        property.type === 'Identifier'
          ? property.value
          : property.type === 'KeyValueProperty'
            ? propertyName(property)
            : undefined;
      if (!name || !FIELDS.includes(name))
        throw new RouteTableError(
          `${where(property)}: only ${FIELDS.join(', ')} can be read without running the file` +
            (name ? ` (found "${name}")` : ' (found a spread, method or computed key)'),
        );
      fields[name] = property.type === 'Identifier' ? property : property.value;
    }

    const path = routePath(fields.path, imported);
    if (typeof path === 'object')
      throw new RouteTableError(
        `${where(fields.path)}: @skynet/contract has no route pattern ${path.unknown}`,
      );
    if (typeof path !== 'string' || !path.startsWith('/'))
      throw new RouteTableError(
        `${where(fields.path)}: path must be a string literal starting with /, or a route pattern of @skynet/contract (FEED_ROUTE)`,
      );
    const access = /** @type {import('@skynet/contract').Access} */ (literalString(fields.access));
    if (!ACCESS_LEVELS.includes(access))
      throw new RouteTableError(
        `${where(fields.access)}: access must be one of ${ACCESS_LEVELS.map((level) => `'${level}'`).join(', ')}`,
      );

    /** @type {string[] | undefined} */
    let early;
    if (fields.early) {
      const list = unwrap(fields.early);
      /** @type {(string | undefined)[]} */
      const calls =
        list?.type === 'ArrayExpression'
          ? list.elements.map((/** @type {Node | null} */ item) =>
              item && !item.spread ? literalString(item.expression) : undefined,
            )
          : [undefined];
      if (calls.some((call) => typeof call !== 'string'))
        throw new RouteTableError(`${where(fields.early)}: early must be an array of string literals`);
      early = /** @type {string[]} */ (calls);
    }

    const pageNode = unwrap(fields.page);
    let page = importedBy(pageNode);
    if (page === undefined && pageNode?.type === 'Identifier') page = constants.get(pageNode.value);
    if (typeof page !== 'string')
      throw new RouteTableError(
        `${where(fields.page)}: page must be \`() => import('./pages/Name')\`, or the name of a const declared ` +
          'that way in this file',
      );

    routes.push({ path, access, ...(early ? { early } : {}), page });
  });
  const seen = new Set();
  for (const route of routes) {
    if (seen.has(route.path)) throw new RouteTableError(`${label}: route ${route.path} is declared twice`);
    seen.add(route.path);
  }
  return routes;
}

const PAGE_EXTENSIONS = ['.tsx', '.ts', '.jsx', '.js', '.mjs'];

/**
 * The file a page specifier names, resolved from the routes file as the bundler does (extension optional, or a
 * folder's index); null when there is none.
 * @param {string} routesFile @param {string} specifier
 */
export function resolvePage(routesFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(routesFile), specifier);
  const candidates = [
    base,
    ...PAGE_EXTENSIONS.map((extension) => base + extension),
    ...PAGE_EXTENSIONS.map((extension) => join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile()) ?? null;
}

/**
 * A package's table (`<packageDir>/src/routes.ts`), each route with its page file resolved (`pageFile`, absolute).
 * Throws when a page names no file.
 * @param {string} packageDir @param {{ label?: string }} [options]
 * @returns {(ReadRoute & { pageFile: string })[]}
 */
export function readPackageRoutes(packageDir, { label } = {}) {
  const file = join(packageDir, ROUTES_FILE);
  const name = label ?? file;
  return readRoutes(file, { label: name }).map((route) => {
    const pageFile = resolvePage(file, route.page);
    if (!pageFile)
      throw new RouteTableError(`${name}: route ${route.path} names page ${route.page}, which is no file`);
    return { ...route, pageFile };
  });
}

/**
 * What the registry carries for each route (path, access, and early when declared): the build writes it as
 * dist/routes.json and publishing copies it into /remotes.json.
 * @param {ReadRoute[]} routes @returns {import('@skynet/contract').RouteEntry[]}
 */
export const registryRoutes = (routes) =>
  routes.map(({ path, access, early }) => ({ path, access, ...(early ? { early } : {}) }));
