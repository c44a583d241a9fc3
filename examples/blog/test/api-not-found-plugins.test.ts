/**
 * The blog's 404s and 405s go through its plugins like any other answer (issue 35, item 18):
 * cors_plugin's headers land on them, so a browser can read them, and rate_limit_plugin counts
 * them and says so in its headers, so a client cannot probe missing paths without limit.
 * Requests go through inject(): the headers are the point, not the transport.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { FwApp } from 'fw-core';
import blogApp from '../src/app.ts';
import { createRateLimitPlugin } from '../src/plugins/rate-limit/rate-limit-plugin.ts';
import { blogWithPlugins } from './support/plugins-config.ts';
import { manualClock } from './support/store-clock.ts';
import { uniqueKeyPrefix } from './support/plugins-redis.ts';

const clock = manualClock();

/** The blog with its rate_limit_plugin on the test's clock, so the window's seconds are exact. */
const blogOnClock: FwApp = (() => {
  const limiter = createRateLimitPlugin(() => clock.now().getTime());
  return { ...blogApp, plugins: (blogApp.plugins ?? []).map((plugin) => (plugin.name === limiter.name ? limiter : plugin)) };
})();

describe('404 and 405 answers of the blog carry its CORS and rate-limit headers', () => {
  const blog = blogWithPlugins(
    [
      { module: 'cors_plugin', options: { allow_origins: '*' } },
      { module: 'rate_limit_plugin', options: { max_requests: 2, window_ms: 60_000, store: 'memory', key_prefix: uniqueKeyPrefix(), trusted_proxies: ['127.0.0.1'] } },
    ],
    blogOnClock,
  );
  const from = (client: string) => ({ headers: { origin: 'https://any.example', 'x-forwarded-for': client } });

  test('a 404 has the CORS headers and is counted', async () => {
    const reply = await blog().request('GET', '/api/no-such-thing', from('198.51.100.7'));
    assert.equal(reply.status, 404);
    assert.deepEqual(reply.json, { error: 'not found' });
    assert.equal(reply.headers['access-control-allow-origin'], '*');
    assert.equal(reply.headers['ratelimit-policy'], '"default";q=2;w=60');
    assert.equal(reply.headers['ratelimit'], '"default";r=1;t=60');
  });

  test('a 405 has them too, with allow', async () => {
    const reply = await blog().request('PATCH', '/api/posts', from('198.51.100.7'));
    assert.equal(reply.status, 405);
    assert.equal(reply.headers['allow'], 'GET, HEAD, POST, OPTIONS');
    assert.equal(reply.headers['access-control-allow-origin'], '*');
    assert.equal(reply.headers['ratelimit'], '"default";r=0;t=60');
  });

  test('past the limit, a missing path is refused with 429 like any other', async () => {
    const reply = await blog().request('GET', '/no-such-page', from('198.51.100.7'));
    assert.equal(reply.status, 429);
    assert.deepEqual(reply.json, { error: 'too many requests' });
    assert.equal(reply.headers['access-control-allow-origin'], '*');
    assert.equal(reply.headers['retry-after'], '60');
  });
});
