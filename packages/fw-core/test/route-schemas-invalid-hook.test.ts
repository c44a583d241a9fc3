/**
 * A request that fails its route schema is answered by the route's onInvalid hook, else the
 * app's, else fw's 400; a hook that returns undefined keeps fw's answer. The answer stands in
 * for the handler's, so post_request plugins see it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import type { InvalidRequestHook } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp, type InjectInit } from './support/inject-app.ts';

const nameRequired = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
const post = (body: unknown): InjectInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

// The app's shape: {"errors": {field: [messages]}} with 422, the way the blog answers.
const appHook: InvalidRequestHook = (failure, req) => {
  if (failure.part !== 'body') return undefined;
  const errors: Record<string, string[]> = {};
  for (const issue of failure.errors) {
    const field = issue.keyword === 'required' ? String(issue.params.missingProperty) : issue.path.slice(1);
    (errors[field] ??= []).push(issue.keyword === 'required' ? "can't be blank" : 'is invalid');
  }
  return json({ errors, route: req.route.template }, 422);
};

const stamp: FwPlugin = { name: 'stamp', post_request: (req, _e, _o, s) => { req.responseHeaders['x-post-ran'] = 'yes'; return ['ok', req, s]; } };

describe('route schemas: onInvalid hooks', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      plugins: [stamp],
      fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }, { phase: 'post_request', module: 'stamp' }] },
      onInvalid: appHook,
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/app-hook', handler: () => json({ ok: true }), options: { methods: ['post'], schema: { body: nameRequired } } },
            { path: '/app-hook/:n', handler: () => json({ ok: true }), options: { methods: ['get'], schema: { params: { type: 'object', properties: { n: { type: 'integer' } } } } } },
            {
              path: '/route-hook',
              handler: () => json({ ok: true }),
              options: { methods: ['post'], schema: { body: nameRequired }, onInvalid: async (failure) => json({ refused: failure.part, count: failure.errors.length }, 409) },
            },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it("answers a bad body with the app's hook, after which post_request plugins run", async () => {
    const res = await app.fetch('/app-hook', post({ name: 5 }));
    assert.equal(res.status, 422);
    assert.equal(res.headers.get('x-post-ran'), 'yes');
    assert.deepEqual(await res.json(), { errors: { name: ['is invalid'] }, route: '/app-hook' });
  });

  it("reads a missing required field as can't be blank in the app's shape", async () => {
    const res = await app.fetch('/app-hook', post({}));
    assert.equal(res.status, 422);
    assert.deepEqual(await res.json(), { errors: { name: ["can't be blank"] }, route: '/app-hook' });
  });

  it("keeps fw's 400 where the hook returns undefined", async () => {
    const res = await app.fetch('/app-hook/x');
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'invalid params', details: [{ path: '/n', keyword: 'type', message: 'must be integer', params: { type: 'integer' } }] });
  });

  it("prefers the route's own (async) hook over the app's", async () => {
    const res = await app.fetch('/route-hook', post({}));
    assert.equal(res.status, 409);
    assert.deepEqual(await res.json(), { refused: 'body', count: 1 });
  });

  it('runs the handler when the body passes', async () => {
    const res = await app.fetch('/route-hook', post({ name: 'n' }));
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { ok: true });
  });
});
