// Needs the real process: the point is that a failing Redis never crashes it (its exit code) nor delays its answers.
/**
 * Redis out of reach never hangs or crashes the blog: start-up goes on, each request is answered
 * within the command timeout by the on_store_error policy (`allow`: served without a RateLimit
 * count; `deny`: 503), a `rate_limit_store_error` line is logged, and counting resumes when
 * Redis is back. Redis is reached through a TCP proxy the test freezes, cuts and restores.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, test } from 'node:test';
import { closedPort } from '../../../packages/fw-core/test/support/closed-port.ts';
import { startBlog, type BlogProcess, type Reply } from './support/blog-process.ts';
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

describe('REDIS_URL on a closed port', () => {
  const started: { blog: BlogProcess; config: PluginConfig }[] = [];
  let url: string;
  before(async () => {
    url = `redis://127.0.0.1:${await closedPort()}`;
  });
  after(async () => {
    for (const { blog, config } of started) {
      await blog.stop();
      await config.remove();
    }
  });

  for (const policy of ['allow', 'deny'] as const) {
    test(`on_store_error ${policy}: starts, answers at once, logs, stays up`, async () => {
      const t0 = Date.now();
      const running = await blogWithRedis(url, policy, uniqueKeyPrefix());
      started.push(running);
      assert.ok(Date.now() - t0 < 10_000);
      for (let i = 0; i < 3; i += 1) {
        const { reply, ms } = await timed(running.blog);
        if (policy === 'allow') assertAllowed(reply);
        else assertDenied(reply);
        assert.ok(ms < 1000, `answered in ${ms} ms`);
      }
      const lines = storeErrorLines(running.blog, policy);
      assert.equal(lines.length, 1, 'one line per second at most');
      assert.equal(lines[0]?.plugin, 'rate_limit_plugin');
      assert.equal(typeof lines[0]?.error, 'string');
      assert.equal(running.blog.child.exitCode, null);
    });
  }

  test('on_store_error deny with exempt_paths ["/heartbeat"]: the liveness probe answers 200 while the API answers 503', async () => {
    const running = await blogWithRedis(url, 'deny', uniqueKeyPrefix(), { exempt_paths: ['/heartbeat'] });
    started.push(running);
    for (let i = 0; i < 3; i += 1) {
      const beat = await running.blog.request('GET', '/heartbeat');
      assert.deepEqual([beat.status, beat.json], [200, { status: 'ok' }]);
      // Exempt means untouched: no store call, so no policy or count headers either.
      assert.equal(beat.headers['ratelimit-policy'], undefined);
      assert.equal(beat.headers['ratelimit'], undefined);
      assertDenied(await running.blog.request('GET', '/api/posts'));
    }
    assert.equal(running.blog.child.exitCode, null);
  });
});

describe('Redis through a proxy that freezes, drops and comes back', () => {
  const prefix = uniqueKeyPrefix();
  let proxy: TcpProxy;
  let allow: { blog: BlogProcess; config: PluginConfig };
  let deny: { blog: BlogProcess; config: PluginConfig };
  before(async () => {
    proxy = await startTcpProxy(TEST_REDIS);
    const url = `redis://127.0.0.1:${proxy.port}`;
    [allow, deny] = await Promise.all([blogWithRedis(url, 'allow', prefix), blogWithRedis(url, 'deny', prefix)]);
  });
  after(async () => {
    for (const running of [allow, deny]) {
      await running?.blog.stop();
      await running?.config.remove();
    }
    await proxy?.close();
    await deleteKeys(prefix);
  });

  test('while Redis answers, requests are counted', async () => {
    const reply = await allow.blog.request('GET', '/heartbeat');
    assert.equal(reply.status, 200);
    assert.equal(reply.headers['ratelimit'], '"default";r=99;t=60');
  });

  test('a frozen Redis: each request is answered within the command timeout, by policy', async () => {
    proxy.freeze();
    for (let i = 0; i < 3; i += 1) {
      const a = await timed(allow.blog);
      assertAllowed(a.reply);
      assert.ok(a.ms < TIMEOUT_MS + 800, `allow answered in ${a.ms} ms`);
      const d = await timed(deny.blog);
      assertDenied(d.reply);
      assert.ok(d.ms < TIMEOUT_MS + 800, `deny answered in ${d.ms} ms`);
    }
    assert.ok(storeErrorLines(allow.blog, 'allow').length >= 1);
    assert.ok(storeErrorLines(deny.blog, 'deny').length >= 1);
  });

  test('a dropped connection: still answered at once', async () => {
    await proxy.cut();
    const a = await timed(allow.blog);
    assertAllowed(a.reply);
    assert.ok(a.ms < 1000, `allow answered in ${a.ms} ms`);
    const d = await timed(deny.blog);
    assertDenied(d.reply);
    assert.ok(d.ms < 1000, `deny answered in ${d.ms} ms`);
  });

  test('Redis back: counting resumes within a few seconds, the processes never exited', async () => {
    await proxy.restore();
    let counted: Reply | undefined;
    for (let attempt = 0; attempt < 40 && counted === undefined; attempt += 1) {
      const reply = await deny.blog.request('GET', '/heartbeat');
      if (reply.status === 200) counted = reply;
      else await sleep(250);
    }
    assert.ok(counted !== undefined, 'the deny instance serves again');
    assert.match(String(counted.headers['ratelimit']), /^"default";r=\d+;t=\d+$/);
    assert.equal(allow.blog.child.exitCode, null);
    assert.equal(deny.blog.child.exitCode, null);
  });
});
