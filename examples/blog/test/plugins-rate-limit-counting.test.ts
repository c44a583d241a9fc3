/**
 * rate_limit_plugin counts exactly, on both stores: with max_requests N, request N is allowed and
 * N+1 refused (also when N+1 arrive at once), a refused request never reaches the controller, and
 * a new window starts at 1 after window_ms. Clients are told apart by X-Forwarded-For from the
 * trusted loopback peer, so one blog serves every case. Requests go through inject(), whose
 * peer is 127.0.0.1 as a local socket's is: the counting is the point, not the transport.
 * The memory store's windows run on a clock the test drives; Redis's on Redis's own clock, so
 * the Redis case waits for the key to expire there.
 */
import assert from 'node:assert/strict';
import { after, describe, mock, test } from 'node:test';
import type { FwApp } from 'fw-core';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import blogApp from '../src/app.ts';
import { createRateLimitPlugin } from '../src/plugins/rate-limit/rate-limit-plugin.ts';
import { blogWithPlugins } from './support/plugins-config.ts';
import { deleteKeys, keysUnder, TEST_REDIS_URL, uniqueKeyPrefix } from './support/plugins-redis.ts';
import { manualClock, type ManualClock } from './support/store-clock.ts';

const from = (client: string) => ({ headers: { 'x-forwarded-for': client } });

/** The blog app with its rate_limit_plugin on `clock`, the rest as src/app.ts makes it. */
function blogOnClock(clock: ManualClock): FwApp {
  const limiter = createRateLimitPlugin(() => clock.now().getTime());
  return { ...blogApp, plugins: (blogApp.plugins ?? []).map((plugin) => (plugin.name === limiter.name ? limiter : plugin)) };
}

