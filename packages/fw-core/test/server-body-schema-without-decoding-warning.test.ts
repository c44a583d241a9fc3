/**
 * A route that declares `schema.body` in a group that decodes no JSON bodies (no fw_request_plugin
 * with decode_json_body among the plugins it runs: its own list, which replaces the global one, or
 * the global list it inherits; read_urlencoded_body alone puts forms in req.params) gets no body
 * from fw, so its schema answers 400 `invalid body`, a good body included (a form 415), unless a
 * plugin of the group sets req.body.
 * fw warns once per such route at start (`body_schema_without_decoding`) and still starts and
 * serves. Routes that take a body without a schema are `fw audit`'s to list, not the server's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { defineController } from '../src/app/controller.ts';
import { json } from '../src/http/response.ts';
import type { FwPlugin, PluginEntry } from '../src/plugins/plugin.ts';
import { injectTestApp } from './support/inject-app.ts';
import type { LogLine, TestAppSpec } from './support/test-app.ts';

const items = defineController('items_controller', {
  list: () => json({ items: [] }),
  create: (req) => json({ received: req.body ?? null }),
});

const DECODE_JSON: PluginEntry = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } };
/** fw_request_plugin decoding urlencoded forms only (into req.params): no JSON body reaches a body schema. */
const FORMS: PluginEntry = { phase: 'pre_request', module: 'fw_request_plugin', options: { read_urlencoded_body: true } };
const CORS: PluginEntry = { phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: '*' } };
/** The app-wide list most cases start from: it decodes JSON bodies. */
const GLOBAL_FW = { plugins: [DECODE_JSON] };
const body = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };

/** A group with a read, a create with a body schema and a catch-all route without one, under `prefix`. */
function itemsGroup(prefix: string, plugins: PluginEntry[] | undefined, host?: string): RouteGroup {
  return {
    prefix,
    ...(host !== undefined && { host }),
    security: false,
    ...(plugins !== undefined && { plugins }),
    routes: [
      { path: '/items', handler: items.list, options: { methods: ['get'] } },
      { path: '/items', handler: items.create, options: { methods: ['post', 'put'], schema: { body } } },
      { path: '/any', handler: items.create },
    ],
  };
}

/** The warnings an app logs while starting. */
async function startupWarnings(spec: TestAppSpec): Promise<LogLine[]> {
  const app = await injectTestApp(spec);
  await app.close();
  return app.logs.filter((line) => line.level === 'warn');
}

/** The routes of the `body_schema_without_decoding` warnings an app logs while starting. */
async function warnedRoutes(spec: TestAppSpec): Promise<unknown[]> {
  const warnings = await startupWarnings(spec);
  return warnings.filter((line) => line.fields.event === 'body_schema_without_decoding').map((line) => line.fields.route);
}

/** The `body_schema_without_decoding` line logged for `fields` (route, prefix, host) with `msg`. */
function bodyWarning(fields: Record<string, string>, msg: string): LogLine {
  return { level: 'warn', fields: { event: 'body_schema_without_decoding', ...fields }, msg };
}

