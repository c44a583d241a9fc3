// Needs two real processes: the point is that the limit is shared across processes, which share nothing but Redis.
/**
 * Two blog instances on different ports, one Redis: the limit is for the service, not per
 * process. Sequential and concurrent requests across both are limited to max_requests in total.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startBlog, type BlogProcess } from './support/blog-process.ts';
import { writePluginConfig, type PluginConfig } from './support/plugins-config.ts';
import { deleteKeys, keysUnder, TEST_REDIS_URL, uniqueKeyPrefix } from './support/plugins-redis.ts';

describe('two instances sharing Redis, max_requests 10', () => {
  const prefix = uniqueKeyPrefix();
  let config: PluginConfig;
  let a: BlogProcess;
  let b: BlogProcess;
  before(async () => {
    config = await writePluginConfig([
      { module: 'rate_limit_plugin', options: { max_requests: 10, window_ms: 60_000, store: 'redis', key_prefix: prefix, trusted_proxies: ['127.0.0.0/8'] } },
    ]);
    [a, b] = await Promise.all([startBlog({ FW_CONFIG: config.path, REDIS_URL: TEST_REDIS_URL }), startBlog({ FW_CONFIG: config.path, REDIS_URL: TEST_REDIS_URL })]);
    assert.notEqual(a.port, b.port);
  });
  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await config?.remove();
    await deleteKeys(prefix);
  });

  test('alternating between the instances: requests 1-10 pass, 11 and 12 are refused', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const blog = i % 2 === 0 ? a : b;
      statuses.push((await blog.request('GET', '/heartbeat', { headers: { 'x-forwarded-for': '192.0.2.10' } })).status);
    }
    assert.deepEqual(statuses, [200, 200, 200, 200, 200, 200, 200, 200, 200, 200, 429, 429]);
    assert.deepEqual(await keysUnder(`${prefix}192.0.2.10`), { [`${prefix}192.0.2.10`]: '12' });
  });

  test('30 requests at once, 15 to each instance: exactly 10 pass', async () => {
    const headers = { 'x-forwarded-for': '192.0.2.11' };
    const replies = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 === 0 ? a : b).request('GET', '/heartbeat', { headers, fresh: true })));
    assert.equal(replies.filter((r) => r.status === 200).length, 10);
    assert.equal(replies.filter((r) => r.status === 429).length, 20);
  });
});
