/**
 * A client that goes away in the middle of its body (aborts, or is cut by request_timeout_ms)
 * leaves fw_request_plugin nobody to answer. That is the client's doing, not a server failure:
 * no `request_failed` error line, no 500 attempt, and the server keeps serving. Found by
 * tests/e2e/slow-clients-timeouts.test.ts, where every cut upload logged "a plugin returned stop
 * without replying".
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('uploads the client abandons', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      fw: {
        plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
        server_configuration: { request_timeout_ms: 300, headers_timeout_ms: 300 },
      },
      groups: [{ prefix: '', security: false, routes: [{ path: '/echo', handler: (req) => json({ echo: req.body ?? null }), options: { methods: ['post'] } }] }],
    });
  });
  after(async () => {
    await app?.close();
  });

  const head = 'POST /echo HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"partial":';

  it('an abort mid-body is not logged as a failure', async () => {
    const socket = connect(app.server.port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    socket.write(head);
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(app.logs.filter((line) => line.level === 'error'), []);
  });

  it('a body cut by request_timeout_ms gets 408 from node:http and is not logged as a failure', async () => {
    const socket = connect(app.server.port, '127.0.0.1');
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.write(head);
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    assert.match(received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    await new Promise((resolve) => setTimeout(resolve, 50));
    assert.deepEqual(app.logs.filter((line) => line.level === 'error'), []);
  });

  it('the server keeps serving', async () => {
    const res = await fetch(`${app.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    assert.deepEqual([res.status, await res.json()], [200, { echo: { a: 1 } }]);
  });
});
