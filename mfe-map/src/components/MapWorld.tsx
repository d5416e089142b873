import { type CSSProperties, useMemo } from 'react';
import type { Stage } from '../hooks/useMarkerSelection';
import type { Size, View } from '../map/math';
import { planetPosition, type ScenePlanet, SUN_RADIUS } from '../map/scene';
import styles from './GalaxyMap.module.css';
import { Sun } from './PlanetGlyph';
import { PlanetMarker } from './PlanetMarker';

export interface MapWorldProps {
  planets: ScenePlanet[];
  homePlanetId?: string | null;
  radius: number;
  size: Size;
  view: View;
  /** Seconds the move to this view takes (CSS transition). */
  transition: number;
  stageOf: (id: string) => Stage | null;
  /** Prefix of each planet label's id. */
  idPrefix: string;
  onMarkerClick: (id: string) => void;
  onMarkerFocus: (id: string) => void;
  onMarkerHover: (id: string | null) => void;
}

/** The solar system drawn at the view: the sun, each planet's orbit (home's marked) and each planet's marker. */
export function MapWorld({
  planets,
  homePlanetId,
  radius,
  size,
  view,
  transition,
  stageOf,
  idPrefix,
  onMarkerClick,
  onMarkerFocus,
  onMarkerHover,
}: MapWorldProps) {
  const placed = useMemo(
    () => planets.map((planet, index) => ({ planet, ...planetPosition(planet, index) })),
    [planets],
  );
  // The system is drawn once its planets (and so its size) are known: drawn before, its orbits' box would
  // change size when they arrive, which moves everything on it.
  if (placed.length === 0) return null;
  const tx = size.width / 2 - view.x * view.zoom;
  const ty = size.height / 2 - view.y * view.zoom;
  const worldStyle: CSSProperties = {
    transform: `translate(${tx}px, ${ty}px) scale(${view.zoom})`,
    transitionDuration: `${transition}s`,
  };
  const svgRadius = radius + 40;
  return (
    <div className={styles.world} style={worldStyle}>
      <svg
        className={styles.orbits}
        style={{ left: -svgRadius, top: -svgRadius, width: 2 * svgRadius, height: 2 * svgRadius }}
        viewBox={`${-svgRadius} ${-svgRadius} ${2 * svgRadius} ${2 * svgRadius}`}
        aria-hidden="true"
        focusable="false"
      >
        <Sun radius={SUN_RADIUS} />
        {placed.map(({ planet }) => (
          <circle
            key={planet._id}
            r={planet.orbitRadius}
            className={planet._id === homePlanetId ? styles.homeOrbit : styles.orbit}
            vectorEffect="non-scaling-stroke"
          />
        ))}
      </svg>
      {placed.map(({ planet, x, y }) => (
        <PlanetMarker
          key={planet._id}
          planet={planet}
          x={x}
          y={y}
          zoom={view.zoom}
          home={planet._id === homePlanetId}
          stage={stageOf(planet._id)}
          labelId={`${idPrefix}-${planet._id}`}
          onClick={() => onMarkerClick(planet._id)}
          onFocus={() => onMarkerFocus(planet._id)}
          onHover={(hovering) => onMarkerHover(hovering ? planet._id : null)}
        />
      ))}
    </div>
  );
}
