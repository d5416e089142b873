// A package's route table (src/routes.ts in each remote and in the shell): the only list of its paths and pages.
// The build reads it (tooling/routes) to write the routes the registry carries and the files each route preloads,
// and docs/routes.md is generated from every table.
import type { Access } from './registry.js';

export interface RouteDefinition<Page = unknown> {
  path: string;
  access: Access;
  /** The page module, loaded lazily: `() => import('./pages/FeedPage')`. */
  page: () => Promise<Page>;
  /** GET calls the first screen makes, started from the page's HTML (see RouteEntry.early). */
  early?: string[];
}

/** Declares a route table; the identity, typed, and the marker the build looks for. */
export const defineRoutes = <Page>(routes: RouteDefinition<Page>[]): readonly RouteDefinition<Page>[] =>
  routes;
