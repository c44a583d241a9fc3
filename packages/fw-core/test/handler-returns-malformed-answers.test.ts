/**
 * What a handler, a post_request plugin or an own-answer hook returns that is not an answer fw can write: the client gets
 * fw's 500 and the log an FW_ERR_HANDLER_BAD_RESPONSE that names what came back and what answers it. Before, a status()
 * body that was neither text nor bytes (untyped JavaScript's `status(200, {}, {ok: true})`) had its head written before
 * node:http refused the body, so the client got no answer (a cut connection) and the log Node's ERR_INVALID_ARG_TYPE; a
 * header given as a number, a redirect without a location or a jsonStream of a number logged a bare TypeError ("value is
 * not iterable"); a web Response (Hono's answer), bytes or a stream were each "a plain object: wrap a body in json()";
 * and a jsonStream() item JSON cannot encode (a BigInt) logged JSON's bare TypeError where json() gives this code.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { json, jsonStream } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const get = { methods: ['get' as const] };
/** What each route's handler returns, as untyped JavaScript would. */
const returned: Record<string, () => unknown> = {
  '/status-object-body': () => ({ kind: 'status', status: 200, body: { ok: true } }),
  '/status-number-body': () => ({ kind: 'status', status: 200, body: 5 }),
  '/number-header': () => ({ kind: 'json', status: 200, body: [], headers: { 'x-total-count': 5 } }),
  '/redirect-without-location': () => ({ kind: 'redirect', status: 302 }),
  '/stream-of-a-number': () => ({ kind: 'json_stream', status: 200, items: 5 }),
  '/web-response': () => new Response('hello', { status: 201 }),
  '/buffer': () => Buffer.from('bytes'),
  '/node-readable': () => Readable.from(['a']),
  '/async-generator': async () => (async function* () {})(),
  '/text': () => 'hello',
  '/date': () => new Date(0),
  '/json-bigint': () => json({ id: 1n }),
  '/stream-bigint-array': () => jsonStream([{ id: 1n }]),
  '/stream-bigint-iterable': () => jsonStream(new Set([{ id: 1n }])),
};
const SUFFIX = '; return json(), jsonStream(), status(), html(), redirect() or sendFile()';
const BYTES = 'bytes, not a response: answer them with status(200, headers, bytes) (a Uint8Array)';
const STREAM = 'a stream, not a response: answer a JSON list with jsonStream(items)';
/** The message of the FW_ERR_HANDLER_BAD_RESPONSE each route's answer is refused with. */
const refused: Record<string, string> = {
  '/status-object-body': 'a status() body that is a plain object, not a response: wrap a body in json()',
  '/status-number-body': 'a status() body that is 5, not a response: wrap a body in json()',
  '/number-header': 'the header x-total-count: number, not a string',
  '/redirect-without-location': 'redirect() without a location',
  '/stream-of-a-number': 'jsonStream() of something not iterable',
  '/web-response': 'a web Response, which fw does not write: use status(), html() or json()',
  '/buffer': BYTES,
  '/node-readable': STREAM,
  '/async-generator': STREAM,
  '/text': 'a string: answer text with html() or status(200, headers, text)',
  '/date': 'a Date, not a response: wrap a body in json()',
  '/json-bigint': 'a JSON body that json_lib cannot encode',
  '/stream-bigint-array': 'a JSON body that json_lib cannot encode',
  '/stream-bigint-iterable': 'a JSON body that json_lib cannot encode',
};

const plugins: FwPlugin[] = [
  {
    name: 'replacer',
    post_request: (req, _env, _options, state) => ['ok', { ...req, response: { kind: 'status', status: 200, body: { ok: 1 } } as never }, state],
  },
];

describe('a handler returns what fw cannot write', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      plugins,
      groups: [
        { prefix: '', security: false, routes: Object.entries(returned).map(([path, handler]) => ({ path, handler: handler as never, options: get })) },
        { prefix: '/replaced', security: false, plugins: [{ phase: 'post_request', module: 'replacer' }], routes: [{ path: '/x', handler: () => json({ ok: true }), options: get }] },
        {
          prefix: '/hook',
          security: false,
          onError: () => ({ kind: 'status', status: 503, body: { busy: true } }) as never,
          routes: [{ path: '/x', handler: () => Promise.reject(new Error('down')), options: get }],
        },
      ],
    });
  });
  after(() => app.close());

  /** Requests `path`, checks fw's 500, and returns what its request_failed line logged. */
  async function failure(path: string): Promise<FwError> {
    const res = await app.fetch(path);
    assert.equal(res.status, 500, path);
    assert.deepEqual(await res.json(), { error: 'internal server error' }, path);
    const id = res.headers.get('x-request-id');
    const lines = app.logs.filter((line) => line.fields.event === 'request_failed' && line.fields.request_id === id);
    const error = lines.at(-1)?.fields.err;
    assert.ok(error instanceof FwError, `${path}: ${String(error)}`);
    return error;
  }

  for (const [path, what] of Object.entries(refused)) {
    it(`${path}: a 500 and FW_ERR_HANDLER_BAD_RESPONSE naming what came back`, async () => {
      const error = await failure(path);
      assert.deepEqual([error.code, error.message], ['FW_ERR_HANDLER_BAD_RESPONSE', `handler returned ${what}${SUFFIX}`]);
    });
  }

  it("a post_request plugin's replacement with an object body is refused before its head: a 500, not a cut", async () => {
    assert.equal((await failure('/replaced/x')).code, 'FW_ERR_HANDLER_BAD_RESPONSE');
  });

  it("an onError answer with an object body is refused before its head: fw's 500 and FW_ERR_OWN_ANSWER_FAILED", async () => {
    const error = await failure('/hook/x');
    assert.equal(error.code, 'FW_ERR_OWN_ANSWER_FAILED');
    assert.equal((error.cause as FwError).code, 'FW_ERR_HANDLER_BAD_RESPONSE');
  });
});
