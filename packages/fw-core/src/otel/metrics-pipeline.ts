/**
 * The meter provider setupTelemetry registers (spec: Events → Activation 3): a pull reader that
 * the /metrics listener (or a caller) collects from, and, when an OTLP metrics endpoint is
 * configured, a periodic reader pushing OTLP/protobuf every `export_interval_ms` (5000). Each
 * reader reports the HTTP metrics and the runtime ones (event loop, heap, CPU, memory).
 */
import { diag } from '@opentelemetry/api';
import { type ExportResult, ExportResultCode } from '@opentelemetry/core';
import { ProtobufMetricsSerializer } from '@opentelemetry/otlp-transformer';
import { emptyResource, type Resource } from '@opentelemetry/resources';
import { AggregationTemporality, type CollectionResult, type IMetricReader, InstrumentType, MeterProvider, type MetricProducer, MetricReader, PeriodicExportingMetricReader, type PushMetricExporter, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { type EnvConfig, readTlsFiles, type TemporalityPreference } from './env-config.ts';
import { errorTypeOf, type ExportProblemLog } from './export-reporting.ts';
import { HttpMetricProducer } from './lean/http-metric-producer.ts';
import type { HttpMetricSeriesTable } from './http-metrics.ts';
import { OtlpHttpSender, type OtlpSenderOptions } from './lean/otlp-socket-client.ts';
import type { OtlpExportStop } from './otlp-export-stop.ts';
import { metricsRequestToJson } from './otlp-json.ts';
import { EventLoopDelayWindow, RuntimeMetricProducer } from './runtime/runtime-metric-producer.ts';
import type { MetricsPipelineOptions } from './telemetry.ts';

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
  // (lean/lean-trace-export.ts asks them how they aggregate): each gets a slot, filled on the lean path.
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

/** fw's own OTLP exporter (OtlpMetricExporter), with the OTEL_EXPORTER_OTLP_* settings of the metrics signal. */
function otlpExporter(config: EnvConfig, exports: OtlpExportStop, problems: ExportProblemLog | undefined): PushMetricExporter | undefined {
  const url = config.metricsEndpoint;
  if (url === undefined) return undefined;
  const sender = { url, headers: { ...config.metricsHeaders }, timeoutMs: config.metricsTimeoutMs, compression: config.metricsCompression ?? 'none', tls: readTlsFiles(url, config.metricsTls), protocol: config.metricsProtocol };
  return exports.stops(new OtlpMetricExporter(sender, config.metricsTemporality, problems));
}

/**
 * fw's OTLP/HTTP metric exporter: the SDK's own request body (ProtobufMetricsSerializer, or
 * OTLP/JSON with OTEL_EXPORTER_OTLP_METRICS_PROTOCOL=http/json) posted by the lean trace export's
 * OtlpHttpSender, so no node:http client runs in the server's process (otlp-socket-client.ts says
 * why). A failed export is also a line of fw's log. The temporality preference is
 * OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE's (https://opentelemetry.io/docs/specs/otel/metrics/sdk_exporters/otlp/).
 */
/** Instruments that stay cumulative under each preference; every other one is delta (or, for `cumulative`, none is). */
const CUMULATIVE_UNDER: Readonly<Record<TemporalityPreference, ReadonlySet<InstrumentType> | 'all'>> = {
  cumulative: 'all',
  // Up-down counters are cumulative in both: their delta would not say how many there are.
  delta: new Set([InstrumentType.UP_DOWN_COUNTER, InstrumentType.OBSERVABLE_UP_DOWN_COUNTER]),
  lowmemory: new Set([InstrumentType.UP_DOWN_COUNTER, InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, InstrumentType.OBSERVABLE_COUNTER, InstrumentType.GAUGE, InstrumentType.OBSERVABLE_GAUGE]),
};

export class OtlpMetricExporter implements PushMetricExporter {
  readonly #sender: OtlpHttpSender;
  readonly #url: string;
  readonly #json: boolean;
  readonly #problems: ExportProblemLog | undefined;
  readonly #cumulative: ReadonlySet<InstrumentType> | 'all';
  readonly #pending = new Set<Promise<void>>();
  #shutDown = false;

  constructor(sender: OtlpSenderOptions, temporality: TemporalityPreference, problems?: ExportProblemLog) {
    this.#problems = problems;
    this.#sender = new OtlpHttpSender(sender);
    this.#url = sender.url;
    this.#json = sender.protocol === 'http/json';
    this.#cumulative = CUMULATIVE_UNDER[temporality];
  }

  export(metrics: ResourceMetrics, resultCallback: (result: ExportResult) => void): void {
    if (this.#shutDown) return resultCallback(failed('the OTLP metric exporter is shut down'));
    let body: Uint8Array | undefined;
    try {
      body = ProtobufMetricsSerializer.serializeRequest(metrics);
      if (body !== undefined && this.#json) body = metricsRequestToJson(body);
    } catch (error) {
      return resultCallback(failed(`the metrics could not be encoded: ${(error as Error).message}`));
    }
    if (body === undefined) return resultCallback(failed('the metrics could not be encoded'));
    const sent = this.#sender.send(body).then((result) => {
      if (!result.ok) {
        const message = `OTLP metrics export to ${this.#url} failed: ${result.reason}`;
        this.#problems?.note({ event: 'otlp_export_failed', signal: 'metrics', errorType: errorTypeOf(undefined, result.reason) }, 1, message);
        return resultCallback(failed(message));
      }
      const { partial } = result;
      if (partial !== undefined) diag.warn('Received Partial Success response:', JSON.stringify({ rejectedDataPoints: partial.rejected, errorMessage: partial.message }));
      resultCallback({ code: ExportResultCode.SUCCESS });
    });
    this.#pending.add(sent);
    void sent.finally(() => this.#pending.delete(sent));
  }

  selectAggregationTemporality(instrumentType: InstrumentType): AggregationTemporality {
    return this.#cumulative === 'all' || this.#cumulative.has(instrumentType) ? AggregationTemporality.CUMULATIVE : AggregationTemporality.DELTA;
  }

  /** Waits for the exports in flight (each ends within the export timeout). */
  async forceFlush(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  /** Refuses further exports, waits for those in flight, then closes the connection. */
  async shutdown(): Promise<void> {
    this.#shutDown = true;
    await this.forceFlush();
    this.#sender.stop();
  }

  /** Ends the exports in flight and their retries at once (telemetry's shutdown, after its time limit). */
  stop(): void {
    this.#shutDown = true;
    this.#sender.stop();
  }
}

function failed(message: string): ExportResult {
  return { code: ExportResultCode.FAILED, error: new Error(message) };
}
