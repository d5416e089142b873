// An area's routes drawn from its route table (src/routes.ts, `defineRoutes` from @skynet/contract): the table is
// the only list of the area's paths and pages, and the build reads the same file (tooling/routes). The router comes
// from @skynet/shared: the kit is bundled into each remote and must use the page's one router.
import { matchRoute, type RouteDefinition } from '@skynet/contract';
import { Route, Routes } from '@skynet/shared';
import { type ComponentType, lazy, Suspense } from 'react';
import { Loader } from '../ui/Loader';

/** What a page module gives: its screen, as the default export. */
export interface PageModule {
  default: ComponentType;
}

/** A package's route table, as `defineRoutes` returns it. */
export type RouteTable = readonly RouteDefinition<PageModule>[];

const components = new WeakMap<RouteDefinition<PageModule>['page'], ComponentType>();

/**
 * The lazily loaded component of a route's page. One per loader: two paths that name the same loader (a const in
 * the table) share the component, so moving between them (/search -> /search/mars) keeps the page mounted.
 */
export function pageComponent(route: RouteDefinition<PageModule>): ComponentType {
  let Page = components.get(route.page);
  if (!Page) {
    Page = lazy(route.page);
    components.set(route.page, Page);
  }
  return Page;
}

/**
 * Starts downloading the page of the route the address matches (the first in table order), and returns that route.
 * Call it when the area's module is evaluated: the shell does that while it is still confirming the session
 * (shell/src/platform/warmUp.ts), so the page is on its way alongside that check instead of after the area's first
 * render.
 */
export function startArrivedOnPage<Definition extends RouteDefinition>(
  routes: readonly Definition[],
  pathname: string = window.location.pathname,
): Definition | undefined {
  const arrivedOn = routes.find((route) => matchRoute(route.path, pathname) !== null);
  arrivedOn?.page().catch(() => {
    // The render imports it again and shows the failure; a failed head start says nothing.
  });
  return arrivedOn;
}

/**
 * An area's screens: each route of the table renders its page, lazily loaded, with the Loader while it arrives.
 * Other areas' paths render nothing, so the area stays quiet while single-spa unmounts it.
 */
export function AreaRoutes({ routes }: { routes: RouteTable }) {
  return (
    <Suspense fallback={<Loader />}>
      <Routes>
        {routes.map((route) => {
          const Page = pageComponent(route);
          return <Route key={route.path} path={route.path} element={<Page />} />;
        })}
        <Route path="*" element={null} />
      </Routes>
    </Suspense>
  );
}
