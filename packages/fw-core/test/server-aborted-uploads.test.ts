/**
 * A client that goes away in the middle of its body (aborts, or is cut by request_timeout_ms)
 * leaves fw_request_plugin nobody to answer. That is the client's doing, not a server failure:
 * no `request_failed` error line, no 500 attempt, and the server keeps serving. Found by
 * tests/e2e/slow-clients-timeouts.test.ts, where every cut upload logged "a plugin returned stop
 * without replying".
 */
import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { nextTurn, within } from './support/until.ts';

describe('uploads the client abandons', () => {
  let app: TestApp;

  before(async () => {
    app = await startTestApp({
      fw: {
        plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
        // Each upload names its request id, so its request line can be waited for.
        server_configuration: { request_timeout_ms: 300, headers_timeout_ms: 300, request_id_header: 'x-request-id' },
      },
      groups: [{ prefix: '', security: false, routes: [
        { path: '/echo', handler: (req) => json({ echo: req.body ?? null }), options: { methods: ['post'] } },
        // A handler streaming the body itself (to a file, an object store): its read fails with the body's own abort.
        { path: '/stream-body', handler: async (req) => { let bytes = 0; for await (const chunk of req.raw) bytes += (chunk as Buffer).length; return json({ bytes }); }, options: { methods: ['post'] } },
      ] }],
    });
  });
  after(async () => {
    await app?.close();
  });

  /** The next request the server takes, once fw's listener has it in hand. */
  const nextRequest = (): Promise<IncomingMessage> => within('the server to take the request', new Promise((resolve) => app.server.server.once('request', resolve)));

  /**
   * Once the server's request has closed, the pipeline's reaction to it (the body read failing,
   * fw_request_plugin's stop, a `request_failed` line if one were written) is promise reactions
   * and synchronous logging: all done by the next turn of the event loop. Then its request line.
   */
  const processed = async (req: IncomingMessage, id: string): Promise<void> => {
    if (!req.destroyed) await within('the request to close', new Promise((resolve) => req.once('close', resolve)));
    await nextTurn();
    const line = await app.waitForLog((l) => l.fields.event === 'request' && l.fields.request_id === id);
    assert.equal(line.fields.aborted, true);
  };

  const head = (id: string) => `POST /echo HTTP/1.1\r\nhost: test\r\nx-request-id: ${id}\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"partial":`;

  it('an abort mid-body is not logged as a failure', async () => {
    const socket = connect(app.server.port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.on('connect', resolve));
    const taken = nextRequest();
    socket.write(head('upload-aborted'));
    const req = await taken;
    socket.destroy();
    await processed(req, 'upload-aborted');
    assert.deepEqual(app.logs.filter((line) => line.level === 'error'), []);
  });

  it("a client that leaves (reset or closed) while its handler reads req.raw is no failure: the body's abort is not logged", async () => {
    for (const [id, leave] of [['raw-reset', (socket: Socket) => socket.resetAndDestroy()], ['raw-closed', (socket: Socket) => socket.end()]] as const) {
      const socket = connect(app.server.port, '127.0.0.1');
      socket.on('error', () => {});
      await new Promise<void>((resolve) => socket.on('connect', resolve));
      const taken = nextRequest();
      socket.write(`POST /stream-body HTTP/1.1\r\nhost: test\r\nx-request-id: ${id}\r\ncontent-type: application/octet-stream\r\ncontent-length: 100\r\n\r\npartial`);
      const req = await taken;
      leave(socket);
      await processed(req, id);
    }
    assert.deepEqual(app.logs.filter((line) => line.level === 'error').map((line) => line.fields), []);
  });

  it('a body cut by request_timeout_ms gets 408 from node:http and is not logged as a failure', async () => {
    const socket = connect(app.server.port, '127.0.0.1');
    socket.on('error', () => {});
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const taken = nextRequest();
    socket.write(head('upload-timed-out'));
    const req = await taken;
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    assert.match(received, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    await processed(req, 'upload-timed-out');
    assert.deepEqual(app.logs.filter((line) => line.level === 'error'), []);
  });

  it('the server keeps serving', async () => {
    const res = await fetch(`${app.url}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    assert.deepEqual([res.status, await res.json()], [200, { echo: { a: 1 } }]);
  });
});
