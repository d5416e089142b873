/** Seeded randomness for the bench: the same BENCH_SEED draws the same requests in the same order. */

/** mulberry32: a small, fast, seedable PRNG (uniform in [0, 1)). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * The items shuffled once (Fisher-Yates, seeded), then handed out round robin: consecutive draws are all different
 * for as long as the list is, so with a list much longer than the connections no two concurrent requests are alike.
 */
export function cycle<T>(items: T[], random: () => number): () => T {
  const list = [...items];
  for (let i = list.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [list[i], list[j]] = [list[j]!, list[i]!];
  }
  let n = 0;
  return () => list[n++ % list.length]!;
}

export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
