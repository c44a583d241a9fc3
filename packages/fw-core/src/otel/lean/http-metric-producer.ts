/**
 * Offers the lean HTTP metrics (http-metrics.ts) to one sdk-metrics reader as a `MetricProducer`,
 * with the descriptors, attribute sets and points the SDK's instruments give. A producer does not
 * learn which reader collects, so each reader gets its own, with its delta state; temporality is asked
 * once per instrument type, as the SDK's TemporalMetricProcessor does. Loads the SDK.
 */
import type { Attributes } from '@opentelemetry/api';
import { millisToHrTime as hrTime } from '@opentelemetry/core';
import { emptyResource } from '@opentelemetry/resources';
import {
  AggregationTemporality,
  AggregationType,
  DataPointType,
  InstrumentType,
  type AggregationSelector,
  type CollectionResult,
  type DataPoint,
  type Histogram,
  type MetricData,
  type MetricProducer,
} from '@opentelemetry/sdk-metrics';
import { SCOPE_NAME, SCOPE_VERSION } from '../telemetry.ts';
import {
  HTTP_METRICS,
  type HttpHistogramDescriptor,
  type HttpMetricDescriptor,
  emptyWindow,
  FIRST_RECORD,
  HISTOGRAM_LAYOUT,
  WINDOW_LENGTH,
  type HttpMetricSeries,
  type HttpMetricSeriesTable,
} from '../http-metrics.ts';

const { COUNT, SUM, MIN, MAX, BUCKETS } = HISTOGRAM_LAYOUT;
/** The three histograms, and where each one's min, max and sum sit in a window slot. */
const HISTOGRAMS = [
  ['duration', 0],
  ['requestBodySize', 3],
  ['responseBodySize', 6],
] as const;

/** Who chooses the temporality: a MetricReader, or the PushMetricExporter of a periodic reader. */
export interface TemporalitySource {
  selectAggregationTemporality?(instrumentType: InstrumentType): AggregationTemporality;
}

/** The lean HTTP metrics for one reader. */
export class HttpMetricProducer implements MetricProducer {
  private histogramTemporality: AggregationTemporality | undefined;
  private activeTemporality: AggregationTemporality | undefined;
  private lastCollectionMs: number | undefined;
  /** Delta: the values of each series at the previous collection, and this reader's window slot. */
  private readonly reported = new Map<HttpMetricSeries, Float64Array>();
  private windowSlot: number | undefined;
  /** Delta: the series the last collection reported; one it lacked starts at its first record since, as in the SDK (calibrateStartTime). */
  private exported = new Set<HttpMetricSeries>();
  /** The active requests of each attribute set as this reader last saw them. */
  private readonly active = new Map<Attributes, number>();
  /** Not exported: MetricReader.collect keeps the provider's resource. */
  private readonly resource = emptyResource();
  private readonly table: HttpMetricSeriesTable;
  /** The reader's (or its exporter's) temporality choice; cumulative without it. */
  private readonly temporality: TemporalitySource | undefined;

  constructor(table: HttpMetricSeriesTable, temporality?: TemporalitySource) {
    this.table = table;
    this.temporality = temporality;
  }

  /** The metrics as this reader's temporality wants them; synchronous inside, so never torn by a record. */
  async collect(): Promise<CollectionResult> {
    // The system clock in whole milliseconds, as the SDK's MetricCollector reads it.
    const now = Date.now();
    const metrics = [...this.collectActive(now), ...this.collectHistograms(now)];
    this.lastCollectionMs = now;
    return {
      resourceMetrics: {
        resource: this.resource,
        scopeMetrics: metrics.length === 0 ? [] : [{ scope: { name: SCOPE_NAME, version: SCOPE_VERSION }, metrics }],
      },
      errors: [],
    };
  }

  /** `http.server.active_requests`, from http-metrics.ts's own callback; none before a request was counted. */
  private collectActive(now: number): MetricData[] {
    const temporality = (this.activeTemporality ??= temporalityOf(
      this.temporality,
      InstrumentType.OBSERVABLE_UP_DOWN_COUNTER,
    ));
    const delta = temporality === AggregationTemporality.DELTA;
    const points: DataPoint<number>[] = [];
    HTTP_METRICS.observeActiveRequests({
      observe: (value: number, attributes: Attributes = {}) => {
        const since =
          this.table.activeSince.get(attributes) ?? this.table.activeSince.set(attributes, now).get(attributes)!;
        const before = this.active.get(attributes) ?? 0;
        this.active.set(attributes, value);
        points.push({
          attributes,
          startTime: hrTime(delta ? Math.max(since, this.lastCollectionMs ?? since) : since),
          endTime: hrTime(now),
          value: delta ? value - before : value,
        });
      },
    });
    if (points.length === 0) return [];
    const descriptor = sdkDescriptor(HTTP_METRICS.activeRequests, InstrumentType.OBSERVABLE_UP_DOWN_COUNTER);
    return [
      {
        descriptor,
        aggregationTemporality: temporality,
        dataPointType: DataPointType.SUM,
        dataPoints: points,
        isMonotonic: false,
      },
    ];
  }

