import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { LogMethod } from '../src/log/logger.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { until, within } from './support/until.ts';

/** An app whose GET /hang never answers (`handled` once it is reached), stopping with a grace of 100 ms. */
async function hangingApp(): Promise<{ app: TestApp; handled: Promise<void> }> {
  let hanging!: () => void;
  const handled = new Promise<void>((resolve) => (hanging = resolve));
  const app = await startTestApp({
    fw: { server_configuration: { shutdown_grace_ms: 100 } },
    groups: [{ prefix: '', security: false, routes: [{ path: '/hang', handler: () => { hanging(); return new Promise(() => {}); }, options: { methods: ['get'] } }] }],
  });
  return { app, handled };
}

describe('graceful stop', () => {
  it('lets an in-flight request finish, refuses new connections, then stops plugins and the app', async () => {
    const order: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let slowStarted!: () => void;
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
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
            { path: '/slow', handler: async () => { order.push('slow:started'); slowStarted(); await gate; return json({ done: true }); }, options: { methods: ['get'] } },
          ],
        },
      ],
    });
    const inflight = fetch(`${app.url}/slow`);
    await within('the slow handler to start', started);
    const stopped = app.server.stop().then(() => order.push('stopped'));
    await until('the server to stop listening', () => !app.server.server.listening);
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
    const { app, handled } = await hangingApp();
    const hung = fetch(`${app.url}/hang`).then(() => 'answered', () => 'cut');
    await within('the request to reach its handler', handled);
    const started = Date.now();
    await app.server.stop();
    const took = Date.now() - started;
    assert.equal(await hung, 'cut');
    assert.ok(took >= 90, `waited the grace period (${took} ms)`);
    // The log says fw cut it: not a client that left.
    const line = await app.waitForLog((l) => l.fields.event === 'request' && l.fields.path === '/hang');
    assert.deepEqual([line.fields.status, line.fields.aborted, line.fields.cut_at_shutdown], [0, true, true]);
    const warning = app.logs.find((l) => l.fields.event === 'connections_cut');
    assert.deepEqual([warning?.level, warning?.fields.count, warning?.fields.grace_ms], ['warn', 1, 100]);
    await app.close();
  });

  it('warns of a request still running after the grace period whose client left: no connection is left to cut, yet the plugins and the app stop under it', async () => {
    const { app, handled } = await hangingApp();
    const socket = connect(app.server.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('GET /hang HTTP/1.1\r\nHost: x\r\n\r\n');
    await within('the request to reach its handler', handled);
    socket.destroy();
    await app.waitForLog((l) => l.fields.event === 'request' && l.fields.path === '/hang');
    await app.server.stop();
    assert.equal(app.logs.find((l) => l.fields.event === 'connections_cut'), undefined);
    const warning = app.logs.find((l) => l.fields.event === 'requests_unfinished');
    assert.deepEqual([warning?.level, warning?.fields.count, warning?.fields.grace_ms], ['warn', 1, 100]);
    const stopped = app.logs.findIndex((l) => l.fields.event === 'stopped');
    assert.ok(app.logs.indexOf(warning!) < stopped, 'the warning comes before the stopped line');
    await app.close();
  });

  it('has stopped accepting connections when it writes the stopping line', async () => {
    const app = await startTestApp({ groups: [] });
    const logger = app.server.logger as { info: LogMethod };
    const info = logger.info;
    let listening: boolean | undefined;
    logger.info = (fields, message) => {
      if (fields.event === 'stopping') listening = app.server.server.listening;
      info(fields, message);
    };
    await app.close();
    assert.equal(listening, false);
  });
});
