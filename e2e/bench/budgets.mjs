// The front-end timing budgets of issue 34 per route (issue 9's for the signed-out landing page), shared by
// e2e/bench/lighthouse.mjs (its own table) and scripts/bench.mjs (the bench's one table).

/** The signed-in routes of issues 23 and 34 in their order, by name; `{...}` parts are filled in from the seeded data. */
export const SIGNED_IN_ROUTES = [
  '/feed',
  '/home',
  '/home-list',
  '/feed/{planet}/{id}',
  '/post/{id}',
  '/profile',
  '/user/{id}',
  '/messages',
  '/messages/{id}',
  '/search',
  '/search/{text}',
  '/settings',
];

/** Lighthouse budgets of a route name: LCP, TBT (ms), CLS; `/feed` also <= 1.0 x the monolithic build's LCP. */
export function budgetsFor(name, signedIn = true) {
  if (!signedIn) return { lcp: 1800, tbt: 150, cls: 0.05, source: 'issue 9' };
  // Issue 34 (was issue 23's: `/feed` 1.2 s, the others 1.8 s).
  return { lcp: name === '/feed' ? 1000 : 1500, tbt: 100, cls: 0.02, source: 'issue 34' };
}

/** `/feed` LCP against the monolithic build's: at most this ratio (issue 23). */
export const MONOLITH_RATIO = 1.0;

/** INP budget of each measured interaction (issues 23 and 34), ms. */
export const INP_BUDGET = 100;

/** A route name or pattern in one form for matching: `:param` and `{param}` both become `*`. */
export const routeKey = (name) => name.toLowerCase().replace(/\{[^}]*\}|:[^/]+/g, '*');
