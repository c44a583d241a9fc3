// Needs the real process: start-up refusal is an exit code and stderr, and "the service stays up" is its exit code.
/**
 * A PostgreSQL store that cannot be reached. At start the store applies its migrations, so an
 * unreachable database stops start-up (exit 1, a clear message). Once running, losing the
 * database gives every request a quick 503 JSON with retry-after and an error log line; the
 * service stays up and serves again when the database is back. The database is reached through
 * a TCP proxy in this test, so the test can cut it. A failure that is not about reaching the
 * database (a dropped table) stays fw's generic 500.
 */
import assert from 'node:assert/strict';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { startBlog, startBlogExpectingFailure, type BlogProcess } from './support/blog-process.ts';
import { assertJson } from './support/post-assertions.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './support/store-postgres.ts';

describe('unreachable at start', () => {
  test('DATABASE_URL on a closed port: exit 1 with BLOG_ERR_STORE_UNAVAILABLE, quickly', async () => {
    const started = Date.now();
    const { code, stderr } = await startBlogExpectingFailure({ BLOG_STORE: 'postgres', DATABASE_URL: 'postgres://postgres@127.0.0.1:1/test' });
    assert.equal(code, 1);
    assert.ok(stderr.startsWith('blog: cannot start: BLOG_ERR_STORE_UNAVAILABLE: PostgreSQL unavailable: connect ECONNREFUSED 127.0.0.1:1'), stderr);
    assert.ok(Date.now() - started < 10_000);
  });
});

/** A TCP proxy to the database that the test can cut and restore on the same port. */
class DatabaseProxy {
  port = 0;
  #server: Server | undefined;
  readonly #sockets = new Set<Socket>();
  readonly #target: URL;

  constructor(target: URL) {
    this.#target = target;
  }

  async open(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(Number(this.#target.port || 5432), this.#target.hostname);
      for (const socket of [client, upstream]) {
        this.#sockets.add(socket);
        socket.on('close', () => this.#sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.#server = server;
  }

  /** Stops accepting and drops every open connection. */
  async cut(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

describe('lost while running', () => {
  let schema: TestSchema;
  let proxy: DatabaseProxy;
  let blog: BlogProcess;
  let post: Record<string, unknown>;

  before(async () => {
    schema = await createTestSchema();
    proxy = new DatabaseProxy(new URL(TEST_DATABASE_URL));
    await proxy.open();
    const url = new URL(schema.url);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    // Repeated error lines are summarised per interval (docs/configuration.md, "Logging"): a short one, so the counts land while the test runs.
    blog = await startBlog({ BLOG_STORE: 'postgres', DATABASE_URL: url.href, FW_LOG_REPEAT_INTERVAL_MS: '100' });
    post = (await blog.request('POST', '/api/posts', { body: { title: 'kept', body: 'b' } })).json;
  });
  after(async () => {
    await blog?.stop();
    await proxy?.cut();
    await schema?.drop();
  });

  test('every store-backed route answers 503 {"error":"service unavailable"} with retry-after: 1, quickly', async () => {
    await proxy.cut();
    const requests: [string, string, object | undefined][] = [
      ['GET', '/api/posts', undefined],
      ['GET', `/api/posts/${String(post.id)}`, undefined],
      ['POST', '/api/posts', { title: 't', body: 'b' }],
      ['PUT', `/api/posts/${String(post.id)}`, { title: 'changed' }],
      ['PUT', `/api/posts/${String(post.id)}`, { title: '' }],
      ['DELETE', `/api/posts/${String(post.id)}`, undefined],
    ];
    for (const [method, path, body] of requests) {
      const started = Date.now();
      const reply = await blog.request(method, path, body ? { body } : {});
      assertJson(reply, 503, { error: 'service unavailable' });
      assert.equal(reply.headers['retry-after'], '1');
      assert.ok(Date.now() - started < 3_000, `${method} ${path} took ${Date.now() - started} ms`);
    }
  });

  test('requests that need no store still work, and the process is up', async () => {
    assertJson(await blog.request('GET', '/heartbeat'), 200, { status: 'ok' });
    assertJson(await blog.request('GET', '/api/posts?limit=0'), 400, { error: 'limit must be an integer from 1 to 1000' });
    assertJson(await blog.request('GET', '/api/posts/abc'), 404, { error: 'post not found' });
    assert.equal(blog.child.exitCode, null);
  });

  test('each 503 logged as a store_unavailable error (whole lines plus the summaries\' counts), and no 500', async () => {
    const unavailable = () => blog.logLines().filter((line) => line.event === 'store_unavailable');
    const occurrences = () => unavailable().reduce((sum, line) => sum + (typeof line.repeated === 'number' ? line.repeated : 1), 0);
    await until('the six 503s counted in the log', () => occurrences() === 6);
    for (const line of unavailable()) assert.equal(line.level, 'error');
    assert.deepEqual(blog.logLines().filter((line) => line.event === 'request_failed'), []);
  });

  test('when the database is back, the service serves again with its data', async () => {
    await proxy.open();
    assertJson(await blog.request('GET', `/api/posts/${String(post.id)}`), 200, post);
  });

  test('any other store failure is fw\'s 500, logged, and the process keeps serving', async () => {
    await schema.query('DROP TABLE blog_posts');
    assertJson(await blog.request('GET', `/api/posts/${String(post.id)}`), 500, { error: 'internal server error' });
    assertJson(await blog.request('GET', '/heartbeat'), 200, { status: 'ok' });
    const failed = blog.logLines().filter((line) => line.event === 'request_failed');
    assert.equal(failed.length, 1);
    assert.equal(failed[0]!.level, 'error');
  });
});
