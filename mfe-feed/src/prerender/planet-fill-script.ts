// The inline script's entry for a planet feed's signed-in template (built by tooling/rspack/prerender.mjs).
import { fillPlanetTemplate } from './planet-fill';

fillPlanetTemplate();
