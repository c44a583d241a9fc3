/**
 * The four HTTP server metrics of the spec's Events section with the semantic conventions' names, units
 * and advised buckets (https://opentelemetry.io/docs/specs/semconv/http/http-metrics/), for the full
 * path's SDK instruments and the lean path's own aggregation (HttpMetricSeriesTable): where the SDK
 * hashes the attributes on each record, a series is found by small integer keys and a record is a few
 * additions in a Float64Array (bench/http-metrics-lean.bench.ts).
 */
import {
  ValueType,
  type Attributes,
  type AttributeValue,
  type Histogram,
  type Meter,
  type MetricAdvice,
  type ObservableResult,
} from '@opentelemetry/api';
import type { MetricDescriptor } from '@opentelemetry/sdk-metrics';

/** Bucket boundaries of `http.server.request.duration`, in seconds. */
export const DURATION_BUCKETS: readonly number[] = [
  0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10,
];

/** Bucket boundaries of the two body-size histograms, in bytes (powers of 4 up to 64 MiB). */
const BODY_SIZE_BUCKETS: readonly number[] = [
  0, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864,
];

/** What the SDK puts in `MetricData.descriptor` for an instrument (sdk-metrics createInstrumentDescriptor). */
export type HttpMetricDescriptor = MetricDescriptor & { readonly advice: MetricAdvice };

/** A histogram's descriptor and its explicit bucket boundaries. */
export type HttpHistogramDescriptor = HttpMetricDescriptor & { readonly boundaries: readonly number[] };

function histogram(
  name: string,
  unit: string,
  description: string,
  boundaries: readonly number[],
): HttpHistogramDescriptor {
  return Object.freeze({
    name,
    description,
    unit,
    valueType: ValueType.DOUBLE,
    advice: { explicitBucketBoundaries: [...boundaries] },
    boundaries: Object.freeze([...boundaries]),
  });
}

/** A body-size histogram: in bytes, over BODY_SIZE_BUCKETS. */
function bodySize(name: string, description: string): HttpHistogramDescriptor {
  return histogram(name, 'By', description, BODY_SIZE_BUCKETS);
}

/** The four metrics, for the SDK instruments and the lean producer, and the active requests' callback. */
export const HTTP_METRICS = Object.freeze({
  activeRequests: Object.freeze({
    name: 'http.server.active_requests',
    description: 'Number of active HTTP server requests.',
    unit: '{request}',
    valueType: ValueType.DOUBLE,
    advice: {},
  }),
  observeActiveRequests,
  duration: histogram('http.server.request.duration', 's', 'Duration of HTTP server requests.', DURATION_BUCKETS),
  requestBodySize: bodySize('http.server.request.body.size', 'Size of HTTP server request bodies.'),
  responseBodySize: bodySize('http.server.response.body.size', 'Size of HTTP server response bodies.'),
});

/** The synchronous instruments one stream handler records to. */
export type HttpServerMetrics = Readonly<Record<keyof typeof OFFSETS, Histogram>>;

/** Creates the four instruments on `meter` (the active requests once per meter). */
export function createHttpServerMetrics(meter: Meter): HttpServerMetrics {
  if (!observed.has(meter)) {
    observed.add(meter);
    const { activeRequests: active } = HTTP_METRICS;
    meter
      .createObservableUpDownCounter(active.name, { unit: active.unit, description: active.description })
      .addCallback(HTTP_METRICS.observeActiveRequests);
  }
  const create = ({ name, unit, description, boundaries }: HttpHistogramDescriptor): Histogram =>
    meter.createHistogram(name, { unit, description, advice: { explicitBucketBoundaries: [...boundaries] } });
  return {
    duration: create(HTTP_METRICS.duration),
    requestBodySize: create(HTTP_METRICS.requestBodySize),
    responseBodySize: create(HTTP_METRICS.responseBodySize),
  };
}

const observed = new WeakSet<Meter>();

