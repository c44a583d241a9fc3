/**
 * bench/support/otlp-sink.ts, the sink bench/telemetry.bench.ts counts dropped spans with: it
 * decodes every trace export (protobuf with the official protos, gzipped or not, and OTLP/JSON;
 * the exports here are written by the OpenTelemetry JS exporters' own serializers),
 * counts spans and SERVER spans per server key, and counts what does not decode instead of its
 * spans. Then the bench's whole path: a real fw server on the lean path, flushed over IPC,
 * exports exactly one SERVER span per request to its own key.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { gzipSync } from 'node:zlib';
import { SpanKind } from '@opentelemetry/api';
import { JsonTraceSerializer, ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { type ReadableSpan, type SpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { flushTelemetry, spawnServer, type Contender } from '../bench/support/harness.ts';
import { NO_EXPORTS, startOtlpSink, type OtlpSink } from '../bench/support/otlp-sink.ts';
import { LEAN, telemetryServers } from '../bench/support/telemetry-servers.ts';

/** Ended SDK spans of these kinds, as an application's tracer makes them. */
function sdkSpans(kinds: readonly SpanKind[]): ReadableSpan[] {
  const ended: ReadableSpan[] = [];
  const collect: SpanProcessor = { onStart: () => {}, onEnd: (span) => void ended.push(span), forceFlush: async () => {}, shutdown: async () => {} };
  const tracer = new TracerProvider({ resource: resourceFromAttributes({ 'service.name': 'sink-test' }), spanProcessors: [collect] }).getTracer('test');
  for (const kind of kinds) tracer.startSpan('GET', { kind, attributes: { 'http.request.method': 'GET' } }).end();
  return ended;
}

/** The OpenTelemetry JS exporters' own serializations of those spans: protobuf, and OTLP/JSON. */
const protobufExport = (kinds: readonly SpanKind[]): Uint8Array => ProtobufTraceSerializer.serializeRequest(sdkSpans(kinds)) ?? new Uint8Array();
const jsonExport = (kinds: readonly SpanKind[]): Uint8Array => JsonTraceSerializer.serializeRequest(sdkSpans(kinds)) ?? new Uint8Array();

/** An OTLP/JSON export with one SERVER span whose trace id is written as `traceId`. */
function jsonWithTraceId(traceId: string): string {
  const span = { traceId, spanId: '0102030405060708', name: 'GET', kind: 2, startTimeUnixNano: '1', endTimeUnixNano: '2' };
  return JSON.stringify({ resourceSpans: [{ resource: { attributes: [] }, scopeSpans: [{ scope: { name: 'test' }, spans: [span] }] }] });
}

async function post(url: string, body: Uint8Array | string, headers: Record<string, string>): Promise<number> {
  const response = await fetch(url, { method: 'POST', body, headers });
  await response.arrayBuffer();
  return response.status;
}

describe('the telemetry bench sink', () => {
  let sink: OtlpSink;
  before(async () => {
    sink = await startOtlpSink();
  });
  after(async () => {
    await sink.close();
  });

  it('decodes protobuf (plain and gzipped) and OTLP/JSON exports and counts spans and SERVER spans per key', async () => {
    assert.equal(await post(`${sink.urlFor('a')}/v1/traces`, protobufExport([SpanKind.SERVER, SpanKind.CLIENT, SpanKind.SERVER]), { 'content-type': 'application/x-protobuf' }), 200);
    assert.equal(await post(`${sink.urlFor('a')}/v1/traces`, gzipSync(protobufExport([SpanKind.SERVER])), { 'content-type': 'application/x-protobuf', 'content-encoding': 'gzip' }), 200);
    assert.equal(await post(`${sink.urlFor('b')}/v1/traces`, jsonExport([SpanKind.SERVER, SpanKind.SERVER, SpanKind.CLIENT, SpanKind.INTERNAL]), { 'content-type': 'application/json' }), 200);
    assert.equal(await post(`${sink.urlFor('b')}/v1/metrics`, 'not decoded', { 'content-type': 'application/x-protobuf' }), 200);
    const counts = await sink.counts();
    assert.deepEqual(counts.byKey.a, { exports: 2, bytes: counts.byKey.a?.bytes, traceExports: 2, jsonExports: 0, spans: 4, serverSpans: 3, rejected: 0 });
    assert.deepEqual(counts.byKey.b, { exports: 2, bytes: counts.byKey.b?.bytes, traceExports: 1, jsonExports: 1, spans: 4, serverSpans: 2, rejected: 0 });
    assert.equal(counts.spans, 8);
    assert.equal(counts.serverSpans, 5);
    assert.equal(counts.firstRejection, undefined);
  });

  it('counts an export that does not decode, or carries base64 ids in JSON, as rejected, not as spans', async () => {
    await post(`${sink.urlFor('bad')}/v1/traces`, Buffer.from([0x0a, 0xff, 0xff, 0xff]), { 'content-type': 'application/x-protobuf' });
    await post(`${sink.urlFor('bad')}/v1/traces`, jsonWithTraceId(Buffer.alloc(16, 1).toString('base64')), { 'content-type': 'application/json' });
    const counts = await sink.counts();
    assert.deepEqual(counts.byKey.bad, { ...NO_EXPORTS, exports: 2, bytes: counts.byKey.bad?.bytes, traceExports: 2, jsonExports: 1, rejected: 2 });
    assert.match(counts.firstRejection ?? '', /^\/bad\/v1\/traces: /);
  });

  it('receives exactly one SERVER span per request from the lean bench server once it is flushed', async () => {
    const lean = telemetryServers(sink.url).find((server) => server.name === LEAN);
    assert.ok(lean);
    const contender: Contender = await spawnServer(lean.name, lean.file, lean.env);
    try {
      for (let i = 0; i < 25; i += 1) assert.equal((await fetch(`http://127.0.0.1:${contender.port}/api/posts/${i + 1}`)).status, 200);
      await flushTelemetry(contender.child);
      const counts = (await sink.counts()).byKey[lean.key];
      assert.equal(counts?.serverSpans, 25);
      assert.equal(counts?.rejected, 0);
    } finally {
      contender.child.kill();
    }
  });
});
