/**
 * Which path fw's server spans and HTTP metrics take (issue 16, docs/telemetry.md "Lean and full
 * paths"), chosen once per setupTelemetry call. Lean: fw's own span, OTLP encoder and metric
 * aggregation, with the same output. Full: the SDK's span, exporter and instruments. Lean only
 * when it hides nothing the user asked for: no span exporter or processor of theirs (they would
 * not see fw's spans), traces exported over OTLP (the lean export's only protocol), and every
 * metric reader aggregating as fw's producer does (a metric exporter of theirs may choose
 * another aggregation). FW_OTEL_PATH=full forces the full path.
 */
import type { IMetricReader } from '@opentelemetry/sdk-metrics';
import type { EnvConfig } from './env-config.ts';
import { aggregatesAsLeanMetrics } from './lean/http-metric-producer.ts';
import type { TelemetryOptions } from './telemetry.ts';

/** The two paths. */
export type TelemetryPath = 'lean' | 'full';

/** The path for `config`, `options` and the metric readers built for them, and why when it is full. */
export function chooseTelemetryPath(config: EnvConfig, options: TelemetryOptions, readers: readonly IMetricReader[]): { path: TelemetryPath; reason?: string } {
  if (config.path === 'full') return { path: 'full', reason: 'FW_OTEL_PATH=full' };
  if (options.spanProcessor !== undefined) return { path: 'full', reason: 'a spanProcessor was given' };
  if (options.spanExporter !== undefined) return { path: 'full', reason: 'a spanExporter was given' };
  if (config.tracesEndpoint === undefined) return { path: 'full', reason: 'OTEL_TRACES_EXPORTER=none' };
  // A push reader aggregates as its exporter says (the user's, or OTLP's histogram preference).
  if (!readers.every((reader) => aggregatesAsLeanMetrics(reader as Parameters<typeof aggregatesAsLeanMetrics>[0]))) return { path: 'full', reason: 'a metric reader chooses another aggregation' };
  return { path: 'lean' };
}
