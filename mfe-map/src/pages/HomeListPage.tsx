import { Loader, PageHeader, paths } from '@skynet/kit';
import { useSession } from '@skynet/shared';
import { Link } from 'react-router-dom';
import styles from '../components/HomeList.module.css';
import { HouseIcon } from '../components/HouseIcon';
import { usePlanets } from '../hooks/usePlanets';

/** `/home-list`: the galaxy feed and every planet's feed; the home planet marked with a house. */
export default function HomeListPage() {
  const { user } = useSession();
  const { planets, error, reload } = usePlanets();
  const homeId = user?.location?.planetId;
  const sorted = [...planets].sort((a, b) => (a.visual?.orbitRadius ?? 0) - (b.visual?.orbitRadius ?? 0));

  return (
    <>
      <PageHeader title="Choose your planet" backTo={paths.home()} />
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
              <Link className={styles.row} to={paths.feed()}>
                <span className={styles.galaxy} aria-hidden="true" />
                <span className={styles.name}>Galactic Feed</span>
                <span className={styles.chevron} aria-hidden="true">
                  ›
                </span>
              </Link>
            </li>
            {sorted.map((planet) => {
              const home = planet._id === homeId;
              return (
                <li key={planet._id}>
                  <Link className={`${styles.row} ${home ? styles.home : ''}`} to={paths.planetFeed(planet)}>
                    {planet.visual?.imageUrl ? (
                      <img
                        className={styles.image}
                        src={planet.visual.imageUrl}
                        alt=""
                        width="40"
                        height="40"
                      />
                    ) : (
                      <span className={styles.image} aria-hidden="true" />
                    )}
                    <span className={styles.name}>
                      {home && (
                        <>
                          <HouseIcon label="House" />{' '}
                        </>
                      )}
                      {planet.name}
                    </span>
                    {home && <span className={styles.badge}>Home</span>}
                    <span className={styles.chevron} aria-hidden="true">
                      ›
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </>
  );
}
