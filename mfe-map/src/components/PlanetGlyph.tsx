import { useId } from 'react';
import type { ScenePlanet } from '../map/scene';

/** The planet drawn in SVG at (0, 0): its image from the API when known, else a shaded disc. */
export function PlanetGlyph({ planet, radius = planet.radius }: { planet: ScenePlanet; radius?: number }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  if (planet.imageUrl) {
    // The API's images are 256 px squares with the disc 100 px (72 px with rings) in radius.
    const size = radius * (planet.rings ? 256 / 72 : 256 / 100);
    return <image href={planet.imageUrl} x={-size / 2} y={-size / 2} width={size} height={size} />;
  }
  const [light, mid, dark] = planet.colors;
  return (
    <g>
      <defs>
        <radialGradient id={`p-${id}`} cx="38%" cy="35%" r="70%">
          <stop offset="0%" stopColor={light} />
          <stop offset="55%" stopColor={mid} />
          <stop offset="100%" stopColor={dark} />
        </radialGradient>
      </defs>
      <circle r={radius} fill={`url(#p-${id})`} />
      {planet.rings && (
        <ellipse
          rx={radius * 1.7}
          ry={radius * 0.42}
          fill="none"
          stroke={mid}
          strokeWidth={radius * 0.14}
          strokeOpacity={0.75}
          transform="rotate(-18)"
        />
      )}
    </g>
  );
}

/** The sun at the origin, with a soft glow. */
export function Sun({ radius }: { radius: number }) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (
    <g>
      <defs>
        <radialGradient id={`glow-${id}`}>
          <stop offset="0%" stopColor="#ffd27a" stopOpacity="0.55" />
          <stop offset="100%" stopColor="#ff9a3c" stopOpacity="0" />
        </radialGradient>
        <radialGradient id={`sun-${id}`} cx="42%" cy="40%" r="65%">
          <stop offset="0%" stopColor="#fffbe6" />
          <stop offset="45%" stopColor="#ffd25a" />
          <stop offset="100%" stopColor="#f08a1c" />
        </radialGradient>
      </defs>
      <circle r={radius * 2.2} fill={`url(#glow-${id})`} />
      <circle r={radius} fill={`url(#sun-${id})`} />
    </g>
  );
}
