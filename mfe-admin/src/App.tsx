// The router's stand-in (tooling/router) loads with this chunk, the parent of every page chunk, so the pages share
// it instead of each carrying a copy.
import 'react-router-dom';
import { AreaRoutes } from '@skynet/kit';
import { routes } from './routes';

/** The area's screens, from its route table (src/routes.ts). */
export function App() {
  return <AreaRoutes routes={routes} />;
}
