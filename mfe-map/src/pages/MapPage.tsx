import type { Planet } from '@skynet/contract';
import { Loader, paths, useDocumentTitle } from '@skynet/kit';
import { useReplacesPrerendered, useSession } from '@skynet/shared';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { GalaxyMap } from '../components/GalaxyMap';
import { HouseIcon } from '../components/HouseIcon';
import styles from '../components/MapPage.module.css';
import { usePlanets } from '../hooks/usePlanets';
import { toScenePlanets } from '../map/scene';

/**
 * `/` and `/home` when signed in: the interactive galaxy map. A signed-in load of `/home` paints its first view (the
 * map while the planets load) from the HTML (../prerender); this page takes that drawing's place when it renders.
 */
export default function MapPage() {
  useDocumentTitle('Home');
  useReplacesPrerendered();
  const { user } = useSession();
  const { planets, error, reload } = usePlanets();
  const scene = useMemo(() => toScenePlanets(planets), [planets]);
  const homeId = user?.location?.planetId ?? null;
  const home = planets.find((planet) => planet._id === homeId);

  return (
    <GalaxyMap
      planets={scene}
      homePlanetId={homeId}
      toolbar={<MapToolbar home={home} loading={!planets.length && !error} error={error} onRetry={reload} />}
    />
  );
}

/** The map's top bar: its title (and the home planet), the planets' loading state or error, the list's link. */
export function MapToolbar({
  home,
  loading,
  error,
  onRetry,
}: {
  home: Planet | undefined;
  loading: boolean;
  error: string | null;
  onRetry: () => void;
}) {
  return (
    <>
      <div className={styles.titleCard}>
        <h1 className={styles.title}>Your galaxy</h1>
        {home && (
          <p className={styles.subtitle}>
            <HouseIcon /> Home: {home.name}
          </p>
        )}
        {loading && (
          <div className={styles.loading}>
            <Loader label="Loading the planets" size={14} />
          </div>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {error}{' '}
            <button type="button" className={styles.retry} onClick={onRetry}>
              Try again
            </button>
          </p>
        )}
      </div>
      <Link className={styles.listButton} to={paths.homeList()}>
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        Planet list
      </Link>
    </>
  );
}
