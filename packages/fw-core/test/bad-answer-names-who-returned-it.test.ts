/**
 * An answer fw cannot write is logged as FW_ERR_HANDLER_BAD_RESPONSE naming who returned it, in the message and the
 * request_failed line's `where`: the handler, the post_request plugin that replaced the handler's answer, the route's
 * onInvalid hook, or onError / onNotFound (inside their FW_ERR_OWN_ANSWER_FAILED). Before, each said "handler returned …"
 * and a plugin's or onInvalid's refusal was logged with `where: pipeline`, sending whoever read the log to the handler.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const get = { methods: ['get' as const] };
const objectBody = () => ({ kind: 'status', status: 200, body: { ok: true } }) as never;
const WHAT = 'a status() body that is a plain object, not a response: wrap a body in json()';
const SUFFIX = '; return json(), jsonStream(), status(), html(), redirect() or sendFile()';

const replacer: FwPlugin = { name: 'replacer', post_request: (req, _env, _options, state) => ['ok', { ...req, response: objectBody() }, state] };
const inPlace: FwPlugin = { name: 'in_place', post_request: (req, _env, _options, state) => ((req.response = objectBody()), ['ok', req, state]) };
const headersOnly: FwPlugin = { name: 'headers_only', post_request: (req, _env, _options, state) => ((req.responseHeaders['x-seen'] = '1'), ['ok', req, state]) };

describe('an answer fw refuses names who returned it', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      plugins: [replacer, inPlace, headersOnly],
      groups: [
        { prefix: '/handler', security: false, plugins: [{ phase: 'post_request', module: 'headers_only' }], routes: [{ path: '/x', handler: objectBody, options: get }] },
        { prefix: '/replaced', security: false, plugins: [{ phase: 'post_request', module: 'replacer' }, { phase: 'post_request', module: 'headers_only' }], routes: [{ path: '/x', handler: () => json({ ok: true }), options: get }] },
        { prefix: '/in-place', security: false, plugins: [{ phase: 'post_request', module: 'in_place' }], routes: [{ path: '/x', handler: () => json({ ok: true }), options: get }] },
        {
          prefix: '/invalid',
          security: false,
          routes: [{ path: '/:n', handler: () => json({ ok: true }), options: { ...get, schema: { params: { type: 'object', properties: { n: { type: 'integer' } } } }, onInvalid: objectBody } }],
        },
        { prefix: '/error', security: false, onError: objectBody, routes: [{ path: '/x', handler: () => Promise.reject(new Error('down')), options: get }] },
        { prefix: '/missing', security: false, onNotFound: objectBody, routes: [{ path: '/x', handler: () => json({ ok: true }), options: get }] },
      ],
    });
  });
  after(() => app.close());

  /** Requests `path`, checks fw's 500, and returns its last request_failed line's `where` and error (onError's follows the handler's). */
  async function failure(path: string): Promise<{ where: unknown; error: FwError }> {
    const res = await app.fetch(path);
    assert.equal(res.status, 500, path);
    const id = res.headers.get('x-request-id');
    const lines = app.logs.filter((line) => line.fields.event === 'request_failed' && line.fields.request_id === id);
    const { where, err } = lines.at(-1)!.fields;
    assert.ok(err instanceof FwError, `${path}: ${String(err)}`);
    return { where, error: err };
  }

  it('the handler: "handler returned", where pipeline', async () => {
    const { where, error } = await failure('/handler/x');
    assert.deepEqual([where, error.code, error.message], ['pipeline', 'FW_ERR_HANDLER_BAD_RESPONSE', `handler returned ${WHAT}${SUFFIX}`]);
  });

  it('a post_request plugin that replaced the answer with a copy of the request: the plugin, by name', async () => {
    const { where, error } = await failure('/replaced/x');
    assert.deepEqual([where, error.code, error.message], ['plugin replacer', 'FW_ERR_HANDLER_BAD_RESPONSE', `plugin replacer returned ${WHAT}${SUFFIX}`]);
  });

  it('a post_request plugin that set req.response in place: the plugin, by name', async () => {
    const { where, error } = await failure('/in-place/x');
    assert.deepEqual([where, error.message], ['plugin in_place', `plugin in_place returned ${WHAT}${SUFFIX}`]);
  });

  it("the route's onInvalid hook", async () => {
    const { where, error } = await failure('/invalid/abc');
    assert.deepEqual([where, error.code, error.message], ['onInvalid', 'FW_ERR_HANDLER_BAD_RESPONSE', `onInvalid returned ${WHAT}${SUFFIX}`]);
  });

  for (const [path, hook] of [['/error/x', 'onError'], ['/missing/nothing', 'onNotFound']] as const) {
    it(`${hook}: its FW_ERR_OWN_ANSWER_FAILED and the cause name ${hook}`, async () => {
      const { where, error } = await failure(path);
      assert.deepEqual([where, error.code, error.message], [hook, 'FW_ERR_OWN_ANSWER_FAILED', `${hook} failed: ${hook} returned ${WHAT}${SUFFIX}`]);
      assert.equal((error.cause as FwError).message, `${hook} returned ${WHAT}${SUFFIX}`);
    });
  }
});
