// The fill of a planet feed's signed-in template (./index.tsx): its first page of posts as `/feed`'s fill draws its
// page (./fill.ts), the planet's name from the planets' list the page's HTML also asked for (`early` in
// ../routes.ts; ./route-fill.ts). A planet the list does not name: the markup goes, and the real page finds the
// name itself.
import type { Planet } from '@skynet/contract';
import { fillRouteTemplate } from './route-fill';

/** The planets' list as the page's HTML asked for it. */
export const PLANETS_CALL = '/planet';

/** The frame's slots: the planet's name, or null when `answer` does not name the planet `id`. */
export function planetSlots(answer: unknown, id: string): { P: string } | null {
  const planets = (answer as { value?: Planet[] } | null)?.value;
  const name = Array.isArray(planets) ? planets.find((planet) => planet._id === id)?.name : undefined;
  return name ? { P: name } : null;
}

export function fillPlanetTemplate(): void {
  fillRouteTemplate((params, answers) => {
    const planets = answers[PLANETS_CALL];
    return planets ? planets.then((answer) => planetSlots(answer, params.id ?? '')) : null;
  });
}