/** The attributes of one exchange's metrics, in the order both paths report them (the OTLP export keeps it); a status of 0 (none sent) is left out. */
export function metricAttributes(
  method: AttributeValue,
  scheme: AttributeValue,
  version: string | undefined,
  status: number,
  route: string | undefined,
  errorType: string | undefined,
): Attributes {
  const attributes: Attributes = {
    'http.request.method': method,
    'url.scheme': scheme,
    'network.protocol.version': version,
  };
  if (status > 0) attributes['http.response.status_code'] = status;
  if (route !== undefined) attributes['http.route'] = route;
  if (errorType !== undefined) attributes['error.type'] = errorType;
  return attributes;
}

/** One attribute set of `http.server.active_requests` and the requests in flight with it. */
export interface ActiveRequests {
  readonly attributes: Attributes;
  count: number;
}

/**
 * The active requests per (method, scheme), process-wide, reported by an asynchronous up-down
 * counter: the SDK's synchronous add(+1)/add(-1) hashes the attributes twice per request
 * (bench/telemetry.bench.ts).
 */
const byScheme: Record<'http' | 'https', Map<string, ActiveRequests>> = { http: new Map(), https: new Map() };

function observeActiveRequests(result: ObservableResult): void {
  for (const cache of Object.values(byScheme))
    for (const entry of cache.values()) result.observe(entry.count, entry.attributes);
}

/** The counter of (method, scheme); the method is already normalized, so the map stays small. */
export function activeRequestsOf(method: string, scheme: 'http' | 'https'): ActiveRequests {
  const cache = byScheme[scheme];
  return (
    cache.get(method) ??
    cache
      .set(method, { attributes: Object.freeze({ 'http.request.method': method, 'url.scheme': scheme }), count: 0 })
      .get(method)!
  );
}

/** Where each value sits in a histogram's block of `values`: count, sum, min, max, then one count per bucket (the last one above every boundary). */
export const HISTOGRAM_LAYOUT = Object.freeze({ COUNT: 0, SUM: 1, MIN: 2, MAX: 3, BUCKETS: 4 });
const { COUNT, SUM, MIN, MAX, BUCKETS } = HISTOGRAM_LAYOUT;
const DURATION_LENGTH = BUCKETS + DURATION_BUCKETS.length + 1;
const BODY_LENGTH = BUCKETS + BODY_SIZE_BUCKETS.length + 1;
const OFFSETS = Object.freeze({
  duration: 0,
  requestBodySize: DURATION_LENGTH,
  responseBodySize: DURATION_LENGTH + BODY_LENGTH,
});

/**
 * Per delta reader and series: each histogram's min, max and sum since that reader's last
 * collection (a difference of cumulative sums would be a few ulps off what the SDK reports), then
 * the time of the first record since (0: none), where the SDK starts a series the last export lacked.
 */
export const WINDOW_LENGTH = 10;
/** Where a window slot keeps the time of its first record. */
export const FIRST_RECORD = 9;

/** One attribute set of the three histograms and what was recorded with it. */
export interface HttpMetricSeries {
  readonly attributes: Attributes;
  /** When the series was first recorded to: `Date.now()`, as the SDK's instruments read the time (otel-lean-metrics-clock.test.ts). */
  readonly startMs: number;
  /** The three histograms, laid out as HttpMetricSeriesTable's offsets say. */
  readonly values: Float64Array;
  /** WINDOW_LENGTH numbers per delta reader slot; replaced (longer) when a slot is added. */
  windows: Float64Array;
}

/** The series of one `http.route` (or of none): find it once per exchange, or keep it on the route. */
export interface HttpRouteSeries {
  readonly route: string | undefined;
  readonly byKey: Map<number, HttpMetricSeries>;
}

/** Values of one attribute, each given a small integer once; index 0 is reserved for "absent" when asked. */
class Interned {
  readonly values: (string | undefined)[] = [];
  private readonly indexes = new Map<string | undefined, number>();
  private readonly attribute: string;
  private readonly limit: number;
  /** The value asked for last and its index: one exchange after another mostly repeats it. */
  private last: string | undefined;
  private lastIndex = -1;

