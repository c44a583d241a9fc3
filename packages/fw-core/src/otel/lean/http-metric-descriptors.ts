/**
 * The descriptors of the four HTTP server metrics, and the active-requests callback, as
 * http-metrics.ts defines them: createHttpServerMetrics is handed a meter that only remembers what
 * it is asked to create. Names, units, descriptions and bucket boundaries stay defined in one
 * place, for the SDK instruments of the full path and for fw's own aggregation of the lean path.
 */
import { createNoopMeter, ValueType, type Histogram, type Meter, type MetricAdvice, type MetricOptions, type ObservableCallback } from '@opentelemetry/api';
import { createHttpServerMetrics } from '../http-metrics.ts';

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

/** The four metrics, in the order createHttpServerMetrics registers them. */
export interface HttpMetricDescriptors {
  readonly activeRequests: HttpMetricDescriptor;
  /** Observes every (method, scheme) counter of active-requests.ts. */
  readonly observeActiveRequests: ObservableCallback;
  readonly duration: HttpHistogramDescriptor;
  readonly requestBodySize: HttpHistogramDescriptor;
  readonly responseBodySize: HttpHistogramDescriptor;
}

/** Runs createHttpServerMetrics on a recording meter and returns what it created. */
export function httpMetricDescriptors(): HttpMetricDescriptors {
  const histograms = new Map<Histogram, HttpHistogramDescriptor>();
  let activeRequests: HttpMetricDescriptor | undefined;
  let observe: ObservableCallback | undefined;
  const noop = createNoopMeter();
  const meter: Meter = Object.assign(Object.create(noop) as Meter, {
    createHistogram(name: string, options?: MetricOptions): Histogram {
      // A fresh object: the noop meter hands out one shared histogram, which could not tell them apart.
      const histogram: Histogram = { record: () => {} };
      const boundaries = options?.advice?.explicitBucketBoundaries;
      if (boundaries === undefined) throw new Error(`http-metrics.ts gives ${name} no bucket boundaries; the lean path needs them`);
      histograms.set(histogram, { ...descriptorOf(name, options), boundaries: Object.freeze([...boundaries]) });
      return histogram;
    },
    createObservableUpDownCounter(name: string, options?: MetricOptions) {
      activeRequests = descriptorOf(name, options);
      const counter = noop.createObservableUpDownCounter(name, options);
      counter.addCallback = (callback) => {
        observe = callback;
      };
      return counter;
    },
  });
  const created = createHttpServerMetrics(meter);
  if (activeRequests === undefined || observe === undefined) throw new Error('http-metrics.ts no longer observes the active requests');
  return Object.freeze({
    activeRequests,
    observeActiveRequests: observe,
    duration: histograms.get(created.duration)!,
    requestBodySize: histograms.get(created.requestBodySize)!,
    responseBodySize: histograms.get(created.responseBodySize)!,
  });
}

function descriptorOf(name: string, options: MetricOptions | undefined): HttpMetricDescriptor {
  return Object.freeze({
    name,
    description: options?.description ?? '',
    unit: options?.unit ?? '',
    valueType: options?.valueType ?? ValueType.DOUBLE,
    advice: options?.advice ?? {},
  });
}
