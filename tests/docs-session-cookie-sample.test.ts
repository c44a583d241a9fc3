/**
 * docs/applications-reference.md's session app ("Sessions: a login cookie") does what its text says, run as the sample
 * reads against the Redis on 127.0.0.1:6379: the login sets an HttpOnly, Secure, SameSite=Strict `__Host-` cookie kept
 * in Redis, a write without the session's `x-csrf-token` is a 403, and logout deletes the session and expires the cookie.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { createListener, inject, type FwApp, type FwListener } from 'fw-core';
import { importDocSample, type DocSample } from './support/doc-sample.ts';

type SessionModule = {
  createSessionApp(options: {
    redisUrl: string;
    keyPrefix: string;
    checkPassword: (user: string, password: string) => Promise<boolean>;
  }): FwApp;
};

const PREFIX = `test:sessions:${randomUUID()}:`;
let sample: DocSample<SessionModule>;
let fw: FwListener;
const redis = new Redis('redis://127.0.0.1:6379', { maxRetriesPerRequest: 1 });

before(async () => {
  sample = await importDocSample(
    'docs/applications-reference.md',
    (code) => code.includes('export function createSessionApp'),
    'sessions.ts',
    'docs-session-cookie-sample-',
  );
  const checkPassword = async (user: string, password: string) =>
    user === 'ada' && password === 'correct horse battery staple';
  fw = await createListener({
    app: sample.module.createSessionApp({ redisUrl: 'redis://127.0.0.1:6379', keyPrefix: PREFIX, checkPassword }),
    config: {
      plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
    },
    env: { LOG_LEVEL: 'silent' },
  });
});
after(async () => {
  await fw?.close();
  const keys = await redis.keys(`${PREFIX}*`);
  if (keys.length > 0) await redis.del(...keys);
  await redis.quit();
  await sample?.remove();
});

const login = (password: string) => inject(fw, { method: 'POST', url: '/login', body: { user: 'ada', password } });

describe("docs/applications-reference.md's session app", () => {
  it('sets a __Host- session cookie kept in Redis and answers the csrf token', async () => {
    const res = await login('correct horse battery staple');
    assert.equal(res.status, 200);
    const [cookie] = res.headers['set-cookie'] ?? [];
    const match = /^__Host-sid=([\w-]{43}); Max-Age=3600; Path=\/; HttpOnly; Secure; SameSite=Strict$/.exec(cookie!);
    assert.ok(match, cookie);
    const { user, csrfToken } = res.json() as { user: string; csrfToken: string };
    assert.equal(user, 'ada');
    assert.deepEqual(JSON.parse((await redis.get(PREFIX + match[1]))!), { user: 'ada', csrf: csrfToken });
    assert.ok((await redis.ttl(PREFIX + match[1])) > 3590);
    assert.deepEqual(
      (await inject(fw, { url: '/me', headers: { cookie: `theme=dark; __Host-sid=${match[1]}` } })).json(),
      { user: 'ada' },
    );
  });

  it('refuses a wrong password with 401 and sets no cookie', async () => {
    const res = await login('wrong');
    assert.equal(res.status, 401);
    assert.deepEqual(res.json(), { error: 'bad credentials' });
    assert.equal(res.headers['set-cookie'], undefined);
  });

  it('refuses a write without the session csrf token (403), logs out with it and expires the cookie', async () => {
    const res = await login('correct horse battery staple');
    const cookie = res.headers['set-cookie']![0]!.split(';')[0]!;
    const { csrfToken } = res.json() as { csrfToken: string };
    const withoutToken: Record<string, string>[] = [{ cookie }, { cookie, 'x-csrf-token': `${csrfToken}x` }];
    for (const headers of withoutToken) {
      const refused = await inject(fw, { method: 'POST', url: '/logout', headers });
      assert.equal(refused.status, 403);
      assert.deepEqual(refused.json(), { error: 'bad csrf token' });
    }
    const out = await inject(fw, { method: 'POST', url: '/logout', headers: { cookie, 'x-csrf-token': csrfToken } });
    assert.equal(out.status, 204);
    assert.deepEqual(out.headers['set-cookie'], ['__Host-sid=; Max-Age=0; Path=/; HttpOnly; Secure; SameSite=Strict']);
    assert.equal((await inject(fw, { url: '/me', headers: { cookie } })).status, 401);
    assert.equal((await inject(fw, { url: '/me' })).status, 401);
  });
});
