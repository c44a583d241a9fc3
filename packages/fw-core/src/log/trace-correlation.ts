/**
 * Log correlation: request log lines carry `trace_id` and `span_id` of the span active when the
 * request started, when it is recording. fw-core's main entry does not depend on
 * @opentelemetry/api, so fw-core/otel installs a reader here (register-telemetry.ts) that asks the
 * API. A reader rather than a field on the exchange: the active context holds the request's span
 * whoever started it (fw's SDK path, its lean span, a user's own instrumentation). Without
 * telemetry no reader is installed and the request log pays one comparison.
 */

/** What a log line needs of a span. An `@opentelemetry/api` Span fits as it is. */
export interface CorrelatedSpan {
  spanContext(): { readonly traceId: string; readonly spanId: string };
}

/** Returns the active span when it is recording, else undefined. */
export type RecordingSpanReader = () => CorrelatedSpan | undefined;

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

/** The log fields of `span`, read when the line is written: a span may make its hex ids only when asked. */
export function traceFieldsOf(span: CorrelatedSpan): { readonly trace_id: string; readonly span_id: string } {
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}