  constructor(attribute: string, limit: number, initial: readonly (string | undefined)[]) {
    this.attribute = attribute;
    this.limit = limit;
    for (const value of initial) this.keyOf(value);
  }

  keyOf(value: string | undefined): number {
    if (value === this.last && this.lastIndex !== -1) return this.lastIndex;
    let index = this.indexes.get(value);
    if (index === undefined) {
      if (this.values.length >= this.limit)
        throw new RangeError(
          `${this.attribute}: more than ${this.limit} distinct values; the lean HTTP metrics key them in ${Math.log2(this.limit)} bits`,
        );
      index = this.values.length;
      this.values.push(value);
      this.indexes.set(value, index);
    }
    this.last = value;
    this.lastIndex = index;
    return index;
  }
}

/**
 * Bits of each key in a series key: 8 for the method (the known methods and `_OTHER`), 1 for the
 * scheme, 4 for the protocol version (node:http takes 0.9, 1.0, 1.1; 2.0 comes from http2), 10 for
 * the status (< 1000 in node:http), and above them the error type, unbounded (issue 36: a 5 bit
 * field dropped the exchanges of its 32nd value on). The first 127 error types keep the key a
 * small integer, which a Map hashes fastest; later ones (`5xx` texts and `aborted`: at most 501)
 * make a heap number, still exact.
 */
const METHODS = 256;
const PROTOCOLS = 16;
const STATUSES = 1024;
const LOW_KEYS = METHODS * 2 * PROTOCOLS * STATUSES;

/** The histograms of every series, process-wide or per setupTelemetry call (the caller decides). */
export class HttpMetricSeriesTable {
  /** Every series, in the order it was first recorded to (the order the SDK reports attribute sets in). */
  readonly series: HttpMetricSeries[] = [];
  /** When a reader first collected each `http.server.active_requests` attribute set: where the SDK's one storage per provider starts its points. */
  readonly activeSince = new Map<Attributes, number>();
  /** Offsets of the three histograms in `values`. */
  readonly offsets = OFFSETS;
  /** How many delta readers keep windows; grows, never shrinks. */
  private windowSlots = 0;
  private readonly durationBounds = Float64Array.from(DURATION_BUCKETS);
  /** One bucket layout serves both body sizes: they share BODY_SIZE_BUCKETS. */
  private readonly bodyBounds = Float64Array.from(BODY_SIZE_BUCKETS);
  private readonly routes = new Map<string | undefined, HttpRouteSeries>();
  private readonly methods = new Interned('http.request.method', METHODS, []);
  private readonly protocols = new Interned('network.protocol.version', PROTOCOLS, ['1.1', '1.0', '2.0']);
  private readonly errorTypes = new Interned('error.type', Infinity, [undefined]);

  /** The series of `route` (a template such as `/api/posts/:id`, or undefined when no route matched). */
  routeOf(route: string | undefined): HttpRouteSeries {
    let found = this.routes.get(route);
    if (found === undefined) {
      found = { route, byKey: new Map() };
      this.routes.set(route, found);
    }
    return found;
  }

  /** The key of an `http.request.method` value (already normalized: the set is small). */
  methodKey(method: string): number {
    return this.methods.keyOf(method);
  }

  /** The key of a `network.protocol.version` (`req.httpVersion`). */
  protocolKey(version: string): number {
    return this.protocols.keyOf(version);
  }

  /** The key of an `error.type`; 0 is "no error". */
  errorTypeKey(errorType: string | undefined): number {
    return this.errorTypes.keyOf(errorType);
  }

  /** The series of one attribute set; `scheme`: 0 http, 1 https; `status` 0: none sent (no attribute). */
  seriesOf(
    route: HttpRouteSeries,
    method: number,
    scheme: 0 | 1,
    protocol: number,
    status: number,
    errorType: number,
  ): HttpMetricSeries {
    const key = errorType * LOW_KEYS + ((method * 2 + scheme) * PROTOCOLS + protocol) * STATUSES + status;
    return route.byKey.get(key) ?? this.addSeries(route, key, method, scheme, protocol, status, errorType);
  }

