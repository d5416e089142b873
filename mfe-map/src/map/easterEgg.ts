// The hidden easter egg (spec points 2 and 9): typing 'emergency' or 20 clicks on the map sends
// 10 sprites of 48 px drifting across the map for 15 seconds.

export const EASTER_EGG_WORD = 'emergency';
export const EASTER_EGG_CLICKS = 20;
export const EASTER_EGG_SPRITES = 10;
export const EASTER_EGG_SPRITE_PX = 48;
export const EASTER_EGG_DURATION_MS = 15_000;

/** Remembers the last letters typed; `push` says whether the word has just been completed. */
export function createKeyBuffer(word = EASTER_EGG_WORD) {
  let buffer = '';
  return {
    push(key: string): boolean {
      if (key.length !== 1) return false; // Shift, Enter, arrows...: not letters
      buffer = (buffer + key.toLowerCase()).slice(-word.length);
      if (buffer === word) {
        buffer = '';
        return true;
      }
      return false;
    },
    reset() {
      buffer = '';
    },
  };
}

/** Counts clicks on the map; `click` says whether this one is the 20th (then starts over). */
export function createClickCounter(target = EASTER_EGG_CLICKS) {
  let count = 0;
  return {
    click(): boolean {
      count += 1;
      if (count >= target) {
        count = 0;
        return true;
      }
      return false;
    },
    get count() {
      return count;
    },
  };
}

export interface Sprite {
  id: number;
  kind: 'astronaut' | 'alien';
  /** Start and end heights, as a percentage of the map's height. */
  fromY: number;
  toY: number;
  /** Direction: 1 left to right, -1 right to left. */
  direction: 1 | -1;
  /** Seconds before this sprite sets off (all of them are gone by 15 s). */
  delay: number;
  /** Seconds to cross. delay + duration <= 15. */
  duration: number;
  spin: number;
  /** Resting place (percent of width/height) when motion is reduced. */
  restX: number;
  restY: number;
}

/** Ten sprites with varied, deterministic-per-seed paths. */
export function makeSprites(seed = 1, count = EASTER_EGG_SPRITES): Sprite[] {
  const random = mulberry32(seed);
  const total = EASTER_EGG_DURATION_MS / 1000;
  return Array.from({ length: count }, (_, id) => {
    const delay = Math.round(random() * 40) / 10; // 0..4 s
    const duration = Math.min(total - delay, 8 + random() * 7);
    return {
      id,
      kind: id % 2 === 0 ? 'astronaut' : 'alien',
      fromY: 5 + random() * 80,
      toY: 5 + random() * 80,
      direction: random() < 0.5 ? 1 : -1,
      delay,
      duration: Math.round(duration * 10) / 10,
      spin: Math.round((random() - 0.5) * 720),
      restX: 6 + (id % 5) * 20 + random() * 6,
      restY: id < 5 ? 20 + random() * 10 : 60 + random() * 10,
    };
  });
}

/** A small seeded random generator (deterministic stars and sprites). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
