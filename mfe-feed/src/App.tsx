// The router's stand-in (tooling/router) loads with this chunk, the parent of every page chunk, so the pages share
// it instead of each carrying a copy.
import 'react-router-dom';
import { AreaRoutes, feedApi, startArrivedOnPage } from '@skynet/kit';
import { startFirstPage } from './lib/firstPage';
import { routes } from './routes';

// The shell evaluates this module while it is still confirming the session (shell/src/platform/warmUp.ts): the page
// for the address starts downloading now, alongside that check, instead of after the area's first render...
const arrivedOn = startArrivedOnPage(routes);
// ...and the Galactic Feed's first page with it (lib/firstPage.ts).
if (arrivedOn?.path === '/feed') startFirstPage(feedApi.galaxy, 1);

/** The area's screens, from its route table (src/routes.ts). */
export function App() {
  return <AreaRoutes routes={routes} />;
}
