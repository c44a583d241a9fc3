/**
 * createListener: fw's whole request handling as a `(req, res)` listener, configured in code and
 * mounted in a plain node:http server on port 0; its validation, lifecycle hooks and close().
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createListener, type FwListener } from '../src/server/create-listener.ts';
import { startServer } from '../src/server/start-server.ts';
import { listenerApp, listenerAppDir, listenerConfig, openListenerApp, serveOnLoopback, type Lifecycle, type OpenedListenerApp } from './support/listener-app.ts';
import { captureLogger } from './support/test-app.ts';

describe('createListener mounted in a node:http server', () => {
  const lifecycle: Lifecycle = { events: [] };
  let opened: OpenedListenerApp;
  let fw: FwListener;
  let server: Server;
  let url: string;
  before(async () => {
    opened = await openListenerApp(lifecycle);
    fw = opened.fw;
    ({ server, url } = await serveOnLoopback(fw.listener));
  });
  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await opened?.close();
  });

  it('has run the plugins\' init and the app\'s start hook before it is returned, without listening', () => {
    assert.deepEqual(lifecycle.events, ['init fw', 'app start']);
    assert.equal(fw.application.config.fw.bootstrap_application, 'embedded_app');
    assert.equal(fw.application.config.file, 'the configuration given in code');
  });

  it('runs plugins, JSON body decoding and the handler for a real request', async () => {
    const res = await fetch(`${url}/echo/a/b?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-1' },
      body: '{"title":"Hello"}',
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-stamp'), 'fw');
    assert.equal(res.headers.get('x-request-id'), 'req-1');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(await res.json(), { path: '/echo/a/b', query: 'x=1', body: { title: 'Hello' }, route: '/echo/[...]', id: 'req-1' });
  });

  it('applies group security', async () => {
    const denied = await fetch(`${url}/api/private`);
    assert.equal(denied.status, 401);
    const allowed = await fetch(`${url}/api/private`, { headers: { authorization: 'Bearer yes' } });
    assert.equal(allowed.status, 200);
    assert.deepEqual(await allowed.json(), { private: true });
  });
});

describe('createListener configuration and lifecycle', () => {
  let dir: string;
  before(async () => {
    dir = await listenerAppDir();
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('checks the in-code configuration by the file\'s rules, naming the key', async () => {
    const lifecycle: Lifecycle = { events: [] };
    await assert.rejects(
      createListener({ app: listenerApp(lifecycle, tmpdir()), config: { server_configuration: { request_id_heder: 'x-id' } as never }, env: {} }),
      (error: Error & { code?: string }) => {
        assert.equal(error.code, 'FW_ERR_CONFIG_UNKNOWN_KEY');
        assert.equal(error.message, 'Unknown configuration key fw.server_configuration.request_id_heder; did you mean fw.server_configuration.request_id_header?');
        return true;
      },
    );
    assert.deepEqual(lifecycle.events, [], 'nothing was initialised');
  });

  it('refuses a bootstrap_application that is not the app\'s name', async () => {
    await assert.rejects(createListener({ app: listenerApp({ events: [] }, tmpdir()), config: { bootstrap_application: 'other' }, env: {} }), {
      code: 'FW_ERR_APP_NAME_MISMATCH',
      message: 'bootstrap_application is other but the app module is named embedded_app: make them the same, in the configuration or in defineApp({name})',
    });
  });

  it('close() runs the plugins\' stop, then the app\'s stop hook, once', async () => {
    const lifecycle: Lifecycle = { events: [] };
    const fw = await createListener({ app: listenerApp(lifecycle, dir), config: listenerConfig, appDir: dir, env: {}, logger: captureLogger() });
    await Promise.all([fw.close(), fw.close()]);
    await fw.close();
    assert.deepEqual(lifecycle.events, ['init fw', 'app start', 'stop fw', 'app stop']);
  });

  it('startServer takes the same in-code configuration', async () => {
    const config = { ...listenerConfig, server_configuration: { port: 0 } };
    const started = await startServer({ app: listenerApp({ events: [] }, dir), config, appDir: dir, env: {}, logger: captureLogger() });
    try {
      const res = await fetch(`${started.url}/heartbeat`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('x-stamp'), 'fw');
      assert.deepEqual(await res.json(), { status: 'ok' });
    } finally {
      await started.stop();
    }
  });

  it('startServer without fw.config.json nor in-code configuration rejects with FW_ERR_CONFIG_NOT_FOUND and the fixes', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'fw-no-config-'));
    try {
      await assert.rejects(startServer({ appDir: empty, app: listenerApp({ events: [] }, empty), env: {} }), (error: Error & { code?: string }) => {
        assert.equal(error.code, 'FW_ERR_CONFIG_NOT_FOUND');
        assert.equal(
          error.message,
          `Cannot read the configuration file ${join(empty, 'fw.config.json')} (ENOENT); create it with at least {"fw": {"bootstrap_application": "<your app's name>"}}, ` +
            'name another file with FW_CONFIG, or give the configuration in code: startServer({ app, config: { ... } }) or createListener({ app, config: { ... } }) (docs/applications-reference.md, "Configuration in code")',
        );
        return true;
      });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});
