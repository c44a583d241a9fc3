/**
 * Request log lines carry the ids of the recording span active when the request started. fw-core/otel
 * installs the reader (the main entry does not load @opentelemetry/api); a reader, not a field on the
 * exchange, because the active context holds the request's span whoever started it.
 */

/** What a log line needs of a span. An `@opentelemetry/api` Span fits as it is. */
export interface CorrelatedSpan {
  spanContext(): { readonly traceId: string; readonly spanId: string };
}

let reader: (() => CorrelatedSpan | undefined) | undefined;

/** Installs `next`, which returns the active span when it is recording; the returned function uninstalls it (if still installed). */
export function useRecordingSpanReader(next: () => CorrelatedSpan | undefined): () => void {
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
