/**
 * The same HTTP exchanges recorded two ways, for the lean-metrics tests: into sdk-metrics
 * instruments with the attributes the stream handler builds today (the full path), and into fw's
 * series table (the lean path).
 */
import type { Attributes } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import { type AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { createHttpServerMetrics, type HttpServerMetrics, HttpMetricSeriesTable } from '../../src/otel/http-metrics.ts';
import { HttpMetricProducer } from '../../src/otel/lean/http-metric-producer.ts';
import { PullMetricReader } from '../../src/otel/metrics-pipeline.ts';
import { SCOPE_NAME, SCOPE_VERSION } from '../../src/otel/telemetry.ts';

/** One finished exchange, as the stream handler's finish() sees it. */
export interface RecordedExchange {
  readonly method: string;
  readonly scheme: 'http' | 'https';
  readonly version: string;
  /** 0 when no response was sent. */
  readonly status: number;
  readonly route?: string;
  readonly errorType?: string;
  readonly seconds: number;
  readonly requestBytes: number;
  readonly responseBytes: number;
}

/** Exchanges over several series, with values on bucket boundaries, between them and above the last. */
export const FIRST_EXCHANGES: readonly RecordedExchange[] = [
  { method: 'GET', scheme: 'http', version: '1.1', status: 200, route: '/api/posts/:id', seconds: 0.005, requestBytes: 0, responseBytes: 64 },
  { method: 'GET', scheme: 'http', version: '1.1', status: 200, route: '/api/posts/:id', seconds: 0.0123, requestBytes: 0, responseBytes: 1500 },
  { method: 'POST', scheme: 'https', version: '2.0', status: 201, route: '/api/posts', seconds: 0.3, requestBytes: 700, responseBytes: 80 },
  { method: 'GET', scheme: 'http', version: '1.1', status: 404, seconds: 0.0004, requestBytes: 0, responseBytes: 9 },
  { method: '_OTHER', scheme: 'http', version: '1.0', status: 500, route: '/api/posts', errorType: '500', seconds: 12, requestBytes: 67108865, responseBytes: 0 },
  { method: 'GET', scheme: 'http', version: '1.1', status: 0, route: '/docs/openapi.json', errorType: 'aborted', seconds: 1.5, requestBytes: 0, responseBytes: 262144 },
];

/** More of the same series and one new one, for a second collection. */
export const SECOND_EXCHANGES: readonly RecordedExchange[] = [
  { method: 'GET', scheme: 'http', version: '1.1', status: 200, route: '/api/posts/:id', seconds: 0.07, requestBytes: 0, responseBytes: 4000 },
  { method: 'POST', scheme: 'https', version: '2.0', status: 201, route: '/api/posts', seconds: 0.02, requestBytes: 100, responseBytes: 80 },
  { method: 'DELETE', scheme: 'https', version: '1.1', status: 204, route: '/api/posts/:id', seconds: 0.001, requestBytes: 0, responseBytes: 0 },
];

/** Records into the SDK instruments of `provider`'s fw-core meter, as otel-stream-handler.ts does. */
export function sdkRecorder(provider: MeterProvider): (exchanges: readonly RecordedExchange[]) => void {
  const instruments: HttpServerMetrics = createHttpServerMetrics(provider.getMeter(SCOPE_NAME, SCOPE_VERSION));
  return (exchanges) => {
    for (const exchange of exchanges) {
      const attributes: Attributes = { 'http.request.method': exchange.method, 'url.scheme': exchange.scheme, 'network.protocol.version': exchange.version };
      if (exchange.status > 0) attributes['http.response.status_code'] = exchange.status;
      if (exchange.route !== undefined) attributes['http.route'] = exchange.route;
      if (exchange.errorType !== undefined) attributes['error.type'] = exchange.errorType;
      instruments.duration.record(exchange.seconds, attributes);
      instruments.requestBodySize.record(exchange.requestBytes, attributes);
      instruments.responseBodySize.record(exchange.responseBytes, attributes);
    }
  };
}

/** Records into fw's series table, as the lean stream handler will. */
export function leanRecorder(table: HttpMetricSeriesTable): (exchanges: readonly RecordedExchange[]) => void {
  return (exchanges) => {
    for (const exchange of exchanges) {
      const series = table.seriesOf(
        table.routeOf(exchange.route),
        table.methodKey(exchange.method),
        exchange.scheme === 'https' ? 1 : 0,
        table.protocolKey(exchange.version),
        exchange.status,
        table.errorTypeKey(exchange.errorType),
      );
      table.recordExchange(series, exchange.seconds, exchange.requestBytes, exchange.responseBytes);
    }
  };
}

/**
 * Both paths side by side, each on its own MeterProvider with a push reader exporting in memory
 * with `temporality` (an hour's interval: only `flush()` pushes) and a pull reader that collects
 * on `scrape()`: `record` gives the same exchanges to the SDK instruments and to fw's series table,
 * `exports()` what each pushed.
 */
export function pushOnBothPaths(temporality: AggregationTemporality, resource: Resource) {
  const sdkExporter = new InMemoryMetricExporter(temporality);
  const sdkReader = new PeriodicExportingMetricReader({ exporter: sdkExporter, exportIntervalMillis: 3_600_000 });
  const sdkPull = new PullMetricReader();
  const sdk = new MeterProvider({ resource, readers: [sdkReader, sdkPull] });
  const table = new HttpMetricSeriesTable();
  const leanExporter = new InMemoryMetricExporter(temporality);
  const leanReader = new PeriodicExportingMetricReader({ exporter: leanExporter, exportIntervalMillis: 3_600_000, metricProducers: [new HttpMetricProducer(table, leanExporter)] });
  const leanPull = new PullMetricReader({ metricProducers: [new HttpMetricProducer(table)] });
  const lean = new MeterProvider({ resource, readers: [leanReader, leanPull] });
  const [recordSdk, recordLean] = [sdkRecorder(sdk), leanRecorder(table)];
  return {
    record: (exchanges: readonly RecordedExchange[]): void => {
      recordSdk(exchanges);
      recordLean(exchanges);
    },
    flush: async (): Promise<void> => void (await Promise.all([sdkReader.forceFlush(), leanReader.forceFlush()])),
    scrape: async (): Promise<void> => void (await Promise.all([sdkPull.collect(), leanPull.collect()])),
    // Copies: the exporters' own lists grow with the final export of shutdown().
    exports: () => ({ sdk: [...sdkExporter.getMetrics()], lean: [...leanExporter.getMetrics()] }),
    shutdown: async (): Promise<void> => void (await Promise.all([sdk.shutdown(), lean.shutdown()])),
  };
}
