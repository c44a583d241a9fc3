/**
 * httpError(status, message): a handler throws it, sync or async, and fw answers that status
 * with `{"error": message}` for a 4xx, the status's generic text for a 5xx (logged, never shown).
 * Coded fw errors thrown by a handler keep their registry status.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { FwError, httpError, isFwError } from '../src/errors.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

function groups(): RouteGroup[] {
  const get = { methods: ['get' as const] };
  return [
    {
      prefix: '',
      security: false,
      routes: [
        { path: '/missing', handler: () => { throw httpError(404, 'post 7 not found'); }, options: get },
        { path: '/conflict', handler: async () => { throw httpError(409, 'title taken', { details: { field: 'title' } }); }, options: get },
        { path: '/unavailable', handler: () => { throw httpError(503, 'db password hunter2 rejected'); }, options: get },
        { path: '/gateway', handler: async () => { throw httpError(599, 'upstream said hunter2'); }, options: get },
        { path: '/coded', handler: () => { throw new FwError('FW_ERR_BODY_TOO_LARGE', 'body over 10 bytes'); }, options: get },
      ],
    },
  ];
}

/** The request_failed log lines for the request that got `res`. */
function failures(app: InjectedApp, res: Response): Record<string, unknown>[] {
  const id = res.headers.get('x-request-id');
  return app.logs.filter((l) => l.fields['event'] === 'request_failed' && l.fields['request_id'] === id).map((l) => l.fields);
}

describe('httpError', () => {
  let app: InjectedApp;
  let traced: InjectedApp;
  before(async () => {
    app = await injectTestApp({ groups: groups() });
    traced = await injectTestApp({ groups: groups(), fw: { use_stacktrace: true } });
  });
  after(async () => {
    await app.close();
    await traced.close();
  });

  it('answers a thrown 4xx with its status and message, and logs nothing', async () => {
    const res = await app.fetch('/missing');
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await res.json(), { error: 'post 7 not found' });
    assert.deepEqual(failures(app, res), []);
  });

  it('answers a rejected 4xx the same way', async () => {
    const res = await app.fetch('/conflict');
    assert.equal(res.status, 409);
    assert.deepEqual(await res.json(), { error: 'title taken' });
  });

  it('answers a 5xx with its status and generic text, and logs its message once', async () => {
    const res = await app.fetch('/unavailable');
    assert.equal(res.status, 503);
    assert.deepEqual(await res.json(), { error: 'service unavailable' });
    const logged = failures(app, res);
    assert.equal(logged.length, 1);
    assert.equal((logged[0]!['err'] as Error).message, 'db password hunter2 rejected');
  });

  it('answers a 5xx without a reason phrase as internal server error', async () => {
    const res = await app.fetch('/gateway');
    assert.equal(res.status, 599);
    assert.deepEqual(await res.json(), { error: 'internal server error' });
  });

  it('keeps the 5xx message out of an HTML answer too, stack lines only with use_stacktrace', async () => {
    const res = await traced.fetch('/unavailable', { headers: { accept: 'text/html' } });
    assert.equal(res.status, 503);
    const page = await res.text();
    assert.match(page, /<title>503 Service Unavailable<\/title>/);
    assert.match(page, /<p>service unavailable<\/p>/);
    assert.match(page, /<pre>FwError: db password hunter2 rejected\n/);
    const plain = await app.fetch('/unavailable', { headers: { accept: 'text/html' } });
    assert.doesNotMatch(await plain.text(), /hunter2/);
  });

  it('keeps a coded fw error at its registry status', async () => {
    const res = await app.fetch('/coded');
    assert.equal(res.status, 413);
    assert.deepEqual(await res.json(), { error: 'body over 10 bytes' });
  });

  it('is an FwError with code FW_ERR_HTTP, its status, expose and details', () => {
    const error = httpError(422, 'bad title', { details: { field: 'title' }, cause: 'x' });
    assert.equal(isFwError(error, 'FW_ERR_HTTP'), true);
    assert.deepEqual([error.status, error.expose, error.message, error.details, error.cause], [422, true, 'bad title', { field: 'title' }, 'x']);
    assert.equal(httpError(500, 'm').expose, false);
  });

  it('refuses a status that is not an error status', () => {
    for (const status of [200, 302, 399, 600, 404.5, Number.NaN]) {
      assert.throws(() => httpError(status, 'm'), { name: 'RangeError', message: `httpError needs an error status from 400 to 599, not ${status}; answer other statuses with json() or status()` });
    }
  });
});
