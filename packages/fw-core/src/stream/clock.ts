/**
 * The high-resolution clock of exchanges and fw's lean spans: `performance.now()` milliseconds,
 * and the Unix time they count from. Taken from node:perf_hooks once: the global `performance`
 * is a lazy getter, and `performance.timeOrigin` a getter that asks the runtime on every read,
 * while the origin never changes (bench/telemetry.bench.ts).
 */
import { performance } from 'node:perf_hooks';

/** Milliseconds since TIME_ORIGIN, sub-millisecond. */
export const monotonicMs = (): number => performance.now();

/** The Unix time in milliseconds at which `monotonicMs()` read 0. */
export const TIME_ORIGIN_MS: number = performance.timeOrigin;

/** How long one reading of the system clock anchors `wallMsAt` (the system clock may be set meanwhile). */
const ANCHOR_LIFETIME_MS = 1000;

// Date.now() and monotonicMs() read together: the anchor of wallMsAt, as the SDK's AnchoredClock.
let anchorWallMs = Date.now();
let anchorMs = monotonicMs();

/**
 * What `Date.now()` said (or less) at the moment `monotonicMs()` read `ms`: whole Unix
 * milliseconds, as an OpenTelemetry SDK span takes its start from `Date.now()`. It adds the
 * monotonic time since an anchor to the system clock read at that anchor, re-read once a second,
 * so a request pays no `Date.now()` of its own and still follows the system clock when it is set.
 * Never more than `Date.now()` at that moment: the anchor's reading is whole milliseconds, and
 * floor(a) + floor(b) <= floor(a + b). So a span started from it never starts after an SDK span
 * started later (issue 36, item 2).
 */
export function wallMsAt(ms: number): number {
  if (ms - anchorMs >= ANCHOR_LIFETIME_MS) {
    anchorWallMs = Date.now();
    anchorMs = monotonicMs();
  }
  return anchorWallMs + Math.floor(ms - anchorMs);
}
