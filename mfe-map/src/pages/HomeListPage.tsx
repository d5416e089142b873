import { Loader, PageHeader, paths, useReplacesPrerenderedWhen } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import styles from '../components/HomeList.module.css';
import { GalaxyRow, PlanetRow } from '../components/PlanetRow';
import { usePlanets } from '../hooks/usePlanets';
import { byOrbit } from '../planet-order';

export const HOME_LIST_TITLE = 'Choose your planet';

/**
 * `/home-list`: the galaxy feed and every planet's feed; the home planet marked with a house. A signed-in load paints
 * it from the HTML first (../prerender): that drawing stays until this page has the list (or an error) to show.
 */
export default function HomeListPage() {
  const { user } = useSession();
  const { planets, error, reload } = usePlanets();
  const homeId = user?.location?.planetId;
  const sorted = byOrbit(planets);
  const shown = sorted.length > 0 || Boolean(error);
  useReplacesPrerenderedWhen(shown);

  return (
    <>
      <PageHeader title={HOME_LIST_TITLE} backTo={paths.home()} />
      <div className={styles.page}>
        {error && (
          <p className={styles.error} role="alert">
            {error}{' '}
            <button type="button" className={styles.retry} onClick={reload}>
              Try again
            </button>
          </p>
        )}
        {sorted.length === 0 ? (
          <Loader label="Loading the planets" />
        ) : (
          <ul className={styles.list}>
            <li>
              <GalaxyRow />
            </li>
            {sorted.map((planet) => (
              <li key={planet._id}>
                <PlanetRow planet={planet} home={planet._id === homeId} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
