// The few shapes of swc's syntax tree a route table is read from (tooling/routes/read-routes.mjs): literals, lazy
// imports, property names, the defineRoutes call and the module's page loaders.

/**
 * A node of swc's syntax tree (type, span and the fields of its kind).
 * @typedef {{ type: string, span?: { start: number, end: number }, [field: string]: any }} Node
 */

/**
 * `x as const`, `x satisfies T`, `(x)`, `x!`: the expression inside.
 * @param {Node | null | undefined} node @returns {Node | null | undefined}
 */
export function unwrap(node) {
  let current = node;
  while (
    current &&
    [
      'TsAsExpression',
      'TsConstAssertion',
      'TsSatisfiesExpression',
      'ParenthesisExpression',
      'TsNonNullExpression',
    ].includes(current.type)
  )
    current = current.expression;
  return current;
}

/**
 * The string a node stands for, when it is a plain literal (a template without `${}` included).
 * @param {Node | null | undefined} node @returns {string | undefined}
 */
export function literalString(node) {
  const value = unwrap(node);
  if (value?.type === 'StringLiteral') return value.value;
  if (value?.type === 'TemplateLiteral' && value.expressions.length === 0 && value.quasis.length === 1)
    return value.quasis[0].cooked ?? value.quasis[0].raw;
  return undefined;
}

/**
 * `() => import('./x')` (also `() => { return import('./x'); }`): './x'; else undefined.
 * @param {Node | null | undefined} node @returns {string | undefined}
 */
export function importedBy(node) {
  const fn = unwrap(node);
  if (fn?.type !== 'ArrowFunctionExpression' && fn?.type !== 'FunctionExpression') return undefined;
  if (fn.params.length > 0) return undefined;
  let body = fn.body;
  if (body?.type === 'BlockStatement') {
    const [only] = body.stmts;
    if (body.stmts.length !== 1 || only?.type !== 'ReturnStatement' || !only.argument) return undefined;
    body = only.argument;
  }
  const call = unwrap(body);
  if (call?.type !== 'CallExpression' || call.callee?.type !== 'Import' || call.arguments.length !== 1)
    return undefined;
  const [argument] = call.arguments;
  return argument.spread ? undefined : literalString(argument.expression);
}

/** A property's name, for `name: value` and `'name': value`. @param {Node} property */
export function propertyName(property) {
  const key = property.key;
  if (key?.type === 'Identifier') return key.value;
  if (key?.type === 'StringLiteral') return key.value;
  return undefined;
}

/** Every `defineRoutes(...)` call in the module, in source order. @param {Node} node @param {Node[]} found */
export function findCalls(node, found = []) {
  if (Array.isArray(node)) {
    for (const child of node) findCalls(child, found);
    return found;
  }
  if (!node || typeof node !== 'object') return found;
  if (
    node.type === 'CallExpression' &&
    node.callee?.type === 'Identifier' &&
    node.callee.value === 'defineRoutes'
  )
    found.push(node);
  for (const [key, child] of Object.entries(node))
    if (key !== 'span' && child && typeof child === 'object') findCalls(child, found);
  return found;
}

/** `const name = () => import('./x')` declared at the top of the module (exported or not): name -> './x'. @param {Node} module */
export function pageConstants(module) {
  /** @type {Map<string, string | undefined>} */
  const constants = new Map();
  for (const item of module.body) {
    const declaration = item.type === 'ExportDeclaration' ? item.declaration : item;
    if (declaration?.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id?.type !== 'Identifier' || !declarator.init) continue;
      constants.set(declarator.id.value, importedBy(declarator.init));
    }
  }
  return constants;
}
