// The nine planets (spec point 3: Planet). The API seeds its table from this list; ids are stable strings, radius and
// orbit radius are map units, orbitDuration seconds (spec point 9: default 300).

export interface PlanetDefinition {
  id: string;
  name: string;
  radius: number;
  orbitRadius: number;
  orbitDuration: number;
  /** Light, mid and dark shades of the planet's image. */
  colors: [string, string, string];
  rings?: boolean;
}

export const DEFAULT_ORBIT_DURATION = 300;

/** Mercury to Pluto, in order. */
export const PLANETS: readonly PlanetDefinition[] = [
  {
    id: 'mercury',
    name: 'Mercury',
    radius: 12,
    orbitRadius: 90,
    orbitDuration: 88,
    colors: ['#d9d4cf', '#9c948c', '#5b554f'],
  },
  {
    id: 'venus',
    name: 'Venus',
    radius: 20,
    orbitRadius: 130,
    orbitDuration: 225,
    colors: ['#fff1c9', '#e6b86a', '#a0692b'],
  },
  {
    id: 'earth',
    name: 'Earth',
    radius: 21,
    orbitRadius: 175,
    orbitDuration: 300,
    colors: ['#9fd8ff', '#2f7fd1', '#1d4f2b'],
  },
  {
    id: 'mars',
    name: 'Mars',
    radius: 15,
    orbitRadius: 220,
    orbitDuration: 365,
    colors: ['#ffb38a', '#d0562a', '#7a2a12'],
  },
  {
    id: 'jupiter',
    name: 'Jupiter',
    radius: 48,
    orbitRadius: 300,
    orbitDuration: 480,
    colors: ['#f6e3c6', '#c99a6b', '#8a5a3a'],
  },
  {
    id: 'saturn',
    name: 'Saturn',
    radius: 40,
    orbitRadius: 390,
    orbitDuration: 600,
    colors: ['#fbedc4', '#d9b56f', '#9a7a3e'],
    rings: true,
  },
  {
    id: 'uranus',
    name: 'Uranus',
    radius: 30,
    orbitRadius: 470,
    orbitDuration: 720,
    colors: ['#dcfbff', '#7fd6e0', '#3c8f9c'],
  },
  {
    id: 'neptune',
    name: 'Neptune',
    radius: 29,
    orbitRadius: 540,
    orbitDuration: 840,
    colors: ['#b9d0ff', '#4169e1', '#1d2f7a'],
  },
  {
    id: 'pluto',
    name: 'Pluto',
    radius: 9,
    orbitRadius: 610,
    orbitDuration: 960,
    colors: ['#f2e6da', '#bfa58f', '#6e5a4a'],
  },
];