for (const store of ['memory', 'redis'] as const) {
  // The test Redis, named in the options: in process, the plugin would read REDIS_URL from process.env.
  const redis = store === 'redis' ? { redis_url: TEST_REDIS_URL } : {};
  describe(`${store} store: max_requests 5 per 60 s`, () => {
    const prefix = uniqueKeyPrefix();
    const blog = blogWithPlugins(
      [{ module: 'rate_limit_plugin', options: { max_requests: 5, window_ms: 60_000, store, key_prefix: prefix, trusted_proxies: ['127.0.0.1'], ...redis } }],
    );
    after(() => deleteKeys(prefix));

    test('requests 1-5 pass with RateLimit headers; request 6 gets 429, Retry-After and the JSON error', async () => {
      const first = await blog().request('GET', '/api/posts', from('198.51.100.1'));
      assert.equal(first.status, 200);
      assert.equal(first.headers['ratelimit-policy'], '"default";q=5;w=60');
      assert.equal(first.headers['ratelimit'], '"default";r=4;t=60');
      for (const remaining of [3, 2, 1, 0]) {
        const reply = await blog().request('GET', '/api/posts', from('198.51.100.1'));
        assert.equal(reply.status, 200);
        assert.match(String(reply.headers['ratelimit']), new RegExp(`^"default";r=${remaining};t=(59|60)$`));
      }
      const refused = await blog().request('GET', '/api/posts', from('198.51.100.1'));
      assert.equal(refused.status, 429);
      assert.equal(refused.headers['content-type'], 'application/json');
      assert.deepEqual(refused.json, { error: 'too many requests' });
      assert.equal(refused.text, '{"error":"too many requests"}');
      const t = /^"default";r=0;t=(59|60)$/.exec(String(refused.headers['ratelimit']))?.[1];
      assert.ok(t !== undefined, String(refused.headers['ratelimit']));
      assert.equal(refused.headers['retry-after'], t);
      assert.equal(refused.headers['ratelimit-policy'], '"default";q=5;w=60');
      if (store === 'redis') assert.deepEqual(await keysUnder(prefix), { [`${prefix}198.51.100.1`]: '6' });
    });

    test('6 requests at once: exactly 5 allowed, 1 refused', async () => {
      const replies = await Promise.all(Array.from({ length: 6 }, () => blog().request('GET', '/heartbeat', { ...from('198.51.100.2'), fresh: true })));
      const statuses = replies.map((r) => r.status).sort((x, y) => x - y);
      assert.deepEqual(statuses, [200, 200, 200, 200, 200, 429]);
    });

    test('a refused request never reaches the controller: the 6th POST creates nothing', async () => {
      const post = { title: `rate ${store}`, body: 'counted', status: 'published', user_id: 7 };
      for (let i = 0; i < 5; i += 1) assert.equal((await blog().request('POST', '/api/posts', { ...from('198.51.100.3'), body: post })).status, 201);
      assert.equal((await blog().request('POST', '/api/posts', { ...from('198.51.100.3'), body: post })).status, 429);
      const list = await blog().request('GET', '/api/posts', from('198.51.100.4'));
      assert.equal(list.json.posts.filter((p: { title: string }) => p.title === post.title).length, 5);
    });
  });

  describe(`${store} store: exempt_paths ["/heartbeat"], max_requests 2`, () => {
    const prefix = uniqueKeyPrefix();
    const blog = blogWithPlugins(
      [{ module: 'rate_limit_plugin', options: { max_requests: 2, store, key_prefix: prefix, exempt_paths: ['/heartbeat'], ...redis } }],
    );
    after(() => deleteKeys(prefix));

    test('an exempt path is never counted: no RateLimit headers, and the window is not used up', async () => {
      for (let i = 0; i < 5; i += 1) {
        const beat = await blog().request('GET', '/heartbeat');
        assert.equal(beat.status, 200);
        assert.equal(beat.headers['ratelimit-policy'], undefined);
        assert.equal(beat.headers['ratelimit'], undefined);
      }
      if (store === 'redis') assert.deepEqual(await keysUnder(prefix), {});
      // Five heartbeats later the same client still has its whole window for the API.
      assert.equal((await blog().request('GET', '/api/posts')).headers['ratelimit'], '"default";r=1;t=60');
      assert.equal((await blog().request('GET', '/api/posts')).status, 200);
      assert.equal((await blog().request('GET', '/api/posts')).status, 429);
      if (store === 'redis') assert.deepEqual(await keysUnder(prefix), { [`${prefix}127.0.0.1`]: '3' });
    });

    test('an exempt path still answers once the client is over the limit', async () => {
      assert.equal((await blog().request('GET', '/api/posts')).status, 429);
      assert.deepEqual((await blog().request('GET', '/heartbeat')).json, { status: 'ok' });
    });
  });

  describe(`${store} store: a new window after window_ms`, () => {
    const prefix = uniqueKeyPrefix();
    const clock = manualClock();
    const blog = blogWithPlugins([{ module: 'rate_limit_plugin', options: { max_requests: 2, window_ms: 1000, store, key_prefix: prefix, ...redis } }], blogOnClock(clock));
    after(() => deleteKeys(prefix));

    /** Memory: the clock moves to 1 ms before the window's end (still refused), then to its end. Redis: its key expires. */
    const windowEnds = async (): Promise<void> => {
      if (store === 'redis') {
        await until(`the window's key to expire in Redis`, async () => Object.keys(await keysUnder(prefix)).length === 0, { everyMs: 20 });
        return;
      }
      clock.advance(999);
      const still = await blog().request('GET', '/heartbeat');
      assert.equal(still.status, 429);
      assert.equal(still.headers['ratelimit'], '"default";r=0;t=1');
      clock.advance(1);
    };

    test('2 pass, the 3rd is refused, and after the window the count restarts at 1', async () => {
      assert.equal((await blog().request('GET', '/heartbeat')).headers['ratelimit'], '"default";r=1;t=1');
      assert.equal((await blog().request('GET', '/heartbeat')).status, 200);
      const refused = await blog().request('GET', '/heartbeat');
      assert.equal(refused.status, 429);
      assert.equal(refused.headers['retry-after'], '1');
      await windowEnds();
      const fresh = await blog().request('GET', '/heartbeat');
      assert.equal(fresh.status, 200);
      assert.equal(fresh.headers['ratelimit'], '"default";r=1;t=1');
      assert.equal(fresh.headers['ratelimit-policy'], '"default";q=2;w=1');
    });
  });
}

describe('memory store on the default clock: the system clock stepped back or forward', () => {
  // The wall clock as an NTP step (or a resumed VM) moves it; the plugin is made while Date.now reads it.
  let wall = Date.now();
  mock.method(Date, 'now', () => wall);
  const limiter = createRateLimitPlugin();
  mock.restoreAll();
  const app = { ...blogApp, plugins: (blogApp.plugins ?? []).map((plugin) => (plugin.name === limiter.name ? limiter : plugin)) };
  const blog = blogWithPlugins([{ module: 'rate_limit_plugin', options: { max_requests: 1, window_ms: 60_000 } }], app);

  test('a refused client waits at most window_ms, and is not let through early', async () => {
    assert.equal((await blog().request('GET', '/api/posts')).status, 200);
    assert.equal((await blog().request('GET', '/api/posts')).headers['retry-after'], '60');
    // The wall clock steps back an hour: the window must not last an hour longer.
    wall -= 3_600_000;
    const back = await blog().request('GET', '/api/posts');
    assert.equal(back.status, 429);
    assert.ok(Number(back.headers['retry-after']) <= 60, `Retry-After ${back.headers['retry-after']}`);
    // Then two hours forward: the window must not end early either.
    wall += 7_200_000;
    assert.equal((await blog().request('GET', '/api/posts')).status, 429);
  });
});
