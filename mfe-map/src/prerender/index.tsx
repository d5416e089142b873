// Build-time only (tooling/rspack/prerender.mjs runs it in Node): the markup of the map preview this remote exposes,
// so the server can put it where the landing page shows `./MapPreview` and the page is whole without any script
// (docs/decisions.md, "Prerendered landing"); `/home`'s signed-in drawing (the map while the planets load, started by
// ./map-page.ts); and `/home-list`'s signed-in template: the page's frame drawn by the real components, with one
// planet row (plain and home) around a placeholder planet, filled in the browser from the page's head start answers
// by ./home-list-fill.ts. No data is rendered here. Never part of the browser build.
import type { Planet } from '@skynet/contract';
import { PageHeader, paths } from '@skynet/kit';
import { MemoryRouter } from '@skynet/shared';
import { renderToStaticMarkup } from 'react-dom/server';
import { GalaxyMap } from '../components/GalaxyMap';
import styles from '../components/HomeList.module.css';
import { GalaxyRow, PlanetRow } from '../components/PlanetRow';
import { HOME_LIST_TITLE } from '../pages/HomeListPage';
import { MapToolbar } from '../pages/MapPage';
import MapPreview from '../preview/MapPreview';
import { HOME_ROW_ATTRIBUTE, PLANETS_ATTRIBUTE, ROW_ATTRIBUTE } from './home-list-fill';

/** Exposed module -> its markup. Ids are prefixed: the markup shares a document with other remotes' markup. */
export const fragments: Record<string, () => string> = {
  './MapPreview': () => renderToStaticMarkup(<MapPreview />, { identifierPrefix: 'mfe-map-' }),
};

const PLACEHOLDER: Planet = {
  _id: 'planet-id-0',
  name: 'Placeholdername',
  visual: { radius: 1, orbitRadius: 1, orbitDuration: 1, imageUrl: '/placeholder-image.svg' },
};

/**
 * Where a row shows the placeholder's values, as the fill's slots: {f} the link to its feed, {u} its picture, {n} its
 * name. Each must be found exactly once: a PlanetRow that draws differently fails the build rather than filling
 * wrongly.
 */
const SLOTS: [RegExp, string][] = [
  [new RegExp(paths.planetFeed(PLACEHOLDER), 'g'), '{f}'],
  [/\/placeholder-image\.svg/g, '{u}'],
  [/Placeholdername</g, '{n}<'],
];

function rowWithSlots(home: boolean): string {
  const drawn = renderToStaticMarkup(
    <MemoryRouter initialEntries={['/home-list']}>
      <li>
        <PlanetRow planet={PLACEHOLDER} home={home} />
      </li>
    </MemoryRouter>,
  );
  // React's server renderer adds a preload of each image it draws: the placeholder's is no file.
  let markup = drawn.replace(/<link rel="preload" as="image"[^>]*>/g, '');
  for (const [pattern, slot] of SLOTS) {
    const found = markup.match(pattern)?.length ?? 0;
    if (found !== 1) throw new Error(`prerender: ${pattern} found ${found} times in the row, not once`);
    markup = markup.replace(pattern, slot);
  }
  return markup;
}

/** `/home-list` as HomeListPage draws it once the planets are there, without them: the fill adds one row each. */
function homeListTemplate(): string {
  const template = (attribute: string, home: boolean) => (
    <template {...{ [attribute]: '' }} dangerouslySetInnerHTML={{ __html: rowWithSlots(home) }} />
  );
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/home-list']}>
      <PageHeader title={HOME_LIST_TITLE} backTo={paths.home()} />
      <div className={styles.page}>
        <ul className={styles.list} {...{ [PLANETS_ATTRIBUTE]: '' }}>
          <li>
            <GalaxyRow />
          </li>
        </ul>
        {template(ROW_ATTRIBUTE, false)}
        {template(HOME_ROW_ATTRIBUTE, true)}
      </div>
    </MemoryRouter>,
  );
}

const noop = () => {};

/**
 * `/home` as MapPage first draws it, while the planets load: nobody's data, so drawn whole (./map-page.ts starts the
 * page after its paint). Its ids are prefixed: the real map mounts beside it for a moment before it goes.
 */
function mapTemplate(): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={['/home']}>
      <GalaxyMap
        planets={[]}
        homePlanetId={null}
        toolbar={<MapToolbar home={undefined} loading error={null} onRetry={noop} />}
      />
    </MemoryRouter>,
    { identifierPrefix: 'mfe-map-home-' },
  );
}

/** Signed-in route path -> its template (prerender.json's `signedIn`). */
export const signedIn: Record<string, () => string> = {
  '/home': mapTemplate,
  '/home-list': homeListTemplate,
};
