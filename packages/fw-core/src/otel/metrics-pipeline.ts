/**
 * The meter provider setupTelemetry registers (spec: Events → Activation 3): a pull reader that
 * the /metrics listener (or a caller) collects from, and, when an OTLP metrics endpoint is
 * configured, a periodic reader pushing OTLP/protobuf every `export_interval_ms` (5000). Each
 * reader reports the HTTP metrics and the runtime ones (event loop, heap, CPU, memory).
 */
import { emptyResource, type Resource } from '@opentelemetry/resources';
import { MeterProvider, MetricReader, PeriodicExportingMetricReader, type CollectionResult, type IMetricReader, type MetricProducer, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { readTlsFiles, type EnvConfig } from './env-config.ts';
import type { MetricsPipelineOptions } from './telemetry.ts';
import type { ExportProblemLog } from './export-problem-log.ts';
import type { OtlpExportStop } from './otlp-export-stop.ts';
import { OtlpMetricExporter } from './otlp-metric-exporter.ts';
import { HttpMetricProducer } from './lean/http-metric-producer.ts';
import type { HttpMetricSeriesTable } from './lean/http-metric-series.ts';
import { EventLoopDelayWindow } from './runtime/event-loop-delay-window.ts';
import { RuntimeMetricProducer } from './runtime/runtime-metric-producer.ts';

/** A meter provider and the reader to scrape. */
export interface MetricsPipeline {
  readonly provider: MeterProvider;
  readonly pull: PullMetricReader;
  /** Every reader, the pull one first. */
  readonly readers: readonly MetricReader[];
  /** The lean path: each reader also reports `table`'s HTTP metrics through its own HttpMetricProducer. */
  offerLeanMetrics(table: HttpMetricSeriesTable): void;
  /** Ends the runtime metrics' event-loop monitor (telemetry's shutdown). */
  stopRuntimeMetrics(): void;
}

/** Builds the provider with its readers; `exports` stops its OTLP exporter, which logs failed exports to `problems`. */
export function createMetricsPipeline(config: EnvConfig, resource: Resource, options: MetricsPipelineOptions, exports: OtlpExportStop, problems?: ExportProblemLog): MetricsPipeline {
  // A reader takes its producers when it is built, and the path is chosen once the readers exist
  // (telemetry-path.ts asks them how they aggregate): each gets a slot, filled on the lean path.
  // Each also gets its runtime metrics (runtime/runtime-metric-producer.ts), on both paths, which
  // ask the reader for its temporality once it exists.
  const slots: LeanProducerSlot[] = [];
  const readers: MetricReader[] = [];
  const delay = new EventLoopDelayWindow();
  const producers = (): MetricProducer[] => {
    const index = slots.length;
    slots.push(new LeanProducerSlot());
    return [slots[index]!, new RuntimeMetricProducer(delay, { selectAggregationTemporality: (type) => readers[index]!.selectAggregationTemporality(type) })];
  };
  const pull = new PullMetricReader({ metricProducers: producers() });
  readers.push(pull);
  const exporter = options.metricExporter ?? otlpExporter(config, exports, problems);
  if (exporter !== undefined) {
    const interval = options.exportIntervalMs ?? config.metricExportIntervalMs;
    readers.push(new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: interval, exportTimeoutMillis: Math.min(interval, config.metricExportTimeoutMs), metricProducers: producers() }));
  }
  return {
    provider: new MeterProvider({ resource, readers: readers as IMetricReader[] }),
    pull,
    readers,
    offerLeanMetrics: (table) => {
      // The reader's temporality choice is its exporter's for a push reader (PeriodicExportingMetricReader passes it on).
      readers.forEach((reader, i) => (slots[i]!.producer = new HttpMetricProducer(table, { temporality: reader })));
    },
    stopRuntimeMetrics: () => delay.stop(),
  };
}

/**
 * A metric reader that only collects when asked (a Prometheus scrape, a test): nothing to flush
 * or stop. It keeps the SDK's default cumulative temporality, which the text format requires.
 */
export class PullMetricReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}

/** A slot's answer on the full path (MetricReader.collect keeps only the scope metrics of a producer). */
const NOTHING: CollectionResult = Object.freeze({ resourceMetrics: Object.freeze({ resource: emptyResource(), scopeMetrics: [] }), errors: [] });

/** A reader's lean HTTP metrics producer, or nothing on the full path. */
class LeanProducerSlot implements MetricProducer {
  producer: HttpMetricProducer | undefined;

  collect(): Promise<CollectionResult> {
    return this.producer?.collect() ?? Promise.resolve(NOTHING);
  }
}

/** fw's own OTLP exporter (otlp-metric-exporter.ts), with the OTEL_EXPORTER_OTLP_* settings of the metrics signal. */
function otlpExporter(config: EnvConfig, exports: OtlpExportStop, problems: ExportProblemLog | undefined): PushMetricExporter | undefined {
  const url = config.metricsEndpoint;
  if (url === undefined) return undefined;
  const sender = { url, headers: { ...config.metricsHeaders }, timeoutMs: config.metricsTimeoutMs, compression: config.metricsCompression ?? 'none', tls: readTlsFiles(url, config.metricsTls), protocol: config.metricsProtocol };
  return exports.stops(new OtlpMetricExporter(sender, config.metricsTemporality, problems));
}
