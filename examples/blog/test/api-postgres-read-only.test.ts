/**
 * The database URL reaching a PostgreSQL that refuses writes: a failover's old primary demoted to a standby, a hot
 * standby behind a pooler or a virtual address for a moment, `default_transaction_read_only` set for maintenance. Every
 * write fails with SQLSTATE 25006 (read_only_sql_transaction), having written nothing, while reads and GET /ready's
 * `SELECT 1` still succeed, so the balancer keeps the instance in. Such a write is the retryable 503 with Retry-After
 * (it succeeds once the database takes writes again), not a programming error's 500. Simulated with a login role of
 * this test whose sessions start read-only: its connections are ended, and the pool opens new ones.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import { assertJson } from './support/post-assertions.ts';
import { createTestSchema, TEST_DATABASE_URL, withSearchPath, type TestSchema } from './support/store-postgres.ts';

describe('PostgreSQL refusing writes (read-only sessions, as a standby does)', () => {
  const role = `blog_read_only_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let admin: pg.Client;
  let schema: TestSchema;
  let blog: InjectedBlog;
  let id = 0;

  /** Ends the role's sessions, so the pool's next connections start with the role's settings. */
  const reconnect = async (): Promise<void> => {
    await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1', [role]);
    await until('the blog to read through new connections', async () => (await blog.request('GET', `/api/posts/${id}`)).status === 200);
  };

  before(async () => {
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN SUPERUSER`);
    schema = await createTestSchema();
    const url = new URL(withSearchPath(TEST_DATABASE_URL, schema.name));
    url.username = role;
    blog = await startInjectedBlog({ BLOG_STORE: 'postgres', DATABASE_URL: url.href });
    const created = await blog.request('POST', '/api/posts', { body: { title: 'before', body: 'b' } });
    assert.equal(created.status, 201, created.text);
    id = created.json.id;
    await admin.query(`ALTER ROLE ${role} SET default_transaction_read_only = on`);
    await reconnect();
  });
  after(async () => {
    await blog?.stop();
    await schema?.drop();
    await admin?.query(`DROP ROLE IF EXISTS ${role}`);
    await admin?.end();
  });

  test('each write is answered 503 with retry-after, with or without an Idempotency-Key, and nothing is written', async () => {
    const writes: [string, string, Record<string, unknown> | undefined, Record<string, string>][] = [
      ['POST', '/api/posts', { title: 'refused', body: 'b' }, {}],
      ['POST', '/api/posts', { title: 'refused', body: 'b' }, { 'idempotency-key': 'read-only-post' }],
      ['PUT', `/api/posts/${id}`, { title: 'refused' }, {}],
      ['DELETE', `/api/posts/${id}`, undefined, {}],
      ['DELETE', `/api/posts/${id}`, undefined, { 'idempotency-key': 'read-only-delete' }],
    ];
    for (const [method, path, body, headers] of writes) {
      const reply = await blog.request(method, path, { ...(body && { body }), headers });
      assertJson(reply, 503, { error: 'service unavailable' });
      assert.equal(reply.headers['retry-after'], '1', `${method} ${path}`);
    }
    assert.deepEqual((await schema.query('SELECT title FROM blog_posts')).rows, [{ title: 'before' }]);
    assert.equal((await blog.request('GET', '/ready')).status, 200, 'reads still work: the instance stays in the balancer');
  });

  test('each refusal is logged as store_unavailable, and none as a failed request (500)', () => {
    const lines = blog.logLines();
    assert.ok(lines.filter((line) => line.event === 'store_unavailable').length >= 5);
    assert.deepEqual(lines.filter((line) => line.event === 'request_failed'), []);
  });

  test('once the database takes writes again, a retry with the same key runs once', async () => {
    await admin.query(`ALTER ROLE ${role} RESET default_transaction_read_only`);
    await reconnect();
    const request = { body: { title: 'after', body: 'b' }, headers: { 'idempotency-key': 'read-only-post' } };
    const first = await blog.request('POST', '/api/posts', request);
    assert.equal(first.status, 201, first.text);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    assert.equal((await blog.request('POST', '/api/posts', request)).headers['idempotent-replayed'], 'true');
    assert.equal((await schema.query("SELECT count(*)::int AS n FROM blog_posts WHERE title = 'after'")).rows[0].n, 1);
  });
});
