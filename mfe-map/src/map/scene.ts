// What the map draws: stars, built-in planet layout, positions on orbits. Shared by the interactive map,
// the landing-page preview and the /planets page.
import type { Planet } from '@skynet/contract';
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

/** The nine planets as the API seeds them: the preview paints with these before (or without) the API. */
export const BUILT_IN_PLANETS: ScenePlanet[] = [
  {
    _id: 'mercury',
    name: 'Mercury',
    radius: 12,
    orbitRadius: 90,
    orbitDuration: 88,
    colors: ['#d9d4cf', '#9c948c', '#5b554f'],
  },
  {
    _id: 'venus',
    name: 'Venus',
    radius: 20,
    orbitRadius: 130,
    orbitDuration: 225,
    colors: ['#fff1c9', '#e6b86a', '#a0692b'],
  },
  {
    _id: 'earth',
    name: 'Earth',
    radius: 21,
    orbitRadius: 175,
    orbitDuration: 300,
    colors: ['#9fd8ff', '#2f7fd1', '#1d4f2b'],
  },
  {
    _id: 'mars',
    name: 'Mars',
    radius: 15,
    orbitRadius: 220,
    orbitDuration: 365,
    colors: ['#ffb38a', '#d0562a', '#7a2a12'],
  },
  {
    _id: 'jupiter',
    name: 'Jupiter',
    radius: 48,
    orbitRadius: 300,
    orbitDuration: 480,
    colors: ['#f6e3c6', '#c99a6b', '#8a5a3a'],
  },
  {
    _id: 'saturn',
    name: 'Saturn',
    radius: 40,
    orbitRadius: 390,
    orbitDuration: 600,
    colors: ['#fbedc4', '#d9b56f', '#9a7a3e'],
    rings: true,
  },
  {
    _id: 'uranus',
    name: 'Uranus',
    radius: 30,
    orbitRadius: 470,
    orbitDuration: 720,
    colors: ['#dcfbff', '#7fd6e0', '#3c8f9c'],
  },
  {
    _id: 'neptune',
    name: 'Neptune',
    radius: 29,
    orbitRadius: 540,
    orbitDuration: 840,
    colors: ['#b9d0ff', '#4169e1', '#1d2f7a'],
  },
  {
    _id: 'pluto',
    name: 'Pluto',
    radius: 9,
    orbitRadius: 610,
    orbitDuration: 960,
    colors: ['#f2e6da', '#bfa58f', '#6e5a4a'],
  },
];

const FALLBACK_COLORS: [string, string, string] = ['#e6ecff', '#8ea2d8', '#39467a'];
export const DEFAULT_ORBIT_DURATION = 300;

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
