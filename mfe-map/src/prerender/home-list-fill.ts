// The fill of `/home-list`'s signed-in template (./index.tsx), run by the page as an inline script at the end of the
// body, after the site's head start started the page's calls with the saved token: the planets' list (`early` in
// ../routes.ts) and the session's own lookup (whose answer names the home planet).
// - The frame (the heading, the Galactic Feed's row) paints with the HTML at once: it shows nobody's data.
// - One row per planet, nearest the sun first, cloned from the template's row (the home planet from the home row),
//   the planet's link, picture and name put into its slots (text, never parsed as HTML).
// - No session (the probe in <head> found no token), developer overrides (the head start started nothing then), no
//   answer, a refused or failed one, or a planet the row cannot draw as PlanetRow would (no picture): the markup goes
//   and the page's scripts start at once, as on any page.
// - The page's parked scripts and preloads start once the rows have painted, or after WAIT_MS whatever happened.
// The real page (HomeListPage) removes the markup in a layout effect when it has the list, or an error, to show.
import {
  fillTemplate,
  type Planet,
  putSlots,
  SESSION_CALLS,
  type Slots,
  startWhenShown,
} from '@skynet/contract';
// The helper alone: the kit's index brings components an inline script cannot carry.
import { paths } from '@skynet/kit/paths';
import { byOrbit } from '../planet-order';

/** The planets' list as the page's HTML asks for it. */
export const PLANETS_CALL = '/planet';
/** On the template's list, and on its two rows' templates (a planet, the home planet). */
export const PLANETS_ATTRIBUTE = 'data-planets';
export const ROW_ATTRIBUTE = 'data-row';
export const HOME_ROW_ATTRIBUTE = 'data-home-row';

/** Each planet's row slots, nearest the sun first, and whether it is home; null when a row cannot draw one. */
export function planetRows(
  answer: unknown,
  homeId: string | undefined,
): { slots: Slots; home: boolean }[] | null {
  const planets = (answer as { value?: unknown } | null)?.value;
  if (!Array.isArray(planets) || planets.length === 0) return null;
  const rows: { slots: Slots; home: boolean }[] = [];
  for (const planet of byOrbit(planets as Planet[])) {
    const image = planet?.visual?.imageUrl;
    if (typeof planet?._id !== 'string' || typeof planet.name !== 'string' || typeof image !== 'string')
      return null;
    rows.push({
      slots: { f: paths.planetFeed(planet), u: image, n: planet.name },
      home: planet._id === homeId,
    });
  }
  return rows;
}

/** The home planet the session's lookup answer names, if any. */
export function homeIdOf(answer: unknown): string | undefined {
  const planetId = (answer as { value?: { location?: { planetId?: unknown } } } | null)?.value?.location
    ?.planetId;
  return typeof planetId === 'string' ? planetId : undefined;
}

export function fillHomeList(): void {
  fillTemplate(({ markup, answers, startPage }) => {
    const row = markup.querySelector<HTMLTemplateElement>(`template[${ROW_ATTRIBUTE}]`);
    const homeRow = markup.querySelector<HTMLTemplateElement>(`template[${HOME_ROW_ATTRIBUTE}]`);
    const list = markup.querySelector(`[${PLANETS_ATTRIBUTE}]`);
    const planets = answers[PLANETS_CALL];
    if (!row || !homeRow || !list || !planets) throw new Error('nothing to draw');
    // Without the session's answer the rows are drawn with no home marked: the real page marks it.
    const session = answers[SESSION_CALLS.lookup] ?? Promise.resolve(null);
    return Promise.all([planets, session.catch(() => null)]).then(([answer, me]) => {
      const rows = planetRows(answer, homeIdOf(me));
      if (!rows) throw new Error('no row to draw');
      for (const { slots, home } of rows) {
        const copy = (home ? homeRow : row).content.cloneNode(true);
        putSlots(copy, slots);
        list.appendChild(copy);
      }
      startWhenShown(list, startPage);
    });
  });
}
