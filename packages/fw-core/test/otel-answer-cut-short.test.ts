/**
 * A collector that ends the connection (FIN) after an answer's head and part of its body: the
 * lean sender goes by the status, as the SDK's exporter does (its response errors once the status is
 * known): a 2xx is a success, not posted again (the collector took the batch: a retry would send it
 * twice), a 4xx fails at once, a 503 is retried. Found by comparing both against a scripted collector.
 * A redirect or a 413 is neither followed nor retried by either (docs/telemetry.md).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { OtlpHttpSender } from '../src/otel/lean/otlp-socket-client.ts';

/** What the collector answers each post with before closing the connection. */
let answer = '';
let posts = 0;
let server: Server;
let url: string;

before(async () => {
  server = createServer((socket) => {
    let buffered = Buffer.alloc(0);
    socket.on('error', () => {}).on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const end = buffered.indexOf('\r\n\r\n');
      if (end === -1) return;
      // The lean sender's body has a Content-Length, the SDK's is chunked.
      const length = /content-length: (\d+)/i.exec(buffered.subarray(0, end).toString('latin1'))?.[1];
      if (length === undefined ? !buffered.subarray(end + 4).includes('0\r\n\r\n') : buffered.length < end + 4 + Number(length)) return;
      buffered = Buffer.alloc(0);
      posts += 1;
      socket.end(answer);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
});
after(() => server.close());

/** How the SDK's OTLPTraceExporter ends an export of one span. */
async function sdkExport(): Promise<ExportResult> {
  const ended: ReadableSpan[] = [];
  new TracerProvider({ spanProcessors: [{ onStart() {}, onEnd: (span) => void ended.push(span), forceFlush: async () => {}, shutdown: async () => {} }] }).getTracer('sdk').startSpan('s').end();
  const exporter = new OTLPTraceExporter({ url, timeoutMillis: 5000 });
  const result = await new Promise<ExportResult>((resolve) => exporter.export(ended, resolve));
  await exporter.shutdown();
  return result;
}

/** The lean sender's result and posts, and the SDK exporter's result code and posts, for an answer whose head is `head` and whose body is `body`, cut short by default. */
async function both(head: string, body = 'content-length: 10\r\n\r\nabc'): Promise<{ lean: unknown; leanPosts: number; sdk: ExportResultCode; sdkPosts: number }> {
  answer = `${head}${body}`;
  posts = 0;
  const sender = new OtlpHttpSender({ url, timeoutMs: 5000 });
  const lean = await sender.send(Uint8Array.from([10, 0]));
  sender.stop();
  const leanPosts = posts;
  posts = 0;
  const sdk = (await sdkExport()).code;
  return { lean, leanPosts, sdk, sdkPosts: posts };
}

describe('an answer whose body the collector cuts short by closing the connection', () => {
  it('200: a success, posted once', async () => {
    assert.deepEqual(await both('HTTP/1.1 200 OK\r\n'), { lean: { ok: true }, leanPosts: 1, sdk: ExportResultCode.SUCCESS, sdkPosts: 1 });
  });

  // The reason carries what the body held: the collector's message (otel-collector-refusal-message.test.ts).
  it('400: a failure with its status, posted once', async () => {
    assert.deepEqual(await both('HTTP/1.1 400 Bad Request\r\n'), { lean: { ok: false, reason: 'HTTP 400: abc' }, leanPosts: 1, sdk: ExportResultCode.FAILED, sdkPosts: 1 });
  });

  it('503 with Retry-After: 0: retried as a whole answer is, six posts', async () => {
    assert.deepEqual(await both('HTTP/1.1 503 Service Unavailable\r\nretry-after: 0\r\n'), { lean: { ok: false, reason: 'HTTP 503: abc' }, leanPosts: 6, sdk: ExportResultCode.FAILED, sdkPosts: 6 });
  });
});

describe('whole answers neither exporter retries or follows', () => {
  for (const status of ['307 Temporary Redirect', '308 Permanent Redirect', '413 Payload Too Large']) {
    it(`${status}: a failure with its status, posted once`, async () => {
      const result = await both(`HTTP/1.1 ${status}\r\nlocation: /v1/elsewhere\r\n`, 'content-length: 0\r\n\r\n');
      assert.deepEqual(result, { lean: { ok: false, reason: `HTTP ${status.slice(0, 3)}` }, leanPosts: 1, sdk: ExportResultCode.FAILED, sdkPosts: 1 });
    });
  }
});
