import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { startTestApp } from './support/test-app.ts';

describe('graceful stop', () => {
  it('lets an in-flight request finish, refuses new connections, then stops plugins and the app', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const plugin: FwPlugin = { name: 'lifecycle', init: () => order.push('plugin:init'), stop: () => void order.push('plugin:stop'), pre_request: (r, _e, _o, s) => ['ok', r, s] };
    const app = await startTestApp({
      plugins: [plugin],
      fw: { plugins: [{ phase: 'pre_request', module: 'lifecycle' }] },
      start: () => void order.push('app:start'),
      stop: () => void order.push('app:stop'),
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/slow', handler: async () => { order.push('slow:started'); await gate; return json({ done: true }); }, options: { methods: ['get'] } },
          ],
        },
      ],
    });
    const inflight = fetch(`${app.url}/slow`);
    while (!order.includes('slow:started')) await new Promise((resolve) => setTimeout(resolve, 5));
    const stopped = app.server.stop().then(() => order.push('stopped'));
    await new Promise((resolve) => setTimeout(resolve, 30));
    const port = app.server.port;
    const refused = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => { socket.destroy(); resolve(false); });
      socket.once('error', () => resolve(true));
    });
    assert.equal(refused, true, 'new connections are refused while stopping');
    assert.ok(!order.includes('stopped'), 'stop waits for the in-flight request');
    release();
    const res = await inflight;
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('connection'), 'close');
    assert.deepEqual(await res.json(), { done: true });
    await stopped;
    assert.deepEqual(order, ['plugin:init', 'app:start', 'slow:started', 'plugin:stop', 'app:stop', 'stopped']);
    await app.close();
  });

  it('cuts requests still running after the grace period', async () => {
    const app = await startTestApp({
      fw: { server_configuration: { shutdown_grace_ms: 100 } },
      groups: [{ prefix: '', security: false, routes: [{ path: '/hang', handler: () => new Promise(() => {}), options: { methods: ['get'] } }] }],
    });
    const hung = fetch(`${app.url}/hang`).then(() => 'answered', () => 'cut');
    await new Promise((resolve) => setTimeout(resolve, 30));
    const started = Date.now();
    await app.server.stop();
    const took = Date.now() - started;
    assert.equal(await hung, 'cut');
    assert.ok(took >= 90, `waited the grace period (${took} ms)`);
    await app.close();
  });
});
