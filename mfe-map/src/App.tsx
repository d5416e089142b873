// The router's stand-in (tooling/router) loads with this chunk, the parent of every page chunk, so the pages share
// it instead of each carrying a copy.
import 'react-router-dom';
import { AreaRoutes, startArrivedOnPage } from '@skynet/kit';
import { routes } from './routes';

// The shell evaluates this module while it is still confirming the session (shell/src/platform/warmUp.ts): the page
// for the address starts downloading now, alongside that check, instead of after the area's first render.
startArrivedOnPage(routes);

/** The area's screens, from its route table (src/routes.ts). */
export function App() {
  return <AreaRoutes routes={routes} />;
}
