/**
 * The reader fw-core's request log takes trace ids from (log/trace-correlation.ts): the span in
 * the active context, through the global API, so any tracer's span counts, when it is recording.
 */
import { context, trace } from '@opentelemetry/api';
import type { CorrelatedSpan } from '../log/trace-correlation.ts';

/** The active span if it is recording; a span that is not sampled gives no ids to log. */
export function activeRecordingSpan(): CorrelatedSpan | undefined {
  const span = trace.getSpan(context.active());
  return span !== undefined && span.isRecording() ? span : undefined;
}
