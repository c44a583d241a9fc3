/**
 * The meter provider setupTelemetry registers (spec: Events → Activation 3): a pull reader that
 * the /metrics listener (or a caller) collects from, and, when an OTLP metrics endpoint is
 * configured, a periodic reader pushing OTLP/protobuf every `export_interval_ms` (5000).
 */
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import type { Resource } from '@opentelemetry/resources';
import { MeterProvider, PeriodicExportingMetricReader, type IMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { EnvConfig } from './env-config.ts';
import type { OtlpExportStop } from './otlp-export-stop.ts';
import { readTlsFiles } from './otlp-tls-files.ts';
import { PullMetricReader } from './pull-metric-reader.ts';

/** Test and embedding overrides of the metrics pipeline. */
export interface MetricsPipelineOptions {
  /** Replaces the OTLP metric exporter (pushed every exportIntervalMs even without an endpoint). */
  readonly metricExporter?: PushMetricExporter;
  /** Default 5000, or OTEL_METRIC_EXPORT_INTERVAL. */
  readonly exportIntervalMs?: number;
}

/** A meter provider and the reader to scrape. */
export interface MetricsPipeline {
  readonly provider: MeterProvider;
  readonly pull: PullMetricReader;
}

/** Builds the provider with its readers; `exports` stops its OTLP exporter. */
export function createMetricsPipeline(config: EnvConfig, resource: Resource, options: MetricsPipelineOptions, exports: OtlpExportStop): MetricsPipeline {
  const pull = new PullMetricReader();
  const readers: IMetricReader[] = [pull];
  const exporter = options.metricExporter ?? otlpExporter(config, exports);
  if (exporter !== undefined) {
    const interval = options.exportIntervalMs ?? config.metricExportIntervalMs;
    readers.push(new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: interval, exportTimeoutMillis: Math.min(interval, config.exportTimeoutMs) }));
  }
  return { provider: new MeterProvider({ resource, readers }), pull };
}

function otlpExporter(config: EnvConfig, exports: OtlpExportStop): PushMetricExporter | undefined {
  if (config.metricsEndpoint === undefined) return undefined;
  const httpAgentOptions = exports.agentFactory(readTlsFiles(config.metricsEndpoint, config.metricsTls));
  return exports.stoppable(new OTLPMetricExporter({ url: config.metricsEndpoint, headers: { ...config.metricsHeaders }, timeoutMillis: config.exportTimeoutMs, httpAgentOptions }));
}
