/**
 * What the stream handler needs to run the lean path (issue 16), set by setupTelemetry when it
 * chose that path (telemetry-path.ts) and read by otel_fw_stream_h when it wraps a listener
 * (server start), like the known methods. Without it, the handler takes the full path: the
 * global API's tracer and meter, whatever registered them.
 *
 * Nothing here loads the SDK: the sampler is only a type.
 */
import type { Sampler } from '@opentelemetry/sdk-trace';
import type { HttpMetricSeriesTable } from './http-metric-series.ts';
import type { LeanServerSpan, SpanLimits } from './lean-span.ts';
import type { SamplingDecision } from './sampling-decision.ts';

/** The lean path of one setupTelemetry call. */
export interface LeanPath {
  /** The sampler the full path's TracerProvider would use (OTEL_TRACES_SAMPLER). */
  readonly sampler: Sampler;
  /** Its decision when it needs neither ids nor attributes (sampling-decision.ts); undefined: ask `sampler`. */
  readonly decide: SamplingDecision | undefined;
  readonly limits: SpanLimits;
  /** Where a sampled span goes when it ends: the lean trace export. */
  readonly onEnd: (span: LeanServerSpan) => void;
  /** The HTTP metrics every reader's HttpMetricProducer reports. */
  readonly metrics: HttpMetricSeriesTable;
}

let active: LeanPath | undefined;

/** The lean path listeners wrapped from now on take; undefined: the full path. */
export function activeLeanPath(): LeanPath | undefined {
  return active;
}

/** Makes `path` the active lean path (setupTelemetry); returns the function that undoes it. */
export function useLeanPath(path: LeanPath): () => void {
  const previous = active;
  active = path;
  return () => {
    active = previous;
  };
}
