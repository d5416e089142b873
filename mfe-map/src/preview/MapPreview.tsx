import { Orrery } from '../components/Orrery';
import { StarField } from '../components/StarField';
import { BUILT_IN_PLANETS } from '../map/scene';
import styles from './MapPreview.module.css';

/** Seconds of preview animation per second of a planet's orbitDuration: a calm, slow drift. */
const PREVIEW_SPEED = 0.2;

/**
 * The non-interactive map preview the landing page shows (exposed as `./MapPreview`).
 * It paints at once from the built-in planet layout: no API call, no images to fetch.
 */
export default function MapPreview() {
  return (
    <div
      className={styles.preview}
      role="img"
      aria-label="A preview of the Skynet galaxy map: the sun and nine planets on their orbits"
    >
      <StarField className={styles.stars} />
      <div className={styles.system}>
        <Orrery planets={BUILT_IN_PLANETS} speed={PREVIEW_SPEED} highlightId="earth" />
      </div>
    </div>
  );
}
