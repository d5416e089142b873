// What the map draws: stars, built-in planet layout, positions on orbits. Shared by the interactive map,
// the landing-page preview and the /planets page.
import { DEFAULT_ORBIT_DURATION, PLANETS, type Planet } from '@skynet/contract';
import { mulberry32 } from './easterEgg';

export const STAR_COUNT = 200;
export const SUN_RADIUS = 50;
/** Planet markers never shrink below this many screen pixels across, so they stay tappable. */
export const MIN_MARKER_PX = 28;

export interface Star {
  x: number;
  y: number;
  r: number;
  opacity: number;
}

/** 200 deterministic stars in a square tile of `size` (same sky on every visit, no layout shift). */
export function makeStars(size: number, count = STAR_COUNT, seed = 42): Star[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, () => ({
    x: Math.round(random() * size * 10) / 10,
    y: Math.round(random() * size * 10) / 10,
    r: Math.round((0.4 + random() * random() * 1.4) * 100) / 100,
    opacity: Math.round((0.35 + random() * 0.65) * 100) / 100,
  }));
}

export interface ScenePlanet {
  _id: string;
  name: string;
  radius: number;
  orbitRadius: number;
  orbitDuration: number;
  imageUrl?: string;
  colors: [string, string, string];
  rings?: boolean;
}

/**
 * The nine planets as the API seeds them (@skynet/contract's table): the preview paints with these before (or
 * without) the API.
 */
export const BUILT_IN_PLANETS: ScenePlanet[] = PLANETS.map(({ id, rings, ...planet }) => ({
  _id: id,
  ...planet,
  ...(rings ? { rings } : {}),
}));

const FALLBACK_COLORS: [string, string, string] = ['#e6ecff', '#8ea2d8', '#39467a'];

/** API planets in scene form, sorted by orbit; colours from the built-in table when the name matches. */
export function toScenePlanets(planets: Planet[]): ScenePlanet[] {
  return planets
    .map((planet) => {
      const known = BUILT_IN_PLANETS.find((p) => p.name.toLowerCase() === planet.name.toLowerCase());
      return {
        _id: planet._id,
        name: planet.name,
        radius: planet.visual?.radius || known?.radius || 16,
        orbitRadius: planet.visual?.orbitRadius ?? known?.orbitRadius ?? 0,
        orbitDuration: planet.visual?.orbitDuration || DEFAULT_ORBIT_DURATION,
        imageUrl: planet.visual?.imageUrl || undefined,
        colors: known?.colors ?? FALLBACK_COLORS,
        rings: known?.rings,
      };
    })
    .sort((a, b) => a.orbitRadius - b.orbitRadius);
}

/** Where each planet sits on its orbit: spread by the golden angle so neighbours never line up. */
export function planetAngle(index: number): number {
  return -Math.PI / 5 + index * 2.39996;
}

export function planetPosition(planet: ScenePlanet, index: number): { x: number; y: number } {
  const angle = planetAngle(index);
  return {
    x: Math.round(Math.cos(angle) * planet.orbitRadius * 10) / 10,
    y: Math.round(Math.sin(angle) * planet.orbitRadius * 10) / 10,
  };
}

/** The radius of the whole system (outermost orbit plus its planet). */
export function systemRadius(planets: ScenePlanet[]): number {
  return planets.reduce((max, p) => Math.max(max, p.orbitRadius + p.radius), SUN_RADIUS) + 20;
}
