/**
 * OTEL_EXPORTER_OTLP_PROTOCOL=http/json is a real choice (issue 36, item 6): the OTLP/JSON fw
 * sends is the protobuf request as the OTLP specification maps it to JSON (lowerCamelCase keys,
 * trace and span ids in hex, enums as integers, 64-bit integers as strings, other bytes in
 * base64), checked field by field against the official protos' decoding of the same bytes; and
 * both paths post it as `application/json` to a real collector, traces and metrics alike.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { ProtobufMetricsSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AggregationType, InstrumentType, MeterProvider } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { requestToJson } from '../src/otel/otlp-json.ts';
import { PullMetricReader } from '../src/otel/metrics-pipeline.ts';
import { startFakeCollector } from './support/otel-fake-collector.ts';
import { startOtelApp } from './support/otel-app.ts';
import './support/otlp-official-trace.ts';

/** The official generated protos (their SHA-256 is checked by otlp-official-trace.ts, imported above). */
const official = createRequire(import.meta.url)(new URL('./support/opentelemetry-proto-protobufjs.cjs', import.meta.url).pathname) as {
  opentelemetry: { proto: { collector: Record<'trace' | 'metrics', { v1: Record<string, { decode(bytes: Uint8Array): object; toObject(message: object, options: object): object }> }> } };
};

const ID_FIELDS = new Set(['traceId', 'spanId', 'parentSpanId']);

/** The official decoding, mapped as the OTLP/JSON rules say: 64-bit as strings, enums as numbers, ids in hex, other bytes in base64. */
function expectedJson(bytes: Uint8Array, signal: 'trace' | 'metrics'): any {
  const type = official.opentelemetry.proto.collector[signal].v1[signal === 'trace' ? 'ExportTraceServiceRequest' : 'ExportMetricsServiceRequest']!;
  const object = type.toObject(type.decode(bytes), { longs: String, enums: Number, bytes: String, defaults: false, arrays: false });
  return hexIds(object);
}

function hexIds(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => hexIds(item));
  if (typeof value === 'string' && ID_FIELDS.has(key)) return Buffer.from(value, 'base64').toString('hex');
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hexIds(v, k)]));
}

function rich(): Uint8Array {
  const exporter = new InMemorySpanExporter();
  const provider = new TracerProvider({ resource: resourceFromAttributes({ 'service.name': 'json_test', big: 2 ** 40 }), spanProcessors: [new SimpleSpanProcessor({ exporter })] });
  const tracer = provider.getTracer('scope-a', '1.2.3');
  const parent = tracer.startSpan('parent', { kind: SpanKind.SERVER, startTime: [1700000000, 5] });
  const link = { context: parent.spanContext(), attributes: { why: 'follows' } };
  const child = tracer.startSpan('child', { kind: SpanKind.CLIENT, links: [link], startTime: [1700000001, 0], attributes: { s: 'ü', b: true, i: -5, huge: 2 ** 40, d: 1.5, list: ['a', 'b'], flags: [true, false], ints: [1, -2] } });
  child.addEvent('retry', { attempt: 2 }, [1700000001, 999999999]);
  child.setStatus({ code: SpanStatusCode.ERROR, message: 'timed out' });
  child.end([1700000002, 0]);
  parent.end([1700000003, 1]);
  return ProtobufTraceSerializer.serializeRequest(exporter.getFinishedSpans())!;
}

async function metrics(): Promise<Uint8Array> {
  const reader = new PullMetricReader({ aggregationSelector: (type) => (type === InstrumentType.HISTOGRAM ? { type: AggregationType.EXPLICIT_BUCKET_HISTOGRAM, options: { boundaries: [0.5, 1.5] } } : { type: AggregationType.DEFAULT }) });
  const provider = new MeterProvider({ resource: resourceFromAttributes({ 'service.name': 'json_test' }), readers: [reader] });
  const meter = provider.getMeter('scope-m');
  meter.createCounter('ints', { unit: '{thing}', valueType: 1 }).add(3, { k: 'v' });
  meter.createCounter('doubles').add(2.5);
  meter.createUpDownCounter('level').add(-4);
  const histogram = meter.createHistogram('latency', { unit: 's' });
  for (const value of [0.1, 1, 2, 7]) histogram.record(value, { route: '/x' });
  meter.createObservableGauge('gauge').addCallback((result) => result.observe(-1.25));
  const { resourceMetrics } = await reader.collect();
  await provider.shutdown();
  return ProtobufMetricsSerializer.serializeRequest(resourceMetrics)!;
}

