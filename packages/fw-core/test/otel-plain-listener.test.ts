/**
 * Embedding: otel_fw_stream_h wraps a plain node:http listener that is not an fw app and gives
 * it the same spans and metrics (no route: only otel_fw_plugin knows one).
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { trace } from '@opentelemetry/api';
import { otelStreamHandler, setupTelemetry, type Telemetry } from '../src/otel/index.ts';
import { startOtlpReceiver, type OtlpReceiver } from './support/otel-receiver.ts';

let receiver: OtlpReceiver;
let telemetry: Telemetry;
let server: Server;
let url: string;

before(async () => {
  receiver = await startOtlpReceiver();
  telemetry = await setupTelemetry({ serviceName: 'plain', env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${receiver.url}/v1/traces` } });
  server = createServer(
    otelStreamHandler.wrap((req, res) => {
      setImmediate(() => {
        trace.getTracer('plain').startSpan('inner').end();
        res.writeHead(req.url === '/fail' ? 502 : 200, { 'content-type': 'text/plain' });
        res.end('plain answer');
      });
    }),
  ).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(async () => {
  server?.close();
  await telemetry?.shutdown();
  await receiver?.close();
});

describe('otel_fw_stream_h around a plain node:http listener', () => {
  it('produces the SERVER span with the request attributes, and children inside it', async () => {
    const res = await fetch(`${url}/things?page=2`, { method: 'PUT', body: 'abc' });
    assert.equal(await res.text(), 'plain answer');
    await telemetry.forceFlush();
    const span = receiver.spans.find((s) => s.kind === 'SPAN_KIND_SERVER');
    assert.ok(span);
    assert.equal(span.name, 'HTTP PUT');
    assert.equal(span.attributes['url.path'], '/things');
    assert.equal(span.attributes['url.query'], 'page=2');
    assert.equal(span.attributes['http.response.status_code'], 200);
    assert.equal(span.resource['service.name'], 'plain');
    const inner = receiver.spans.find((s) => s.name === 'inner');
    assert.equal(inner?.parentSpanId, span.spanId);
  });

  it('marks a 502 as an error and records the metrics without a route', async () => {
    await (await fetch(`${url}/fail`)).text();
    await telemetry.forceFlush();
    const span = receiver.spans.findLast((s) => s.kind === 'SPAN_KIND_SERVER');
    assert.equal(span?.status.code, 'STATUS_CODE_ERROR');
    assert.equal(span?.attributes['error.type'], '502');
    const text = await telemetry.scrape();
    assert.match(text, /^http_server_request_body_size_bytes_sum\{http_request_method="PUT",http_response_status_code="200",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 3$/m);
    assert.match(text, /^http_server_response_body_size_bytes_sum\{error_type="502",http_request_method="GET",http_response_status_code="502",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 12$/m);
  });
});
