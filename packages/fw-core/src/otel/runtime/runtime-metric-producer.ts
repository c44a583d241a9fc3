/**
 * The runtime metrics (event-loop delay, V8 heap, process CPU time, resident memory;
 * https://opentelemetry.io/docs/specs/semconv/runtime/nodejs-metrics/) offered to one sdk-metrics
 * reader as a `MetricProducer` on both paths, read when the reader collects, never per request.
 * Each reader has its own, so a delta reader gets the CPU seconds since its own last collection.
 * The delays include the monitor's 10 ms resolution. Loads the SDK.
 */
import { type Attributes, ValueType } from '@opentelemetry/api';
import { millisToHrTime as hrTime } from '@opentelemetry/core';
import { emptyResource } from '@opentelemetry/resources';
import { AggregationTemporality, type CollectionResult, type DataPoint, DataPointType, InstrumentType, type MetricData, type MetricDescriptor, type MetricProducer } from '@opentelemetry/sdk-metrics';
import { type ELDHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { TIME_ORIGIN_MS } from '../../stream/clock.ts';
import type { TemporalitySource } from '../lean/http-metric-producer.ts';
import { SCOPE_NAME, SCOPE_VERSION } from '../telemetry.ts';

/** A sum's points: attributes and value. */
type SumPoints = readonly (readonly [Attributes, number])[];

/** The runtime metrics for one reader. */
export class RuntimeMetricProducer implements MetricProducer {
  readonly #delay: EventLoopDelayWindow;
  readonly #temporality: TemporalitySource | undefined;
  readonly #startMs = TIME_ORIGIN_MS;
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
    const metrics = [...this.#eventLoopDelay(now), ...this.#heap(now), this.#cpu(now), this.#sum(PROCESS_MEMORY_USAGE, [[{}, process.memoryUsage.rss()]], now)];
    this.#lastCollectionMs = now;
    return { resourceMetrics: { resource: emptyResource(), scopeMetrics: [{ scope: { name: SCOPE_NAME, version: SCOPE_VERSION }, metrics }] }, errors: [] };
  }

  /** The delay statistics of the monitor's latest window; none before its first sample. */
  #eventLoopDelay(now: number): MetricData[] {
    const stats = this.#delay.read();
    if (stats === undefined) return [];
    return (Object.keys(EVENT_LOOP_DELAY) as (keyof typeof EVENT_LOOP_DELAY)[]).map((key) => this.#gauge(EVENT_LOOP_DELAY[key], stats[key], stats.sinceMs, now));
  }

  #heap(now: number): MetricData[] {
    const spaces = getHeapSpaceStatistics();
    const bySpace = (read: (space: (typeof spaces)[number]) => number): SumPoints =>
      spaces.map((space) => [{ 'v8js.heap.space.name': space.space_name }, read(space)] as const);
    return [
      this.#sum(V8_HEAP.limit, [[{}, getHeapStatistics().heap_size_limit]], now),
      this.#sum(V8_HEAP.used, bySpace((space) => space.space_used_size), now),
      this.#sum(V8_HEAP.spaceSize, bySpace((space) => space.space_size), now),
      this.#sum(V8_HEAP.availableSize, bySpace((space) => space.space_available_size), now),
      this.#sum(V8_HEAP.physicalSize, bySpace((space) => space.physical_space_size), now),
    ];
  }

  #cpu(now: number): MetricData {
    // Microseconds since the process started, as seconds.
    const { user, system } = process.cpuUsage();
    return this.#sum(PROCESS_CPU_TIME, [[{ 'cpu.mode': 'user' }, user / 1e6], [{ 'cpu.mode': 'system' }, system / 1e6]], now);
  }

  #gauge(descriptor: RuntimeDescriptor, value: number, startMs: number, now: number): MetricData {
    const point: DataPoint<number> = { attributes: {}, startTime: hrTime(startMs), endTime: hrTime(now), value };
    return { descriptor, aggregationTemporality: this.#temporalityOf(descriptor.type), dataPointType: DataPointType.GAUGE, dataPoints: [point] };
  }

  /** A sum since the process started, or for a delta reader since its last collection. */
  #sum(descriptor: RuntimeDescriptor, points: SumPoints, now: number): MetricData {
    const temporality = this.#temporalityOf(descriptor.type);
    const delta = temporality === AggregationTemporality.DELTA;
    const startTime = hrTime(delta ? (this.#lastCollectionMs ?? this.#startMs) : this.#startMs);
    const endTime = hrTime(now);
    const dataPoints = points.map(([attributes, value]): DataPoint<number> => {
      if (!delta) return { attributes, startTime, endTime, value };
      const key = `${descriptor.name}\n${JSON.stringify(attributes)}`;
      const before = this.#reported.get(key) ?? 0;
      this.#reported.set(key, value);
      return { attributes, startTime, endTime, value: value - before };
    });
    return { descriptor, aggregationTemporality: temporality, dataPointType: DataPointType.SUM, dataPoints, isMonotonic: descriptor.type === InstrumentType.OBSERVABLE_COUNTER };
  }

  #temporalityOf(type: InstrumentType): AggregationTemporality {
    return this.#temporality?.selectAggregationTemporality?.(type) ?? AggregationTemporality.CUMULATIVE;
  }
}

