// The router API of the whole product, bundled once inside the @skynet/shared singleton (tooling/router explains):
// the parts of react-router some package uses, and no more (a shared module is not tree-shaken, so every name
// here is downloaded on every page). Add a name when a package needs it: that is a shell release.

export type { NavigateFunction } from 'react-router';
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