describe('OTLP/JSON', () => {
  it('is the protobuf trace request mapped field by field as the OTLP specification says', () => {
    const protobuf = rich();
    const json = JSON.parse(Buffer.from(requestToJson(protobuf, 'TraceRequest')).toString('utf8')) as any;
    assert.deepEqual(json, expectedJson(protobuf, 'trace'));
    const spans = json.resourceSpans[0].scopeSpans[0].spans;
    const child = spans.find((span: { name: string }) => span.name === 'child');
    // The rules themselves, on a few fields: hex ids, integer enums, 64-bit as strings.
    assert.match(child.traceId, /^[0-9a-f]{32}$/);
    assert.match(child.spanId, /^[0-9a-f]{16}$/);
    assert.equal(child.kind, 3);
    assert.equal(child.status.code, 2);
    assert.equal(child.endTimeUnixNano, '1700000002000000000');
    assert.deepEqual(child.attributes.find((kv: { key: string }) => kv.key === 'i').value, { intValue: '-5' });
    assert.deepEqual(child.attributes.find((kv: { key: string }) => kv.key === 'huge').value, { intValue: String(2 ** 40) });
    assert.equal(child.events[0].timeUnixNano, '1700000001999999999');
  });

  it('is the protobuf metrics request mapped field by field (sums, gauges, histograms with packed counts and bounds)', async () => {
    const protobuf = await metrics();
    const json = JSON.parse(Buffer.from(requestToJson(protobuf, 'MetricsRequest')).toString('utf8')) as any;
    assert.deepEqual(json, expectedJson(protobuf, 'metrics'));
    const latency = json.resourceMetrics[0].scopeMetrics[0].metrics.find((metric: { name: string }) => metric.name === 'latency');
    assert.deepEqual(latency.histogram.dataPoints[0].bucketCounts, ['1', '1', '2']);
    assert.deepEqual(latency.histogram.dataPoints[0].explicitBounds, [0.5, 1.5]);
    assert.equal(latency.histogram.aggregationTemporality, 2);
  });

  for (const path of ['lean', 'full'] as const) {
    it(`is what the ${path} path posts, as application/json, for traces and metrics`, async () => {
      const collector = await startFakeCollector({ status: 200 });
      const otel = await startOtelApp({
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json', OTEL_METRICS_EXPORTER: 'otlp', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
        telemetry: { batch: { scheduledDelayMillis: 60_000 }, exportIntervalMs: 60_000 },
      });
      try {
        assert.equal(otel.telemetry.path, path);
        for (let i = 0; i < 3; i += 1) await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
        await otel.telemetry.forceFlush();
        const traces = collector.requests.filter((request) => request.path === '/v1/traces');
        const pushed = collector.requests.filter((request) => request.path === '/v1/metrics');
        assert.deepEqual([...new Set([...traces, ...pushed].map((request) => request.headers['content-type']))], ['application/json']);
        assert.equal(traces.reduce((sum, request) => sum + request.spans, 0), 3);
        const span = JSON.parse(traces[0]!.body.toString('utf8')).resourceSpans[0].scopeSpans[0].spans[0];
        assert.match(span.traceId, /^[0-9a-f]{32}$/);
        assert.match(span.spanId, /^[0-9a-f]{16}$/);
        assert.equal(span.kind, 2);
        assert.match(span.startTimeUnixNano, /^\d{19}$/);
        assert.deepEqual(span.attributes.find((kv: { key: string }) => kv.key === 'http.response.status_code').value, { intValue: '200' });
        const names = JSON.parse(pushed[0]!.body.toString('utf8')).resourceMetrics[0].scopeMetrics.flatMap((scope: { metrics: { name: string }[] }) => scope.metrics.map((metric) => metric.name));
        assert.ok(names.includes('http.server.request.duration'), names.join(', '));
      } finally {
        await otel.close();
        await collector.close();
      }
    });
  }
});
