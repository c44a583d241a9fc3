/**
 * Mistakes an app author makes in the app module and its route groups (an app author's trial next to Fastify and Hono)
 * stop start-up naming the slip and its fix, not a symptom elsewhere:
 * - a group's plugin entry with a misspelt phase or `option` key was reported as a plugin without that callback
 *   (FW_ERR_PLUGIN_MISSING_CALLBACK) or without its required option, though configuration.md says groups' entries are
 *   checked by the rules of fw.config.json's;
 * - a misspelt group key (`plugin`, `onNotfound`) was ignored: the group ran the global plugins, or fw's 404;
 * - a misspelt route option said what the options are but not which one was meant;
 * - an app module that exports its app by name, or its factory uncalled, was told only to default-export an app;
 * - a route definition error named its routes by a count across all groups (`route #3`), not as the app wrote them;
 * - a route path without its leading slash was glued to the prefix (`posts` under `/api` served `/apiposts`);
 * - a misspelt route key (`option`) was ignored: the route answered every method.
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { defineApp, type FwApp } from '../src/app/app.ts';
import { loadApplication } from '../src/app/load-application.ts';
import type { RouteGroup } from '../src/app/route-group.ts';
import { defineController } from '../src/app/controller.ts';
import { json, type FwResponse } from '../src/http/response.ts';
import { isFwError } from '../src/errors.ts';
import { writeTestAppDir } from './support/test-app.ts';

const heartbeat = { path: '/heartbeat', handler: () => json({ status: 'ok' }), options: { methods: ['get'] } } as const;

const appOf = (groups: readonly unknown[]): FwApp =>
  defineApp({ name: 'mistakes', router: { name: 'mistakes_router', routes: () => groups as readonly RouteGroup[] } });

/** `code: message` of the error loading `app` stops with. */
async function loadError(app: FwApp): Promise<string> {
  try {
    await loadApplication({ appDir: import.meta.dirname, app, config: {}, env: {} });
  } catch (error) {
    assert.ok(isFwError(error), String(error));
    return `${error.code}: ${error.message}`;
  }
  return assert.fail('the app loaded');
}

describe("a route group's plugin entries are checked as fw.config.json's are", () => {
  it('names a misspelt phase, not a plugin without that callback', async () => {
    const plugins = [{ phase: 'prerequest', module: 'fw_cors_plugin', options: { allow_origins: '*' } }];
    assert.equal(
      await loadError(appOf([{ prefix: '/api', security: false, plugins, routes: [heartbeat] }])),
      `FW_ERR_GROUP_BAD_SHAPE: route group 0 (prefix '/api') has a bad plugin entry: plugins[0].phase must be one of "pre_request", "post_request"; found "prerequest" (a string)`,
    );
  });

  it('names a misspelt options key, not the option the plugin then misses', async () => {
    const plugins = [{ phase: 'pre_request', module: 'fw_cors_plugin', option: { allow_origins: '*' } }];
    assert.equal(
      await loadError(appOf([{ prefix: '', security: false, plugins, routes: [heartbeat] }])),
      "FW_ERR_GROUP_BAD_SHAPE: route group 0 (prefix '') has a bad plugin entry: Unknown configuration key plugins[0].option; did you mean plugins[0].options?",
    );
  });

  it('refuses an entry without a module, and options that are no object', async () => {
    assert.match(
      await loadError(appOf([{ prefix: '', security: false, plugins: [{ phase: 'pre_request' }], routes: [heartbeat] }])),
      /^FW_ERR_GROUP_BAD_SHAPE: route group 0 \(prefix ''\) has a bad plugin entry: plugins\[0\]\.module must be a non-empty string; found nothing$/,
    );
    assert.match(
      await loadError(appOf([{ prefix: '', security: false, plugins: [{ phase: 'pre_request', module: 'fw_cors_plugin', options: '*' }], routes: [heartbeat] }])),
      /has a bad plugin entry: plugins\[0\]\.options must be an object; found "\*" \(a string\)$/,
    );
  });

  it('still loads well-formed entries, options left out included', async () => {
    const plugins = [{ phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: '*' } }, { phase: 'pre_request', module: 'fw_request_plugin' }];
    const loaded = await loadApplication({ appDir: import.meta.dirname, app: appOf([{ prefix: '', security: false, plugins, routes: [heartbeat] }]), config: {}, env: {} });
    assert.deepEqual(loaded.routes.groups[0]!.plugins.entries, [{ phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: '*' } }, { phase: 'pre_request', module: 'fw_request_plugin' }]);
  });
});

