// Build-time only (tooling/rspack/prerender.mjs runs it in Node): the markup of the map preview this remote exposes,
// so the server can put it where the landing page shows `./MapPreview` and the page is whole without any script
// (docs/decisions.md, "Prerendered landing"). Never part of the browser build.
import { renderToStaticMarkup } from 'react-dom/server';
import MapPreview from '../preview/MapPreview';

/** Exposed module -> its markup. Ids are prefixed: the markup shares a document with other remotes' markup. */
export const fragments: Record<string, () => string> = {
  './MapPreview': () => renderToStaticMarkup(<MapPreview />, { identifierPrefix: 'mfe-map-' }),
};
