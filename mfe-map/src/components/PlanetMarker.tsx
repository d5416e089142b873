import { paths } from '@skynet/kit';
import { Link } from 'react-router-dom';
import type { Stage } from '../hooks/useMarkerSelection';
import { MIN_MARKER_PX, type ScenePlanet } from '../map/scene';
import styles from './GalaxyMap.module.css';
import { HouseIcon } from './HouseIcon';
import { PlanetGlyph } from './PlanetGlyph';

export interface PlanetMarkerProps {
  planet: ScenePlanet;
  /** Where the planet is on the map, in map units. */
  x: number;
  y: number;
  zoom: number;
  home: boolean;
  stage: Stage | null;
  labelId: string;
  onClick: () => void;
  onFocus: () => void;
  onHover: (hovering: boolean) => void;
}

/**
 * One planet on the map: its button (never smaller than MIN_MARKER_PX on screen), its name under it while idle, and
 * its label when previewed or expanded (the expanded one links to the planet's feed).
 */
export function PlanetMarker({
  planet,
  x,
  y,
  zoom,
  home,
  stage,
  labelId,
  onClick,
  onFocus,
  onHover,
}: PlanetMarkerProps) {
  const hit = Math.max(planet.radius * 2, MIN_MARKER_PX / zoom);
  return (
    <div>
      <button
        type="button"
        data-marker=""
        className={`${styles.marker} ${stage ? styles.markerActive : ''}`}
        style={{ left: x - hit / 2, top: y - hit / 2, width: hit, height: hit }}
        aria-label={home ? `${planet.name}, your home planet` : planet.name}
        aria-expanded={stage === 'expanded'}
        aria-controls={stage ? labelId : undefined}
        onClick={onClick}
        onFocus={onFocus}
        onPointerEnter={(event) => event.pointerType === 'mouse' && onHover(true)}
        onPointerLeave={(event) => event.pointerType === 'mouse' && onHover(false)}
      >
        <svg
          className={styles.glyph}
          viewBox={`${-hit / 2} ${-hit / 2} ${hit} ${hit}`}
          aria-hidden="true"
          focusable="false"
        >
          <PlanetGlyph planet={planet} />
        </svg>
      </button>
      {!stage && (
        // Every planet's name under it, small, without hovering: drawn from data-name by CSS, so it
        // is not a second copy of the name for screen readers (the button carries it) and does not
        // catch taps (they reach the marker or the map).
        <div className={styles.tagAnchor} style={{ left: x, top: y + planet.radius }} aria-hidden="true">
          <div className={styles.labelScale} style={{ transform: `scale(${1 / zoom})` }}>
            <span className={styles.tag} data-name={planet.name} />
          </div>
        </div>
      )}
      {stage && (
        <div
          className={styles.labelAnchor}
          style={{ left: x, top: y + Math.max(planet.radius, hit / 2) }}
          data-label=""
        >
          <div className={styles.labelScale} style={{ transform: `scale(${1 / zoom})` }}>
            <div id={labelId} className={`${styles.label} ${stage === 'expanded' ? styles.expanded : ''}`}>
              <span className={styles.labelName}>
                {home && (
                  <>
                    <HouseIcon />{' '}
                  </>
                )}
                {planet.name}
              </span>
              {stage === 'expanded' && (
                <>
                  {home && <span className={styles.labelNote}>Your home planet</span>}
                  <Link className={styles.labelLink} to={paths.planetFeed(planet)}>
                    Open the {planet.name} feed →
                  </Link>
                </>
              )}
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