describe('a misspelt group key or route option stops start-up with the key meant', () => {
  it('refuses an unknown group key, suggesting the close one', async () => {
    const plugins = [{ phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: '*' } }];
    assert.equal(
      await loadError(appOf([{ prefix: '', security: false, plugin: plugins, routes: [heartbeat] }])),
      "FW_ERR_GROUP_BAD_SHAPE: route group 0 (prefix '') has unknown key plugin (did you mean plugins?); a group's keys are prefix, host, security, plugins, routes, onNotFound, onMethodNotAllowed, onError, errorSchema",
    );
    assert.match(
      await loadError(appOf([{ prefix: '', security: false, onNotfound: () => json({}, 404), routes: [heartbeat] }])),
      /has unknown key onNotfound \(did you mean onNotFound\?\)/,
    );
    assert.match(await loadError(appOf([{ prefix: '', security: false, tags: ['x'], routes: [heartbeat] }])), /has unknown key tags; a group's keys are prefix, /);
  });

  it('suggests the route option meant', async () => {
    const routes = [{ path: '/notes', handler: () => json({}), options: { metods: ['get'] } }];
    assert.equal(
      await loadError(appOf([{ prefix: '', security: false, routes }])),
      "FW_ERR_ROUTE_BAD_OPTIONS: route 0 of group 0 (prefix '') (/notes): unknown route option metods (did you mean methods?); route options are methods, extra, schema, onInvalid, log and openapi",
    );
  });
});

describe("an app module whose default export is no app says what it exports instead", () => {
  const dirs: string[] = [];
  after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

  const APP = "{ name: 'test_app', router: { name: 'r', routes: () => [] } }";

  /** What the message of loading an app directory whose app.mjs is `source` says after fw's usual sentence. */
  async function moduleError(source: string): Promise<string> {
    const dir = await writeTestAppDir({}, { 'package.json': JSON.stringify({ type: 'module', fw: { app: './app.mjs' } }), 'app.mjs': source });
    dirs.push(dir);
    const usual = `${join(dir, 'app.mjs')}, the module ${join(dir, 'package.json')} names in "fw": {"app"}, must default-export defineApp({name, router: {name, routes(env)}})`;
    try {
      await loadApplication({ appDir: dir, env: {} });
    } catch (error) {
      assert.ok(isFwError(error, 'FW_ERR_APP_BAD_MODULE'), String(error));
      assert.ok(error.message.startsWith(usual), error.message);
      return error.message.slice(usual.length);
    }
    return assert.fail('the app loaded');
  }

  it('names an app exported by name', async () => {
    assert.equal(await moduleError(`export const app = ${APP};`), '; it exports the app as app, not as its default: add `export default app;`');
  });

  it('names a factory exported uncalled', async () => {
    assert.equal(
      await moduleError(`export default function createNotesApp() { return ${APP}; }`),
      '; it is a function, not an app: if the function makes the app, give what it returns (`export default createNotesApp()`)',
    );
  });

  it('lists the named exports of a module without a default one', async () => {
    assert.equal(await moduleError('export const routes = []; export function start() {}'), '; it has no default export (its named exports: routes, start)');
  });

  it('loads the app the hint asks for', async () => {
    const dir = await writeTestAppDir({}, { 'package.json': JSON.stringify({ type: 'module', fw: { app: './app.mjs' } }), 'app.mjs': `export const app = ${APP};\nexport default app;` });
    dirs.push(dir);
    assert.equal((await loadApplication({ appDir: dir, env: {} })).app.name, 'test_app');
  });
});

