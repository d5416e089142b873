// Build-time stand-in for 'react-router-dom' (see resolve.alias in tooling/rspack): the router comes from the
// @skynet/shared singleton, which bundles only the parts of react-router we use. Module Federation cannot
// tree-shake a shared module, so sharing react-router itself cost 60 KB gzip on every page.
// Need another router export? Add it here and in shared/src/router.ts.
export {
  BrowserRouter,
  createPath,
  createSearchParams,
  generatePath,
  Link,
  MemoryRouter,
  matchPath,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  parsePath,
  Route,
  Routes,
  resolvePath,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRoutes,
  useSearchParams,
} from '@skynet/shared';