/** A descriptor as the SDK reports it, with its instrument type. */
type RuntimeDescriptor = MetricDescriptor & { readonly type: InstrumentType };

function descriptor(name: string, type: InstrumentType, unit: string, description: string): RuntimeDescriptor {
  const valueType = unit === 'By' ? ValueType.INT : ValueType.DOUBLE;
  return Object.freeze({ name, type, unit, description, valueType, advice: {} });
}

/** The event-loop delay statistics of perf_hooks.monitorEventLoopDelay, in seconds, as gauges. */
const EVENT_LOOP_DELAY = Object.freeze({
  min: descriptor('nodejs.eventloop.delay.min', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop minimum delay.'),
  max: descriptor('nodejs.eventloop.delay.max', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop maximum delay.'),
  mean: descriptor('nodejs.eventloop.delay.mean', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop mean delay.'),
  stddev: descriptor('nodejs.eventloop.delay.stddev', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop standard deviation delay.'),
  p50: descriptor('nodejs.eventloop.delay.p50', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop 50 percentile delay.'),
  p90: descriptor('nodejs.eventloop.delay.p90', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop 90 percentile delay.'),
  p99: descriptor('nodejs.eventloop.delay.p99', InstrumentType.OBSERVABLE_GAUGE, 's', 'Event loop 99 percentile delay.'),
});

/** The V8 heap: its limit, and per space (`v8js.heap.space.name`) its size, use, room left and committed memory. */
const V8_HEAP = Object.freeze({
  limit: descriptor('v8js.memory.heap.limit', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'Total heap memory size V8 may grow to (heap_size_limit).'),
  used: descriptor('v8js.memory.heap.used', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'Heap Memory size allocated.'),
  spaceSize: descriptor('v8js.memory.heap.space.size', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'Total heap memory size pre-allocated for a heap space.'),
  availableSize: descriptor('v8js.memory.heap.space.available_size', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'Heap space available size.'),
  physicalSize: descriptor('v8js.memory.heap.space.physical_size', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'Committed size of a heap space.'),
});

/** The process's CPU seconds by `cpu.mode` (user, system), a counter. */
const PROCESS_CPU_TIME = descriptor('process.cpu.time', InstrumentType.OBSERVABLE_COUNTER, 's', 'Total CPU seconds broken down by different CPU modes.');

/** The process's resident set size. */
const PROCESS_MEMORY_USAGE = descriptor('process.memory.usage', InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, 'By', 'The amount of physical memory in use.');

/** The monitor's sampling interval, node's default and instrumentation-runtime-node's. */
const RESOLUTION_MS = 10;

/** The statistics of one window, in seconds, and when it began (epoch ms). */
type EventLoopDelayStats = { readonly [key in keyof typeof EVENT_LOOP_DELAY | 'sinceMs']: number };

/** One monitor, read by every reader of a setupTelemetry. */
export class EventLoopDelayWindow {
  readonly #histogram: ELDHistogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
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
    const seconds = (ns: number): number => ns / 1e9;
    const now = Date.now();
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
