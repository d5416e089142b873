// The inline script's entry for a profile's signed-in template (built by tooling/rspack/prerender.mjs).
import { fillProfileTemplate } from './profile-fill';

fillProfileTemplate();
