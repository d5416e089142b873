import { Loader, paths, useDocumentTitle } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { GalaxyMap } from '../components/GalaxyMap';
import { HouseIcon } from '../components/HouseIcon';
import styles from '../components/MapPage.module.css';
import { usePlanets } from '../hooks/usePlanets';
import { toScenePlanets } from '../map/scene';

/** `/` and `/home` when signed in: the interactive galaxy map. */
export default function MapPage() {
  useDocumentTitle('Home');
  const { user } = useSession();
  const { planets, error, reload } = usePlanets();
  const scene = useMemo(() => toScenePlanets(planets), [planets]);
  const homeId = user?.location?.planetId ?? null;
  const home = planets.find((planet) => planet._id === homeId);

  return (
    <GalaxyMap
      planets={scene}
      homePlanetId={homeId}
      toolbar={
        <>
          <div className={styles.titleCard}>
            <h1 className={styles.title}>Your galaxy</h1>
            {home && (
              <p className={styles.subtitle}>
                <HouseIcon /> Home: {home.name}
              </p>
            )}
            {!planets.length && !error && <Loader label="Loading the planets" size={20} />}
            {error && (
              <p className={styles.error} role="alert">
                {error}{' '}
                <button type="button" className={styles.retry} onClick={reload}>
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
      }
    />
  );
}
