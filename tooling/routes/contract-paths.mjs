// A route's path named from @skynet/contract's route patterns (`path: FEED_ROUTE`, `path: ROUTE_PATTERNS.feed`),
// resolved by reading the contract itself: the route table stays readable without running it.
import * as contract from '@skynet/contract';
import { ROUTE_PATTERNS } from '@skynet/contract';
import { literalString, unwrap } from './syntax.mjs';

/** @typedef {import('./syntax.mjs').Node} Node */

/**
 * What the module imports from @skynet/contract by value: local name -> the contract's export name
 * (`import { FEED_ROUTE as FEED }` -> FEED -> FEED_ROUTE).
 * @param {Node} module @returns {Map<string, string>}
 */
export function contractImports(module) {
  const names = new Map();
  for (const item of module.body) {
    if (item.type !== 'ImportDeclaration' || item.source?.value !== '@skynet/contract' || item.typeOnly)
      continue;
    for (const specifier of item.specifiers) {
      if (specifier.type !== 'ImportSpecifier' || specifier.isTypeOnly) continue;
      names.set(specifier.local.value, specifier.imported?.value ?? specifier.local.value);
    }
  }
  return names;
}

/** @type {Set<string>} */
const PATTERNS = new Set(Object.values(ROUTE_PATTERNS));

/**
 * A route's path: a string literal, or a pattern of the contract's table by its name, read here from the contract
 * itself: `FEED_ROUTE` (a pattern's constant) or `ROUTE_PATTERNS.feed`. `{ unknown }` names what the contract does
 * not have as a pattern; undefined when the node is none of these.
 * @param {Node | null | undefined} node @param {Map<string, string>} imported
 * @returns {string | { unknown: string } | undefined}
 */
export function routePath(node, imported) {
  const literal = literalString(node);
  if (literal !== undefined) return literal;
  const value = unwrap(node);
  /** @param {string} name @param {unknown} pattern */
  const found = (name, pattern) =>
    typeof pattern === 'string' && PATTERNS.has(pattern) ? pattern : { unknown: name };
  if (value?.type === 'Identifier' && imported.has(value.value)) {
    const name = /** @type {string} */ (imported.get(value.value));
    return found(name, /** @type {Record<string, unknown>} */ (contract)[name]);
  }
  if (
    value?.type === 'MemberExpression' &&
    value.object?.type === 'Identifier' &&
    imported.get(value.object.value) === 'ROUTE_PATTERNS' &&
    value.property?.type === 'Identifier'
  ) {
    const name = value.property.value;
    return found(`ROUTE_PATTERNS.${name}`, /** @type {Record<string, unknown>} */ (ROUTE_PATTERNS)[name]);
  }
  return undefined;
}
