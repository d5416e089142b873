import type { Planet } from '@skynet/contract';
import { BUILT_IN_PLANETS, makeStars, STAR_COUNT, toScenePlanets } from './scene';

describe('scene', () => {
  it('makes the same 200 stars every time', () => {
    expect(STAR_COUNT).toBe(200);
    expect(makeStars(900)).toHaveLength(200);
    expect(makeStars(900)).toEqual(makeStars(900));
  });
  it('has the nine planets built in, Mercury to Pluto', () => {
    expect(BUILT_IN_PLANETS.map((p) => p.name)).toEqual([
      'Mercury',
      'Venus',
      'Earth',
      'Mars',
      'Jupiter',
      'Saturn',
      'Uranus',
      'Neptune',
      'Pluto',
    ]);
  });
  it('turns API planets into scene planets sorted by orbit, defaulting the orbit duration to 300', () => {
    const planets = [
      {
        _id: 'b',
        name: 'Mars',
        visual: { radius: 15, orbitRadius: 220, orbitDuration: 0, imageUrl: '/m.svg' },
      },
      { _id: 'a', name: 'Vulcan', visual: { radius: 10, orbitRadius: 50, orbitDuration: 40, imageUrl: '' } },
    ] as Planet[];
    const scene = toScenePlanets(planets);
    expect(scene.map((p) => p._id)).toEqual(['a', 'b']);
    expect(scene[1]).toMatchObject({
      orbitDuration: 300,
      imageUrl: '/m.svg',
      colors: BUILT_IN_PLANETS[3]?.colors,
    });
    expect(scene[0]?.imageUrl).toBeUndefined();
  });
});
