/**
 * observeExchange calls a response aborted only when it did not end. A client that reads the
 * whole body and closes at once can make node:http emit 'close' before 'finish' (the last bytes
 * are still being flushed when the socket goes away): such a complete answer is not an abort,
 * for the span's error.type nor for the metrics.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { observeExchange } from '../src/stream/exchange.ts';
import type { ExchangeEnd, StreamHandler } from '../src/stream/stream-handler.ts';
import { startTestApp } from './support/test-app.ts';
import { until } from './support/until.ts';

// Small, as /docs/openapi.json is: the race shows most on files written in one or two chunks.
const BODY = Buffer.alloc(4096, 'x');
const DOWNLOADS = 60;


/** Reads one response of BODY.length bytes on a fresh connection, then destroys the socket at once. */
function downloadAndHangUp(port: number, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: t\r\n\r\n`));
    let received = 0;
    let headEnd = -1;
    let head = '';
    socket.on('data', (chunk: Buffer) => {
      if (headEnd < 0) {
        head += chunk.toString('latin1');
        headEnd = head.indexOf('\r\n\r\n');
        if (headEnd < 0) return;
        received = Buffer.byteLength(head, 'latin1') - headEnd - 4;
      } else {
        received += chunk.length;
      }
      if (received >= BODY.length) {
        socket.destroy();
        resolve();
      }
    });
    socket.on('error', reject);
  });
}

describe('observeExchange on complete responses', () => {
  it(`reports none of ${DOWNLOADS} fully read static-file downloads as aborted, however the close races the finish`, { timeout: 60_000 }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fw-observe-'));
    await writeFile(join(dir, 'openapi.json'), BODY);
    const ends: ExchangeEnd[] = [];
    const observer: StreamHandler = { name: 'observer_h', wrap: (next) => (req, res) => {
      observeExchange(req, res, (end) => ends.push(end));
      next(req, res);
    } };
    const app = await startTestApp({
      streamHandlers: [observer],
      fw: { server_configuration: { stream_handlers: ['observer_h', 'fw_stream_h'] } },
      groups: [{ prefix: '', security: false, routes: [{ path: '/docs/[...]', directory: dir }] }],
    });
    try {
      const port = Number(new URL(app.url).port);
      for (let i = 0; i < DOWNLOADS; i += 1) await downloadAndHangUp(port, '/docs/openapi.json');
      await until(`${DOWNLOADS} exchange ends`, () => ends.length >= DOWNLOADS, { timeoutMs: 5000 });
      assert.equal(ends.length, DOWNLOADS);
      assert.deepEqual(ends.filter((end) => end.aborted), []);
      assert.ok(ends.every((end) => end.status === 200 && end.responseBodySize === BODY.length));
    } finally {
      await app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('still reports a response that did not end as aborted', async () => {
    const ends: ExchangeEnd[] = [];
    const server = createServer((req, res) => {
      observeExchange(req, res, (end) => ends.push(end));
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
      req.socket.destroy();
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await fetch(`http://127.0.0.1:${port}/`).then((res) => res.text()).catch(() => undefined);
      await until('the exchange end', () => ends.length >= 1, { timeoutMs: 5000 });
      assert.equal(ends.length, 1);
      assert.equal(ends[0]?.aborted, true);
    } finally {
      server.close();
    }
  });
});
