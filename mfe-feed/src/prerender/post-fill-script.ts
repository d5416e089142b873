// The inline script's entry for `/post/:id`'s signed-in template (built by tooling/rspack/prerender.mjs).
import { fillPostTemplate } from './post-fill';

fillPostTemplate();
