/**
 * The four HTTP server instruments of the spec's Events section, with the names and units of
 * the OpenTelemetry semantic conventions and the duration buckets they advise
 * (https://opentelemetry.io/docs/specs/semconv/http/http-metrics/#metric-httpserverrequestduration).
 */
import type { Histogram, Meter } from '@opentelemetry/api';
import { observeActiveRequests } from './active-requests.ts';

/** Bucket boundaries of `http.server.request.duration`, in seconds. */
export const DURATION_BUCKETS: readonly number[] = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

/** Bucket boundaries of the two body-size histograms, in bytes (powers of 4 up to 64 MiB). */
export const BODY_SIZE_BUCKETS: readonly number[] = [0, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576, 4194304, 16777216, 67108864];

/** The synchronous instruments one stream handler records to (active requests: active-requests.ts). */
export interface HttpServerMetrics {
  readonly duration: Histogram;
  readonly requestBodySize: Histogram;
  readonly responseBodySize: Histogram;
}

/** Creates the four instruments on `meter`. */
export function createHttpServerMetrics(meter: Meter): HttpServerMetrics {
  observeActiveRequests(meter);
  return {
    duration: meter.createHistogram('http.server.request.duration', {
      unit: 's',
      description: 'Duration of HTTP server requests.',
      advice: { explicitBucketBoundaries: [...DURATION_BUCKETS] },
    }),
    requestBodySize: meter.createHistogram('http.server.request.body.size', {
      unit: 'By',
      description: 'Size of HTTP server request bodies.',
      advice: { explicitBucketBoundaries: [...BODY_SIZE_BUCKETS] },
    }),
    responseBodySize: meter.createHistogram('http.server.response.body.size', {
      unit: 'By',
      description: 'Size of HTTP server response bodies.',
      advice: { explicitBucketBoundaries: [...BODY_SIZE_BUCKETS] },
    }),
  };
}
