/**
 * The four HTTP server metrics of the spec's Events section, with the names and units of the
 * OpenTelemetry semantic conventions and the duration buckets they advise
 * (https://opentelemetry.io/docs/specs/semconv/http/http-metrics/#metric-httpserverrequestduration),
 * defined once here for the SDK instruments of the full path and fw's own aggregation of the lean one.
 */
import { ValueType, type Attributes, type Histogram, type Meter, type MetricAdvice, type ObservableCallback, type ObservableResult } from '@opentelemetry/api';

/** Bucket boundaries of `http.server.request.duration`, in seconds. */
export const DURATION_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Bucket boundaries of the two body-size histograms, in bytes (powers of 4 up to 64 MiB). */
export const BODY_SIZE_BUCKETS: readonly number[] = [0, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864];

/** What the SDK puts in `MetricData.descriptor` for an instrument (sdk-metrics createInstrumentDescriptor). */
export interface HttpMetricDescriptor {
  readonly name: string;
  readonly description: string;
  readonly unit: string;
  readonly valueType: ValueType;
  readonly advice: MetricAdvice;
}

/** A histogram's descriptor and its explicit bucket boundaries. */
export interface HttpHistogramDescriptor extends HttpMetricDescriptor {
  readonly boundaries: readonly number[];
}

/** The four metrics, and the callback that observes the active requests. */
export interface HttpMetricDescriptors {
  readonly activeRequests: HttpMetricDescriptor;
  readonly observeActiveRequests: ObservableCallback;
  readonly duration: HttpHistogramDescriptor;
  readonly requestBodySize: HttpHistogramDescriptor;
  readonly responseBodySize: HttpHistogramDescriptor;
}

function histogram(name: string, unit: string, description: string, boundaries: readonly number[]): HttpHistogramDescriptor {
  return Object.freeze({ name, description, unit, valueType: ValueType.DOUBLE, advice: { explicitBucketBoundaries: [...boundaries] }, boundaries: Object.freeze([...boundaries]) });
}

const DESCRIPTORS: HttpMetricDescriptors = Object.freeze({
  activeRequests: Object.freeze({ name: 'http.server.active_requests', description: 'Number of active HTTP server requests.', unit: '{request}', valueType: ValueType.DOUBLE, advice: {} }),
  observeActiveRequests: observeActiveRequests,
  duration: histogram('http.server.request.duration', 's', 'Duration of HTTP server requests.', DURATION_BUCKETS),
  requestBodySize: histogram('http.server.request.body.size', 'By', 'Size of HTTP server request bodies.', BODY_SIZE_BUCKETS),
  responseBodySize: histogram('http.server.response.body.size', 'By', 'Size of HTTP server response bodies.', BODY_SIZE_BUCKETS),
});

/** The descriptors the lean path's producer reports. */
export function httpMetricDescriptors(): HttpMetricDescriptors {
  return DESCRIPTORS;
}

/** The synchronous instruments one stream handler records to. */
export interface HttpServerMetrics {
  readonly duration: Histogram;
  readonly requestBodySize: Histogram;
  readonly responseBodySize: Histogram;
}

/** Creates the four instruments on `meter` (the active requests once per meter). */
export function createHttpServerMetrics(meter: Meter): HttpServerMetrics {
  if (!observed.has(meter)) {
    observed.add(meter);
    const { activeRequests: active } = DESCRIPTORS;
    meter.createObservableUpDownCounter(active.name, { unit: active.unit, description: active.description }).addCallback(DESCRIPTORS.observeActiveRequests);
  }
  const create = ({ name, unit, description, boundaries }: HttpHistogramDescriptor): Histogram => meter.createHistogram(name, { unit, description, advice: { explicitBucketBoundaries: [...boundaries] } });
  return { duration: create(DESCRIPTORS.duration), requestBodySize: create(DESCRIPTORS.requestBodySize), responseBodySize: create(DESCRIPTORS.responseBodySize) };
}

const observed = new WeakSet<Meter>();

/** One attribute set of `http.server.active_requests` and the requests in flight with it. */
export interface ActiveRequests {
  readonly attributes: Attributes;
  count: number;
}

/**
 * The active requests as plain counters per (method, scheme), process-wide, reported by an
 * asynchronous up-down counter when metrics are collected: a synchronous add(+1)/add(-1) costs two
 * attribute hashes per request in the SDK (bench/telemetry.bench.ts); a counter bump costs nothing.
 */
const byScheme: Record<'http' | 'https', Map<string, ActiveRequests>> = { http: new Map(), https: new Map() };

function observeActiveRequests(result: ObservableResult): void {
  for (const cache of [byScheme.http, byScheme.https]) for (const entry of cache.values()) result.observe(entry.count, entry.attributes);
}

/** The counter of (method, scheme); the method is already normalized, so the map stays small. */
export function activeRequestsOf(method: string, scheme: 'http' | 'https'): ActiveRequests {
  const cache = byScheme[scheme];
  let entry = cache.get(method);
  if (entry === undefined) {
    entry = { attributes: Object.freeze({ 'http.request.method': method, 'url.scheme': scheme }), count: 0 };
    cache.set(method, entry);
  }
  return entry;
}
