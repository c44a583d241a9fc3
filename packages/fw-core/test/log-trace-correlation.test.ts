/**
 * Request log lines carry the server span's `trace_id` and `span_id` when the span is recording:
 * compared with the span the receiver got over OTLP. Nothing when the span is not sampled, and
 * nothing when telemetry is not set up at all.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const NOT_SAMPLED = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00';

/** GETs `path` and waits for its request log line (written on 'close'), found by the response's request id. */
async function requestLogOf(app: TestApp, path: string, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const res = await fetch(`${app.url}${path}`, { headers });
  await res.arrayBuffer();
  const id = res.headers.get('x-request-id');
  const line = await app.waitForLog((l) => l.fields.event === 'request' && l.fields.request_id === id);
  return line.fields;
}

describe('request log correlation with telemetry set up', () => {
  let otel: OtelApp;
  before(async () => {
    otel = await startOtelApp({ env: { OTEL_METRICS_EXPORTER: 'none' } });
  });
  after(() => otel?.close());

  it('carries trace_id and span_id of the exported server span, lowercase hex', async () => {
    const fields = await requestLogOf(otel.app, '/api/posts/42');
    await otel.telemetry.forceFlush();
    const span = otel.receiver.spans.find((s) => s.kind === 'SPAN_KIND_SERVER' && s.spanId === fields.span_id);
    assert.ok(span, `an exported server span ${String(fields.span_id)}; got ${otel.receiver.spans.map((s) => s.spanId).join(', ')}`);
    assert.equal(fields.trace_id, span.traceId);
    assert.match(String(fields.trace_id), /^[0-9a-f]{32}$/);
    assert.match(String(fields.span_id), /^[0-9a-f]{16}$/);
    assert.equal(span.attributes['url.path'], '/api/posts/42');
    assert.equal(fields.status, 200);
  });

  it('carries the trace id a traceparent continued, with the server span id', async () => {
    const fields = await requestLogOf(otel.app, '/heartbeat', { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    assert.equal(fields.trace_id, '4bf92f3577b34da6a3ce929d0e0e4736');
    assert.notEqual(fields.span_id, '00f067aa0ba902b7');
    assert.match(String(fields.span_id), /^[0-9a-f]{16}$/);
  });

  it('carries no ids when the span is not sampled (a traceparent with flags 00)', async () => {
    const fields = await requestLogOf(otel.app, '/heartbeat', { traceparent: NOT_SAMPLED });
    assert.equal(fields.status, 200);
    assert.equal('trace_id' in fields, false);
    assert.equal('span_id' in fields, false);
  });
});

describe('request log correlation without telemetry', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ groups: [{ prefix: '', security: false, routes: [{ path: '/heartbeat', handler: () => json({ ok: true }), options: { methods: ['get'] } }] }] });
  });
  after(() => app?.close());

  it('writes the request line without trace_id or span_id', async () => {
    const fields = await requestLogOf(app, '/heartbeat', { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' });
    assert.deepEqual(Object.keys(fields).sort(), ['client.address', 'duration_ms', 'event', 'method', 'path', 'request_id', 'status']);
  });
});
