// The inline script's entry for `/search/:text`'s signed-in template (built by tooling/rspack/prerender.mjs).
import { fillSearchTemplate } from './search-fill';

fillSearchTemplate();
