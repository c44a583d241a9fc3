/**
 * docs/applications-reference.md, "Route schemas": fw reads no body of a GET, HEAD or DELETE
 * request, and beside a method that carries one (`methods: ['delete', 'post']`) a body schema
 * checks that method's body. A DELETE to such a route, and a GET or HEAD to a route of every
 * method, reach the handler with no body checked; they were refused 400 `invalid body` ("must
 * be object"), whatever they sent, since the body they never get is undefined.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createListener, defineApp, inject, json, type FwListener, type FwRequest, type Logger } from '../packages/fw-core/src/index.ts';

const silent: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };
const body = { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] };
const echo = (req: FwRequest) => json({ method: req.method, body: req.body ?? null });

let fw: FwListener;
before(async () => {
  const app = defineApp({
    name: 'tasks',
    router: {
      name: 'tasks_router',
      routes: () => [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/tasks/:id', handler: echo, options: { methods: ['delete', 'post'], schema: { body } } },
            { path: '/any', handler: echo, options: { schema: { body } } },
          ],
        },
      ],
    },
  });
  const plugins = [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] as const;
  fw = await createListener({ app, config: { plugins }, env: {}, logger: silent });
});
after(() => fw?.close());

describe('a body schema beside methods that carry no body', () => {
  it('runs the handler for a DELETE, with or without a body sent, its body unread and unchecked', async () => {
    for (const sent of [undefined, { title: 'x' }, { other: 1 }]) {
      const answer = await inject(fw, { method: 'DELETE', url: '/tasks/1', ...(sent && { body: sent }) });
      assert.deepEqual([answer.status, answer.json()], [200, { method: 'DELETE', body: null }]);
    }
  });

  it("still checks a POST's body", async () => {
    const refused = await inject(fw, { method: 'POST', url: '/tasks/1', body: {} });
    assert.equal(refused.status, 400);
    assert.equal(refused.json<{ error: string }>().error, 'invalid body');
    const taken = await inject(fw, { method: 'POST', url: '/tasks/1', body: { title: 'x' } });
    assert.deepEqual([taken.status, taken.json()], [200, { method: 'POST', body: { title: 'x' } }]);
  });

  it('runs the handler for a GET and a HEAD to a route of every method, and checks its PUT', async () => {
    assert.deepEqual((await inject(fw, '/any')).json(), { method: 'GET', body: null });
    assert.equal((await inject(fw, { method: 'HEAD', url: '/any' })).status, 200);
    assert.equal((await inject(fw, { method: 'PUT', url: '/any', body: {} })).status, 400);
  });
});
