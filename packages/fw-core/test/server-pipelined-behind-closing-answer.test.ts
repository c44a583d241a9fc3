/**
 * A request pipelined behind an answer that closes its connection does not run. fw closes the
 * connection after refusing a body it does not read (security's 401, a 413 on its declared length,
 * a 417 with a body): a request the client sent after that body was still parsed once the answer
 * had gone and the write side was shut, and node:http handed it to fw, which ran its handler (a
 * POST would write) for an answer nobody could read. Now such a request is dropped unstarted.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const DECODE = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, max_body_size: 16 } } as const;

/** Writes `bytes` at once on a fresh connection; resolves with all it read once the server closed it. */
function exchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let got = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (got += chunk));
    socket.on('close', () => resolve(got));
    socket.on('error', reject);
    socket.setTimeout(5_000, () => socket.destroy(new Error(`not closed: ${JSON.stringify(got)}`)));
  });
}

describe('a request pipelined behind an answer that closes the connection', () => {
  let app: TestApp;
  let ran = 0;
  before(async () => {
    app = await startTestApp({
      groups: [
        { prefix: '/secure', security: (req) => req.headers.authorization === 'Bearer ok', plugins: [DECODE], routes: [{ path: '/echo', handler: (req) => json({ got: req.body ?? null }), options: { methods: ['post'] } }] },
        { prefix: '/count', security: false, plugins: [], routes: [{ path: '', handler: () => json({ ran: ++ran }), options: { methods: ['get', 'post'] } }] },
      ],
    });
  });
  after(() => app.close());

  const behind = 'POST /count HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n';
  const cases: readonly (readonly [string, string, string])[] = [
    ['a 401 refusing a body it does not read', 'POST /secure/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}', '401 Unauthorized'],
    ['a 413 refusing a declared length over max_body_size', 'POST /secure/echo HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ok\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"a":"0123456789ab"}', '413 Payload Too Large'],
  ];
  for (const [name, first, status] of cases) {
    it(`does not run behind ${name}`, async () => {
      ran = 0;
      const got = await exchange(app.server.port, first + behind);
      assert.deepEqual(got.match(/HTTP\/1\.1 \d+ [^\r]*/g), [`HTTP/1.1 ${status}`]);
      assert.match(got, /\r\nconnection: close\r\n/i);
      assert.equal(ran, 0, 'the request behind ran for an answer nobody could read');
    });
  }

  it('still runs and answers a request pipelined behind a keep-alive answer', async () => {
    ran = 0;
    const got = await exchange(app.server.port, 'POST /count HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\nPOST /count HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
    assert.deepEqual(got.match(/HTTP\/1\.1 \d+ [^\r]*/g), ['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
    assert.equal(ran, 2);
  });
});
