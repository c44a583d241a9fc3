import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RouteGroup, SecurityCallback } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const whoami = (req: { auth_data?: unknown; locals: Record<string, unknown> }) => json({ auth_data: req.auth_data ?? null, marked: req.locals.marked ?? false });

function withScheme(callback: SecurityCallback, scheme: Record<string, unknown>, realm?: string): SecurityCallback {
  return Object.assign(callback, { securityScheme: { name: 'auth', scheme, ...(realm === undefined ? {} : { realm }) } });
}

function secured(prefix: string, security: SecurityCallback): RouteGroup {
  return { prefix, security, routes: [{ path: '/me', handler: whoami, options: { methods: ['get'] } }] };
}

const marker: FwPlugin = { name: 'marker', pre_request: (req, _e, _o, s) => { req.locals.marked = true; return ['ok', req, s]; } };

describe('security callbacks', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      plugins: [marker],
      fw: { plugins: [{ phase: 'pre_request', module: 'marker' }] },
      groups: [
        secured('/true', function allowAll() { return true; }),
        secured('/false', function denyAll() { return false; }),
        secured('/data', async function tokenUser(req) { return req.headers.authorization === 'Bearer t0k' ? { allow: true, auth_data: { user: 7 } } : false; }),
        secured('/custom', () => ({ allow: false, status: 403, headers: { 'x-why': 'banned' }, body: { error: 'you are banned' } })),
        secured('/text', () => ({ allow: false, status: 401, headers: { 'www-authenticate': 'Bearer' }, body: 'nope' })),
        secured('/redirect', () => ({ redirect: '/login' })),
        secured('/throws', () => { throw new Error('token service down'); }),
        secured('/invalid', () => 'yes' as never),
        secured('/bearer', withScheme(() => false, { type: 'http', scheme: 'bearer' })),
        secured('/basic', withScheme(() => ({ allow: false }), { type: 'http', scheme: 'Basic' }, 'tasks "admin"')),
        secured('/basic-named', withScheme(() => false, { type: 'http', scheme: 'basic' })),
        secured('/oauth', withScheme(() => false, { type: 'oauth2', flows: {} })),
        secured('/key', withScheme(() => false, { type: 'apiKey', in: 'header', name: 'x-api-key' })),
        secured('/own', withScheme(() => ({ allow: false, status: 401, headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"', 'x-why': 'expired' } }), { type: 'http', scheme: 'bearer' })),
        secured('/forbidden', withScheme(() => ({ allow: false, status: 403 }), { type: 'http', scheme: 'bearer' })),
      ],
    });
  });
  after(() => app.close());

  it('true continues to the controller, after pre_request plugins ran', async () => {
    const res = await app.fetch('/true/me');
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { auth_data: null, marked: true });
  });

  it('false denies with 401 and a JSON body', async () => {
    const res = await app.fetch('/false/me');
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await res.json(), { error: 'unauthorized' });
  });

  it('{allow: true, auth_data} puts auth_data on the request', async () => {
    const ok = await app.fetch('/data/me', { headers: { authorization: 'Bearer t0k' } });
    assert.deepEqual(await ok.json(), { auth_data: { user: 7 }, marked: true });
    const denied = await app.fetch('/data/me', { headers: { authorization: 'Bearer wrong' } });
    assert.equal(denied.status, 401);
  });

  it('a denial may choose status, headers and a JSON body', async () => {
    const res = await app.fetch('/custom/me');
    assert.equal(res.status, 403);
    assert.equal(res.headers.get('x-why'), 'banned');
    assert.deepEqual(await res.json(), { error: 'you are banned' });
  });

  it('a denial with a string body answers text', async () => {
    const res = await app.fetch('/text/me');
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), 'Bearer');
    assert.equal(res.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.equal(await res.text(), 'nope');
  });

  it('a 401 challenges for the declared http, OAuth 2 or OpenID Connect scheme (RFC 9110 §11.6.1)', async () => {
    const challenges = async (path: string) => {
      const res = await app.fetch(path);
      assert.equal(res.status, 401, path);
      return res.headers.get('www-authenticate');
    };
    assert.equal(await challenges('/bearer/me'), 'Bearer');
    assert.equal(await challenges('/basic/me'), 'Basic realm="tasks \\"admin\\"", charset="UTF-8"');
    assert.equal(await challenges('/basic-named/me'), 'Basic realm="auth", charset="UTF-8"');
    assert.equal(await challenges('/oauth/me'), 'Bearer');
    // No registered scheme carries an API key, and none is invented; nor without a declared scheme.
    assert.equal(await challenges('/key/me'), null);
    assert.equal(await challenges('/false/me'), null);
  });

  it("a denial's own www-authenticate, in any case, stays; a 403 gets no challenge", async () => {
    const own = await app.fetch('/own/me');
    assert.equal(own.status, 401);
    assert.equal(own.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
    assert.equal(own.headers.get('x-why'), 'expired');
    const forbidden = await app.fetch('/forbidden/me');
    assert.equal(forbidden.status, 403);
    assert.equal(forbidden.headers.get('www-authenticate'), null);
  });

  it('{redirect} answers 302 with location', async () => {
    const res = await app.fetch('/redirect/me'); // inject never follows a redirect
    assert.equal(res.status, 302);
    assert.equal(res.headers.get('location'), '/login');
  });

  it('a throwing callback gives 500 without leaking its message', async () => {
    const res = await app.fetch('/throws/me');
    assert.equal(res.status, 500);
    assert.deepEqual(await res.json(), { error: 'internal server error' });
    assert.ok(app.logs.some((l) => l.level === 'error' && String((l.fields.err as Error).message) === 'token service down'));
  });

  it('an invalid result gives 500', async () => {
    const res = await app.fetch('/invalid/me');
    assert.equal(res.status, 500);
  });
});
