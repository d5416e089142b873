import type { Planet } from '@skynet/contract';
import { paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import styles from './HomeList.module.css';
import { HouseIcon } from './HouseIcon';

/**
 * One planet of `/home-list`: its picture, its name and a link to its feed; the home planet marked with a house and
 * a Home badge. Drawn by the page and, around a placeholder planet, by the HTML's template (../prerender).
 */
export function PlanetRow({ planet, home }: { planet: Planet; home: boolean }) {
  return (
    <Link className={`${styles.row} ${home ? styles.home : ''}`} to={paths.planetFeed(planet)}>
      {planet.visual?.imageUrl ? (
        <img className={styles.image} src={planet.visual.imageUrl} alt="" width="40" height="40" />
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
  );
}

/** The Galactic Feed's row, first in the list. */
export function GalaxyRow() {
  return (
    <Link className={styles.row} to={paths.feed()}>
      <span className={styles.galaxy} aria-hidden="true" />
      <span className={styles.name}>Galactic Feed</span>
      <span className={styles.chevron} aria-hidden="true">
        ›
      </span>
    </Link>
  );
}
