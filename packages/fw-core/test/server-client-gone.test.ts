/**
 * Nothing is done for a client that is gone: a controller is not called once the client has
 * hung up, and a response body is not encoded for it.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const counts = { handled: 0, encoded: 0 };

const slowPlugin: FwPlugin = {
  name: 'slow_plugin',
  pre_request: async (req, _env, _options, state) => {
    await sleep(150);
    return ['ok', req, state];
  },
};

/** Hangs up 30 ms after sending a request. */
async function hangUp(port: number, path: string): Promise<void> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`);
  await sleep(30);
  socket.destroy();
}

describe('a client that is gone', () => {
  let app: TestApp;
  before(async () => {
    const get = { methods: ['get' as const] };
    app = await startTestApp({
      plugins: [slowPlugin],
      groups: [
        {
          prefix: '/slow-plugin',
          security: false,
          plugins: [{ phase: 'pre_request', module: 'slow_plugin', options: {} }],
          routes: [{ path: '/x', handler: () => { counts.handled += 1; return json({}); }, options: get }],
        },
        {
          prefix: '/slow-handler',
          security: false,
          routes: [
            {
              path: '/x',
              handler: async () => {
                await sleep(150);
                return json({ toJSON: () => { counts.encoded += 1; return 'big'; } });
              },
              options: get,
            },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it('does not call the controller once the client has hung up', async () => {
    await hangUp(app.server.port, '/slow-plugin/x');
    await sleep(300);
    assert.equal(counts.handled, 0);
    assert.equal((await fetch(`${app.url}/slow-plugin/x`)).status, 200);
    assert.equal(counts.handled, 1);
  });

  it('does not encode a response body for a client that hung up while the handler ran', async () => {
    await hangUp(app.server.port, '/slow-handler/x');
    await sleep(300);
    assert.equal(counts.encoded, 0);
    assert.equal(await (await fetch(`${app.url}/slow-handler/x`)).text(), '"big"');
    assert.equal(counts.encoded, 1);
  });
});
