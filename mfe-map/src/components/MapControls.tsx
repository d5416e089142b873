import { formatReadout, isAtOrigin, KEY_ZOOM_FACTOR, type View } from '../map/math';
import styles from './GalaxyMap.module.css';

/** The map's bottom bar: where the view is (coordinates and zoom), zoom out and in, and back to the sun. */
export function MapControls({
  view,
  zoomBy,
  recenter,
}: {
  view: View;
  zoomBy: (factor: number) => void;
  recenter: () => void;
}) {
  const readout = formatReadout(view);
  return (
    <div className={styles.bottomBar} data-map-control="">
      <section className={styles.readout} aria-label="Coordinates and zoom">
        <span>
          X <strong>{readout.x}</strong>
        </span>
        <span>
          Y <strong>{readout.y}</strong>
        </span>
        <span>
          Zoom <strong>{readout.zoom}</strong>
        </span>
      </section>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.roundButton}
          onClick={() => zoomBy(1 / KEY_ZOOM_FACTOR)}
          aria-label="Zoom out"
          disabled={view.zoom <= 0.1}
        >
          −
        </button>
        <button
          type="button"
          className={styles.roundButton}
          onClick={() => zoomBy(KEY_ZOOM_FACTOR)}
          aria-label="Zoom in"
          disabled={view.zoom >= 10}
        >
          +
        </button>
        <button type="button" className={styles.recenter} onClick={recenter} disabled={isAtOrigin(view)}>
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <circle cx="12" cy="12" r="3.2" fill="currentColor" />
            <circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M12 1.5v3.5M12 19v3.5M1.5 12H5M19 12h3.5" stroke="currentColor" strokeWidth="1.8" />
          </svg>
          Recenter
        </button>
      </div>
    </div>
  );
}
