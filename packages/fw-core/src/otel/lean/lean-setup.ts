/**
 * The lean path's pieces for one setupTelemetry call (issue 16): the trace export with the
 * settings the SDK's OTLP exporter and batch processor would use (endpoint, headers, timeout,
 * compression, TLS files, OTEL_BSP_*), the sampler and span limits of the full path, and the
 * HTTP metrics table the readers' producers report. Loaded with the SDK (register-telemetry.ts).
 */
import type { Resource } from '@opentelemetry/resources';
import type { EnvConfig } from '../env-config.ts';
import { SCOPE_NAME, SCOPE_VERSION } from '../telemetry.ts';
import { readTlsFiles } from '../otlp-tls-files.ts';
import { samplerFor } from '../sampler-from-env.ts';
import type { TracePipelineOptions } from '../trace-pipeline.ts';
import { HttpMetricSeriesTable } from './http-metric-series.ts';
import type { LeanAttributes } from './lean-span-data.ts';
import type { LeanPath } from '../server-telemetry.ts';
import { fixedSamplingDecision } from './sampling-decision.ts';
import { createLeanTraceExport, type LeanTraceExport } from './lean-trace-export.ts';
import { DEFAULT_BATCH_SETTINGS } from './span-batcher.ts';
import type { SpanExportOutcomes } from '../span-export-outcomes.ts';

/** The scope fw's lean spans are exported under, the tracer's on the full path. */
const SCOPE = Object.freeze({ name: SCOPE_NAME, version: SCOPE_VERSION });

/** The lean path and the export it ends spans into; `tracesEndpoint` must be set. */
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