describe('an app given to fw in code that is no app', () => {
  it('says it must be an app, not that a module must default-export one, and names an uncalled factory', async () => {
    const createNotesApp = (): FwApp => appOf([]);
    await assert.rejects(loadApplication({ appDir: import.meta.dirname, app: createNotesApp as unknown as FwApp, config: {}, env: {} }), {
      code: 'FW_ERR_APP_BAD_MODULE',
      message: 'the app given to fw must be defineApp({name, router: {name, routes(env)}}); it is a function, not an app: if the function makes the app, give what it returns (`app: createNotesApp()`)',
    });
  });
});

// A route definition error said `route #3`, a count across every group the author never wrote, for both routes of a conflict.
describe('route definition errors name the group and position of each route, as the app wrote them', () => {
  const ok = () => json({ ok: true });

  it('names both routes of a conflict in their groups', async () => {
    const groups = [
      { prefix: '/api', security: false, routes: [{ path: '/a', handler: ok }, { path: '/posts/:id', handler: ok, options: { methods: ['get'] } }] },
      { prefix: '', security: false, routes: [{ path: '/x', handler: ok }, { path: '/api/posts/:post', handler: ok, options: { methods: ['get', 'post'] } }] },
    ];
    assert.equal(
      await loadError(appOf(groups)),
      "FW_ERR_ROUTE_CONFLICT: route 1 of group 1 (prefix '') (get,post /api/posts/:post) conflicts with route 1 of group 0 (prefix '/api') (get /api/posts/:id): " +
        'same host, same path shape, both answer get; remove one, or give them methods that do not overlap.',
    );
  });

  it('names the route of a bad path, with its host', async () => {
    const groups = [
      { prefix: '', security: false, routes: [{ path: '/x', handler: ok }] },
      { prefix: '/v1', host: 'api.example.com', security: false, routes: [{ path: '/a/:bad-name', handler: ok }] },
    ];
    assert.match(await loadError(appOf(groups)), /^FW_ERR_ROUTE_BAD_BINDING: route 0 of group 1 \(prefix '\/v1'\) \(_ \/v1\/a\/:bad-name on host 'api\.example\.com'\): the binding ":bad-name"/);
  });

  // It was ignored: the route answered every method, DELETE included.
  it('names a misspelt route key, not a route answering every method', async () => {
    const route = { path: '/posts/:id', handler: ok, option: { methods: ['get'] } };
    assert.equal(
      await loadError(appOf([{ prefix: '/api', security: false, routes: [route] }])),
      "FW_ERR_ROUTE_BAD_HANDLER: route 0 of group 0 (prefix '/api') (/posts/:id) has unknown key option (did you mean options?); a route's keys are path, handler and options, or path, directory or file and options",
    );
  });

  // It started, then answered 404 on every request: a JavaScript app's controller holding no function under that name.
  it('refuses a controller action whose function is missing', async () => {
    const posts = defineController('posts_controller', { show: undefined as unknown as () => FwResponse });
    assert.equal(
      await loadError(appOf([{ prefix: '/api', security: false, routes: [{ path: '/posts/:id', handler: posts.show }] }])),
      "FW_ERR_ROUTE_BAD_HANDLER: route 0 of group 0 (prefix '/api') (/api/posts/:id) has the action posts_controller:show, which holds no function",
    );
  });

  // It was glued to the prefix: 'posts' under '/api' served /apiposts, and /api/posts was a 404.
  it('refuses a route path without its leading slash', async () => {
    assert.equal(
      await loadError(appOf([{ prefix: '/api', security: false, routes: [heartbeat, { path: 'posts', handler: ok }] }])),
      `FW_ERR_ROUTE_BAD_PATH: route 1 of group 0 (prefix '/api') has the path "posts", which is joined to the prefix '/api': start it with "/" ('/posts')`,
    );
  });
});
