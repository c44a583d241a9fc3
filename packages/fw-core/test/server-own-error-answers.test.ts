/**
 * An app's own not-found, method-not-allowed and error answers (issue 38, item 7): `onNotFound`,
 * `onMethodNotAllowed` and `onError` on the app and on route groups answer in place of fw's
 * built-in 404, 405 and error answers, with the FwRequest (its id and route) in hand. A group's
 * answer its own requests (a miss's group: the best-matching one, as for the miss plugins), the
 * app's the rest; undefined keeps fw's answer; a hook that fails is logged and answered with
 * fw's 500. The log line and what telemetry reads carry the status the hook answered.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { ErrorAnswers } from '../src/app/route-group.ts';
import { FwError, httpError, isFwError } from '../src/errors.ts';
import { json, status } from '../src/http/response.ts';
import { errorTypeOf } from '../src/otel/server-telemetry.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { observeExchange } from '../src/stream/exchange.ts';
import type { ExchangeEnd, StreamHandler } from '../src/stream/stream-handler.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { startTestApp, type LogLine, type TestApp } from './support/test-app.ts';

const get = { methods: ['get' as const] };
const ok = () => json({ ok: true });
const boom = (): never => {
  throw new Error('db down');
};

/** Counts the requests it sees, so a test can tell which group's plugins ran. */
const counter: FwPlugin<number> = {
  name: 'counter',
  init: () => 0,
  pre_request: (req, _env, _options, count) => {
    req.responseHeaders['x-counted'] = String(count + 1);
    return ['ok', req, count + 1];
  },
};
const thrower: FwPlugin = { name: 'thrower', pre_request: () => { throw new Error('plugin broke'); } };

// The app's answers: JSON with the request's id and route, as an app that wants one error shape writes them.
const appAnswers: ErrorAnswers = {
  onNotFound: (req) => (req.path === '/fw-default' ? undefined : json({ error: 'no such page', path: req.path, request_id: req.id, route: req.route.template }, 404)),
  onMethodNotAllowed: (req, allowed) => json({ error: `${req.method} is not allowed here`, allowed }, 405),
  onError: (error, req) => {
    if (isFwError(error, 'FW_ERR_HTTP') && error.expose) return json({ error: error.message, request_id: req.id }, error.status);
    if (error instanceof Error && error.message === 'keep') return undefined;
    return json({ error: 'temporarily unavailable', code: isFwError(error) ? error.code : 'unexpected', request_id: req.id, route: req.route.template }, 503);
  },
};

const apiAnswers: ErrorAnswers = {
  onNotFound: (req) => json({ api_error: 'not found', path: req.path, counted: req.responseHeaders['x-counted'] }, 404),
  onError: async (_error, req) => json({ api_error: 'failed', route: req.route.template, auth: req.auth_data }, 500),
};

/** Hooks that fail each their way: a throw, a rejection, an answer that is no response. */
const brokenAnswers: ErrorAnswers = {
  onNotFound: () => {
    throw new Error('not-found hook broke');
  },
  onMethodNotAllowed: async () => Promise.reject(new Error('405 hook rejected')),
  onError: () => ({ status: 200 }) as never,
};

