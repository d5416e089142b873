// A route's schema from its call in @skynet/contract: the same request and answer schemas the OpenAPI document and
// the kit's types come from. The handler's request and answer are typed by them (TypeBoxProvider), so a handler
// answering another shape fails to compile.
import type { ApiCall } from '@skynet/contract/api';

const PARTS = [
  'operationId',
  'tags',
  'description',
  'params',
  'querystring',
  'body',
  'headers',
  'response',
] as const;
type Part = (typeof PARTS)[number];

export type RouteSchema<C extends ApiCall> = Pick<C, Extract<keyof C, Part>>;

export function routeSchema<const C extends ApiCall>(call: C): RouteSchema<C> {
  const schema: Record<string, unknown> = {};
  for (const part of PARTS) if (call[part] !== undefined) schema[part] = call[part];
  return schema as RouteSchema<C>;
}

/** A route as the API registered it (onRoute), for the check that it is the contract's call. */
export interface ServedRoute {
  method: string;
  url: string;
  operationId: string | undefined;
  public: boolean;
}

/**
 * What disagrees between the routes served under `prefix` and the contract's calls: a route without an operationId
 * or with one the contract lacks, a method, path or access other than its call's, a call no route serves.
 */
export function contractMismatches(
  routes: readonly ServedRoute[],
  calls: Readonly<Record<string, ApiCall>>,
  prefix = '/api',
): string[] {
  const problems: string[] = [];
  const served = new Set<string>();
  for (const route of routes) {
    if (route.method === 'HEAD') continue;
    const name = `${route.method} ${route.url}`;
    const call = route.operationId === undefined ? undefined : calls[route.operationId];
    if (!call) {
      problems.push(`${name} has no operationId of the contract (${route.operationId ?? 'none'}).`);
      continue;
    }
    served.add(call.operationId);
    if (call.method !== route.method || `${prefix}${call.path}` !== route.url)
      problems.push(
        `${name} serves ${call.operationId}, which the contract has at ${call.method} ${call.path}.`,
      );
    if (Boolean(call.public) !== route.public)
      problems.push(`${name} is ${route.public ? '' : 'not '}public; the contract says otherwise.`);
  }
  for (const id of Object.keys(calls))
    if (!served.has(id)) problems.push(`No route serves the contract's call ${id}.`);
  return problems;
}
