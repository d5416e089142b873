// The inline script's entry for `/home`'s signed-in drawing (built by tooling/rspack/prerender.mjs).
import { showMapTemplate } from './map-page';

showMapTemplate();
