/**
 * The meter provider setupTelemetry registers (spec: Events → Activation 3): a pull reader that
 * the /metrics listener (or a caller) collects from, and, when an OTLP metrics endpoint is
 * configured, a periodic reader pushing OTLP every `export_interval_ms` (5000). Each
 * reader reports the HTTP metrics and the runtime ones (RuntimeMetricProducer). Loads the SDK.
 */
import { type Attributes, diag, ValueType } from '@opentelemetry/api';
import { type ExportResult, ExportResultCode, millisToHrTime as hrTime } from '@opentelemetry/core';
import type { ProtobufMetricsSerializer } from '@opentelemetry/otlp-transformer';
import { emptyResource, type Resource } from '@opentelemetry/resources';
import {
  AggregationTemporality,
  type CollectionResult,
  type DataPoint,
  DataPointType,
  type IMetricReader,
  InstrumentType,
  MeterProvider,
  type MetricData,
  type MetricDescriptor,
  type MetricProducer,
  MetricReader,
  PeriodicExportingMetricReader,
  type PushMetricExporter,
  type ResourceMetrics,
} from '@opentelemetry/sdk-metrics';
import { type ELDHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { TIME_ORIGIN_MS } from '../stream/clock.ts';
import { type EnvConfig, EXPORT_INTERVAL_MS, otlpSenderOptions, type TemporalityPreference } from './env-config.ts';
import { errorTypeOf, exportFailure, type ExportProblemLog } from './export-reporting.ts';
import { HttpMetricProducer, type TemporalitySource, temporalityOf } from './lean/http-metric-producer.ts';
import type { HttpMetricSeriesTable } from './http-metrics.ts';
import type { OtlpSenderOptions } from './lean/otlp-socket-client.ts';
import { type OtlpExportStop, SenderExporter } from './otlp-export-stop.ts';
import { requestToJson } from './otlp-json.ts';
import { type MetricsPipelineOptions, SCOPE_NAME, SCOPE_VERSION } from './telemetry.ts';

/** Builds the meter provider with its readers, the pull one to scrape first; `exports` stops its OTLP exporter, which logs failed exports to `problems`. */
export async function createMetricsPipeline(
  config: EnvConfig,
  resource: Resource,
  options: MetricsPipelineOptions,
  exports: OtlpExportStop,
  problems?: ExportProblemLog,
) {
  // A reader takes its producers when built, before the path is chosen (lean/lean-trace-export.ts asks
  // the readers how they aggregate): its lean HTTP metrics, set on the lean path, and its runtime metrics.
  const readers: MetricReader[] = [];
  const leanProducers: HttpMetricProducer[] = [];
  const delay = new EventLoopDelayWindow();
  const producers = (): MetricProducer[] => {
    // The reader they are for is the next one pushed.
    const index = readers.length;
    return [
      { collect: () => leanProducers[index]?.collect() ?? Promise.resolve(NOTHING) },
      new RuntimeMetricProducer(delay, {
        selectAggregationTemporality: (type) => readers[index]!.selectAggregationTemporality(type),
      }),
    ];
  };
  const pull = new PullMetricReader({ metricProducers: producers() });
  readers.push(pull);
  const exporter = options.metricExporter ?? (await otlpExporter(config, exports, problems));
  if (exporter !== undefined) {
    const interval = config.metricExportIntervalMs ?? options.exportIntervalMs ?? EXPORT_INTERVAL_MS;
    readers.push(
      new PeriodicExportingMetricReader({
        exporter,
        exportIntervalMillis: interval,
        exportTimeoutMillis: Math.min(interval, config.metricExportTimeoutMs),
        metricProducers: producers(),
      }),
    );
  }
  return {
    provider: new MeterProvider({ resource, readers: readers as IMetricReader[] }),
    pull,
    /** Every reader, the pull one first. */
    readers,
    /** The lean path: each reader also reports `table`'s HTTP metrics through its own HttpMetricProducer. */
    offerLeanMetrics: (table: HttpMetricSeriesTable): void => {
      // The reader's temporality choice is its exporter's for a push reader (PeriodicExportingMetricReader passes it on).
      readers.forEach((reader, i) => (leanProducers[i] = new HttpMetricProducer(table, reader)));
    },
    /** Ends the runtime metrics' event-loop monitor (telemetry's shutdown). */
    stopRuntimeMetrics: (): void => delay.stop(),
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

/** What a reader's lean HTTP metrics give on the full path (MetricReader.collect keeps only the scope metrics of a producer). */
const NOTHING: CollectionResult = Object.freeze({
  resourceMetrics: Object.freeze({ resource: emptyResource(), scopeMetrics: [] }),
  errors: [],
});

/** fw's own OTLP exporter (OtlpMetricExporter), with the OTEL_EXPORTER_OTLP_* settings of the metrics signal. */
async function otlpExporter(
  config: EnvConfig,
  exports: OtlpExportStop,
  problems: ExportProblemLog | undefined,
): Promise<PushMetricExporter | undefined> {
  if (config.metricsEndpoint === undefined) return undefined;
  // Its serializer loads with the first push; a missing one fails the start: resolved, or imported if a bundle holds it.
  await new Promise((resolve) => resolve(import.meta.resolve('@opentelemetry/otlp-transformer'))).catch(
    () => import('@opentelemetry/otlp-transformer'),
  );
  return exports.stops(
    new OtlpMetricExporter(
      otlpSenderOptions(config, 'metrics', config.metricsEndpoint),
      config.metricsTemporality,
      problems,
    ),
  );
}

/** Per OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE value, the instruments that stay cumulative. */
const CUMULATIVE_UNDER: Readonly<Record<TemporalityPreference, ReadonlySet<InstrumentType> | 'all'>> = {
  cumulative: 'all',
  // Up-down counters are cumulative in both: their delta would not say how many there are.
  delta: new Set([InstrumentType.UP_DOWN_COUNTER, InstrumentType.OBSERVABLE_UP_DOWN_COUNTER]),
  lowmemory: new Set([
    InstrumentType.UP_DOWN_COUNTER,
    InstrumentType.OBSERVABLE_UP_DOWN_COUNTER,
    InstrumentType.OBSERVABLE_COUNTER,
    InstrumentType.GAUGE,
    InstrumentType.OBSERVABLE_GAUGE,
  ]),
};

/**
 * fw's OTLP/HTTP metric exporter (https://opentelemetry.io/docs/specs/otel/metrics/sdk_exporters/otlp/):
 * the SDK's request body (ProtobufMetricsSerializer, or OTLP/JSON) posted by OtlpHttpSender, so no
 * node:http client runs in the server's process (otlp-socket-client.ts says why). A failed export
 * is also a line of fw's log.
 */
export class OtlpMetricExporter extends SenderExporter implements PushMetricExporter {
  readonly #url: string;
  readonly #json: boolean;
  readonly #problems: ExportProblemLog | undefined;
  readonly #cumulative: ReadonlySet<InstrumentType> | 'all';

  constructor(sender: OtlpSenderOptions, temporality: TemporalityPreference, problems?: ExportProblemLog) {
    super(sender);
    this.#problems = problems;
    this.#url = sender.url;
    this.#json = sender.protocol === 'http/json';
    this.#cumulative = CUMULATIVE_UNDER[temporality];
  }

  export(metrics: ResourceMetrics, resultCallback: (result: ExportResult) => void): void {
    if (this.closed) return resultCallback(failed('the OTLP metric exporter is shut down'));
    // The SDK's serializer, loaded with the first push rather than at start (bench/startup.bench.ts).
    import('@opentelemetry/otlp-transformer').then(
      (loaded) => this.#export(loaded.ProtobufMetricsSerializer, metrics, resultCallback),
      (error: Error) => resultCallback(failed(`the metrics could not be encoded: ${error.message}`)),
    );
  }

  #export(
    serializer: typeof ProtobufMetricsSerializer,
    metrics: ResourceMetrics,
    resultCallback: (result: ExportResult) => void,
  ): void {
    let body: Uint8Array | undefined;
    try {
      body = serializer.serializeRequest(metrics);
      if (body !== undefined && this.#json) body = requestToJson(body, 'MetricsRequest');
    } catch (error) {
      return resultCallback(failed(`the metrics could not be encoded: ${(error as Error).message}`));
    }
    if (body === undefined) return resultCallback(failed('the metrics could not be encoded'));
    this.post(body, (result) => {
      if (!result.ok) {
        const message = exportFailure('metrics', this.#url, result.reason);
        this.#problems?.note(
          { event: 'otlp_export_failed', signal: 'metrics', errorType: errorTypeOf(undefined, result.reason) },
          1,
          message,
        );
        return resultCallback(failed(message));
      }
      if (result.partial !== undefined)
        diag.warn(
          'Received Partial Success response:',
          JSON.stringify({ rejectedDataPoints: result.partial.rejected, errorMessage: result.partial.message }),
        );
      resultCallback({ code: ExportResultCode.SUCCESS });
    });
  }

  selectAggregationTemporality(instrumentType: InstrumentType): AggregationTemporality {
    return this.#cumulative === 'all' || this.#cumulative.has(instrumentType)
      ? AggregationTemporality.CUMULATIVE
      : AggregationTemporality.DELTA;
  }
}

/** A failed export's result, saying why. */
export function failed(message: string): ExportResult {
  return { code: ExportResultCode.FAILED, error: new Error(message) };
}

type SumPoints = readonly (readonly [attributes: Attributes, value: number])[];

/**
 * The runtime metrics of one reader (event-loop delay, V8 heap, process CPU time, resident memory;
 * https://opentelemetry.io/docs/specs/semconv/runtime/nodejs-metrics/), read when it collects,
 * never per request; a delta reader gets the CPU seconds since its own last collection. The delays
 * include the monitor's 10 ms resolution.
 */
export class RuntimeMetricProducer implements MetricProducer {
  readonly #delay: EventLoopDelayWindow;
  readonly #temporality: TemporalitySource | undefined;
  /** A delta reader's last reported value of each sum series, by metric name and attributes. */
  readonly #reported = new Map<string, number>();
  #lastCollectionMs: number | undefined;

  /** `delay` is shared by the readers; `temporality` is the reader's (or its exporter's) choice, cumulative without it. */
  constructor(delay: EventLoopDelayWindow, temporality?: TemporalitySource) {
    this.#delay = delay;
    this.#temporality = temporality;
  }

  /** The metrics now; synchronous inside. */
  async collect(): Promise<CollectionResult> {
    const now = Date.now();
    const metrics = [
      ...this.#eventLoopDelay(now),
      ...this.#heap(now),
      this.#cpu(now),
      this.#sum(PROCESS_MEMORY_USAGE, [[{}, process.memoryUsage.rss()]], now),
    ];
    this.#lastCollectionMs = now;
    return {
      resourceMetrics: {
        resource: emptyResource(),
        scopeMetrics: [{ scope: { name: SCOPE_NAME, version: SCOPE_VERSION }, metrics }],
      },
      errors: [],
    };
  }

  /** The delay statistics of the monitor's latest window; none before its first sample. */
  #eventLoopDelay(now: number): MetricData[] {
    const stats = this.#delay.read();
    if (stats === undefined) return [];
    return (Object.keys(EVENT_LOOP_DELAY) as (keyof typeof EVENT_LOOP_DELAY)[]).map((key) =>
      this.#gauge(EVENT_LOOP_DELAY[key], stats[key], stats.sinceMs, now),
    );
  }

  #heap(now: number): MetricData[] {
    const spaces = getHeapSpaceStatistics();
    return [
      this.#sum(V8_HEAP_LIMIT, [[{}, getHeapStatistics().heap_size_limit]], now),
      ...V8_HEAP_SPACES.map(([descriptor, field]) =>
        this.#sum(
          descriptor,
          spaces.map((space) => [{ 'v8js.heap.space.name': space.space_name }, space[field]] as const),
          now,
        ),
      ),
    ];
  }

  #cpu(now: number): MetricData {
    // Microseconds since the process started, as seconds.
    const { user, system } = process.cpuUsage();
    return this.#sum(
      PROCESS_CPU_TIME,
      [
        [{ 'cpu.mode': 'user' }, user / 1e6],
        [{ 'cpu.mode': 'system' }, system / 1e6],
      ],
      now,
    );
  }

  #gauge(descriptor: RuntimeDescriptor, value: number, startMs: number, now: number): MetricData {
    const point: DataPoint<number> = { attributes: {}, startTime: hrTime(startMs), endTime: hrTime(now), value };
    return {
      descriptor,
      aggregationTemporality: temporalityOf(this.#temporality, descriptor.type),
      dataPointType: DataPointType.GAUGE,
      dataPoints: [point],
    };
  }

  /** A sum since the process started, or for a delta reader since its last collection. */
  #sum(descriptor: RuntimeDescriptor, points: SumPoints, now: number): MetricData {
    const temporality = temporalityOf(this.#temporality, descriptor.type);
    const delta = temporality === AggregationTemporality.DELTA;
    const startTime = hrTime(delta ? (this.#lastCollectionMs ?? TIME_ORIGIN_MS) : TIME_ORIGIN_MS);
    const endTime = hrTime(now);
    const dataPoints = points.map(([attributes, value]): DataPoint<number> => {
      if (!delta) return { attributes, startTime, endTime, value };
      const key = `${descriptor.name}\n${JSON.stringify(attributes)}`;
      const before = this.#reported.get(key) ?? 0;
      this.#reported.set(key, value);
      return { attributes, startTime, endTime, value: value - before };
    });
    return {
      descriptor,
      aggregationTemporality: temporality,
      dataPointType: DataPointType.SUM,
      dataPoints,
      isMonotonic: descriptor.type === InstrumentType.OBSERVABLE_COUNTER,
    };
  }
}

/** A descriptor as the SDK reports it, with its instrument type. */
type RuntimeDescriptor = MetricDescriptor & { readonly type: InstrumentType };

function descriptor(name: string, type: InstrumentType, unit: string, description: string): RuntimeDescriptor {
  return Object.freeze({
    name,
    type,
    unit,
    description,
    valueType: unit === 'By' ? ValueType.INT : ValueType.DOUBLE,
    advice: {},
  });
}

/** The event-loop delay statistics of perf_hooks.monitorEventLoopDelay, in seconds, as gauges, and their words in the descriptions. */
const DELAY_STATISTICS = {
  min: 'minimum',
  max: 'maximum',
  mean: 'mean',
  stddev: 'standard deviation',
  p50: '50 percentile',
  p90: '90 percentile',
  p99: '99 percentile',
} as const;
const EVENT_LOOP_DELAY = Object.freeze(
  Object.fromEntries(
    Object.entries(DELAY_STATISTICS).map(([key, words]) => [
      key,
      descriptor(`nodejs.eventloop.delay.${key}`, InstrumentType.OBSERVABLE_GAUGE, 's', `Event loop ${words} delay.`),
    ]),
  ) as Record<keyof typeof DELAY_STATISTICS, RuntimeDescriptor>,
);

/** The V8 heap: its limit, and per space (`v8js.heap.space.name`) its use, size, room left and committed memory, each the field of getHeapSpaceStatistics() it reads. */
const V8_HEAP_LIMIT = upDownBytes('v8js.memory.heap.limit', 'Total heap memory size V8 may grow to (heap_size_limit).');
const V8_HEAP_SPACES = [
  [upDownBytes('v8js.memory.heap.used', 'Heap Memory size allocated.'), 'space_used_size'],
  [upDownBytes('v8js.memory.heap.space.size', 'Total heap memory size pre-allocated for a heap space.'), 'space_size'],
  [upDownBytes('v8js.memory.heap.space.available_size', 'Heap space available size.'), 'space_available_size'],
  [upDownBytes('v8js.memory.heap.space.physical_size', 'Committed size of a heap space.'), 'physical_space_size'],
] as const;

/** An up-down counter in bytes: the V8 heap's and the resident memory. */
function upDownBytes(name: string, description: string): RuntimeDescriptor {
  return descriptor(name, InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', description);
}

/** The process's CPU seconds by `cpu.mode` (user, system), a counter. */
const PROCESS_CPU_TIME = descriptor(
  'process.cpu.time',
  InstrumentType.OBSERVABLE_COUNTER,
  's',
  'Total CPU seconds broken down by different CPU modes.',
);

/** The process's resident set size. */
const PROCESS_MEMORY_USAGE = upDownBytes('process.memory.usage', 'The amount of physical memory in use.');

/** The statistics of one window, in seconds, and when it began (epoch ms). */
type EventLoopDelayStats = { readonly [key in keyof typeof EVENT_LOOP_DELAY | 'sinceMs']: number };

/** One monitor, read by every reader of a setupTelemetry. */
export class EventLoopDelayWindow {
  /** Sampling every 10 ms, node's default and instrumentation-runtime-node's. */
  readonly #histogram: ELDHistogram = monitorEventLoopDelay();
  #since = Date.now();
  #last: EventLoopDelayStats | undefined;

  constructor() {
    // Its timer is unref'd by node: it never keeps the process alive.
    this.#histogram.enable();
  }

  /** The statistics since the last read, then a new window; the last ones when nothing was sampled since; undefined before the first sample. */
  read(): EventLoopDelayStats | undefined {
    const histogram = this.#histogram;
    if (histogram.count === 0) return this.#last;
    const now = Date.now();
    const seconds = (nanoseconds: number): number => nanoseconds / 1e9;
    this.#last = {
      min: seconds(histogram.min),
      max: seconds(histogram.max),
      mean: seconds(histogram.mean),
      stddev: seconds(histogram.stddev),
      p50: seconds(histogram.percentile(50)),
      p90: seconds(histogram.percentile(90)),
      p99: seconds(histogram.percentile(99)),
      sinceMs: this.#since,
    };
    histogram.reset();
    this.#since = now;
    return this.#last;
  }

  /** Ends the monitor (telemetry's shutdown). */
  stop(): void {
    this.#histogram.disable();
  }
}
