/**
 * The lean HTTP metrics pushed over OTLP/HTTP protobuf to the project's receiver: an exporter
 * that prefers delta temporality gets, over two exports, points that add up to the totals; one
 * that keeps the default gets cumulative points; active requests stay cumulative in both
 * (the exporter's delta selector keeps up-down counters cumulative).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AggregationTemporality, MeterProvider, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';
import { activeRequestsOf, HttpMetricSeriesTable } from '../src/otel/http-metrics.ts';
import { HttpMetricProducer } from '../src/otel/lean/http-metric-producer.ts';
import { startOtlpReceiver, type OtlpReceiver } from './support/otel-receiver.ts';
import { FIRST_EXCHANGES, SECOND_EXCHANGES, leanRecorder } from './support/otel-lean-metrics-exchanges.ts';

let receiver: OtlpReceiver;
before(async () => {
  receiver = await startOtlpReceiver();
});
after(async () => {
  await receiver?.close();
});

const ROUTE = { 'http.request.method': 'GET', 'url.scheme': 'http', 'network.protocol.version': '1.1', 'http.response.status_code': 200, 'http.route': '/api/posts/:id' };

/** Two exports with FIRST then SECOND exchanges recorded before each; the duration points of ROUTE and the active requests of each. */
async function pushTwice(temporality: AggregationTemporality) {
  receiver.metrics.length = 0;
  const exporter = new OTLPMetricExporter({ url: `${receiver.url}/v1/metrics`, temporalityPreference: temporality });
  const table = new HttpMetricSeriesTable();
  const reader = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000, metricProducers: [new HttpMetricProducer(table, exporter)] });
  const provider = new MeterProvider({ resource: resourceFromAttributes({ 'service.name': 'lean-push' }), readers: [reader] });
  const record = leanRecorder(table);
  const exports: { duration: { count?: number; sum?: number; bucketCounts?: number[] } | undefined; active: unknown }[] = [];
  for (const exchanges of [FIRST_EXCHANGES, SECOND_EXCHANGES]) {
    record(exchanges);
    await reader.forceFlush();
    await receiver.waitFor('the active requests', () => receiver.metrics.some((m) => m.name === 'http.server.active_requests'));
    const duration = receiver.metrics.find((m) => m.name === 'http.server.request.duration');
    const active = receiver.metrics.find((m) => m.name === 'http.server.active_requests');
    exports.push({ duration: duration?.points.find((p) => JSON.stringify(p.attributes) === JSON.stringify(ROUTE)), active: active?.points.map((p) => [p.attributes, p.value]) });
    receiver.metrics.length = 0;
  }
  await provider.shutdown();
  return exports;
}

const entry = activeRequestsOf('PUT', 'https');
before(() => {
  entry.count += 1;
});
after(() => {
  entry.count -= 1;
});

describe('lean HTTP metrics over OTLP', () => {
  it('a delta exporter gets what changed in each interval, adding up to the totals', async () => {
    const [first, second] = await pushTwice(AggregationTemporality.DELTA);
    assert.deepEqual(first!.duration, { attributes: ROUTE, count: 2, sum: 0.0173, bucketCounts: [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], bounds: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10] });
    assert.deepEqual(second!.duration, { attributes: ROUTE, count: 1, sum: 0.07, bucketCounts: [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], bounds: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10] });
    const totals = FIRST_EXCHANGES.concat(SECOND_EXCHANGES).filter((e) => e.route === '/api/posts/:id' && e.method === 'GET');
    assert.equal(first!.duration!.count! + second!.duration!.count!, totals.length);
    for (const pushed of [first, second]) assert.deepEqual(pushed!.active, [[{ 'http.request.method': 'PUT', 'url.scheme': 'https' }, 1]]);
  });

  it('a cumulative exporter gets the totals each time', async () => {
    const [first, second] = await pushTwice(AggregationTemporality.CUMULATIVE);
    assert.equal(first!.duration!.count, 2);
    assert.equal(second!.duration!.count, 3);
    assert.equal(second!.duration!.sum, 0.0173 + 0.07);
    assert.deepEqual(second!.duration!.bucketCounts, [1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    for (const pushed of [first, second]) assert.deepEqual(pushed!.active, [[{ 'http.request.method': 'PUT', 'url.scheme': 'https' }, 1]]);
  });
});
