/**
 * A route with a body schema given a body of another media type (or none named) answers 415
 * with the types it takes, in the body and in `accept-post`/`accept-patch`, not the schema's
 * "must be object" (issue 38, item 5); an onInvalid hook sees it first (keyword `contentType`).
 * A request without a body, and routes without a body schema, keep fw_request_plugin's ways.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const nameRequired = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
const echo = () => json({ ok: true });

describe('route schemas: a body of an unsupported media type', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, read_urlencoded_body: true } }] },
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/things', handler: echo, options: { methods: ['post', 'put', 'patch'], schema: { body: nameRequired } } },
            { path: '/hooked', handler: echo, options: { methods: ['post'], schema: { body: nameRequired }, onInvalid: (failure) => json({ keyword: failure.errors[0]?.keyword, params: failure.errors[0]?.params }, 422) } },
            { path: '/free', handler: (req) => json({ body: req.body ?? null, params: req.params ?? null }), options: { methods: ['post'] } },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it('answers text/plain on POST 415 with accept-post and the accepted types', async () => {
    const res = await app.fetch('/things', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{"name":"a"}' });
    assert.equal(res.status, 415);
    assert.equal(res.headers.get('accept-post'), 'application/json');
    assert.deepEqual(await res.json(), { error: 'unsupported media type', accepted: ['application/json'] });
  });

  it('answers a urlencoded form on PATCH 415 with accept-patch, on PUT without either header', async () => {
    const patch = await app.fetch('/things', { method: 'PATCH', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=a' });
    assert.equal(patch.status, 415);
    assert.equal(patch.headers.get('accept-patch'), 'application/json');
    assert.deepEqual(await patch.json(), { error: 'unsupported media type', accepted: ['application/json'] });
    const put = await app.fetch('/things', { method: 'PUT', headers: { 'content-type': 'application/xml' }, body: '<name>a</name>' });
    assert.equal(put.status, 415);
    assert.equal(put.headers.get('accept-post'), null);
    assert.equal(put.headers.get('accept-patch'), null);
  });

  it('answers a body without a content type 415', async () => {
    const res = await app.fetch('/things', { method: 'POST', body: '{"name":"a"}' });
    assert.equal(res.status, 415);
    assert.deepEqual(await res.json(), { error: 'unsupported media type', accepted: ['application/json'] });
  });

  it('checks no body, and +json bodies, with the schema as before', async () => {
    const none = await app.fetch('/things', { method: 'POST' });
    assert.equal(none.status, 400);
    assert.deepEqual(await none.json(), { error: 'invalid body', details: [{ path: '', keyword: 'type', message: 'must be object', params: { type: 'object' } }] });
    const vendor = await app.fetch('/things', { method: 'POST', headers: { 'content-type': 'application/vnd.api+json' }, body: '{"name":"a"}' });
    assert.equal(vendor.status, 200);
  });

  it("hands the failure to the route's onInvalid hook first, keyword contentType", async () => {
    const res = await app.fetch('/hooked', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: 'name\na' });
    assert.equal(res.status, 422);
    assert.deepEqual(await res.json(), { keyword: 'contentType', params: { accepted: ['application/json'], received: 'text/csv' } });
  });

  it('lets a route without a body schema take any media type, as fw_request_plugin always did', async () => {
    const text = await app.fetch('/free', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    assert.equal(text.status, 200);
    assert.deepEqual(await text.json(), { body: null, params: null });
    const form = await app.fetch('/free', { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    assert.deepEqual(await form.json(), { body: null, params: { a: '1' } });
  });
});

describe("route schemas: a compiler's own contentType issue", () => {
  it('is a 400 like any other schema failure: only fw refusing the media type answers 415', async () => {
    const issue = { path: '', keyword: 'contentType', message: 'must be a JSON object', params: {} };
    const app = await injectTestApp({
      fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
      schemaCompiler: () => () => ({ valid: false, errors: [issue] }),
      groups: [{ prefix: '', security: false, routes: [{ path: '/things', handler: echo, options: { methods: ['post'], schema: { body: nameRequired } } }] }],
    });
    try {
      const res = await app.fetch('/things', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"a"}' });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: 'invalid body', details: [issue] });
    } finally {
      await app.close();
    }
  });
});
