/**
 * A route group's `plugins` replaces the global list; a group that drops the body decoder that
 * way while a route of it declares a body schema (which would then answer every request 400) is
 * warned about once at start (`group_without_body_decoding`), and the server still starts and
 * serves. Routes that take a body without a schema are `fw audit`'s to list, not the server's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { defineController } from '../src/app/controller.ts';
import { json } from '../src/http/response.ts';
import type { FwPlugin, PluginEntry } from '../src/plugins/plugin.ts';
import { startTestApp, type LogLine, type TestAppSpec } from './support/test-app.ts';

const items = defineController('items_controller', {
  list: () => json({ items: [] }),
  create: (req) => json({ received: req.body ?? null }),
});

const DECODE_JSON: PluginEntry = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } };
const CORS: PluginEntry = { phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: '*' } };
/** The app-wide list every case starts from: it decodes JSON bodies. */
const GLOBAL_FW = { plugins: [DECODE_JSON] };

/** An app's own body reader, marked so fw counts it as a decoder. */
const ownBodyPlugin: FwPlugin = { name: 'own_body_plugin', decodesBodies: true, pre_request: (req, _env, _options, state) => ['ok', req, state] };

/** A group with a read, a create with a body schema and a catch-all route under `prefix`. */
function itemsGroup(prefix: string, plugins: PluginEntry[] | undefined, host?: string): RouteGroup {
  return {
    prefix,
    ...(host !== undefined && { host }),
    security: false,
    ...(plugins !== undefined && { plugins }),
    routes: [
      { path: '/items', handler: items.list, options: { methods: ['get'] } },
      { path: '/items', handler: items.create, options: { methods: ['post', 'put'], schema: { body: { type: 'object' } } } },
      { path: '/any', handler: items.create },
    ],
  };
}

/** The `group_without_body_decoding` lines an app logs while starting. */
async function startupFindings(spec: TestAppSpec): Promise<LogLine[]> {
  const app = await startTestApp(spec);
  await app.close();
  return app.logs.filter((line) => line.fields.event === 'group_without_body_decoding');
}

describe('groups without body decoding', { concurrency: true }, () => {
  it('warns at start when a group replaces the global plugins with a list that has no body decoder, naming prefix, host and the body-schema routes', async () => {
    const findings = await startupFindings({ fw: GLOBAL_FW, groups: [itemsGroup('/api', [CORS], 'api.example.com')] });
    assert.deepEqual(findings, [
      {
        level: 'warn',
        fields: { event: 'group_without_body_decoding', prefix: '/api', host: 'api.example.com', routes: ['POST /api/items', 'PUT /api/items'] },
        msg: "route group '/api' (host api.example.com) replaces the global plugins without a body-decoding plugin such as fw_request_plugin, so these routes' body schemas see no body and answer 400 invalid body: POST /api/items, PUT /api/items",
      },
    ]);
  });

  it('starts and serves all the same: the warned group gets no body, which is what the warning is for', async () => {
    const app = await startTestApp({ fw: GLOBAL_FW, groups: [itemsGroup('/api', [CORS]), itemsGroup('/ok', undefined)] });
    try {
      const post = (path: string) => fetch(`${app.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"pen"}' }).then((res) => res.json());
      assert.deepEqual(await post('/api/any'), { received: null });
      assert.deepEqual(await post('/ok/any'), { received: { name: 'pen' } });
      assert.equal(((await post('/api/items')) as { error: string }).error, 'invalid body');
      assert.deepEqual(await post('/ok/items'), { received: { name: 'pen' } });
    } finally {
      await app.close();
    }
  });

  it('warns once per offending group, in group order, for an empty plugin list too', async () => {
    const findings = await startupFindings({ fw: GLOBAL_FW, groups: [itemsGroup('/a', []), itemsGroup('/ok', undefined), itemsGroup('', [CORS])] });
    assert.deepEqual(
      findings.map((line) => [line.fields.prefix, line.fields.host]),
      [['/a', '_'], ['', '_']],
    );
  });

  it('warns when the group lists fw_request_plugin with neither decode_json_body nor read_urlencoded_body', async () => {
    const reader: PluginEntry = { phase: 'pre_request', module: 'fw_request_plugin', options: { max_body_size: 10 } };
    const findings = await startupFindings({ fw: GLOBAL_FW, groups: [itemsGroup('/api', [reader])] });
    assert.deepEqual(findings.map((line) => line.fields.routes), [['POST /api/items', 'PUT /api/items']]);
  });

  it('does not warn when the group lists fw_request_plugin with decode_json_body', async () => {
    const findings = await startupFindings({ fw: GLOBAL_FW, groups: [itemsGroup('/api', [CORS, DECODE_JSON])] });
    assert.deepEqual(findings, []);
  });

  it('does not warn when the group lists fw_request_plugin with read_urlencoded_body only', async () => {
    const forms: PluginEntry = { phase: 'pre_request', module: 'fw_request_plugin', options: { read_urlencoded_body: true } };
    const findings = await startupFindings({ fw: GLOBAL_FW, groups: [itemsGroup('/api', [forms])] });
    assert.deepEqual(findings, []);
  });

  it('does not warn when the group inherits the global plugins', async () => {
    const findings = await startupFindings({ fw: GLOBAL_FW, groups: [itemsGroup('/api', undefined)] });
    assert.deepEqual(findings, []);
  });

  it('does not warn for routes that take a body without declaring a body schema', async () => {
    const bodies: RouteGroup = { prefix: '/raw', security: false, plugins: [CORS], routes: [{ path: '/items', handler: items.create, options: { methods: ['post', 'put'] } }] };
    const findings = await startupFindings({ fw: GLOBAL_FW, groups: [bodies] });
    assert.deepEqual(findings, []);
  });

  it('does not warn for a group whose routes take no body (GET, HEAD, DELETE, static)', async () => {
    const readOnly: RouteGroup = {
      prefix: '/bare',
      security: false,
      plugins: [CORS],
      routes: [
        { path: '/items', handler: items.list, options: { methods: ['get', 'head', 'delete'] } },
        { path: '/robots.txt', file: 'robots.txt' },
      ],
    };
    const findings = await startupFindings({ fw: GLOBAL_FW, groups: [readOnly], files: { 'robots.txt': 'User-agent: *\n' } });
    assert.deepEqual(findings, []);
  });

  it("does not warn when the group's own plugin declares decodesBodies", async () => {
    const own: PluginEntry = { phase: 'pre_request', module: ownBodyPlugin.name };
    const findings = await startupFindings({ fw: GLOBAL_FW, plugins: [ownBodyPlugin], groups: [itemsGroup('/api', [own])] });
    assert.deepEqual(findings, []);
  });

  it('warns for a route of any method that declares a body schema', async () => {
    const schemaGroup: RouteGroup = {
      prefix: '/search',
      security: false,
      plugins: [CORS],
      routes: [{ path: '/items', handler: items.list, options: { methods: ['delete'], schema: { body: { type: 'object' } } } }],
    };
    const findings = await startupFindings({ fw: GLOBAL_FW, groups: [schemaGroup] });
    assert.deepEqual(findings.map((line) => line.fields.routes), [['DELETE /search/items']]);
  });
});
