/**
 * A route that declares `schema.body` while no global `pre_request` plugin decodes bodies (an app
 * that forgot fw_request_plugin) would answer every request 400 `invalid body`, a good body
 * included: fw warns once at start (`body_schema_without_decoding`), naming those routes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import type { PluginEntry } from '../src/plugins/plugin.ts';
import { startTestApp, type LogLine, type TestAppSpec } from './support/test-app.ts';

const DECODE_JSON: PluginEntry = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } };
const CORS: PluginEntry = { phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: '*' } };
const body = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };

/** A group with two body-schema routes, a POST without one, and a GET, under `prefix`. */
function itemsGroup(prefix: string, plugins?: PluginEntry[]): RouteGroup {
  const echo = (req: { body?: unknown }) => json({ received: req.body ?? null });
  return {
    prefix,
    security: false,
    ...(plugins !== undefined && { plugins }),
    routes: [
      { path: '/items', handler: echo, options: { methods: ['post'], schema: { body } } },
      { path: '/items/:id', handler: echo, options: { methods: ['put', 'patch'], schema: { body } } },
      { path: '/raw', handler: echo, options: { methods: ['post'] } },
      { path: '/items', handler: echo, options: { methods: ['get'] } },
    ],
  };
}

async function startupWarnings(spec: TestAppSpec): Promise<LogLine[]> {
  const app = await startTestApp(spec);
  await app.close();
  return app.logs.filter((line) => line.level === 'warn');
}

describe('body schemas without body decoding', { concurrency: true }, () => {
  it('warns once at start, naming each method and path of a body-schema route (not a GET of the same handler and path), when no global plugin decodes bodies', async () => {
    assert.deepEqual(await startupWarnings({ groups: [itemsGroup('/api')] }), [
      {
        level: 'warn',
        fields: { event: 'body_schema_without_decoding', routes: ['POST /api/items', 'PUT /api/items/:id', 'PATCH /api/items/:id'] },
        msg: "no global pre_request plugin decodes request bodies (add fw_request_plugin with decode_json_body to the plugins), so these routes' body schemas see no body and answer 400 invalid body: POST /api/items, PUT /api/items/:id, PATCH /api/items/:id",
      },
    ]);
  });

  it('is right: such a route answers a good JSON body 400 invalid body', async () => {
    const app = await startTestApp({ groups: [itemsGroup('/api')] });
    try {
      const res = await fetch(`${app.url}/api/items`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"pen"}' });
      assert.equal(res.status, 400);
      assert.equal(((await res.json()) as { error: string }).error, 'invalid body');
    } finally {
      await app.close();
    }
  });

  it('does not warn when a global plugin decodes bodies', async () => {
    assert.deepEqual(await startupWarnings({ fw: { plugins: [DECODE_JSON] }, groups: [itemsGroup('/api')] }), []);
  });

  it("leaves a group that replaces the global plugins to group_without_body_decoding's single warning", async () => {
    const warnings = await startupWarnings({ groups: [itemsGroup('/api', [CORS])] });
    assert.deepEqual(warnings.map((line) => line.fields.event), ['group_without_body_decoding']);
  });
});
