// The inline script's entry for this remote's data-free signed-in templates (built by tooling/rspack/prerender.mjs).
import { showStaticTemplate } from './static-page';

showStaticTemplate();
