import type { CSSProperties } from 'react';
import { planetAngle, type ScenePlanet, SUN_RADIUS, systemRadius } from '../map/scene';
import styles from './Orrery.module.css';
import { PlanetGlyph, Sun } from './PlanetGlyph';

interface OrreryProps {
  planets: ScenePlanet[];
  /** Seconds of animation per second of orbitDuration (0 or undefined: still). */
  speed?: number;
  /** Planet whose orbit is highlighted. */
  highlightId?: string | null;
  labels?: boolean;
  className?: string;
}

/**
 * The solar system as one SVG: the sun, the orbits and the planets, optionally revolving with CSS
 * animations (durations from each planet's orbitDuration). Motion stops under prefers-reduced-motion.
 */
export function Orrery({ planets, speed, highlightId, labels = false, className }: OrreryProps) {
  const r = systemRadius(planets) + (labels ? 30 : 0);
  return (
    <svg
      className={`${styles.orrery} ${className ?? ''}`}
      viewBox={`${-r} ${-r} ${2 * r} ${2 * r}`}
      aria-hidden="true"
      focusable="false"
    >
      <Sun radius={SUN_RADIUS} />
      {planets.map((planet, index) => {
        const duration = speed ? planet.orbitDuration * speed : 0;
        const turn = planetAngle(index) / (2 * Math.PI);
        const style = duration
          ? ({
              animationDuration: `${duration.toFixed(1)}s`,
              // Start each planet somewhere else on its orbit.
              animationDelay: `${(-((turn % 1) + 1) % 1) * duration}s`,
            } as CSSProperties)
          : ({ transform: `rotate(${(turn * 360).toFixed(1)}deg)` } as CSSProperties);
        const counter = duration
          ? ({ ...style, animationDirection: 'reverse' } as CSSProperties)
          : ({ transform: `rotate(${(-turn * 360).toFixed(1)}deg)` } as CSSProperties);
        const highlighted = planet._id === highlightId;
        return (
          <g key={planet._id}>
            <circle
              r={planet.orbitRadius}
              className={highlighted ? styles.homeOrbit : styles.orbit}
              vectorEffect="non-scaling-stroke"
            />
            <g className={`${styles.revolve} ${duration ? styles.moving : ''}`} style={style}>
              <g transform={`translate(${planet.orbitRadius} 0)`}>
                {/* Counter-rotated, so rings and names stay upright while the planet goes round. */}
                <g className={`${styles.revolve} ${duration ? styles.moving : ''}`} style={counter}>
                  <PlanetGlyph planet={planet} />
                  {labels && (
                    <text className={styles.label} y={planet.radius + 28} textAnchor="middle">
                      {planet.name}
                    </text>
                  )}
                </g>
              </g>
            </g>
          </g>
        );
      })}
    </svg>
  );
}
