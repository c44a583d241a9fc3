/**
 * inject() answers a request that says `connection: close` with `connection: close`, as node:http
 * does on a socket (RFC 9112 §9.6). Before, inject's answer said `connection: keep-alive` whatever
 * the request said, so a test of the header passed through inject and failed against a server.
 * Each request is sent both ways, on a real server on port 0 as raw bytes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { openConnection } from './support/keep-alive-client.ts';
import { startTestApp, type TestApp, type TestAppSpec } from './support/test-app.ts';

const hello = { path: '/hello', handler: () => json({ hello: 'world' }), options: { methods: ['get' as const] } };
const spec: TestAppSpec = { groups: [{ prefix: '', security: false, routes: [hello] }] };

describe('inject: the connection header of the answer', () => {
  let server: TestApp;
  let app: InjectedApp;
  before(async () => {
    [server, app] = await Promise.all([startTestApp(spec), injectTestApp(spec)]);
  });
  after(() => Promise.all([server.close(), app.close()]));

  for (const [given, answered] of [['close', 'close'], ['Keep-Alive, Close', 'close'], ['keep-alive', 'keep-alive'], ['closed', 'keep-alive']] as const) {
    it(`answers connection: ${answered} to a request with connection: ${given}, as a server does`, async () => {
      const connection = await openConnection(server.server.port);
      connection.send(`GET /hello HTTP/1.1\r\nhost: localhost\r\nconnection: ${given}\r\n\r\n`);
      const onSocket = await connection.answer();
      connection.socket.destroy();
      assert.deepEqual([onSocket.status, onSocket.headers['connection']], [200, answered]);
      const res = await inject(app.fw, { url: '/hello', headers: { connection: given } });
      assert.deepEqual([res.status, res.headers['connection']], [200, answered]);
    });
  }
});
