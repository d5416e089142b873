import { useId, useMemo } from 'react';
import { makeStars, STAR_COUNT } from '../map/scene';

export const STAR_TILE = 900;

interface StarFieldProps {
  className?: string;
  /** Parallax offset in screen pixels (the tile repeats, so any value works). */
  offsetX?: number;
  offsetY?: number;
}

/** 200 background stars in one SVG layer: a repeating tile, so it covers any viewport for free. */
export function StarField({ className, offsetX = 0, offsetY = 0 }: StarFieldProps) {
  const id = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  const stars = useMemo(() => makeStars(STAR_TILE, STAR_COUNT), []);
  const ox = ((offsetX % STAR_TILE) + STAR_TILE) % STAR_TILE;
  const oy = ((offsetY % STAR_TILE) + STAR_TILE) % STAR_TILE;
  return (
    <svg className={className} width="100%" height="100%" aria-hidden="true" focusable="false">
      <defs>
        <pattern
          id={`stars-${id}`}
          width={STAR_TILE}
          height={STAR_TILE}
          patternUnits="userSpaceOnUse"
          patternTransform={`translate(${ox.toFixed(1)} ${oy.toFixed(1)})`}
        >
          {stars.map((star, index) => (
            <circle
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, generated list.
              key={index}
              cx={star.x}
              cy={star.y}
              r={star.r}
              fill="#fff"
              fillOpacity={star.opacity}
            />
          ))}
        </pattern>
      </defs>
      <rect width="100%" height="100%" fill={`url(#stars-${id})`} />
    </svg>
  );
}
