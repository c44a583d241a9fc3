/**
 * The OTLP metrics push: with an OTLP endpoint configured, a periodic reader exports the HTTP
 * metrics over OTLP/HTTP protobuf to /v1/metrics (every export_interval_ms, 5000 by default;
 * OTEL_METRIC_EXPORT_INTERVAL shortens it here), cumulative, with the spec's buckets and units.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { EXPORT_INTERVAL_MS } from '../src/otel/env-config.ts';
import { DURATION_BUCKETS } from '../src/otel/http-metrics.ts';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';

let otel: OtelApp;
before(async () => {
  otel = await startOtelApp({
    env: {
      OTEL_METRIC_EXPORT_INTERVAL: '200',
      OTEL_BSP_SCHEDULE_DELAY: '50',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=k1,x-signal=shared',
      OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'x-signal=traces',
      OTEL_EXPORTER_OTLP_METRICS_HEADERS: 'x-signal=metrics',
    },
  });
});
after(async () => {
  await otel?.close();
});

describe('OTLP metrics push', () => {
  it('uses the spec interval by default', () => {
    assert.equal(EXPORT_INTERVAL_MS, 5000);
  });

  it('pushes the four metrics with units, buckets and http.route on its own schedule', async () => {
    for (let i = 0; i < 2; i += 1) await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
    const route = (point: { attributes: Record<string, unknown> }) => point.attributes['http.route'] === '/api/posts/:id';
    await otel.receiver.waitFor('a duration export with both requests', () =>
      otel.receiver.metrics.some((m) => m.name === 'http.server.request.duration' && m.points.some((p) => route(p) && p.count === 2)),
    );
    assert.ok(otel.receiver.requests.some((r) => r.path === '/v1/metrics' && r.contentType === 'application/x-protobuf'));
    const latest = (name: string) => otel.receiver.metrics.findLast((m) => m.name === name);
    const duration = latest('http.server.request.duration')!;
    assert.equal(duration.unit, 's');
    assert.equal(duration.kind, 'histogram');
    const point = duration.points.find(route)!;
    assert.deepEqual(point.bounds, DURATION_BUCKETS);
    assert.equal(point.bucketCounts?.length, DURATION_BUCKETS.length + 1);
    assert.equal(point.bucketCounts?.reduce((a, b) => a + b, 0), 2);
    assert.deepEqual(point.attributes, { 'http.request.method': 'GET', 'url.scheme': 'http', 'network.protocol.version': '1.1', 'http.response.status_code': 200, 'http.route': '/api/posts/:id' });
    assert.equal(latest('http.server.request.body.size')?.unit, 'By');
    assert.equal(latest('http.server.response.body.size')?.unit, 'By');
    const active = latest('http.server.active_requests')!;
    assert.equal(active.unit, '{request}');
    assert.equal(active.kind, 'sum');
    assert.deepEqual(active.points.map((p) => [p.attributes, p.value]), [[{ 'http.request.method': 'GET', 'url.scheme': 'http' }, 0]]);
  });

  it('sends the shared OTLP headers with both signals, and each signal its own', async () => {
    await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
    await otel.receiver.waitFor('a span export', () => otel.receiver.requests.some((r) => r.path === '/v1/traces'));
    const sent = (path: string) => otel.receiver.requests.filter((r) => r.path === path).map((r) => [r.headers['x-api-key'], r.headers['x-signal']]);
    const traces = sent('/v1/traces');
    const metrics = sent('/v1/metrics');
    assert.ok(traces.length > 0 && metrics.length > 0);
    assert.deepEqual(new Set(traces.map(String)), new Set(['k1,traces']));
    assert.deepEqual(new Set(metrics.map(String)), new Set(['k1,metrics']));
  });
});
