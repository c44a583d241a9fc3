/**
 * Which path fw's server spans and HTTP metrics take (issue 16, docs/telemetry.md "Lean and full
 * paths"), chosen once per setupTelemetry call, and the lean path's pieces. Lean: fw's own span,
 * OTLP encoder and metric aggregation, with the SDK path's output. Lean only when it hides nothing
 * the user asked for: no span exporter or processor of theirs (they would not see fw's spans),
 * traces exported over OTLP, and every metric reader aggregating as fw's producer does.
 * FW_OTEL_PATH=full forces the full path. Loaded with the SDK (register-telemetry.ts).
 */
import type { Resource } from '@opentelemetry/resources';
import type { IMetricReader } from '@opentelemetry/sdk-metrics';
import { DEFAULT_BATCH_SETTINGS, readTlsFiles, type EnvConfig } from '../env-config.ts';
import type { LeanPath } from '../server-telemetry.ts';
import type { SpanExportOutcomes } from '../export-reporting.ts';
import { SCOPE_NAME, SCOPE_VERSION, type TelemetryOptions, type TracePipelineOptions } from '../telemetry.ts';
import { samplerFor } from '../trace-pipeline.ts';
import { aggregatesAsLeanMetrics } from './http-metric-producer.ts';
import { HttpMetricSeriesTable } from '../http-metrics.ts';
import type { LeanAttributes } from './otlp-trace-encoder.ts';
import { fixedSamplingDecision } from './lean-stream-listener.ts';
import { createLeanTraceExport, type LeanTraceExport } from './lean-trace-export.ts';

/** The path for `config`, `options` and the metric readers built for them, and why when it is full. */
export function chooseTelemetryPath(config: EnvConfig, options: TelemetryOptions, readers: readonly IMetricReader[]): { path: 'lean' | 'full'; reason?: string } {
  if (config.path === 'full') return { path: 'full', reason: 'FW_OTEL_PATH=full' };
  if (options.spanProcessor !== undefined) return { path: 'full', reason: 'a spanProcessor was given' };
  if (options.spanExporter !== undefined) return { path: 'full', reason: 'a spanExporter was given' };
  if (config.tracesEndpoint === undefined) return { path: 'full', reason: 'OTEL_TRACES_EXPORTER=none' };
  // A push reader aggregates as its exporter says (the user's, or OTLP's histogram preference).
  if (!readers.every((reader) => aggregatesAsLeanMetrics(reader as Parameters<typeof aggregatesAsLeanMetrics>[0]))) return { path: 'full', reason: 'a metric reader chooses another aggregation' };
  return { path: 'lean' };
}

/** The scope fw's lean spans are exported under, the tracer's on the full path. */
const SCOPE = Object.freeze({ name: SCOPE_NAME, version: SCOPE_VERSION });

/**
 * The lean path and the export it ends spans into, with the settings the SDK's OTLP exporter and
 * batch processor would use and the full path's sampler and span limits; `tracesEndpoint` must be set.
 */
export function createLeanSetup(config: EnvConfig, resource: Resource, options: TracePipelineOptions, tracesEndpoint: string, outcomes?: SpanExportOutcomes): { path: LeanPath; export: LeanTraceExport } {
  const batch = { ...options.batch, ...config.batch };
  // The batch processor gives up an export after its own timeout too (OTEL_BSP_EXPORT_TIMEOUT).
  const timeoutMs = Math.min(config.tracesTimeoutMs, batch.exportTimeoutMillis ?? Infinity);
  const exported = createLeanTraceExport({
    resource: { attributes: resource.attributes as LeanAttributes, schemaUrl: resource.schemaUrl },
    scope: SCOPE,
    sender: { url: tracesEndpoint, headers: { ...config.tracesHeaders }, timeoutMs, compression: config.tracesCompression ?? 'none', tls: readTlsFiles(tracesEndpoint, config.tracesTls), protocol: config.tracesProtocol },
    outcomes,
    batch: {
      maxQueueSize: batch.maxQueueSize ?? DEFAULT_BATCH_SETTINGS.maxQueueSize,
      maxExportBatchSize: batch.maxExportBatchSize ?? DEFAULT_BATCH_SETTINGS.maxExportBatchSize,
      scheduledDelayMs: batch.scheduledDelayMillis ?? DEFAULT_BATCH_SETTINGS.scheduledDelayMs,
    },
  });
  const path: LeanPath = {
    sampler: samplerFor(config.sampler, config.samplerRatio),
    decide: fixedSamplingDecision(config.sampler),
    limits: config.spanLimits,
    onEnd: exported.add,
    metrics: new HttpMetricSeriesTable(),
  };
  return { path, export: exported };
}
