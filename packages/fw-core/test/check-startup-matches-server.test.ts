/**
 * checkStartup (fw-core/inspect) after loadApplication({serveStatic: true}) refuses every app
 * createListener refuses for a static route, json_lib, a stream handler name or a built-in
 * plugin's options, with the same code and message; and it runs no app plugin's init, which
 * createListener does.
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { after, describe, it } from 'node:test';
import { defineApp, type FwApp } from '../src/app/app.ts';
import { checkStartup } from '../src/app/load-application.ts';
import { loadApplication } from '../src/app/load-application.ts';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { createListener } from '../src/server/create-listener.ts';
import { silentLogger } from '../src/log/logger.ts';
import { writeTestAppDir } from './support/test-app.ts';

const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

const hello: RouteGroup = { prefix: '', security: false, routes: [{ path: '/hello', handler: () => json({ hello: true }) }] };

function appWith(groups: RouteGroup[], plugins: FwPlugin<any, any>[] = []): FwApp {
  return defineApp({ name: 'test_app', router: { name: 'test_router', routes: () => groups }, plugins });
}

/** How `promise` rejects: `code: message`, or `resolved`. */
async function outcome(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
}

async function checked(app: FwApp, fw: Record<string, unknown>): Promise<{ server: string; check: string }> {
  const appDir = await writeTestAppDir(fw);
  dirs.push(appDir);
  const server = await outcome(createListener({ appDir, app, env: {}, logger: silentLogger }).then((listener) => listener.close()));
  const check = await outcome(loadApplication({ appDir, app, env: {}, serveStatic: true }).then((loaded) => checkStartup(loaded, {})));
  return { server, check };
}

describe('checkStartup refuses what the server refuses', { concurrency: true }, () => {
  const cases: [string, RouteGroup[], Record<string, unknown>, RegExp][] = [
    ['a missing static directory', [{ prefix: '', security: false, routes: [{ path: '/static/[...]', directory: 'nope' }] }], {}, /^FW_ERR_STATIC_NOT_FOUND: static route \/static\/\[\.\.\.\]: directory nope /],
    ['a static file that is a directory', [{ prefix: '', security: false, routes: [{ path: '/f', file: '.' }] }], {}, /^FW_ERR_STATIC_WRONG_KIND: /],
    ['bad static options', [{ prefix: '', security: false, routes: [{ path: '/f', file: 'fw.config.json', options: { bogus: true } as never }] }], {}, /^FW_ERR_ROUTE_BAD_OPTIONS: /],
    ['a json_lib that does not resolve', [hello], { json_lib: 'fw-no-such-json-lib' }, /^FW_ERR_CONFIG_BAD_VALUE: fw\.json_lib "fw-no-such-json-lib" cannot be loaded from .* \(Cannot find module 'fw-no-such-json-lib'\): install it/],
    ['an unknown stream handler', [hello], { server_configuration: { stream_handlers: ['nope_h', 'fw_stream_h'] } }, /^FW_ERR_STREAM_HANDLER_UNKNOWN: server_configuration\.stream_handlers names nope_h/],
    ['a bad fw_request_plugin option', [hello], { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_bodies: true } }] }, /^FW_ERR_PLUGIN_INIT_FAILED: plugin fw_request_plugin failed to start: /],
    ['a bad fw_cors_plugin option', [hello], { plugins: [{ phase: 'pre_request', module: 'fw_cors_plugin', options: { origins: 7 } }] }, /^FW_ERR_PLUGIN_INIT_FAILED: plugin fw_cors_plugin failed to start: /],
  ];
  for (const [what, groups, fw, expected] of cases) {
    it(what, async () => {
      const { server, check } = await checked(appWith(groups), fw);
      assert.match(server, expected);
      assert.equal(check, server);
    });
  }

  it('passes an app the server starts', async () => {
    assert.deepEqual(await checked(appWith([hello]), {}), { server: 'resolved', check: 'resolved' });
  });
});

it('runs no app plugin init (it may connect to a store), which the server does', async () => {
  const inits: string[] = [];
  const plugin: FwPlugin<undefined, Record<string, unknown>> = {
    name: 'store_plugin',
    init: () => {
      inits.push('init');
      throw new Error('no store here');
    },
    pre_request: (req, _env, _options, state) => ['ok', req, state],
  };
  const fw = { plugins: [{ phase: 'pre_request', module: 'store_plugin' }] };
  const { server, check } = await checked(appWith([hello], [plugin]), fw);
  assert.equal(server, 'FW_ERR_PLUGIN_INIT_FAILED: plugin store_plugin failed to start: no store here');
  assert.equal(check, 'resolved');
  assert.deepEqual(inits, ['init']);
});
