// Needs the real process: the point is that a failing Redis never crashes it (its exit code) nor delays its answers.
/**
 * Redis and the blog's rate limit. At start, a Redis that does not answer stops start-up with an
 * error naming its address (a wrong REDIS_URL used to start "ready" with no limit at all). Once
 * started, Redis trouble never hangs or crashes the blog: each request is answered within the
 * command timeout by the on_store_error policy (`allow`: served without a RateLimit count;
 * `deny`: 503), the outage is logged in a few lines (one when it starts, one when it ends, with
 * the count of failures), and counting resumes when Redis is back. Redis is reached through a
 * TCP proxy the test freezes, cuts and restores.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { closedPort } from '../../../packages/fw-core/test/support/closed-port.ts';
import { startBlog, startBlogExpectingFailure, type BlogProcess, type Reply } from './support/blog-process.ts';
import { writePluginConfig, type PluginConfig } from './support/plugins-config.ts';
import { deleteKeys, TEST_REDIS, uniqueKeyPrefix } from './support/plugins-redis.ts';
import { startTcpProxy, type TcpProxy } from './support/store-tcp-proxy.ts';

const TIMEOUT_MS = 200;

/** Starts a blog whose rate limit uses Redis at `url` with `policy` (and `extra` options). */
async function blogWithRedis(url: string, policy: 'allow' | 'deny', prefix: string, extra: Record<string, unknown> = {}): Promise<{ blog: BlogProcess; config: PluginConfig }> {
  const options = { max_requests: 100, store: 'redis', on_store_error: policy, store_timeout_ms: TIMEOUT_MS, key_prefix: prefix, ...extra };
  const config = await writePluginConfig([{ module: 'rate_limit_plugin', options }]);
  return { blog: await startBlog({ FW_CONFIG: config.path, REDIS_URL: url }), config };
}

/** A request and how long it took. */
async function timed(blog: BlogProcess): Promise<{ reply: Reply; ms: number }> {
  const started = Date.now();
  const reply = await blog.request('GET', '/heartbeat');
  return { reply, ms: Date.now() - started };
}

function assertAllowed(reply: Reply): void {
  assert.equal(reply.status, 200);
  assert.deepEqual(reply.json, { status: 'ok' });
  assert.equal(reply.headers['ratelimit'], undefined);
  assert.equal(reply.headers['ratelimit-policy'], '"default";q=100;w=60');
}

function assertDenied(reply: Reply): void {
  assert.equal(reply.status, 503);
  assert.equal(reply.headers['content-type'], 'application/json');
  assert.equal(reply.headers['retry-after'], '1');
  assert.deepEqual(reply.json, { error: 'rate limit unavailable' });
}

function storeErrorLines(blog: BlogProcess, policy: 'allow' | 'deny'): Record<string, unknown>[] {
  return blog.logLines().filter((l) => l.event === 'rate_limit_store_error' && l.on_store_error === policy && l.store === 'redis' && l.level === 'error');
}

/** The blog's stderr when rate_limit_plugin cannot reach Redis at `address` at start, for `reason`. */
function refusedAtStart(address: string, reason: string): string {
  const message =
    `rate_limit_plugin: Redis at ${address} did not answer at start (${reason}); ` +
    'start it, or point REDIS_URL (or the redis_url option) at it';
  return (
    `blog: cannot start: FW_ERR_PLUGIN_INIT_FAILED: plugin rate_limit_plugin failed to start: ${message}\n` +
    `  caused by: BLOG_ERR_RATE_LIMIT_STORE_UNAVAILABLE: ${message}\n`
  );
}

