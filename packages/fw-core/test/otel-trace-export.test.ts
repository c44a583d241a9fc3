/**
 * otel_fw_stream_h's server spans, exported over OTLP/HTTP protobuf to a real receiver: names,
 * kinds, the request attributes, status codes, error marking (5xx only) and parenthood.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';
import type { ReceivedSpan } from './support/otel-receiver.ts';

let otel: OtelApp;
before(async () => {
  otel = await startOtelApp({ plugin: false });
});
after(async () => {
  await otel?.close();
});

/** Sends a request, flushes, and returns the server span of it (by url.path). */
async function serverSpanOf(path: string, init: RequestInit = {}): Promise<{ span: ReceivedSpan; status: number }> {
  const seen = otel.receiver.spans.length;
  const res = await fetch(`${otel.app.url}${path}`, { ...init, headers: { 'user-agent': 'otel-test/1.0', ...init.headers } });
  await res.arrayBuffer();
  await otel.telemetry.forceFlush();
  const urlPath = path.split('?')[0];
  const span = otel.receiver.spans.slice(seen).find((s) => s.kind === 'SPAN_KIND_SERVER' && s.attributes['url.path'] === urlPath);
  assert.ok(span, `a server span for ${path}`);
  return { span, status: res.status };
}

describe('otel_fw_stream_h spans over OTLP/HTTP protobuf', () => {
  it('exports to /v1/traces with content-type application/x-protobuf', async () => {
    await serverSpanOf('/heartbeat');
    assert.ok(otel.receiver.requests.some((r) => r.path === '/v1/traces' && r.contentType === 'application/x-protobuf'));
  });

  it('names a SERVER span HTTP <method> and sets the request and response attributes', async () => {
    const port = Number(new URL(otel.app.url).port);
    const { span } = await serverSpanOf('/api/posts/42?fields=title');
    assert.equal(span.name, 'HTTP GET');
    assert.equal(span.kind, 'SPAN_KIND_SERVER');
    assert.equal(span.parentSpanId, '');
    assert.equal(span.scope, 'fw-core');
    assert.equal(span.resource['service.name'], 'otel_test');
    const { 'network.peer.port': peerPort, ...rest } = span.attributes;
    assert.equal(typeof peerPort, 'number');
    assert.deepEqual(rest, {
      'http.request.method': 'GET',
      'url.path': '/api/posts/42',
      'url.query': 'fields=title',
      'url.scheme': 'http',
      'server.address': '127.0.0.1',
      'server.port': port,
      'client.address': '127.0.0.1',
      'network.peer.address': '127.0.0.1',
      'network.protocol.version': '1.1',
      'user_agent.original': 'otel-test/1.0',
      'http.response.status_code': 200,
    });
    assert.deepEqual(span.status, { code: 'STATUS_CODE_UNSET', message: '' });
  });

  it('leaves url.query out when there is none and http.route out without otel_fw_plugin', async () => {
    const { span } = await serverSpanOf('/api/posts/42');
    assert.equal('url.query' in span.attributes, false);
    assert.equal('http.route' in span.attributes, false);
    assert.equal(span.name, 'HTTP GET');
  });

  it('does not mark 4xx as an error', async () => {
    const { span, status } = await serverSpanOf('/api/posts/7');
    assert.equal(status, 404);
    assert.equal(span.attributes['http.response.status_code'], 404);
    assert.equal('error.type' in span.attributes, false);
    assert.equal(span.status.code, 'STATUS_CODE_UNSET');
  });

  it('marks 500 and 503 as errors with error.type', async () => {
    for (const [path, code] of [['/boom', 500], ['/unavailable', 503]] as const) {
      const { span, status } = await serverSpanOf(path);
      assert.equal(status, code);
      assert.equal(span.attributes['http.response.status_code'], code);
      assert.equal(span.attributes['error.type'], String(code));
      // No status message for 5xx (semconv: the status code carries it); protobuf's empty string.
      assert.deepEqual(span.status, { code: 'STATUS_CODE_ERROR', message: '' });
    }
  });

  it('runs the controller inside the span: a span it starts is a child of the server span', async () => {
    const { span } = await serverSpanOf('/child');
    const child = otel.receiver.spans.find((s) => s.name === 'child work');
    assert.ok(child);
    assert.equal(child.traceId, span.traceId);
    assert.equal(child.parentSpanId, span.spanId);
    assert.equal(child.kind, 'SPAN_KIND_INTERNAL');
  });

  it('records a method semconv does not know as _OTHER, keeping the original', async () => {
    // node:http's parser refuses made-up methods itself; PROPFIND (WebDAV) reaches the listener.
    const { span, status } = await serverSpanOf('/heartbeat', { method: 'PROPFIND' });
    assert.equal(status, 405);
    assert.equal(span.name, 'HTTP _OTHER');
    assert.equal(span.attributes['http.request.method'], '_OTHER');
    assert.equal(span.attributes['http.request.method_original'], 'PROPFIND');
  });

  it('gives every request its own trace when none comes in', async () => {
    const first = (await serverSpanOf('/heartbeat')).span;
    const second = (await serverSpanOf('/heartbeat')).span;
    assert.notEqual(first.traceId, second.traceId);
    assert.match(first.traceId, /^[0-9a-f]{32}$/);
    assert.match(first.spanId, /^[0-9a-f]{16}$/);
  });

  it('ends the span of a request whose client went away, as an aborted error without status code', async () => {
    const seen = otel.receiver.spans.length;
    // The exchange ends on the server's 'close' of the response; listen after fw's listener.
    const closed = new Promise<void>((resolve) => otel.app.server.server.once('request', (_req, res) => res.once('close', resolve)));
    const controller = new AbortController();
    const pending = fetch(`${otel.app.url}/slow`, { signal: controller.signal }).catch((error: unknown) => error);
    await otel.slowArrived();
    controller.abort();
    assert.equal(((await pending) as Error).name, 'AbortError');
    await closed;
    await otel.telemetry.forceFlush();
    otel.release();
    const span = otel.receiver.spans.slice(seen).find((s) => s.attributes['url.path'] === '/slow');
    assert.ok(span);
    assert.equal(span.attributes['error.type'], 'aborted');
    assert.equal('http.response.status_code' in span.attributes, false);
    assert.equal(span.status.code, 'STATUS_CODE_ERROR');
  });
});
