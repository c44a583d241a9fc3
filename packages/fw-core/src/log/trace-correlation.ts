/**
 * Log correlation: request log lines carry `trace_id` and `span_id` (lowercase hex) of the span
 * that was active when the request started, when that span is recording.
 *
 * fw-core's main entry has no dependency on @opentelemetry/api, so it cannot ask for the active
 * span itself: fw-core/otel installs a reader here when telemetry is set up (register-telemetry.ts),
 * and the reader asks the API for the active span. A reader rather than a field the otel stream
 * handler fills on the exchange record: the active context holds the request's span whoever
 * started it (fw's SDK path, fw's lean span, a user's own HTTP instrumentation), and a stream
 * handler cannot fill anything for a span it did not make. Without telemetry no reader is
 * installed and the request log pays one comparison per request.
 */

/** What a log line needs of a span. An `@opentelemetry/api` Span fits as it is. */
export interface CorrelatedSpan {
  spanContext(): { readonly traceId: string; readonly spanId: string };
}

/** Returns the active span when it is recording, else undefined. */
export type RecordingSpanReader = () => CorrelatedSpan | undefined;

/** The fields a correlated log line carries. */
export interface TraceFields {
  readonly trace_id: string;
  readonly span_id: string;
}

let reader: RecordingSpanReader | undefined;

/** Installs `next` as the reader; the returned function uninstalls it (if still installed). */
export function useRecordingSpanReader(next: RecordingSpanReader): () => void {
  reader = next;
  return () => {
    if (reader === next) reader = undefined;
  };
}

/** The active span when one is recording; undefined when none is or no telemetry is set up. */
export function recordingSpan(): CorrelatedSpan | undefined {
  return reader === undefined ? undefined : reader();
}

/**
 * The log fields of `span`. Read when the line is written, not when the span is captured: a
 * span's ids may be made lazily (hex only when asked), and a request nobody logs never asks.
 */
export function traceFieldsOf(span: CorrelatedSpan): TraceFields {
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
