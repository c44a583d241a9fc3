/**
 * A handler (or a plugin) that calls readBody itself and lets its refusal go gets the same answer
 * fw_request_plugin gives: a 415 names the codings fw reads (RFC 9110 §15.5.16), and a 413 closes
 * the connection instead of reading the rest of an oversized body. Before, fw's error answer kept
 * the connection open and read whatever the client went on sending.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readBody } from '../src/http/read-body.ts';
import { json } from '../src/http/response.ts';
import { stallAfter } from './support/raw-socket.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe("readBody's refusal thrown by a handler", () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      groups: [{
        prefix: '/raw', security: false, plugins: [],
        routes: [{ path: '/upload', handler: async (req) => json({ length: (await readBody(req.raw, 16)).length }), options: { methods: ['post'] } }],
      }],
    });
  });
  after(() => app.close());

  it('answers a compressed body 415 with accept-encoding: identity', async () => {
    const res = await fetch(`${app.url}/raw/upload`, { method: 'POST', headers: { 'content-encoding': 'gzip' }, body: 'abc' });
    assert.equal(res.status, 415);
    assert.equal(res.headers.get('accept-encoding'), 'identity');
    assert.deepEqual(await res.json(), { error: 'unsupported content-encoding' });
  });

  it('answers a declared oversized body 413 and closes the connection without waiting for the rest', async () => {
    const head = 'POST /raw/upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000000\r\n\r\n';
    const stalled = await stallAfter(app.server.port, `${head}${'a'.repeat(100)}`, 3_000);
    assert.match(stalled.answer, /^HTTP\/1\.1 413 /);
    assert.match(stalled.answer, /\r\nconnection: close\r\n/i);
    assert.ok(stalled.closedAfterMs !== undefined, `the connection stayed open: ${JSON.stringify(stalled.answer)}`);
  });

  it('answers a chunked body that grows past the limit 413 and closes the connection', async () => {
    const head = 'POST /raw/upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\nTransfer-Encoding: chunked\r\n\r\n';
    const stalled = await stallAfter(app.server.port, `${head}20\r\n${'b'.repeat(32)}\r\n`, 3_000);
    assert.match(stalled.answer, /^HTTP\/1\.1 413 /);
    assert.match(stalled.answer, /\r\nconnection: close\r\n/i);
    assert.ok(stalled.closedAfterMs !== undefined, `the connection stayed open: ${JSON.stringify(stalled.answer)}`);
  });

  it('still reads a body within the limit', async () => {
    const res = await fetch(`${app.url}/raw/upload`, { method: 'POST', body: 'hello' });
    assert.deepEqual(await res.json(), { length: 5 });
  });
});
