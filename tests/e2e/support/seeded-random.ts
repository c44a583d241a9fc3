/**
 * A seeded PRNG (mulberry32: 32-bit state, full period, good enough for test-case generation)
 * with the few draws the fuzzer needs. The same seed gives the same cases.
 */

/** Draws from one seed. */
export interface Random {
  readonly seed: number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max]. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** True with probability `p`. */
  chance(p: number): boolean;
  bytes(length: number): Buffer;
}

/** A PRNG for `seed` (any 32-bit integer). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  return {
    seed,
    next,
    int,
    pick: (items) => items[int(0, items.length - 1)]!,
    chance: (p) => next() < p,
    bytes: (length) => {
      const out = Buffer.alloc(length);
      for (let i = 0; i < length; i += 1) out[i] = int(0, 255);
      return out;
    },
  };
}
