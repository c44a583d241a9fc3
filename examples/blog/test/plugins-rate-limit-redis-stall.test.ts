// Needs sockets: a redis-server of its own, stalled with DEBUG SLEEP (the shared one on 6379 is never stalled).
/**
 * A Redis that stalls for less than the socket timeout (a slow command, a fork, a failover pause) runs the
 * commands the plugin gave up on once it wakes. Under on_store_error `deny` those requests were refused with
 * 503: Redis counting them used up the client's window, and a client that had been served one request was
 * refused 429 on its second, with max_requests 2. Under `allow` they were served, and count.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Redis } from 'ioredis';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import { writePluginConfig, type PluginConfig } from './support/plugins-config.ts';
import { startPrivateRedis, type PrivateRedis } from './support/plugins-redis.ts';

const PREFIX = 'stall:';

for (const [policy, stalled, afterStall] of [['deny', 503, [200, 429]], ['allow', 200, [429, 429]]] as const) {
  describe(`on_store_error ${policy}, max_requests 2: a request given up on while Redis slept, run by Redis when it woke`, () => {
    let redis: PrivateRedis;
    let admin: Redis;
    let config: PluginConfig;
    let blog: InjectedBlog;
    before(async () => {
      redis = await startPrivateRedis();
      admin = new Redis(redis.url);
      const options = { max_requests: 2, store: 'redis', redis_url: redis.url, on_store_error: policy, store_timeout_ms: 100, key_prefix: PREFIX };
      config = await writePluginConfig([{ module: 'rate_limit_plugin', options }]);
      blog = await startInjectedBlog({ FW_CONFIG: config.path });
    });
    after(async () => {
      await blog?.stop();
      await config?.remove();
      admin?.disconnect();
      await redis?.stop();
    });

    test(policy === 'deny' ? 'the refused request is not counted: the client still has its second request' : 'the served request counts', async () => {
      assert.equal((await blog.request('GET', '/api/posts')).status, 200);
      // Under the socket timeout (1 s at store_timeout_ms 100): the connection stays, and Redis runs what waited on it.
      const slept = admin.call('DEBUG', 'SLEEP', '0.4');
      assert.equal((await blog.request('GET', '/api/posts')).status, stalled);
      await slept;
      const key = `${PREFIX}127.0.0.1`;
      await until(`Redis to settle ${key} at ${policy === 'deny' ? 1 : 2}`, async () => (await admin.get(key)) === (policy === 'deny' ? '1' : '2'), { timeoutMs: 3000 });
      const statuses = [(await blog.request('GET', '/api/posts')).status, (await blog.request('GET', '/api/posts')).status];
      assert.deepEqual(statuses, afterStall);
    });
  });
}