  /** Records one exchange: its duration in seconds and both body sizes in bytes. */
  recordExchange(series: HttpMetricSeries, durationSeconds: number, requestBytes: number, responseBytes: number): void {
    const values = series.values;
    record(values, 0, this.durationBounds, durationSeconds);
    record(values, OFFSETS.requestBodySize, this.bodyBounds, requestBytes);
    record(values, OFFSETS.responseBodySize, this.bodyBounds, responseBytes);
    const windows = series.windows;
    for (let at = 0; at < windows.length; at += WINDOW_LENGTH) {
      widen(windows, at, durationSeconds);
      widen(windows, at + 3, requestBytes);
      widen(windows, at + 6, responseBytes);
      if (windows[at + FIRST_RECORD] === 0) windows[at + FIRST_RECORD] = Date.now();
    }
  }

  /** Gives a delta reader its own min/max window in every series; returns the slot. */
  addWindowSlot(): number {
    const slot = this.windowSlots;
    this.windowSlots += 1;
    for (const series of this.series) series.windows = grownWindows(series.windows, this.windowSlots);
    return slot;
  }

  private addSeries(
    route: HttpRouteSeries,
    key: number,
    method: number,
    scheme: 0 | 1,
    protocol: number,
    status: number,
    errorType: number,
  ): HttpMetricSeries {
    const attributes = metricAttributes(
      this.methods.values[method],
      scheme === 1 ? 'https' : 'http',
      this.protocols.values[protocol],
      status,
      route.route,
      this.errorTypes.values[errorType],
    );
    const values = new Float64Array(DURATION_LENGTH + 2 * BODY_LENGTH);
    for (const offset of [OFFSETS.duration, OFFSETS.requestBodySize, OFFSETS.responseBodySize]) {
      values[offset + MIN] = Infinity;
      values[offset + MAX] = -Infinity;
    }
    const series: HttpMetricSeries = {
      attributes: Object.freeze(attributes),
      startMs: Date.now(),
      values,
      windows: grownWindows(new Float64Array(0), this.windowSlots),
    };
    route.byKey.set(key, series);
    this.series.push(series);
    return series;
  }
}

/** Count, sum, min, max and the bucket of `value`; NaN is dropped, as the SDK does. */
function record(values: Float64Array, at: number, bounds: Float64Array, value: number): void {
  if (value !== value) return;
  values[at + COUNT] = values[at + COUNT]! + 1;
  values[at + SUM] = values[at + SUM]! + value;
  if (value < values[at + MIN]!) values[at + MIN] = value;
  if (value > values[at + MAX]!) values[at + MAX] = value;
  // Upper bounds are inclusive (`le`), as in the SDK's binarySearchUB; most values fall in the
  // first buckets, so a linear scan beats a binary search here.
  let bucket = 0;
  while (bucket < bounds.length && bounds[bucket]! < value) bucket += 1;
  values[at + BUCKETS + bucket] = values[at + BUCKETS + bucket]! + 1;
}

function widen(windows: Float64Array, at: number, value: number): void {
  if (value !== value) return;
  if (value < windows[at]!) windows[at] = value;
  if (value > windows[at + 1]!) windows[at + 1] = value;
  windows[at + 2] = windows[at + 2]! + value;
}

/** `windows` with room for `slots` readers, new slots empty. */
function grownWindows(windows: Float64Array, slots: number): Float64Array {
  const grown = new Float64Array(slots * WINDOW_LENGTH);
  grown.set(windows);
  for (let at = windows.length; at < grown.length; at += WINDOW_LENGTH) emptyWindow(grown, at);
  return grown;
}

/** Empties the window slot at `at`: min +∞, max −∞, sum 0 for each histogram, no first record. */
export function emptyWindow(windows: Float64Array, at: number): void {
  for (let histogram = at; histogram < at + FIRST_RECORD; histogram += 3) {
    windows[histogram] = Infinity;
    windows[histogram + 1] = -Infinity;
    windows[histogram + 2] = 0;
  }
  windows[at + FIRST_RECORD] = 0;
}
