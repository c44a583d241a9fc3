/**
 * A route schema's root `$id` names nothing outside that schema (docs/applications-reference.md, "TypeBox": list it in
 * `schemas` to name it), as with Fastify's ajv (`addUsedSchema: false`): two routes may give schemas of the same `$id`
 * (`{...post, required: ['title']}` beside `post`, a schema made per route), each checked as written, and a `$ref` to
 * another route's `$id` does not resolve, whatever the routes' order. A schema referring to itself by its `$id`
 * (TypeBox 0.34's Type.Recursive) still does.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RouteEntry } from '../src/app/route-group.ts';
import { FwError } from '../src/errors.ts';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const DECODE = { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] };
const echo = (req: FwRequest) => json({ body: req.body ?? null, query: req.queryParams ?? null });
const post = { $id: 'post', type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } } as const;
/** A tree whose nodes hold at most `max`, referring to itself by its $id at every depth. */
const tree = (max: number) => ({ $id: 'node', type: 'object', properties: { n: { type: 'integer', maximum: max }, kids: { type: 'array', items: { $ref: 'node' } } }, required: ['n'] });
const route = (path: string, schema: object, methods: readonly ('get' | 'post')[] = ['post']): RouteEntry => ({ path, handler: echo, options: { methods, schema } });

describe('route schemas: a root $id per route', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      fw: DECODE,
      groups: [{ prefix: '', security: false, routes: [
        route('/posts', { body: { ...post, required: ['title'] } }),
        route('/drafts', { body: post }),
        route('/search', { query: { ...post, required: ['id'] } }, ['get']),
        route('/find', { query: { ...post } }, ['get']),
        route('/small', { body: tree(5) }),
        route('/large', { body: tree(50) }),
      ] }],
    });
  });
  after(() => app.close());
  const send = (path: string, body: unknown) => app.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('starts with two body schemas of the same $id (start-up failed: schema with key or id "post" already exists), each checked as written', async () => {
    assert.equal((await send('/posts', { id: 1 })).status, 400);
    assert.deepEqual([(await send('/drafts', { id: 1 })).status, (await send('/posts', { title: 't' })).status], [200, 200]);
  });

  it('does so for the coerced parts too', async () => {
    assert.equal((await app.fetch('/search?title=t')).status, 400);
    const found = await app.fetch('/find?id=7');
    assert.deepEqual(await found.json(), { body: null, query: { id: 7 } });
  });

  it('checks each self-referring schema of the same $id against itself, at every depth', async () => {
    const deep = { n: 1, kids: [{ n: 2, kids: [{ n: 20 }] }] };
    const small = await send('/small', deep);
    assert.deepEqual([small.status, ((await small.json()) as { details: { path: string }[] }).details[0]!.path], [400, '/kids/0/kids/0/n']);
    assert.equal((await send('/large', deep)).status, 200);
  });
});

describe("route schemas: a $ref to another route's $id", () => {
  for (const order of ['after', 'before']) {
    it(`does not resolve when the route giving the $id comes ${order} it${order === 'before' ? ' (it did: the order of routes decided)' : ''}`, async () => {
      const routes = [route('/a', { body: post }), route('/b', { body: { $ref: 'post' } })];
      const start = injectTestApp({ fw: DECODE, groups: [{ prefix: '', security: false, routes: order === 'after' ? routes.reverse() : routes }] });
      await assert.rejects(start, (error: unknown) => error instanceof FwError && error.code === 'FW_ERR_ROUTE_BAD_SCHEMA' && /schema\.body does not compile: can't resolve reference post/.test(error.message));
    });
  }

  it("leaves a named schema's $id to it when a route repeats it under customOptions.addUsedSchema: false", async () => {
    const named = await injectTestApp({ fw: DECODE, ajv: { customOptions: { addUsedSchema: false } }, schemas: { post }, groups: [{ prefix: '', security: false, routes: [route('/a', { body: { ...post } }), route('/b', { body: { type: 'object', properties: { post: { $ref: 'post' } } } })] }] });
    try {
      const wrong = await named.fetch('/b', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"post":{"id":"x"}}' });
      assert.deepEqual([wrong.status, ((await wrong.json()) as { details: { path: string }[] }).details[0]!.path], [400, '/post/id']);
    } finally {
      await named.close();
    }
  });

  it('resolves to a named schema by its $id, as before', async () => {
    const named = await injectTestApp({ fw: DECODE, schemas: { post: { ...post, $id: 'https://example.test/post' } }, groups: [{ prefix: '', security: false, routes: [route('/a', { body: { $ref: 'https://example.test/post' } }), route('/b', { body: { $ref: 'post' } })] }] });
    try {
      const wrong = await named.fetch('/a', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":"x"}' });
      assert.equal(wrong.status, 400);
      assert.equal((await named.fetch('/b', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"id":1}' })).status, 200);
    } finally {
      await named.close();
    }
  });
});

describe("route schemas: a route's $id that one of the app's named schemas has too", () => {
  const withPost = (routes: RouteEntry[]) => injectTestApp({ fw: DECODE, schemas: { post }, groups: [{ prefix: '', security: false, routes }] });
  const secretPost = { ...post, properties: { ...post.properties, secret: { type: 'string' } } };

  it("starts with a route schema repeating it at its root (start-up failed: schema with key or id \"post\" already exists); the route's own is checked and projected there, as in Fastify", async () => {
    const respond = { path: '/own', handler: () => json({ id: 1, title: 't', secret: 's' }), options: { methods: ['get' as const], schema: { response: { 200: secretPost } } } };
    const app = await withPost([route('/posts', { body: { ...post, required: ['title'] } }), route('/any', { body: { $ref: 'post' } }), respond]);
    try {
      const send = (path: string, body: unknown) => app.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      assert.deepEqual([(await send('/posts', { id: 1 })).status, (await send('/posts', { title: 't' })).status, (await send('/any', { id: 1 })).status], [400, 200, 200]);
      assert.equal(await (await app.fetch('/own')).text(), '{"id":1,"title":"t","secret":"s"}');
    } finally {
      await app.close();
    }
  });

  it("refuses at start one inside a request part's schema naming the app's schema (it named neither); a response goes through the route's, as Fastify's", async () => {
    const inside = { type: 'object', properties: { p: { $ref: 'post' } }, $defs: { p: secretPost } };
    await assert.rejects(withPost([route('/x', { body: inside })]), (error: unknown) => error instanceof FwError && error.code === 'FW_ERR_ROUTE_BAD_SCHEMA'
      && error.message === `route POST /x schema.body does not compile: reference "post" resolves to more than one schema: a $id inside the route's schema is the app's schema post's too (defineApp({schemas})); rename one, or $ref the app's`);
    const respond = { path: '/x', handler: () => json({ p: { id: 1, secret: 's' } }), options: { methods: ['get' as const], schema: { response: { 200: inside } } } };
    const app = await withPost([respond, route('/same', { body: { type: 'object', properties: { p: { $ref: 'post' } }, $defs: { p: post } } })]);
    try {
      assert.equal(await (await app.fetch('/x')).text(), '{"p":{"id":1,"secret":"s"}}');
    } finally {
      await app.close();
    }
  });
});
