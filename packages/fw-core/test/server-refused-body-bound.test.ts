/**
 * A refusal leaves a large body unread (docs/pipeline.md, "Unread bodies"): `POST /nope` with `content-length: 104857600`
 * and the body sent got its 404 with `connection: keep-alive`, and node:http then read all 100 MB to keep the connection
 * (its dump of an unread request); so did a 405, security's 401 and a plugin's refusal. An answer that leaves more than
 * fw_request_plugin's default max_body_size (1 MiB) unread, or a chunked body, now closes the connection after it,
 * lingering as after a 413: the server reads a bounded amount, the client reads the whole answer and an orderly close (no
 * reset). A small unread body is still drained, and a large body the route reads keeps the connection: the next request on
 * it is answered. Real sockets on port 0, a raw client that stops sending once the server has ended its side.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { replyJson } from '../src/http/write-response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { halfOpenClient } from './support/half-open-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const MiB = 1024 * 1024;
/** What the server may read of a refused body: what was sent before the client saw the answer, and lingering's 8 MiB. */
const READ_BOUND = 10 * MiB;

/** Refuses what has no `x-key` header, replying without `connection: close`. */
const keyed: FwPlugin = {
  name: 'keyed',
  pre_request: (req) => {
    if (req.headers['x-key'] !== undefined) return ['ok', req, undefined];
    replyJson(req, 403, { error: 'no key' });
    return ['stop', req, undefined];
  },
};
const DECODE = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, max_body_size: 4 * MiB } } as const;
const post = { methods: ['post' as const] };

/** A body of `size` bytes as `frames` of 64 KiB: identity, or chunked (each chunk framed, then the last chunk). */
function* identity(size: number): Generator<Buffer> {
  for (let sent = 0; sent < size; sent += 64 * 1024) yield Buffer.alloc(Math.min(64 * 1024, size - sent), 0x78);
}
function* chunked(size: number): Generator<Buffer> {
  for (const chunk of identity(size)) yield Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]);
  yield Buffer.from('0\r\n\r\n');
}

describe('an answer that leaves a large request body unread', { timeout: 60_000 }, () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      plugins: [keyed],
      groups: [
        { prefix: '/secure', security: (req) => req.headers.authorization === 'Bearer ok', routes: [{ path: '/upload', handler: () => json({ handled: true }), options: post }] },
        { prefix: '/keyed', security: false, plugins: [{ phase: 'pre_request', module: 'keyed' }], routes: [{ path: '/upload', handler: () => json({ handled: true }), options: post }] },
        { prefix: '/read', security: false, plugins: [DECODE], routes: [{ path: '/upload', handler: (req) => json({ length: (req.body as string).length }), options: post }] },
        { prefix: '', security: false, routes: [{ path: '/items', handler: () => json([]), options: { methods: ['get' as const] } }] },
      ],
    });
  });
  after(() => app.close());

  /**
   * Sends `head`, then `frames` until the server ends its side (as an upload tool stops on the answer), then ends its own;
   * resolves once closed with what it read, its socket errors, and the bytes the server's socket read.
   */
  async function send(head: string, frames: Iterable<Buffer>): Promise<{ got: string; errors: string[]; serverRead: number; ended: boolean }> {
    const accepted = once(app.server.server, 'connection') as Promise<[Socket]>;
    const client = await halfOpenClient(app.server.port);
    const [peer] = await accepted;
    let ended = false;
    const serverEnded = once(client.socket, 'end').then(() => void (ended = true));
    client.socket.write(head);
    for (const frame of frames) {
      if (ended || client.socket.destroyed) break;
      if (!client.socket.write(frame)) await Promise.race([once(client.socket, 'drain'), serverEnded, once(client.socket, 'close')]);
    }
    client.socket.end();
    if (!client.socket.destroyed) await once(client.socket, 'close');
    // Not once(): node:http's parser, detached by the lingering close, fails on the end of a body it never saw ('error').
    if (!peer.destroyed) await new Promise((closed) => peer.once('close', closed));
    return { got: client.received(), errors: client.errors, serverRead: peer.bytesRead, ended };
  }

  const head = (path: string, headers: string): string => `POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\n${headers}\r\n`;
  const cases = [
    ['a 404 for a path no route has, 100 MB declared', head('/nope', 'content-length: 104857600\r\n'), identity(104_857_600), '404 Not Found', '{"error":"not found"}'],
    ['a 405 for a method the path has not', head('/items', 'content-length: 33554432\r\n'), identity(32 * MiB), '405 Method Not Allowed', '{"error":"method not allowed"}'],
    ["security's 401 on a route without fw_request_plugin", head('/secure/upload', 'content-length: 33554432\r\n'), identity(32 * MiB), '401 Unauthorized', '{"error":"unauthorized"}'],
    ["a plugin's 403 replied without connection: close", head('/keyed/upload', 'content-length: 33554432\r\n'), identity(32 * MiB), '403 Forbidden', '{"error":"no key"}'],
    ['a 404 for a chunked body, no length', head('/nope', 'transfer-encoding: chunked\r\n'), chunked(32 * MiB), '404 Not Found', '{"error":"not found"}'],
  ] as const;
  for (const [name, request, frames, status, body] of cases) {
    it(`closes after ${name}, the server reading a bounded amount, the client the whole answer`, async () => {
      const { got, errors, serverRead, ended } = await send(request, frames);
      assert.ok(got.startsWith(`HTTP/1.1 ${status}\r\n`), got);
      assert.match(got, /\r\nconnection: close\r\n/i);
      assert.ok(got.endsWith(`\r\n\r\n${body}`), got);
      assert.ok(ended, 'the server never ended its side: the client sent the whole body');
      assert.deepEqual(errors, []);
      assert.ok(serverRead < READ_BOUND, `the server read ${serverRead} bytes`);
    });
  }

  it('drains a small unread body and keeps the connection: the next request on it is answered', async () => {
    const { got, errors, ended } = await send(`${head('/nope', 'content-length: 1000\r\n')}${'x'.repeat(1000)}GET /items HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`, []);
    assert.match(got, /^HTTP\/1\.1 404 Not Found\r\n/);
    assert.match(got, /\r\nconnection: keep-alive\r\n/i);
    assert.match(got, /"\}HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\[\]$/);
    assert.ok(ended);
    assert.deepEqual(errors, []);
  });

  it('keeps the connection after a 2 MiB body the route reads: the next request on it is answered', async () => {
    const value = `"${'x'.repeat(2 * MiB - 2)}"`;
    const { got, ended } = await send(`${head('/read/upload', `content-length: ${value.length}\r\n`)}${value}GET /items HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n`, []);
    assert.match(got, /^HTTP\/1\.1 200 OK\r\n[^]*\r\nconnection: keep-alive\r\n/i);
    assert.match(got, /\{"length":2097150\}HTTP\/1\.1 200 OK\r\n[^]*\[\]$/);
    assert.ok(ended);
  });
});
