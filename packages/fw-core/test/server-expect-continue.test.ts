/**
 * `Expect: 100-continue` (RFC 9110 §10.1.1): fw sends `100 Continue` when it reads the body, after
 * security and the size check, not on arrival as node:http does by itself. A red team saw a
 * `Content-Length: 1000000000` upload invited with a 100 and then refused (401 without a token,
 * 413 with one): a client that waits for the 100 now gets the refusal instead, and sends nothing.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { reply } from '../src/http/write-response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const DECODE: Record<string, unknown> = { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, max_body_size: 1024 } }] };

/** Sends `head` (with `connection: close`) on a fresh connection, and `body` only once the server's first answer bytes are a 100; resolves with all it read until the server closed. */
function expecting(port: number, head: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let got = '';
    let sent = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      got += chunk;
      if (!sent && got.startsWith('HTTP/1.1 100 Continue\r\n\r\n')) {
        sent = true;
        socket.write(body);
      }
    });
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy(new Error(`no answer: ${JSON.stringify(got)}`)));
  });
}

describe('Expect: 100-continue', () => {
  let app: TestApp;
  before(async () => {
    // A plugin that reads the body itself from the raw request (a signature check would), not through readBody.
    const rawReader: FwPlugin = {
      name: 'raw_reader',
      pre_request: async (req, _env, _options, state) => {
        let bytes = 0;
        for await (const chunk of req.raw) bytes += (chunk as Buffer).length;
        reply(req, 200, { 'content-type': 'application/json' }, JSON.stringify({ read: bytes }));
        return ['stop', req, state];
      },
    };
    app = await startTestApp({
      plugins: [rawReader],
      fw: DECODE,
      groups: [
        { prefix: '/open', security: false, routes: [{ path: '/echo', handler: (req) => json({ got: req.body ?? null }), options: { methods: ['post'] } }] },
        { prefix: '/secure', security: (req) => req.headers.authorization === 'Bearer ok', routes: [{ path: '/echo', handler: (req) => json({ got: req.body ?? null }), options: { methods: ['post'] } }] },
        // A group that decodes no body: the handler reads none, or a plugin reads it from the raw request.
        { prefix: '/plain', security: false, plugins: [], routes: [{ path: '/upload', handler: async () => json({ handled: true }), options: { methods: ['post', 'get'] } }] },
        { prefix: '/raw', security: false, plugins: [{ phase: 'pre_request', module: 'raw_reader' }], routes: [{ path: '/upload', handler: () => json({ handled: true }), options: { methods: ['post'] } }] },
      ],
    });
  });
  after(() => app.close());

  const head = (path: string, length: number, extra = '') => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\nConnection: close\r\n${extra}\r\n`;

  it('answers a refused upload at once, without inviting it: 401 without the token', async () => {
    const got = await expecting(app.server.port, head('/secure/echo', 1_000_000_000), '');
    assert.match(got, /^HTTP\/1\.1 401 /);
    assert.doesNotMatch(got, /100 Continue/);
  });

  it('answers 413 for a Content-Length over max_body_size, without inviting it', async () => {
    const got = await expecting(app.server.port, head('/secure/echo', 1_000_000_000, 'Authorization: Bearer ok\r\n'), '');
    assert.match(got, /^HTTP\/1\.1 413 /);
    assert.doesNotMatch(got, /100 Continue/);
  });

  it('sends 100 Continue before the handler of a request without a body, and never invites a body nothing reads', async () => {
    const empty = await expecting(app.server.port, head('/plain/upload', 0).replace('POST', 'GET'), '');
    assert.match(empty, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    // 20 MiB a handler never reads (a red team's DELETE): answered, not invited.
    const unread = await expecting(app.server.port, head('/plain/upload', 20 * 1024 * 1024), '');
    assert.match(unread, /^HTTP\/1\.1 200 OK\r\n/);
    assert.ok(unread.endsWith('{"handled":true}'), unread);
  });

  it('sends 100 Continue when a plugin reads the raw body itself, so the client is not left waiting (a red team saw 30 s)', async () => {
    const got = await expecting(app.server.port, head('/raw/upload', 5), 'hello');
    assert.match(got, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    assert.ok(got.endsWith('{"read":5}'), got);
  });

  it('answers an expectation other than 100-continue 417 itself, with its JSON error, request id and log line (node:http sent a bare, unlogged 417)', async () => {
    const got = await expecting(app.server.port, head('/open/echo', 0).replace('Expect: 100-continue', 'Expect: 200-ok'), '');
    assert.match(got, /^HTTP\/1\.1 417 Expectation Failed\r\n/);
    const id = /\r\nx-request-id: ([^\r]+)\r\n/.exec(got)?.[1];
    assert.ok(id !== undefined, got);
    assert.ok(got.endsWith('{"error":"expectation failed: only 100-continue is supported"}'), got);
    const line = app.logs.find((log) => log.fields['event'] === 'request' && log.fields['request_id'] === id);
    assert.equal(line?.fields['status'], 417);
    // A list that has 100-continue in it is node:http's continue, as before.
    const listed = await expecting(app.server.port, head('/open/echo', 2).replace('Expect: 100-continue', 'Expect: 100-continue, x-trace'), '{}');
    assert.match(listed, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
  });

  it('sends 100 Continue when it reads an accepted body, then the answer', async () => {
    const body = JSON.stringify({ a: 1 });
    const got = await expecting(app.server.port, head('/secure/echo', body.length, 'Authorization: Bearer ok\r\n'), body);
    assert.match(got, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    assert.ok(got.endsWith('{"got":{"a":1}}'), got);
  });
});
