/** The clock of exchanges and lean spans: node:perf_hooks' `performance`, as the global is a lazy getter (bench/telemetry.bench.ts). */
import { performance } from 'node:perf_hooks';

/** Milliseconds since TIME_ORIGIN, sub-millisecond. */
export const monotonicMs = (): number => performance.now();

/** The Unix time in milliseconds at which `monotonicMs()` read 0 (read once: each read asks the runtime). */
export const TIME_ORIGIN_MS: number = performance.timeOrigin;

/** `Date.now()` and the monotonic reading after it, read again (three tries) if a pause of over 1 ms came between. */
export function readAnchor(monotonic = monotonicMs, wall = Date.now): { wallMs: number; ms: number } {
  let [before, wallMs, ms] = [monotonic(), wall(), monotonic()];
  for (let tries = 1; tries < 3 && ms - before > 1; tries++) [before, wallMs, ms] = [ms, wall(), monotonic()];
  return { wallMs, ms };
}

let anchor = readAnchor();

/**
 * `Date.now()` (or less, as floor(a) + floor(b) <= floor(a + b), so no span starts after an SDK span started later:
 * issue 36, item 2) when `monotonicMs()` read `ms`, from an anchor re-read each second: no `Date.now()` per request.
 */
export function wallMsAt(ms: number): number {
  if (ms - anchor.ms >= 1000) anchor = readAnchor();
  return anchor.wallMs + Math.floor(ms - anchor.ms);
}
