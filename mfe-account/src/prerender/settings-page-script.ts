// The inline script's entry for `/settings`' signed-in drawing (built by tooling/rspack/prerender.mjs).
import { showSettingsDrawing } from './settings-page';

showSettingsDrawing();
