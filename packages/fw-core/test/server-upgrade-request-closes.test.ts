/**
 * A request asking to switch protocols (`Upgrade` with `Connection: upgrade`) to an fw server, which has no upgrade
 * handler: answered as plain HTTP, then the connection closes. node:http's parser stops at such a request for good, so a
 * request pipelined behind it was never answered and the connection sat until keep_alive_timeout_ms (72 s), its bytes
 * counted by no headers_timeout: a client trickling them held it for ever.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { stallAfter } from './support/raw-socket.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const DEADLINE_MS = 2_000;
const NEXT = 'GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
const UPGRADES = {
  websocket: 'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n',
  h2c: 'Upgrade: h2c\r\nConnection: keep-alive, HTTP2-Settings, upgrade\r\nHTTP2-Settings: AAMAAABkAARAAAAAAAIAAAAA\r\n',
};

describe('an Upgrade request to a server without an upgrade handler', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ groups: [{ prefix: '', security: false, routes: [{ path: '/hello', handler: () => json({ hello: 'world' }) }] }] });
  });
  after(async () => {
    await app?.close();
  });

  for (const [name, headers] of Object.entries(UPGRADES)) {
    it(`answers a ${name} upgrade 200 with connection: close and closes, the request pipelined behind it unanswered`, async () => {
      const stalled = await stallAfter(app.server.port, `GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n${NEXT}`, DEADLINE_MS);
      assert.notEqual(stalled.closedAfterMs, undefined, `still open after ${DEADLINE_MS} ms: ${JSON.stringify(stalled.answer)}`);
      assert.deepEqual(stalled.answer.match(/HTTP\/1\.1 \d{3} /g), ['HTTP/1.1 200 ']);
      assert.match(stalled.answer, /\r\nconnection: close\r\n/i);
    });
  }

  it('answers an upgrade with a body 200 and closes', async () => {
    const request = `POST /hello HTTP/1.1\r\nHost: 127.0.0.1\r\n${UPGRADES.websocket}Content-Length: 3\r\n\r\nabc${NEXT}`;
    const stalled = await stallAfter(app.server.port, request, DEADLINE_MS);
    assert.notEqual(stalled.closedAfterMs, undefined, `still open after ${DEADLINE_MS} ms: ${JSON.stringify(stalled.answer)}`);
    assert.deepEqual(stalled.answer.match(/HTTP\/1\.1 \d{3} /g), ['HTTP/1.1 200 ']);
  });

  it('keeps the connection of a request naming Upgrade without Connection: upgrade (no switch asked)', async () => {
    const closing = NEXT.replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n');
    const stalled = await stallAfter(app.server.port, `GET /hello HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n\r\n${closing}`, DEADLINE_MS);
    assert.deepEqual(stalled.answer.match(/HTTP\/1\.1 \d{3} /g), ['HTTP/1.1 200 ', 'HTTP/1.1 200 ']);
  });
});
