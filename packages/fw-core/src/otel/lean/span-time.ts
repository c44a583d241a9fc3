/**
 * Times of fw's lean span as the OpenTelemetry SDK's span computes them (sdk-trace's SpanImpl
 * `_getTime`, core's `millisToHrTime`, `addHrTimes`, `hrTime`), so that every TimeInput a user
 * gives either span exports the same nanoseconds (issue 36, item 8). A span's clock is the
 * SDK's: its start in whole Unix milliseconds (what `Date.now()` said, see stream/clock.ts
 * wallMsAt) and the `performance.now()` reading it started at; a later reading is the start plus
 * the monotonic time since, so a duration is exact to the nanosecond.
 */
import type { HrTime, TimeInput } from '@opentelemetry/api';
import { monotonicMs, TIME_ORIGIN_MS } from '../../stream/clock.ts';
import type { LeanTime } from './lean-span-data.ts';

/** Unix milliseconds as `[seconds, nanoseconds]`, rounded to the nanosecond as the SDK's millisToHrTime. */
export function millisToTime(ms: number): HrTime {
  return [Math.trunc(ms / 1e3), Math.round((ms % 1e3) * 1e6)];
}

/** `time` plus `ms` milliseconds: the SDK's addHrTimes(time, millisToHrTime(ms)), borrowing too for a negative `ms`. */
export function addMs(time: LeanTime, ms: number): HrTime {
  return added(time[0], time[1], ms);
}

/** Unix time of the `performance.now()` reading `ms` on the clock of a span that started at `startWallMs` (Unix ms) and `startMs` (a reading). */
export function timeOnClock(startWallMs: number, startMs: number, ms: number): HrTime {
  // millisToTime(startWallMs) plus the time since, without the intermediate array: this runs for every exported span.
  return added(Math.trunc(startWallMs / 1e3), Math.round((startWallMs % 1e3) * 1e6), ms - startMs);
}

/** `[seconds, nanoseconds]` plus `ms` milliseconds, normalized. */
function added(seconds: number, nanoseconds: number, ms: number): HrTime {
  let s = seconds + Math.trunc(ms / 1e3);
  let ns = nanoseconds + Math.round((ms % 1e3) * 1e6);
  if (ns >= 1e9) {
    ns -= 1e9;
    s += 1;
  } else if (ns < 0) {
    ns += 1e9;
    s -= 1;
  }
  return [s, ns];
}

/** Whether `value` is an HrTime, as the SDK's isTimeInputHrTime tells. */
export function isHrTime(value: unknown): value is LeanTime {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number';
}

/** Whether `value` is a TimeInput (HrTime, number, Date), as the SDK's isTimeInput tells. */
export function isTimeInput(value: unknown): value is TimeInput {
  return isHrTime(value) || typeof value === 'number' || value instanceof Date;
}

/**
 * A TimeInput given to a span of that clock, as the SDK's span reads it: a number no greater
 * than `performance.now()` is a reading of it (turned into Unix time with the span's offset, as
 * the SDK's `hrTime(input + offset)`), a larger number Unix milliseconds, a Date its Unix time,
 * an HrTime itself; anything else is now.
 */
export function timeFromInput(startWallMs: number, startMs: number, input: TimeInput | undefined): LeanTime {
  if (typeof input === 'number') {
    if (input > monotonicMs()) return millisToTime(input);
    const offsetMs = startWallMs - (startMs + TIME_ORIGIN_MS);
    const origin = millisToTime(TIME_ORIGIN_MS);
    const since = millisToTime(input + offsetMs);
    // The SDK's addHrTimes: one carry, no borrow.
    return origin[1] + since[1] >= 1e9 ? [origin[0] + since[0] + 1, origin[1] + since[1] - 1e9] : [origin[0] + since[0], origin[1] + since[1]];
  }
  if (input instanceof Date) return millisToTime(input.getTime());
  if (isHrTime(input)) return input;
  return timeOnClock(startWallMs, startMs, monotonicMs());
}
