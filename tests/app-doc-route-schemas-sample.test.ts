/**
 * docs/applications-reference.md's "Route schemas" sample, run as it reads (its declared store,
 * `findPost`, given as a global): a GET answers the post projected through `response` (the
 * password never leaves), the params are coerced and checked, the headers checked, a PUT's body
 * failure goes to the app's onInvalid (422) and its query failure to fw's 400. Its GET was
 * answered 400 `invalid body` before the body check skipped methods whose body fw never reads.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createListener, inject, type FwApp, type FwListener, type Logger } from 'fw-core';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

const silent: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };
const store = globalThis as { findPost?: (id: number) => { id: number; title: string } };

let sample: DocSample<{ default: FwApp }>;
let fw: FwListener;
before(async () => {
  store.findPost = (id) => ({ id, title: `post ${id}` });
  sample = await importDocSample('docs/applications-reference.md', (code) => code.includes('const onInvalid: InvalidRequestHook'), 'app.ts', 'app-doc-route-schemas-');
  const plugins = [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] as const;
  fw = await createListener({ app: sample.module.default, config: { plugins }, env: {}, logger: silent });
});
after(async () => {
  await fw?.close();
  await sample?.remove();
  delete store.findPost;
});

describe("docs/applications-reference.md's route schemas sample", () => {
  it('answers a GET with the post as its response schema lists it: the password never leaves', async () => {
    const answer = await inject(fw, '/api/posts/7?fields=title');
    assert.deepEqual([answer.status, answer.body], [200, '{"id":7,"title":"post 7"}']);
  });

  it('refuses params below the minimum, and text that is no decimal number, with fw 400', async () => {
    for (const id of ['0', '0x7']) {
      const answer = await inject(fw, `/api/posts/${id}`);
      assert.equal(answer.status, 400);
      assert.equal(answer.json<{ error: string }>().error, 'invalid params');
    }
  });

  it('refuses an x-tenant header that is no integer', async () => {
    const answer = await inject(fw, { url: '/api/posts/7', headers: { 'x-tenant': 'acme' } });
    assert.deepEqual([answer.status, answer.json<{ error: string }>().error], [400, 'invalid headers']);
  });

  it("answers a PUT's body failure through the app's onInvalid, 422", async () => {
    const answer = await inject(fw, { method: 'PUT', url: '/api/posts/7', body: { title: 5 } });
    assert.deepEqual([answer.status, answer.json()], [422, { errors: ['/title must be string'] }]);
    const missing = await inject(fw, { method: 'PUT', url: '/api/posts/7', body: {} });
    assert.deepEqual([missing.status, missing.json()], [422, { errors: [" must have required property 'title'"] }]);
  });

  it('takes a PUT whose body passes, and leaves the order of checks: params first', async () => {
    assert.equal((await inject(fw, { method: 'PUT', url: '/api/posts/7', body: { title: 'new' } })).status, 200);
    const both = await inject(fw, { method: 'PUT', url: '/api/posts/0', body: {} });
    assert.deepEqual([both.status, both.json<{ error: string }>().error], [400, 'invalid params']);
  });
});
