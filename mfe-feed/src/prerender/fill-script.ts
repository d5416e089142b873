// The inline script's entry (built by tooling/rspack/prerender.mjs): the fill, run once where the page has it.
import { fillSignedInTemplate } from './fill';

fillSignedInTemplate();