  /** The three histograms; a delta reader gets the series recorded to since its last collection. */
  private collectHistograms(now: number): MetricData[] {
    const temporality = (this.histogramTemporality ??= temporalityOf(this.temporality, InstrumentType.HISTOGRAM));
    const delta = temporality === AggregationTemporality.DELTA;
    const blocks = HISTOGRAMS.map(([name, window]) => ({
      descriptor: HTTP_METRICS[name],
      offset: this.table.offsets[name],
      window,
      points: [] as DataPoint<Histogram>[],
    }));
    const endTime = hrTime(now);
    const exported = new Set<HttpMetricSeries>();
    for (const series of this.table.series) {
      const previous = delta ? this.reported.get(series) : undefined;
      const window = delta && this.windowSlot !== undefined ? this.windowSlot * WINDOW_LENGTH : undefined;
      const startTime = hrTime(
        window === undefined
          ? series.startMs
          : this.exported.has(series)
            ? this.lastCollectionMs!
            : series.windows[window + FIRST_RECORD]!,
      );
      for (const block of blocks) {
        const value = histogramValue(
          block.descriptor,
          series,
          block.offset,
          previous,
          window === undefined ? undefined : window + block.window,
        );
        if (value !== undefined) block.points.push({ attributes: series.attributes, startTime, endTime, value });
      }
      if (!delta) continue;
      if (series.values[this.table.offsets.duration + COUNT] !== (previous?.[this.table.offsets.duration + COUNT] ?? 0))
        exported.add(series);
      // What was reported to this delta reader is kept, and its window emptied.
      if (previous === undefined) this.reported.set(series, series.values.slice());
      else previous.set(series.values);
      if (window !== undefined) emptyWindow(series.windows, window);
    }
    if (delta && this.windowSlot === undefined) this.windowSlot = this.table.addWindowSlot();
    this.exported = exported;
    return blocks
      .filter((block) => block.points.length > 0)
      .map((block) => ({
        descriptor: sdkDescriptor(block.descriptor, InstrumentType.HISTOGRAM),
        aggregationTemporality: temporality,
        dataPointType: DataPointType.HISTOGRAM,
        dataPoints: block.points,
      }));
  }
}

/** The temporality `source` chooses for `type`'s instruments; cumulative without a choice. */
export function temporalityOf(source: TemporalitySource | undefined, type: InstrumentType): AggregationTemporality {
  return source?.selectAggregationTemporality?.(type) ?? AggregationTemporality.CUMULATIVE;
}

/**
 * A histogram point of `series` (counts minus `previous` for a delta reader), or undefined when
 * nothing was recorded (in the interval). Min, max and sum: the series' own when cumulative or on
 * a delta reader's first collection (everything is new then), else the reader's window.
 */
function histogramValue(
  descriptor: HttpHistogramDescriptor,
  series: HttpMetricSeries,
  offset: number,
  previous: Float64Array | undefined,
  window: number | undefined,
): Histogram | undefined {
  const values = series.values;
  const count = values[offset + COUNT]! - (previous?.[offset + COUNT] ?? 0);
  if (count === 0) return undefined;
  const first = offset + BUCKETS;
  const counts = Array.from(
    values.subarray(first, first + descriptor.boundaries.length + 1),
    (total, bucket) => total - (previous?.[first + bucket] ?? 0),
  );
  const windows = series.windows;
  return {
    min: window === undefined ? values[offset + MIN]! : windows[window]!,
    max: window === undefined ? values[offset + MAX]! : windows[window + 1]!,
    sum: window === undefined ? values[offset + SUM]! : windows[window + 2]!,
    buckets: { boundaries: descriptor.boundaries as number[], counts },
    count,
  };
}

/** The descriptor object the SDK reports (createInstrumentDescriptor: with type and advice). */
function sdkDescriptor(descriptor: HttpMetricDescriptor, type: InstrumentType): MetricData['descriptor'] {
  const { name, description, unit, valueType, advice } = descriptor;
  // `type` is in the SDK's descriptor objects, not in its MetricDescriptor type.
  return { name, description, unit, valueType, type, advice } as MetricData['descriptor'];
}

/**
 * True when `reader` aggregates histograms and the active-requests counter the way the producer
 * does (the default aggregation: explicit buckets from the advice, sum). A reader that chose
 * another aggregation (an exponential histogram, a drop) needs the full path's SDK instruments.
 */
export function aggregatesAsLeanMetrics(reader: { selectAggregation?: AggregationSelector }): boolean {
  const select = reader.selectAggregation;
  if (select === undefined) return true;
  return [InstrumentType.HISTOGRAM, InstrumentType.OBSERVABLE_UP_DOWN_COUNTER].every(
    (type) => select.call(reader, type).type === AggregationType.DEFAULT,
  );
}