describe('body schemas without body decoding', { concurrency: true }, () => {
  it("warns at start, naming the route, its group and the fix, when the group's own plugins decode no bodies", async () => {
    assert.deepEqual(await startupWarnings({ fw: GLOBAL_FW, groups: [itemsGroup('/api', [CORS], 'api.example.com')] }), [
      bodyWarning({ route: 'POST, PUT /api/items', prefix: '/api', host: 'api.example.com' },
        "route POST, PUT /api/items (group '/api', host api.example.com) declares a body schema but its group decodes no bodies: " +
        'fw will not decode its JSON body, so the schema sees no body (a request answers 400 invalid body) unless a plugin of the group sets req.body; ' +
        "to fix, list fw_request_plugin with decode_json_body: true in the group's plugins"),
    ]);
  });

  it('names the global plugins as the fix when the group inherits a global list that decodes no bodies', async () => {
    assert.deepEqual(await startupWarnings({ groups: [itemsGroup('', undefined)] }), [
      bodyWarning({ route: 'POST, PUT /items', prefix: '', host: '_' },
        "route POST, PUT /items (group '') declares a body schema but its group decodes no bodies: " +
        'fw will not decode its JSON body, so the schema sees no body (a request answers 400 invalid body) unless a plugin of the group sets req.body; ' +
        'to fix, list fw_request_plugin with decode_json_body: true in the global plugins, which the group inherits'),
    ]);
  });

  it('is right: the warned group gets no body and its schema answers a good body 400, while a decoding group gets it', async () => {
    const app = await injectTestApp({ fw: GLOBAL_FW, groups: [itemsGroup('/api', [CORS]), itemsGroup('/ok', undefined)] });
    try {
      const post = async (path: string): Promise<[number, { error?: string }]> => {
        const res = await app.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"pen"}' });
        return [res.status, (await res.json()) as { error?: string }];
      };
      assert.deepEqual(await post('/api/any'), [200, { received: null }]);
      assert.deepEqual(await post('/ok/any'), [200, { received: { name: 'pen' } }]);
      const [status, answer] = await post('/api/items');
      assert.deepEqual([status, answer.error], [400, 'invalid body']);
      assert.deepEqual(await post('/ok/items'), [200, { received: { name: 'pen' } }]);
    } finally {
      await app.close();
    }
  });

  it('warns once per route, in definition order, for an empty plugin list too', async () => {
    const groups = [itemsGroup('/a', []), itemsGroup('/ok', undefined), itemsGroup('/b', [CORS])];
    assert.deepEqual(await warnedRoutes({ fw: GLOBAL_FW, groups }), ['POST, PUT /a/items', 'POST, PUT /b/items']);
  });

  it('warns when the group lists fw_request_plugin with neither decode_json_body nor read_urlencoded_body', async () => {
    const reader: PluginEntry = { phase: 'pre_request', module: 'fw_request_plugin', options: { max_body_size: 10 } };
    assert.deepEqual(await warnedRoutes({ fw: GLOBAL_FW, groups: [itemsGroup('/api', [reader])] }), ['POST, PUT /api/items']);
  });

  it('does not warn when the group lists fw_request_plugin with decode_json_body', async () => {
    assert.deepEqual(await startupWarnings({ fw: GLOBAL_FW, groups: [itemsGroup('/api', [CORS, DECODE_JSON])] }), []);
  });

  it('warns, naming decode_json_body as the fix, when the group decodes urlencoded forms only', async () => {
    assert.deepEqual(await startupWarnings({ fw: { plugins: [FORMS] }, groups: [itemsGroup('/api', undefined)] }), [
      bodyWarning({ route: 'POST, PUT /api/items', prefix: '/api', host: '_' },
        "route POST, PUT /api/items (group '/api') declares a body schema but its group decodes urlencoded forms only, into req.params: " +
        'fw will not decode its JSON body, so the schema sees no body (a form answers 415, a JSON body 400 invalid body) unless a plugin of the group sets req.body; ' +
        'to fix, list fw_request_plugin with decode_json_body: true in the global plugins, which the group inherits'),
    ]);
  });

  it('is right for a group that decodes forms only: its body schema answers a JSON body 400 and a form 415', async () => {
    const app = await injectTestApp({ fw: GLOBAL_FW, groups: [itemsGroup('/api', [FORMS])] });
    try {
      const post = async (type: string, body: string): Promise<[number, unknown]> => {
        const res = await app.fetch('/api/items', { method: 'POST', headers: { 'content-type': type }, body });
        return [res.status, ((await res.json()) as { error: unknown }).error];
      };
      assert.deepEqual(await post('application/json', '{"name":"pen"}'), [400, 'invalid body']);
      assert.deepEqual(await post('application/x-www-form-urlencoded', 'name=pen'), [415, 'unsupported media type']);
    } finally {
      await app.close();
    }
  });

  it('does not warn when the group inherits a global list that decodes bodies', async () => {
    assert.deepEqual(await startupWarnings({ fw: GLOBAL_FW, groups: [itemsGroup('/api', undefined)] }), []);
  });

  it('does not warn for a group without a decoder whose routes declare no body schema (POST, PUT, GET, static)', async () => {
    const bare: RouteGroup = {
      prefix: '/raw',
      security: false,
      plugins: [CORS],
      routes: [
        { path: '/items', handler: items.create, options: { methods: ['post', 'put'] } },
        { path: '/items', handler: items.list, options: { methods: ['get', 'head', 'delete'] } },
        { path: '/robots.txt', file: 'robots.txt' },
      ],
    };
    assert.deepEqual(await startupWarnings({ fw: GLOBAL_FW, groups: [bare], files: { 'robots.txt': 'User-agent: *\n' } }), []);
  });

  it('warns for a route of any method that declares a body schema, `_` for every method', async () => {
    const schemaGroup: RouteGroup = {
      prefix: '/search',
      security: false,
      plugins: [CORS],
      routes: [
        { path: '/items', handler: items.list, options: { methods: ['patch'], schema: { body } } },
        { path: '/all', handler: items.create, options: { schema: { body } } },
      ],
    };
    assert.deepEqual(await warnedRoutes({ fw: GLOBAL_FW, groups: [schemaGroup] }), ['PATCH /search/items', '_ /search/all']);
  });

  it("still warns when the group's own plugin sets req.body, which the schema then sees", async () => {
    const setsBody: FwPlugin = {
      name: 'sets_body_plugin',
      pre_request: (req, _env, _options, state) => {
        req.body = { name: 'from plugin' };
        return ['ok', req, state];
      },
    };
    const spec = { fw: GLOBAL_FW, plugins: [setsBody], groups: [itemsGroup('/api', [{ phase: 'pre_request', module: 'sets_body_plugin' }])] };
    assert.deepEqual(await warnedRoutes(spec), ['POST, PUT /api/items']);
    const app = await injectTestApp(spec);
    try {
      const res = await app.fetch('/api/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"pen"}' });
      assert.deepEqual([res.status, await res.json()], [200, { received: { name: 'from plugin' } }]);
    } finally {
      await app.close();
    }
  });
});
