/**
 * The few draws the fuzzer needs, on the router bench's seeded mulberry32 (32-bit state, full
 * period, good enough for test-case generation). The same seed gives the same cases.
 */
import { seededRandom as mulberry32 } from '../../../bench/tables/route-table.ts';

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
  const next = mulberry32(seed);
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
