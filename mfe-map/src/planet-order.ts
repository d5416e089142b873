import type { Planet } from '@skynet/contract';

/** The planets in the order of the map, nearest the sun first. */
export const byOrbit = (planets: readonly Planet[]): Planet[] =>
  [...planets].sort((a, b) => (a.visual?.orbitRadius ?? 0) - (b.visual?.orbitRadius ?? 0));
