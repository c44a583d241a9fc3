/**
 * Children inside their parent (issue 36, item 2): an SDK span started inside a span of this
 * process takes that parent's clock (the model of @opentelemetry/core's AnchoredClock); sdk-trace 3
 * anchors each span on its own whole-millisecond `Date.now()`, so spans started under a millisecond
 * apart could be out of order. Only an SDK span given no start time changes, through the fields its
 * clock lives in (if a future SDK moves them, it keeps its own clock and otel-span-child-clock tests fail).
 */
import { type Context, trace } from '@opentelemetry/api';
import type { ReadableSpan, Span, SpanProcessor } from '@opentelemetry/sdk-trace';
import { TIME_ORIGIN_MS } from '../stream/clock.ts';
import { addMs, isHrTime, recentClocks, rememberClock, SPAN_CLOCK, type SpanClock } from './lean/lean-span.ts';

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

/** The clock of `span` when it is fw's lean span or an SDK span timed from its start; undefined otherwise. */
function clockOf(span: unknown): SpanClock | undefined {
  const offered = (span as { [SPAN_CLOCK]?: SpanClock } | undefined)?.[SPAN_CLOCK];
  if (offered !== undefined) return offered;
  const sdk = span as SdkSpanClock | undefined;
  if (sdk?._startTimeProvided !== false || typeof sdk._performanceStartTime !== 'number' || !isHrTime(sdk.startTime))
    return undefined;
  return { start: sdk.startTime, startMs: sdk._performanceStartTime };
}

/** Gives `span` the clock of the span it was started in, when it may (see above), and remembers the clock it has. */
function takeParentClock(span: Span, parentContext: Context): void {
  const child = span as unknown as SdkSpanClock;
  const own = clockOf(child);
  if (own === undefined || typeof child._performanceOffset !== 'number') return;
  const parent = trace.getSpan(parentContext);
  // A context holding only a span's context (wrapSpanContext, a traceparent extracted in a request or a worker): that span's clock if it is of this process.
  const clock = clockOf(parent) ?? recentClocks.get(parent?.spanContext().spanId ?? '');
  const start = clock === undefined ? own.start : addMs(clock.start, own.startMs - clock.startMs);
  rememberClock(span.spanContext().spanId, { start, startMs: own.startMs });
  if (clock === undefined) return;
  child.startTime = start;
  // The SDK reads a performance.now() number as timeOrigin + number + offset: the new clock's.
  child._performanceOffset = start[0] * 1e3 + start[1] / 1e6 - own.startMs - TIME_ORIGIN_MS;
}

/**
 * `processor` whose onStart first gives the span its parent's clock (alone without one): a wrapper,
 * so the tracer provider still calls one processor per span (bench/telemetry.bench.ts, SDK path).
 */
export function withChildSpanClock(processor: SpanProcessor | undefined): SpanProcessor {
  if (processor === undefined)
    return { onStart: takeParentClock, onEnd() {}, forceFlush: async () => {}, shutdown: async () => {} };
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
