// Build-time only (tooling/rspack/prerender.mjs runs it in Node): the markup of the pages that need no data, so the
// server can put it into the HTML and the page paints before any script runs (docs/decisions.md, "Prerendered
// landing"). Never part of the browser build.
import { MemoryRouter } from '@skynet/shared';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import LandingPage from '../pages/LandingPage';

const at = (path: string, page: ReactElement) =>
  renderToStaticMarkup(<MemoryRouter initialEntries={[path]}>{page}</MemoryRouter>);

/** Route path -> its markup. Only signed-out, data-free pages belong here. */
export const pages: Record<string, () => string> = {
  '/': () => at('/', <LandingPage />),
};

/**
 * The pages whose markup is the whole page for a signed-out visitor: links, the map preview (mfe-map's markup, put
 * in its slot by the server) and the scroll-to-top arrow (CSS) all work without a script, so the server sends none.
 */
export const standalone = ['/'];
