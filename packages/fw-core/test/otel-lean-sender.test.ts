/**
 * The lean path's OTLP/HTTP sender against a scripted collector on loopback: the specification's
 * retry rule as the SDK's exporter applies it (429/502/503/504 and the connection errors it retries,
 * Retry-After honoured, others final; the same posts and waits as OTLPTraceExporter),
 * gzip, headers, one kept-alive connection, the export timeout (a retry timer firing past it ends the export with the
 * last post's error, as the SDK's does), and stop() ending a wait at once.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { once } from 'node:events';
import { gunzipSync } from 'node:zlib';
import { after, before, beforeEach, describe, it } from 'node:test';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { errorTypeOf } from '../src/otel/export-reporting.ts';
import { OtlpHttpSender } from '../src/otel/lean/otlp-socket-client.ts';
import { closedPort } from './support/closed-port.ts';
import { until, within } from './support/until.ts';

/** What the collector answers next, in order; then 200. `hang` never answers. */
let script: (number | 'hang' | { status: number; retryAfter: string })[] = [];
const received: { body: Buffer; headers: IncomingMessage['headers'] }[] = [];
let connections = 0;
const held: ServerResponse[] = [];
let server: Server;
let url: string;

before(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks), headers: req.headers });
      const next = script.shift() ?? 200;
      if (next === 'hang') return void held.push(res);
      if (typeof next === 'number') return void res.writeHead(next).end();
      res.writeHead(next.status, { 'retry-after': next.retryAfter }).end();
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/traces`;
});
after(() => {
  for (const res of held) res.destroy();
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  script = [];
  received.length = 0;
  connections = 0;
});

const BODY = Uint8Array.from([10, 3, 1, 2, 3]);

/** How the SDK's OTLPTraceExporter ends an export of one span to `target` (its posts reach the collector as the lean sender's do). */
async function sdkExport(target: string, timeoutMillis: number): Promise<ExportResult> {
  const ended: ReadableSpan[] = [];
  new TracerProvider({ spanProcessors: [{ onStart() {}, onEnd: (span) => void ended.push(span), forceFlush: async () => {}, shutdown: async () => {} }] }).getTracer('sdk').startSpan('s').end();
  const exporter = new OTLPTraceExporter({ url: target, timeoutMillis });
  const result = await new Promise<ExportResult>((resolve) => exporter.export(ended, resolve));
  await exporter.shutdown();
  return result;
}

describe('the lean OTLP sender', () => {
  it('posts protobuf with the configured headers over one kept-alive connection', async () => {
    const sender = new OtlpHttpSender({ url, headers: { authorization: 'Bearer t0ken' }, timeoutMs: 5000 });
    try {
      for (let i = 0; i < 3; i += 1) assert.deepEqual(await sender.send(BODY), { ok: true });
      assert.equal(received.length, 3);
      assert.deepEqual([...received[0]!.body], [...BODY]);
      assert.equal(received[0]!.headers['content-type'], 'application/x-protobuf');
      assert.equal(received[0]!.headers['authorization'], 'Bearer t0ken');
      assert.equal(connections, 1);
    } finally {
      sender.stop();
    }
  });

  it('gzips the body when compression is gzip', async () => {
    const sender = new OtlpHttpSender({ url, timeoutMs: 5000, compression: 'gzip' });
    try {
      assert.deepEqual(await sender.send(BODY), { ok: true });
      assert.equal(received[0]!.headers['content-encoding'], 'gzip');
      assert.deepEqual([...gunzipSync(received[0]!.body)], [...BODY]);
    } finally {
      sender.stop();
    }
  });

  it('retries 429, 502, 503 and 504, honouring Retry-After, and stops at any other status', async () => {
    const sender = new OtlpHttpSender({ url, timeoutMs: 5000, initialBackoffMs: 10 });
    try {
      script = [503, 502, { status: 429, retryAfter: '0' }, 504];
      assert.deepEqual(await sender.send(BODY), { ok: true });
      assert.equal(received.length, 5);
      received.length = 0;
      script = [400];
      assert.deepEqual(await sender.send(BODY), { ok: false, reason: 'HTTP 400' });
      assert.equal(received.length, 1, 'a 400 is not retried');
    } finally {
      sender.stop();
    }
  });

  it("posts one export as many times as the SDK's exporter when the collector asks for a retry at once (Retry-After: 0): the first post and five retries", async () => {
    // A red team's collector answered 503 with Retry-After: 0 and got about 1,000 posts of one batch a second.
    const asked = () => Array.from({ length: 10 }, () => ({ status: 503, retryAfter: '0' }));
    script = asked();
    assert.equal((await sdkExport(url, 5000)).code, ExportResultCode.FAILED);
    const sdkPosts = received.length;
    received.length = 0;
    const sender = new OtlpHttpSender({ url, timeoutMs: 5000, initialBackoffMs: 10 });
    try {
      script = asked();
      assert.deepEqual(await sender.send(BODY), { ok: false, reason: 'HTTP 503' });
      assert.equal(received.length, sdkPosts);
      assert.equal(received.length, 6);
    } finally {
      sender.stop();
    }
  });

  it("waits between retries as the SDK's exporter: the backoff times 0.8 to 1.2, capped at 5 s after the jitter, growing 1.5 times uncapped", async (t) => {
    const waits: number[] = [];
    const setTimer = globalThis.setTimeout;
    t.mock.method(Math, 'random', () => 0.999);
    t.mock.method(globalThis, 'setTimeout', ((handler: () => void, ms?: number) => {
      waits.push(ms ?? 0);
      return setTimer(handler, 0);
    }) as typeof setTimeout);
    const retryWaits = (): number[] => waits.splice(0).filter((ms) => ms >= 100 && ms < 60_000).map(Math.round);
    script = [503, 503, 503, 503, 503, 503];
    await sdkExport(url, 60_000);
    const sdk = retryWaits();
    const sender = new OtlpHttpSender({ url, timeoutMs: 60_000 });
    try {
      script = [503, 503, 503, 503, 503, 503];
      assert.deepEqual(await sender.send(BODY), { ok: false, reason: 'HTTP 503' });
      assert.deepEqual(retryWaits(), sdk);
      assert.equal(sdk.length, 5);
      assert.equal(sdk[4], 5000, 'the fifth wait, 1.2 × 5062.5 ms, is capped');
    } finally {
      sender.stop();
    }
  });

  it("posts once, as the SDK's exporter, to a collector answering what is not HTTP or failing the TLS handshake: errors the SDK does not retry", async () => {
    let posts = 0;
    const garbage = createNetServer((socket) => void socket.once('data', () => void (posts += 1, socket.end('220 smtp.example ESMTP ready\r\n\r\n'))).on('error', () => {}));
    garbage.listen(0, '127.0.0.1');
    await once(garbage, 'listening');
    const garbageUrl = `http://127.0.0.1:${(garbage.address() as AddressInfo).port}/v1/traces`;
    // TLS to a collector speaking plain HTTP: the handshake fails (as a refused certificate does) before any post.
    const tlsUrl = url.replace('http:', 'https:');
    try {
      for (const target of [garbageUrl, tlsUrl]) {
        posts = 0;
        connections = 0;
        assert.equal((await sdkExport(target, 5000)).code, ExportResultCode.FAILED);
        const sdk = { posts, connections };
        posts = 0;
        connections = 0;
        const sender = new OtlpHttpSender({ url: target, timeoutMs: 5000 });
        try {
          const started = performance.now();
          assert.equal((await sender.send(BODY)).ok, false);
          assert.ok(performance.now() - started < 900, 'failed at once, not after the first backoff (1 s)');
        } finally {
          sender.stop();
        }
        assert.deepEqual({ posts, connections }, sdk, target);
      }
    } finally {
      garbage.close();
    }
  });

  it("reads Retry-After as seconds or an HTTP date only: '-1', '5.5' and '1e3' wait the backoff, not 0", async (t) => {
    const waits: number[] = [];
    const setTimer = globalThis.setTimeout;
    t.mock.method(globalThis, 'setTimeout', ((handler: () => void, ms?: number) => {
      waits.push(ms ?? 0);
      return setTimer(handler, 0);
    }) as typeof setTimeout);
    const sender = new OtlpHttpSender({ url, timeoutMs: 60_000, initialBackoffMs: 1000 });
    try {
      script = ['-1', '5.5', '1e3'].map((retryAfter) => ({ status: 503, retryAfter }));
      assert.deepEqual(await sender.send(BODY), { ok: true });
      assert.equal(received.length, 4);
      // The sender's three retry waits: the backoff (1 s, then 1.5 s, 2.25 s) with its ±20 % jitter.
      const retries = waits.filter((ms) => ms >= 100);
      assert.equal(retries.length, 3, `waits ${waits.join(', ')}`);
      retries.forEach((ms, i) => assert.ok(ms >= 800 * 1.5 ** i && ms <= 1200 * 1.5 ** i, `wait ${i + 1}: ${ms} ms`));
    } finally {
      sender.stop();
    }
  });

  it("ends with the last post's error, as the SDK's exporter, when a retry's timer fires past the export deadline", async (t) => {
    // A 1.5 s deadline, a refused connection and a 1 s retry wait (no jitter), whose timer fires 1 s late, as under a busy
    // event loop: both clocks jump by the wait and the lateness when it fires. The SDK posts once more and ends with that post's error.
    let lateMs = 0;
    let lateTimers = 0;
    const [perfNow, dateNow, setTimer] = [performance.now.bind(performance), Date.now, globalThis.setTimeout];
    t.mock.method(Math, 'random', () => 0.5);
    t.mock.method(performance, 'now', () => perfNow() + lateMs);
    t.mock.method(Date, 'now', () => dateNow() + lateMs);
    t.mock.method(globalThis, 'setTimeout', ((handler: () => void, ms?: number) => {
      if (ms !== 1000) return setTimer(handler, ms);
      lateTimers += 1;
      return setTimer(() => {
        lateMs += ms + 1000;
        handler();
      }, 0);
    }) as typeof setTimeout);
    const refused = `http://127.0.0.1:${await closedPort()}/v1/traces`;
    const result = await sdkExport(refused, 1500);
    const sdkError = result.error as Error & { code?: string };
    assert.equal(result.code, ExportResultCode.FAILED);
    assert.match(sdkError.message, /^connect ECONNREFUSED /);
    const sender = new OtlpHttpSender({ url: refused, timeoutMs: 1500 });
    try {
      const lean = await sender.send(BODY);
      assert.deepEqual(lean, { ok: false, reason: sdkError.message });
      // What each path logs and counts as error.type (trace-pipeline.ts reads the SDK's error so).
      assert.equal(errorTypeOf(undefined, sdkError.message, sdkError.code), 'connection_error');
      assert.equal(errorTypeOf(undefined, (lean as { reason: string }).reason), 'connection_error');
      assert.equal(lateTimers, 2, 'one late retry timer on each path');
    } finally {
      sender.stop();
    }
  });

  it('retries a refused connection within the export timeout, then fails', async () => {
    // Six attempts with waits of about 130 ms in all: well within the timeout, even on a loaded machine.
    const sender = new OtlpHttpSender({ url: `http://127.0.0.1:${await closedPort()}/v1/traces`, timeoutMs: 2000, initialBackoffMs: 10 });
    const started = performance.now();
    try {
      const result = await sender.send(BODY);
      assert.equal(result.ok, false);
      assert.match((result as { reason: string }).reason, /ECONNREFUSED/);
      assert.ok(performance.now() - started < 2000, 'within the timeout, not after it');
    } finally {
      sender.stop();
    }
  });

  it('gives up on a collector that never answers within the export timeout', async () => {
    const sender = new OtlpHttpSender({ url, timeoutMs: 200 });
    script = ['hang'];
    const started = performance.now();
    try {
      const result = await sender.send(BODY);
      assert.equal(result.ok, false);
      assert.ok(performance.now() - started < 1500);
    } finally {
      sender.stop();
    }
  });

  it('ends an export whose post is in flight on stop(), without waiting for a retry', async () => {
    // A 30 s backoff: a retry wait begun after stop() would hold the export far past the check.
    const sender = new OtlpHttpSender({ url, timeoutMs: 120_000, initialBackoffMs: 30_000 });
    script = ['hang'];
    const heldBefore = held.length;
    const pending = sender.send(BODY);
    await until('the collector to hold the post', () => held.length === heldBefore + 1);
    const started = performance.now();
    sender.stop();
    assert.deepEqual(await pending, { ok: false, reason: 'stopped' });
    assert.ok(performance.now() - started < 5000);
  });

  it("ends a retry's post on stop(), saying what the export was retrying after", async () => {
    const sender = new OtlpHttpSender({ url, timeoutMs: 120_000 });
    script = [{ status: 503, retryAfter: '0' }, 'hang'];
    const heldBefore = held.length;
    const pending = sender.send(BODY);
    await until("the collector to hold the retry's post", () => held.length === heldBefore + 1);
    sender.stop();
    assert.deepEqual(await pending, { ok: false, reason: 'stopped while retrying after HTTP 503' });
  });

  it('ends a waiting retry at once on stop()', async (t) => {
    // The sender waits for its retry on a timer: 5 s less up to 20 % jitter (the cap). Its arming is the event.
    const backoffArmed = Promise.withResolvers<void>();
    const setTimer = globalThis.setTimeout;
    t.mock.method(globalThis, 'setTimeout', ((handler: () => void, ms?: number) => {
      // Not `within`'s own timer (10 s): the retry's wait is at most 5 s.
      if ((ms ?? 0) >= 4_000 && (ms ?? 0) <= 5_000) backoffArmed.resolve();
      return setTimer(handler, ms);
    }) as typeof setTimeout);
    const sender = new OtlpHttpSender({ url, timeoutMs: 60_000, initialBackoffMs: 5_000 });
    script = [503];
    const pending = sender.send(BODY);
    await within('the sender to wait for its retry', backoffArmed.promise);
    const started = performance.now();
    sender.stop();
    // The log line then says what the export was retrying after.
    assert.deepEqual(await pending, { ok: false, reason: 'stopped while retrying after HTTP 503' });
    assert.ok(performance.now() - started < 100);
  });
});
