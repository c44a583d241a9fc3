/**
 * bearerAuth, fw's security callback for `Authorization: Bearer <token>`: the scheme in any case,
 * a token list for rotation, every request refused while no token is set, verifyToken's results
 * (async, auth_data), fw's 401 with `www-authenticate: Bearer`, and bad options refused at creation
 * without the token in the message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { bearerAuth } from '../src/app/bearer-auth.ts';
import type { SecurityCallback } from '../src/app/route-group.ts';
import { isFwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const TOKEN = 'a-long-random-secret-0123456789';
const NEXT = 'the-next-secret~after+rotation==';

const guarded = (prefix: string, security: SecurityCallback) => ({
  prefix,
  security,
  routes: [{ path: '/me', handler: (req: { auth_data?: unknown }) => json({ auth_data: req.auth_data ?? null }), options: { methods: ['get' as const] } }],
});

describe('bearerAuth', () => {
  let app: InjectedApp;
  const seen: Array<{ token: string; path: string }> = [];
  before(async () => {
    app = await injectTestApp({
      groups: [
        guarded('/one', bearerAuth({ token: TOKEN })),
        guarded('/two', bearerAuth({ token: [TOKEN, NEXT] })),
        guarded('/unset', bearerAuth({ token: undefined })),
        guarded('/empty', bearerAuth({ token: '' })),
        guarded('/none', bearerAuth({ token: [] })),
        // A lookup that finds nothing (null, undefined), sync or async, refuses with 401, as false does.
        guarded('/lookup', bearerAuth({ verifyToken: (token) => (token === 'known' ? true : null) as never })),
        guarded('/lookup-async', bearerAuth({ verifyToken: async () => undefined as never })),
        guarded('/unset-list', bearerAuth({ token: [undefined, undefined] as never })),
        guarded('/verify', bearerAuth({
          verifyToken: async (token, req) => {
            seen.push({ token, path: req.path });
            return token === 'user-7' ? { allow: true, auth_data: { user: 7 } } : false;
          },
        })),
      ],
    });
  });
  after(() => app?.close());

  const status = async (path: string, authorization?: string) => (await app.fetch(path, { headers: authorization === undefined ? {} : { authorization } })).status;

  it('lets the configured token through whatever the case of the scheme and the spaces before it', async () => {
    for (const header of [`Bearer ${TOKEN}`, `bearer ${TOKEN}`, `BEARER ${TOKEN}`, `Bearer   ${TOKEN}`, `Bearer ${TOKEN} `]) assert.equal(await status('/one/me', header), 200, header);
  });

  it("answers a wrong, missing, prefixed or malformed token fw's 401 with www-authenticate: Bearer", async () => {
    for (const header of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`, `Bearer ${TOKEN} extra`, 'Bearer ', `Bearer ${NEXT}`, `Bearer\t${TOKEN}`]) {
      const res = await app.fetch('/one/me', { headers: header === undefined ? {} : { authorization: header } });
      assert.equal(res.status, 401, String(header));
      assert.equal(res.headers.get('www-authenticate'), 'Bearer');
      assert.deepEqual(await res.json(), { error: 'unauthorized' });
    }
  });

  it('accepts each token of a list, so a token can be rotated', async () => {
    assert.equal(await status('/two/me', `Bearer ${TOKEN}`), 200);
    assert.equal(await status('/two/me', `Bearer ${NEXT}`), 200);
    assert.equal(await status('/two/me', 'Bearer another-token'), 401);
  });

  it('refuses every request while the token is unset, empty, an empty list or a list of unset variables', async () => {
    for (const prefix of ['/unset', '/empty', '/none', '/unset-list']) {
      for (const header of [undefined, 'Bearer ', 'Bearer x', `Bearer ${TOKEN}`]) assert.equal(await status(`${prefix}/me`, header), 401, `${prefix} ${header}`);
    }
  });

  it("hands verifyToken the token and the request, and the handler the auth_data it allows with", async () => {
    const res = await app.fetch('/verify/me', { headers: { authorization: 'bearer user-7' } });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { auth_data: { user: 7 } });
    assert.equal(await status('/verify/me', 'Bearer user-8'), 401);
    assert.deepEqual(seen, [{ token: 'user-7', path: '/verify/me' }, { token: 'user-8', path: '/verify/me' }]);
  });

  it('answers 401, not 500, when verifyToken finds no such token (null or undefined)', async () => {
    assert.equal(await status('/lookup/me', 'Bearer known'), 200);
    for (const prefix of ['/lookup', '/lookup-async']) {
      const res = await app.fetch(`${prefix}/me`, { headers: { authorization: 'Bearer unknown' } });
      assert.deepEqual([res.status, await res.json()], [401, { error: 'unauthorized' }], prefix);
    }
  });

  it('never calls verifyToken for a request without a bearer token', async () => {
    const before = seen.length;
    assert.equal(await status('/verify/me', 'Basic dXNlcjpwYXNz'), 401);
    assert.equal(await status('/verify/me'), 401);
    assert.equal(seen.length, before);
  });

  it("declares the bearer scheme fw openapi documents, under the name the CLI shows", () => {
    const callback = bearerAuth({ token: TOKEN });
    assert.deepEqual(callback.securityScheme, { name: 'bearerAuth', scheme: { type: 'http', scheme: 'bearer' } });
    assert.equal(callback.name, 'bearerAuth');
  });

  it('says it refuses every request (fw warns at start) only when it has no token', () => {
    assert.deepEqual([undefined, '', [], [''], [undefined] as never, 'a-token', ['', 'a-token']].map((token) => bearerAuth({ token }).refusesEveryRequest), [true, true, true, true, true, false, false]);
    assert.equal(bearerAuth({ verifyToken: () => false }).refusesEveryRequest, false);
  });

  it('refuses at creation a token a Bearer header cannot carry, a token that is not a string, or no option, never echoing the token', () => {
    const secret = 'has a space';
    for (const options of [{ token: secret }, { token: [TOKEN, 'tab\there'] }, { token: 'trailing-tab\t' }, { token: `${TOKEN} ` }, { token: 12345678 }, { verifyToken: 'yes' }, {}]) {
      assert.throws(() => bearerAuth(options as never), (error: unknown) => {
        assert.ok(isFwError(error, 'FW_ERR_SECURITY_BAD_OPTIONS'), String(error));
        assert.ok(!error.message.includes(secret) && !error.message.includes('tab'), error.message);
        return true;
      }, JSON.stringify(options));
    }
  });
});
