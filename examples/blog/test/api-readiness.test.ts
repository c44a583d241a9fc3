// Needs the real process for the store and drain cases: the store is cut at the TCP level and the drain begins with SIGTERM.
/**
 * GET /ready, the blog's readiness probe (liveness stays /heartbeat): 200 `{"status":"ready"}`
 * while the instance serves and its store answers; 503 `{"status":"unavailable","failed":
 * ["store"]}` while PostgreSQL is stalled or cut (through a TCP proxy); 503 `{"status":
 * "draining"}` as soon as a stop begins, while the server still answers; never rate-limited (a
 * balancer's probes share one address: 150 of them never see a 429) and never in the request log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { startBlog, type BlogProcess, type Reply } from './support/blog-process.ts';
import { blogWithPlugins } from './support/plugins-config.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';
import { proxyPostgres, type TcpProxy } from './support/store-tcp-proxy.ts';

const READY = { status: 'ready' };
const STORE_DOWN = { status: 'unavailable', failed: ['store'] };

function assertProbe(reply: Reply, status: number, body: unknown): void {
  assert.deepEqual([reply.status, reply.json], [status, body]);
  assert.equal(reply.headers['cache-control'], 'no-store');
  assert.equal(reply.headers['retry-after'], undefined);
}

describe('GET /ready on PostgreSQL reached through a proxy', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let blog: BlogProcess;
  before(async () => {
    schema = await createTestSchema();
    let url: string;
    ({ proxy, url } = await proxyPostgres(schema.url));
    blog = await startBlog({ BLOG_STORE: 'postgres', DATABASE_URL: url });
  });
  after(async () => {
    await blog?.stop();
    await proxy?.close();
    await schema?.drop();
  });

  test('200 ready while the instance serves and the store answers', async () => {
    assertProbe(await blog.request('GET', '/ready'), 200, READY);
  });

  test('neither probe writes a request log line; other routes still do', async () => {
    await blog.request('GET', '/ready');
    await blog.request('GET', '/heartbeat');
    const list = await blog.request('GET', '/api/posts?limit=1');
    assert.equal(list.status, 200);
    // Lines are written when each connection's answer is done, in order: once the list's is
    // there, the probes' would be too.
    await until('the request line of /api/posts', () => blog.logLines().some((line) => line.event === 'request' && line.path === '/api/posts'));
    const probes = blog.logLines().filter((line) => line.event === 'request' && (line.path === '/ready' || line.path === '/heartbeat'));
    assert.deepEqual(probes, []);
  });

  test('503 unavailable, store failed, while PostgreSQL is stalled; liveness still 200', async () => {
    proxy.freeze();
    assertProbe(await blog.request('GET', '/ready'), 503, STORE_DOWN);
    assert.deepEqual((await blog.request('GET', '/heartbeat')).json, { status: 'ok' });
  });

  test('503 unavailable while PostgreSQL is cut', async () => {
    await proxy.cut();
    assertProbe(await blog.request('GET', '/ready'), 503, STORE_DOWN);
  });

  test('200 again once PostgreSQL is back', async () => {
    await proxy.restore();
    const reply = await until('a ready answer', async () => {
      const answer = await blog.request('GET', '/ready');
      return answer.status === 200 ? answer : undefined;
    });
    assertProbe(reply, 200, READY);
  });
});

describe('GET /ready while every pooled connection waits on a lock', () => {
  let schema: TestSchema;
  let blog: BlogProcess;
  before(async () => {
    schema = await createTestSchema();
    blog = await startBlog({ BLOG_STORE: 'postgres', DATABASE_URL: schema.url, BLOG_POSTGRES_POOL_SIZE: '2', BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: '60000', BLOG_POSTGRES_QUERY_TIMEOUT_MS: '60000' });
  });
  after(async () => {
    await blog?.stop();
    await schema?.drop();
  });

  test('200 ready: a pool busy with requests is not a database that does not answer', async () => {
    await schema.query('BEGIN');
    const reads: Promise<Reply>[] = [];
    try {
      await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
      for (let i = 0; i < 3; i += 1) reads.push(blog.request('GET', '/api/posts', { fresh: true }));
      const waiting = `SELECT count(*)::int AS n FROM pg_locks WHERE relation = '${schema.name}.blog_posts'::regclass AND NOT granted`;
      await until('both pooled connections to wait on the lock', async () => (await schema.query(waiting)).rows[0].n === 2);
      assertProbe(await blog.request('GET', '/ready', { fresh: true }), 200, READY);
    } finally {
      await schema.query('COMMIT');
    }
    assert.deepEqual((await Promise.all(reads)).map((reply) => reply.status), [200, 200, 200]);
  });
});

describe('GET /ready once a stop has begun', () => {
  let blog: BlogProcess;
  before(async () => {
    // Long enough that the probe below lands inside the drain; the test ends it by waiting for the exit.
    blog = await startBlog({ BLOG_STORE: 'memory', FW_SHUTDOWN_DELAY_MS: '3000' });
  });
  after(async () => {
    await blog?.stop();
  });

  test('503 draining at once on SIGTERM, while the server still answers; then a clean exit', async () => {
    assertProbe(await blog.request('GET', '/ready'), 200, READY);
    const exited = new Promise<number | null>((resolve) => blog.child.once('exit', resolve));
    blog.child.kill('SIGTERM');
    await until('the draining line', () => blog.logLines().some((line) => line.event === 'draining'));
    const ready = await blog.request('GET', '/ready', { fresh: true });
    assertProbe(ready, 503, { status: 'draining' });
    assert.equal(ready.headers['connection'], 'close');
    // Liveness is not readiness: the process still serves.
    assert.deepEqual((await blog.request('GET', '/heartbeat', { fresh: true })).json, { status: 'ok' });
    assert.equal(await exited, 0);
  });
});

describe('GET /ready behind the rate limit', () => {
  // No exempt_paths: /ready's group runs no plugin, whatever fw.plugins lists.
  const blog = blogWithPlugins([{ module: 'rate_limit_plugin', options: { max_requests: 100, window_ms: 60_000 } }]);

  test('150 probes from one address all answer 200 ready, uncounted', async () => {
    for (let i = 0; i < 150; i += 1) {
      const reply = await blog().request('GET', '/ready');
      assert.deepEqual([reply.status, reply.json], [200, READY], `probe ${i + 1}`);
      assert.equal(reply.headers['ratelimit'], undefined);
    }
    // The probes took nothing from the client's window.
    assert.equal((await blog().request('GET', '/api/posts')).headers['ratelimit'], '"default";r=99;t=60');
  });

  test('a miss at the root is still counted: the plugin-less /ready group does not take over router misses', async () => {
    const miss = await blog().request('GET', '/no-such-page');
    assert.equal(miss.status, 404);
    assert.equal(miss.headers['ratelimit'], '"default";r=98;t=60');
  });
});
