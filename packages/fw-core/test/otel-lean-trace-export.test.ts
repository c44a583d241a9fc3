/**
 * The lean trace export end to end, without the SDK: LeanServerSpans end, are batched, encoded
 * by fw's encoder and posted to the project's OTLP receiver, which decodes them with protobufjs.
 * Ids, parent, trace state, name, kind, times, attributes, events and status arrive as recorded.
 */
import { SpanStatusCode } from '@opentelemetry/api';
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { addMs, LeanServerSpan, millisToTime, toHex, parseTraceparent } from '../src/otel/lean/lean-span.ts';
import { readEnvConfig } from '../src/otel/env-config.ts';
import { createLeanTraceExport, type LeanTraceExport } from '../src/otel/lean/lean-trace-export.ts';
import { type OtlpReceiver, startOtlpReceiver } from './support/otel-receiver.ts';

/** The SDK's default span limits, as fw reads them from an empty environment. */
const DEFAULT_SPAN_LIMITS = readEnvConfig({}).spanLimits;

let receiver: OtlpReceiver;
let exporter: LeanTraceExport;

before(async () => {
  receiver = await startOtlpReceiver();
  exporter = createLeanTraceExport({
    resource: { attributes: { 'service.name': 'lean-test' } },
    scope: { name: 'fw-core', version: '0.1.0' },
    sender: { url: `${receiver.url}/v1/traces`, timeoutMs: 5000 },
    batch: { maxQueueSize: 100, maxExportBatchSize: 10, scheduledDelayMs: 60_000 },
  });
});
after(async () => {
  await exporter?.shutdown(1000);
  await receiver?.close();
});

describe('lean trace export', () => {
  it('delivers spans to an OTLP receiver as recorded', async () => {
    const before = Date.now();
    const parent = parseTraceparent('00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', 'vendor=abc');
    const child = new LeanServerSpan('HTTP GET', parent, true, DEFAULT_SPAN_LIMITS, (span) => exporter.add(span)).setAttributes({ 'http.request.method': 'GET', 'url.path': '/api/posts/42', 'server.port': 8080 });
    child.setAttribute('http.response.status_code', 500);
    child.recordException(new Error('store down'));
    child.setStatus({ code: SpanStatusCode.ERROR });
    child.updateName('GET /api/posts/:id');
    child.end();
    const root = new LeanServerSpan('HTTP POST', undefined, true, DEFAULT_SPAN_LIMITS, (span) => exporter.add(span)).setAttributes({ 'http.request.method': 'POST' });
    root.end();
    await exporter.sdkSpans.forceFlush();
    const after = Date.now();
    assert.equal(receiver.spans.length, 2);
    const [received, receivedRoot] = receiver.spans;
    assert.equal(received?.name, 'GET /api/posts/:id');
    assert.equal(received?.kind, 'SPAN_KIND_SERVER');
    assert.equal(received?.traceId, '0af7651916cd43dd8448eb211c80319c');
    assert.equal(received?.parentSpanId, 'b7ad6b7169203331');
    assert.equal(received?.spanId, toHex(child.spanId));
    assert.equal(received?.traceState, 'vendor=abc');
    assert.deepEqual(received?.attributes, { 'http.request.method': 'GET', 'url.path': '/api/posts/42', 'server.port': 8080, 'http.response.status_code': 500 });
    assert.equal(received?.status.code, 'STATUS_CODE_ERROR');
    assert.equal(receivedRoot?.parentSpanId, '');
    assert.equal(receivedRoot?.traceId, toHex(root.traceId));
    const { startTimeMs: startMs, endTimeMs: endMs } = received!;
    assert.ok(before - 1 <= startMs && startMs <= endMs && endMs <= after + 1, `${before} <= ${startMs} <= ${endMs} <= ${after}`);
  });

  it('turns performance.now() readings into Unix time to the nanosecond field', () => {
    const now = performance.now();
    const span = new LeanServerSpan('HTTP GET', undefined, true, DEFAULT_SPAN_LIMITS, () => {}, undefined, now);
    const [seconds, nanoseconds] = span.timeAt(now + 1.5);
    assert.equal(seconds * 1000 + nanoseconds / 1e6, span.startWallMs + 1.5);
    assert.ok(Number.isInteger(seconds) && Number.isInteger(nanoseconds) && nanoseconds >= 0 && nanoseconds < 1e9);
  });

  it('keeps the difference of two readings to the nanosecond, carries across seconds, and takes readings before the origin', () => {
    const ns = ([seconds, nanoseconds]: readonly [number, number]): bigint => BigInt(seconds) * 1_000_000_000n + BigInt(nanoseconds);
    const wallMs = 1_764_000_000_999;
    for (const start of [0, 0.0004, 999.9999996, 1234.5678901, 86_400_000.000001, -5.25]) {
      for (const lasting of [0.000001, 0.001234567, 1, 999.999999, 1000.000001]) {
        // As LeanServerSpan.timeAt: its start time plus the reading less the start's reading.
        const [startTime, endTime] = [addMs(millisToTime(wallMs), 0), addMs(millisToTime(wallMs), start + lasting - start)];
        for (const [, nanoseconds] of [startTime, endTime]) assert.ok(Number.isInteger(nanoseconds) && nanoseconds >= 0 && nanoseconds < 1e9);
        const difference = Number(ns(endTime) - ns(startTime));
        assert.ok(Math.abs(difference - lasting * 1e6) <= 1, `${start} + ${lasting} ms: ${difference} ns`);
      }
    }
  });
});