describe('own answers: app-wide and per group, through inject', () => {
  let app: InjectedApp;
  let refusals = 0;
  before(async () => {
    app = await injectTestApp({
      plugins: [counter, thrower],
      answers: appAnswers,
      groups: [
        {
          prefix: '/api',
          security: (req) => (req.headers['x-user'] === undefined ? true : { allow: true, auth_data: { user: req.headers['x-user'] } }),
          plugins: [{ phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: 'https://app.example' } }, { phase: 'pre_request', module: 'counter' }],
          ...apiAnswers,
          routes: [
            { path: '/items', handler: ok, options: get },
            { path: '/boom', handler: boom, options: get },
          ],
        },
        { prefix: '/api/v2', security: false, routes: [{ path: '/items', handler: ok, options: get }] },
        { prefix: '', host: 'admin.example', security: false, onNotFound: () => status(404, { 'content-type': 'text/plain' }, 'admin: nothing here'), routes: [{ path: '/x', handler: ok, options: get }] },
        { prefix: '/broken', security: false, plugins: [{ phase: 'pre_request', module: 'thrower' }], routes: [{ path: '/x', handler: ok, options: get }] },
        { prefix: '/secured', security: () => { refusals += 1; throw new Error('auth store down'); }, routes: [{ path: '/x', handler: ok, options: get }] },
        { prefix: '/bad', security: false, ...brokenAnswers, routes: [{ path: '/x', handler: boom, options: get }] },
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/items', handler: ok, options: get },
            { path: '/boom', handler: boom, options: get },
            { path: '/rejects', handler: async () => Promise.reject(new FwError('FW_ERR_HANDLER_BAD_RESPONSE', 'late')), options: get },
            { path: '/teapot', handler: () => { throw httpError(418, 'short and stout'); }, options: get },
            { path: '/keep', handler: () => { throw new Error('keep'); }, options: get },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  const failures = (): LogLine[] => app.logs.filter((line) => line.fields.event === 'request_failed');

  it("answers a miss with the app's onNotFound, which has the request's id and the miss's empty route", async () => {
    const res = await app.fetch('/nowhere?x=1');
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    const id = res.headers.get('x-request-id');
    assert.deepEqual(await res.json(), { error: 'no such page', path: '/nowhere', request_id: id, route: '' });
  });

  it("keeps fw's 404 when onNotFound answers undefined, and HEAD gets the answer's headers without a body", async () => {
    const res = await app.fetch('/fw-default');
    assert.equal(res.status, 404);
    assert.equal(await res.text(), '{"error":"not found"}');
    const head = await app.fetch('/nowhere', { method: 'HEAD' });
    assert.equal(head.status, 404);
    assert.equal(head.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(await head.text(), '');
  });

  it('answers a 405 with onMethodNotAllowed, given the allowed methods, and keeps the allow header', async () => {
    const res = await app.fetch('/items', { method: 'DELETE' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.deepEqual(await res.json(), { error: 'DELETE is not allowed here', allowed: ['GET', 'HEAD', 'OPTIONS'] });
  });

  it("answers the misses under a group's prefix with the group's onNotFound, after the group's plugins", async () => {
    const res = await app.fetch('/api/nothing', { headers: { origin: 'https://app.example' } });
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
    const counted = res.headers.get('x-counted');
    assert.deepEqual(await res.json(), { api_error: 'not found', path: '/api/nothing', counted });
    // A prefix covers whole segments: /apix is the app's.
    assert.equal(((await (await app.fetch('/apix')).json()) as { error: string }).error, 'no such page');
  });

  it("gives a group without its own answer the app's, even under another group's prefix", async () => {
    // /api/v2 matches best and declares none: the app's answers, not /api's.
    const missed = await app.fetch('/api/v2/nothing');
    assert.deepEqual(await missed.json(), { error: 'no such page', path: '/api/v2/nothing', request_id: missed.headers.get('x-request-id'), route: '' });
    // The /api group has no onMethodNotAllowed: the app's answers its 405s.
    const res = await app.fetch('/api/items', { method: 'POST' });
    assert.equal(res.status, 405);
    assert.deepEqual(await res.json(), { error: 'POST is not allowed here', allowed: ['GET', 'HEAD', 'OPTIONS'] });
  });

  it("answers a miss on a group's host with that group's onNotFound", async () => {
    const res = await app.fetch('/nothing', { headers: { host: 'admin.example' } });
    assert.equal(res.status, 404);
    assert.equal(await res.text(), 'admin: nothing here');
  });

  it("answers a handler's failure with the app's onError, and still logs the error", async () => {
    const before = failures().length;
    const res = await app.fetch('/boom');
    assert.equal(res.status, 503);
    const id = res.headers.get('x-request-id');
    assert.deepEqual(await res.json(), { error: 'temporarily unavailable', code: 'unexpected', request_id: id, route: '/boom' });
    const logged = failures().slice(before);
    assert.equal(logged.length, 1);
    assert.equal(logged[0]!.fields.request_id, id);
    assert.equal((logged[0]!.fields.err as Error).message, 'db down');
  });

  it("hands onError a rejection, a plugin failure (FW_ERR_PLUGIN_FAILED, a miss's too) and a security throw", async () => {
    assert.equal(((await (await app.fetch('/rejects')).json()) as { code: string }).code, 'FW_ERR_HANDLER_BAD_RESPONSE');
    const plugin = await app.fetch('/broken/x');
    assert.equal(plugin.status, 503);
    assert.equal(((await plugin.json()) as { code: string }).code, 'FW_ERR_PLUGIN_FAILED');
    // A miss's plugin failing: the miss's group (here without one: the app's) answers it, with the empty route.
    const missed = await app.fetch('/broken/nothing');
    assert.deepEqual(await missed.json(), { error: 'temporarily unavailable', code: 'FW_ERR_PLUGIN_FAILED', request_id: missed.headers.get('x-request-id'), route: '' });
    const refusedBefore = refusals;
    const secured = await app.fetch('/secured/x');
    assert.equal(secured.status, 503);
    assert.deepEqual(await secured.json(), { error: 'temporarily unavailable', code: 'unexpected', request_id: secured.headers.get('x-request-id'), route: '/secured/x' });
    assert.equal(refusals, refusedBefore + 1);
  });

  it("hands onError an httpError, which it may word itself; an exposed 4xx is not logged", async () => {
    const before = failures().length;
    const res = await app.fetch('/teapot');
    assert.equal(res.status, 418);
    assert.deepEqual(await res.json(), { error: 'short and stout', request_id: res.headers.get('x-request-id') });
    assert.equal(failures().length, before);
  });

  it("keeps fw's answer when onError answers undefined", async () => {
    const res = await app.fetch('/keep');
    assert.equal(res.status, 500);
    assert.equal(await res.text(), '{"error":"internal server error"}');
  });

  it("answers a group's failures with the group's onError (async), with what security put on the request", async () => {
    const res = await app.fetch('/api/boom', { headers: { 'x-user': 'ana', origin: 'https://app.example' } });
    assert.equal(res.status, 500);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.deepEqual(await res.json(), { api_error: 'failed', route: '/api/boom', auth: { user: 'ana' } });
  });

  it("answers fw's 500 when a hook throws, rejects or answers no response, logging why with the cause", async () => {
    const cases = [
      { path: '/bad/nothing', method: 'GET', hook: 'onNotFound', cause: 'not-found hook broke' },
      { path: '/bad/x', method: 'PUT', hook: 'onMethodNotAllowed', cause: '405 hook rejected' },
      { path: '/bad/x', method: 'GET', hook: 'onError', cause: 'onError returned a plain object, not a response: wrap a body in json()' },
    ];
    for (const { path, method, hook, cause } of cases) {
      const before = failures().length;
      const res = await app.fetch(path, { method });
      assert.equal(res.status, 500, hook);
      assert.equal(await res.text(), '{"error":"internal server error"}', hook);
      const logged = failures().slice(before).at(-1)!;
      assert.equal(logged.fields.where, hook);
      const err = logged.fields.err as FwError;
      assert.equal(err.code, 'FW_ERR_OWN_ANSWER_FAILED');
      assert.deepEqual(err.details, { hook });
      assert.match((err.cause as Error).message, new RegExp(`^${cause}`), hook);
    }
  });

  it('leaves the answers before routing to fw: a request without a routable target gets its 400', async () => {
    const res = await app.fetch('/x', { headers: { host: 'bad host' } });
    assert.equal(res.status, 400);
    assert.equal(await res.text(), '{"error":"invalid host header"}');
  });
});

describe('own answers: checked at start', () => {
  it('refuses a hook that is not a function, naming the group or the app', async () => {
    await assert.rejects(
      injectTestApp({ groups: [{ prefix: '/api', security: false, onError: 'oops' as never, routes: [] }] }),
      (error: FwError) => error.code === 'FW_ERR_GROUP_BAD_SHAPE' && error.message === "route group 0 (prefix '/api') has onError that is not a function: give (error, req) => response, or leave it out for fw's answer",
    );
    await assert.rejects(
      injectTestApp({ answers: { onNotFound: {} as never }, groups: [] }),
      (error: FwError) => error.code === 'FW_ERR_APP_BAD_MODULE' && error.message === "the app has onNotFound that is not a function: give (req) => response, or leave it out for fw's answer",
    );
  });
});

describe('own answers on a real server: the status reaches the socket, the log and telemetry', () => {
  let app: TestApp;
  const ends: ExchangeEnd[] = [];
  // What otel_fw_stream_h reads: the exchange's end, whose status gives `error.type`.
  const observer: StreamHandler = { name: 'observer', wrap: (next) => (req, res) => { observeExchange(req, res, (end) => ends.push(end)); next(req, res); } };
  before(async () => {
    app = await startTestApp({
      streamHandlers: [observer],
      fw: { server_configuration: { stream_handlers: ['observer', 'fw_stream_h'] } },
      answers: appAnswers,
      groups: [{ prefix: '', security: false, routes: [{ path: '/boom', handler: boom, options: get }] }],
    });
  });
  after(() => app.close());

  it("writes onError's 503 and onNotFound's 404 to the socket, the request log line and the exchange's end", async () => {
    const failed = await fetch(`${app.url}/boom`);
    assert.equal(failed.status, 503);
    const id = failed.headers.get('x-request-id');
    assert.deepEqual(await failed.json(), { error: 'temporarily unavailable', code: 'unexpected', request_id: id, route: '/boom' });
    const line = await app.waitForLog((entry) => entry.fields.event === 'request' && entry.fields.request_id === id);
    assert.equal(line.fields.status, 503);
    const logged = await app.waitForLog((entry) => entry.fields.event === 'request_failed' && entry.fields.request_id === id);
    assert.equal((logged.fields.err as Error).message, 'db down');
    assert.equal(ends.at(-1)!.status, 503);
    assert.equal(errorTypeOf(ends.at(-1)!), '503');

    const missed = await fetch(`${app.url}/nowhere`);
    assert.equal(missed.status, 404);
    const missId = missed.headers.get('x-request-id');
    assert.deepEqual(await missed.json(), { error: 'no such page', path: '/nowhere', request_id: missId, route: '' });
    assert.equal((await app.waitForLog((entry) => entry.fields.event === 'request' && entry.fields.request_id === missId)).fields.status, 404);
    assert.equal(errorTypeOf(ends.at(-1)!), undefined);
  });
});
