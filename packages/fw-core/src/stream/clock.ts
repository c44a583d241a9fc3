/**
 * The clock of exchanges and fw's lean spans, from node:perf_hooks once: the global `performance`
 * is a lazy getter, and `timeOrigin` asks the runtime on every read (bench/telemetry.bench.ts).
 */
import { performance } from 'node:perf_hooks';

/** Milliseconds since TIME_ORIGIN, sub-millisecond. */
export const monotonicMs = (): number => performance.now();

/** The Unix time in milliseconds at which `monotonicMs()` read 0. */
export const TIME_ORIGIN_MS: number = performance.timeOrigin;

// Date.now() and monotonicMs() read together: the anchor of wallMsAt, as the SDK's AnchoredClock.
let anchorWallMs = Date.now();
let anchorMs = monotonicMs();

/**
 * `Date.now()` (or less) when `monotonicMs()` read `ms`, in whole ms as an SDK span's start: the
 * monotonic time since an anchor re-read each second, so a request pays no `Date.now()` and the
 * system clock being set is followed. Never more, as floor(a) + floor(b) <= floor(a + b): a span
 * started from it never starts after an SDK span started later (issue 36, item 2).
 */
export function wallMsAt(ms: number): number {
  if (ms - anchorMs >= 1000) { anchorWallMs = Date.now(); anchorMs = monotonicMs(); }
  return anchorWallMs + Math.floor(ms - anchorMs);
}