describe('Redis out of reach at start', () => {
  for (const policy of ['allow', 'deny'] as const) {
    test(`REDIS_URL on a closed port, on_store_error ${policy}: start-up stops, naming the address and not the password`, async () => {
      const port = await closedPort();
      const options = { store: 'redis', on_store_error: policy, store_timeout_ms: TIMEOUT_MS, key_prefix: uniqueKeyPrefix() };
      const config = await writePluginConfig([{ module: 'rate_limit_plugin', options }]);
      try {
        const run = await startBlogExpectingFailure({ FW_CONFIG: config.path, REDIS_URL: `redis://user:s3cret@127.0.0.1:${port}` });
        assert.equal(run.code, 1);
        const refused = `connect ECONNREFUSED 127.0.0.1:${port}`;
        assert.equal(run.stderr, `${refusedAtStart(`127.0.0.1:${port}`, refused)}  caused by: ECONNREFUSED: ${refused}\n`);
      } finally {
        await config.remove();
      }
    });
  }

  test('a Redis that accepts the connection but never answers: start-up stops after the bounded wait', async () => {
    const proxy = await startTcpProxy(TEST_REDIS);
    proxy.freeze();
    const options = { store: 'redis', store_timeout_ms: TIMEOUT_MS, key_prefix: uniqueKeyPrefix() };
    const config = await writePluginConfig([{ module: 'rate_limit_plugin', options }]);
    try {
      const run = await startBlogExpectingFailure({ FW_CONFIG: config.path, REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
      assert.equal(run.code, 1);
      // The whole check is bounded by 4 × store_timeout_ms (at least 1 s); store_timeout_ms bounds the
      // store's own commands, not ioredis's (redis-store.ts, answeredWithin).
      const reason = 'no answer to PING within 1000 ms';
      assert.equal(run.stderr, `${refusedAtStart(`127.0.0.1:${proxy.port}`, reason)}  caused by: ${reason}\n`);
    } finally {
      await config.remove();
      await proxy.close();
    }
  });
});

describe('Redis through a proxy that freezes, drops and comes back', () => {
  const prefix = uniqueKeyPrefix();
  let proxy: TcpProxy;
  let allow: { blog: BlogProcess; config: PluginConfig };
  let deny: { blog: BlogProcess; config: PluginConfig };
  let exempt: { blog: BlogProcess; config: PluginConfig };
  /** Requests the allow instance served uncounted (a failed store call each). */
  let allowFailures = 0;
  before(async () => {
    proxy = await startTcpProxy(TEST_REDIS);
    const url = `redis://127.0.0.1:${proxy.port}`;
    [allow, deny, exempt] = await Promise.all([
      blogWithRedis(url, 'allow', prefix),
      blogWithRedis(url, 'deny', prefix),
      blogWithRedis(url, 'deny', prefix, { exempt_paths: ['/heartbeat'] }),
    ]);
  });
  after(async () => {
    for (const running of [allow, deny, exempt]) {
      await running?.blog.stop();
      await running?.config.remove();
    }
    await proxy?.close();
    await deleteKeys(prefix);
  });

  test('while Redis answers, requests are counted and nothing is logged', async () => {
    const reply = await allow.blog.request('GET', '/heartbeat');
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['ratelimit'], '"default";r=99;t=60');
    assert.deepEqual(storeErrorLines(allow.blog, 'allow'), []);
  });

  test('a frozen Redis: each request is answered within the command timeout, by policy', async () => {
    proxy.freeze();
    for (let i = 0; i < 3; i += 1) {
      const a = await timed(allow.blog);
      assertAllowed(a.reply);
      allowFailures += 1;
      assert.ok(a.ms < TIMEOUT_MS + 800, `allow answered in ${a.ms} ms`);
      const d = await timed(deny.blog);
      assertDenied(d.reply);
      assert.ok(d.ms < TIMEOUT_MS + 800, `deny answered in ${d.ms} ms`);
    }
  });

  test('a dropped connection: still answered at once', async () => {
    await proxy.cut();
    const a = await timed(allow.blog);
    assertAllowed(a.reply);
    allowFailures += 1;
    assert.ok(a.ms < 1000, `allow answered in ${a.ms} ms`);
    const d = await timed(deny.blog);
    assertDenied(d.reply);
    assert.ok(d.ms < 1000, `deny answered in ${d.ms} ms`);
  });

  test('on_store_error deny with exempt_paths ["/heartbeat"]: the liveness probe answers 200 while the API answers 503', async () => {
    for (let i = 0; i < 3; i += 1) {
      const beat = await exempt.blog.request('GET', '/heartbeat');
      assert.deepEqual([beat.status, beat.json], [200, { status: 'ok' }]);
      // Exempt means untouched: no store call, so no policy or count headers either.
      assert.equal(beat.headers['ratelimit-policy'], undefined);
      assert.equal(beat.headers['ratelimit'], undefined);
      assertDenied(await exempt.blog.request('GET', '/api/posts'));
    }
  });

  test('the outage so far is one error line per instance, however many requests failed', () => {
    for (const [running, policy] of [[allow, 'allow'], [deny, 'deny']] as const) {
      const lines = storeErrorLines(running.blog, policy);
      assert.equal(lines.length, 1);
      assert.equal(lines[0]?.plugin, 'rate_limit_plugin');
      assert.equal(typeof lines[0]?.error, 'string');
    }
  });

  test('Redis back: counting resumes within a few seconds, one recovery line counts the failures, the processes never exited', async () => {
    await proxy.restore();
    let counted: Reply | undefined;
    for (let attempt = 0; attempt < 40 && counted === undefined; attempt += 1) {
      const reply = await allow.blog.request('GET', '/heartbeat');
      if (reply.headers['ratelimit'] !== undefined) counted = reply;
      else {
        assertAllowed(reply);
        allowFailures += 1;
        await sleep(250);
      }
    }
    assert.ok(counted !== undefined, 'the allow instance counts again');
    assert.match(String(counted.headers['ratelimit']), /^"default";r=\d+;t=\d+$/);
    const recovered = allow.blog.logLines().filter((l) => l.event === 'rate_limit_store_recovered');
    assert.equal(recovered.length, 1);
    assert.equal(recovered[0]?.level, 'info');
    assert.equal(recovered[0]?.failures, allowFailures);
    assert.equal(recovered[0]?.on_store_error, 'allow');
    assert.equal(storeErrorLines(allow.blog, 'allow').length, 1);
    for (const running of [allow, deny, exempt]) assert.equal(running.blog.child.exitCode, null);
  });
});
