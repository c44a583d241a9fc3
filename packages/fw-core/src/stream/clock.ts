/**
 * The high-resolution clock of exchanges and fw's lean spans: `performance.now()` milliseconds,
 * and the Unix time they count from. Taken from node:perf_hooks once: the global `performance`
 * is a lazy getter, and `performance.timeOrigin` a getter that asks the runtime on every read
 * (about 40 ns each on the machines of docs/performance.md), while the origin never changes.
 */
import { performance } from 'node:perf_hooks';

/** Milliseconds since TIME_ORIGIN, sub-millisecond. */
export const monotonicMs = (): number => performance.now();

/** The Unix time in milliseconds at which `monotonicMs()` read 0. */
export const TIME_ORIGIN_MS: number = performance.timeOrigin;
