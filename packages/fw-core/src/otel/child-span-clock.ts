/**
 * Children inside their parent (issue 36, item 2): a span processor that gives an SDK span
 * started inside a span of this process the clock of that parent: the anchored clock model
 * (@opentelemetry/core's AnchoredClock, after the Java SDK's: one clock per local trace, so a
 * child never starts before its parent). The JS SDK in use (sdk-trace 3) does not share clocks:
 * each span anchors on its own `Date.now()` at its start, whole milliseconds, plus the
 * monotonic time since: two spans started less than a millisecond apart can be placed up to a
 * millisecond out of order, so a child that ends just before its parent was exported ending after
 * it, on either path (and a child of fw's lean span, whose start is not an SDK span's
 * `Date.now()`, could start before it). With its parent's clock, a child starts at the parent's
 * start plus the monotonic time between their starts, and everything it times after follows.
 *
 * It changes only an SDK span that was given no start time (one given a time keeps it, as its
 * end then does), whose parent is fw's lean span or such an SDK span, and only through the
 * fields the SDK's span keeps its clock in (checked by type: a future SDK that keeps them
 * elsewhere gets its own clock back, and child-span-clock tests fail). trace-pipeline.ts wraps
 * the processor of fw's tracer provider in it.
 */
import { type Context, type HrTime, trace } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { TIME_ORIGIN_MS } from '../stream/clock.ts';
import { addMs, isHrTime, LeanServerSpan } from './lean/lean-span.ts';

/** Where an SDK span (sdk-trace's SpanImpl) keeps its clock. */
interface SdkSpanClock {
  startTime: unknown;
  /** The `performance.now()` reading at its start. */
  _performanceStartTime?: unknown;
  /** Unix less `performance.timeOrigin + performance.now()` milliseconds: how it reads a performance.now() number it is given. */
  _performanceOffset?: unknown;
  /** Whether it was given a start time. */
  _startTimeProvided?: unknown;
}

/** A clock: a start in Unix time and the `performance.now()` reading it was taken at. */
interface Clock {
  readonly start: HrTime | readonly [number, number];
  readonly startMs: number;
}

/** The clock of `span` when it is fw's lean span or an SDK span timed from its start; undefined otherwise. */
function clockOf(span: unknown): Clock | undefined {
  if (span instanceof LeanServerSpan) return { start: span.startTime, startMs: span.startMs };
  const sdk = span as SdkSpanClock;
  if (sdk._startTimeProvided !== false || typeof sdk._performanceStartTime !== 'number' || !isHrTime(sdk.startTime)) return undefined;
  return { start: sdk.startTime, startMs: sdk._performanceStartTime };
}

/** Gives `span` the clock of the span it was started in, when it may (see above). */
function takeParentClock(span: Span, parentContext: Context): void {
  const child = span as unknown as SdkSpanClock;
  if (child._startTimeProvided !== false || typeof child._performanceStartTime !== 'number' || typeof child._performanceOffset !== 'number') return;
  const parent = trace.getSpan(parentContext);
  if (parent === undefined) return;
  const clock = clockOf(parent);
  if (clock === undefined) return;
  const start = addMs(clock.start, child._performanceStartTime - clock.startMs);
  child.startTime = start;
  // The SDK reads a performance.now() number as timeOrigin + number + offset: the new clock's.
  child._performanceOffset = start[0] * 1e3 + start[1] / 1e6 - child._performanceStartTime - TIME_ORIGIN_MS;
}

/**
 * `processor` whose onStart first gives the span its parent's clock; without one, a processor
 * that does only that. A wrapper rather than a processor beside it, so the tracer provider still
 * calls one processor per span (bench/telemetry.bench.ts, full SDK path: CPU per request unchanged).
 */
export function withChildSpanClock(processor: SpanProcessor | undefined): SpanProcessor {
  if (processor === undefined) return { onStart: takeParentClock, onEnd() {}, forceFlush: async () => {}, shutdown: async () => {} };
  const wrapped: SpanProcessor = {
    onStart(span: Span, parentContext: Context): void {
      takeParentClock(span, parentContext);
      processor.onStart(span, parentContext);
    },
    onEnd: (span: ReadableSpan) => processor.onEnd(span),
    forceFlush: () => processor.forceFlush(),
    shutdown: () => processor.shutdown(),
  };
  if (processor.onEnding !== undefined) wrapped.onEnding = (span: Span) => processor.onEnding!(span);
  return wrapped;
}
