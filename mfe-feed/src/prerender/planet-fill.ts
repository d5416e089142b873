// The fill of a planet feed's signed-in template (./index.tsx): its first page of posts as `/feed`'s fill draws its
// page (./fill.ts), the planet's name from the planets' list the page's HTML also asked for (`early` in
// ../routes.ts). A planet the list does not name: the markup goes, and the real page finds the name itself.
import { callWithParams, matchRoute, type Planet } from '@skynet/contract';
import { fillSignedInTemplate } from './fill';
import { headStartGlobal } from './start-page';

/** The planets' list as the page's HTML asked for it. */
export const PLANETS_CALL = '/planet';

/** The frame's slots: the planet's name, or null when `answer` does not name the planet `id`. */
export function planetSlots(answer: unknown, id: string): { P: string } | null {
  const planets = (answer as { value?: Planet[] } | null)?.value;
  const name = Array.isArray(planets) ? planets.find((planet) => planet._id === id)?.name : undefined;
  return name ? { P: name } : null;
}

export function fillPlanetTemplate(): void {
  fillSignedInTemplate((card) => {
    const params = matchRoute(card.dataset.route ?? '', location.pathname);
    const planets = headStartGlobal()?.answers[PLANETS_CALL];
    if (!params || !planets) return null;
    return {
      call: callWithParams(card.dataset.call ?? '', params),
      frame: planets.then((answer) => planetSlots(answer, params.id ?? '')),
    };
  });
}
