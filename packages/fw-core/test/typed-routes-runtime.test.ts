/**
 * route() at run time: it returns the plain `{path, handler, options}` a group takes (the same
 * handler function, options flattened back), and its handler reads what its types promise from a
 * real server: coerced params, a validated body, and answers projected by status.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { route } from '../src/app/typed-route.ts';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import type { FromSchema } from '../src/schema/from-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const post = { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } }, required: ['id', 'title'] } as const;
const params = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } as const;

const show = route({
  path: '/posts/:id',
  methods: ['get'],
  extra: { resource: 'post' },
  schema: { params, response: { 200: post } },
  handler: (req) => json({ id: req.pathParams.id, title: `post ${req.bindings.id}`, secret: typeof req.pathParams.id }),
});

const rename = route({
  path: '/posts/:id',
  methods: ['put'],
  schema: { params, body: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] } },
  handler: async (req) => json({ id: req.pathParams.id, title: req.body.title.toUpperCase() }),
});

describe('route() at run time', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
      groups: [{ prefix: '/api', security: false, routes: [show, rename] }],
    });
  });
  after(() => app.close());

  it('returns a plain handler route with the same handler and its options', () => {
    assert.deepEqual(Object.keys(show), ['path', 'handler', 'options']);
    assert.equal(show.path, '/posts/:id');
    assert.deepEqual(show.options, { methods: ['get'], extra: { resource: 'post' }, schema: { params, response: { 200: post } } });
    const handler = () => json(null);
    assert.equal(route({ path: '/x', handler }).handler, handler);
    assert.deepEqual(route({ path: '/x', handler }).options, {});
  });

  it('hands the handler coerced params and projects its answer through the status schema', async () => {
    const res = await app.fetch('/api/posts/42');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { id: 42, title: 'post 42' });
  });

  it('answers a request its schema refuses without running the handler', async () => {
    const res = await app.fetch('/api/posts/abc');
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { error: string }).error, 'invalid params');
  });

  it('hands the handler the validated body', async () => {
    const put = (body: string) => app.fetch('/api/posts/7', { method: 'PUT', headers: { 'content-type': 'application/json' }, body });
    const ok = await put('{"title":"hello"}');
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { id: 7, title: 'HELLO' });
    const bad = await put('{"title":7}');
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { error: string }).error, 'invalid body');
  });

  it("inject types json() from the route the test names: its answers or fw's error body, no casts", async () => {
    const found = await inject(app.fw, '/api/posts/42', show);
    const body = found.json<FromSchema<typeof post>>();
    assert.deepEqual([found.status, body.id, body.title], [200, 42, 'post 42']);
    const refused = await inject(app.fw, '/api/posts/abc', show);
    assert.deepEqual([refused.status, refused.json<{ error: string }>().error], [400, 'invalid params']);
  });
});
