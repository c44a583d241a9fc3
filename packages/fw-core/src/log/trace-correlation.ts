/**
 * Trace correlation lives in logger.ts; this path stays until otel/register-telemetry.ts and
 * pipeline/handle-request.ts import it from there.
 */
export { recordingSpan, traceFieldsOf, useRecordingSpanReader, type CorrelatedSpan } from './logger.ts';
