/**
 * A write for a client that has gone is cancelled on PostgreSQL while it has committed nothing (store.ts, ReadFor;
 * postgres-runner.ts, withPgClient): PUTs, DELETEs and POSTs queued behind another session's locks, more of them than
 * the pool holds, hold no connection once their clients hang up, long before the statement timeout, and the next
 * client is served; none of them left anything (no row changed, no post, no Idempotency-Key kept), and each says so in
 * a `write_cancelled_client_gone` line. A retry with the Idempotency-Key of a cancelled write then does it once.
 * A real process and sockets (the hang-up is the point) and real PostgreSQL locks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { poolSeries, requestToLeave, startBlog, type BlogProcess } from './support/blog-process.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

/** Far beyond until()'s 10 s: a write ended by the statement timeout would fail the test. */
const STATEMENT_TIMEOUT_MS = '60000';
const POOL_SIZE = 10; // the blog's default postgres_pool_size

describe('PostgreSQL writes for a client that has gone, cancelled on the server', () => {
  let schema: TestSchema;
  let blog: BlogProcess;

  before(async () => {
    schema = await createTestSchema();
    blog = await startBlog({ BLOG_STORE: 'postgres', DATABASE_URL: schema.url, BLOG_POSTGRES_QUERY_TIMEOUT_MS: STATEMENT_TIMEOUT_MS, BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: STATEMENT_TIMEOUT_MS });
  });
  after(async () => {
    await blog?.stop();
    await schema?.drop();
  });

  /** Process ids of the blog's backends waiting for a lock on the posts table or one of its rows. */
  const waiting = async (): Promise<number[]> =>
    (await schema.query(`SELECT DISTINCT l.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid WHERE l.relation = '${schema.name}.blog_posts'::regclass AND a.wait_event_type = 'Lock'`)).rows.map((row) => row.pid as number);
  const snapshot = async () => ({
    posts: (await schema.query('SELECT id, title, body, status, updated_at FROM blog_posts ORDER BY id')).rows,
    keys: Number((await schema.query('SELECT count(*) FROM blog_idempotency_keys')).rows[0].count),
  });

  /**
   * Holds post `id`'s row (SELECT ... FOR UPDATE: the PUTs' SELECT ... FOR UPDATE and the DELETEs wait) and the table
   * in SHARE mode (the POSTs' INSERTs wait), until the returned function commits. On a session of its own: the one
   * that watches must see pg_stat_activity as it is, not the snapshot a transaction keeps.
   */
  async function lockPost(id: number): Promise<() => Promise<void>> {
    const holder = new pg.Client({ connectionString: schema.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM blog_posts WHERE id = $1 FOR UPDATE', [id]);
    await holder.query('LOCK TABLE blog_posts IN SHARE MODE');
    return async () => {
      await holder.query('COMMIT');
      await holder.end();
    };
  }

  it('cancels the writes of all the clients that hang up at once (12 PUTs among them), more of them than the pool holds; the next client is served and nothing of them is stored', async () => {
    const id = (await blog.request('POST', '/api/posts', { body: { title: 'locked', body: 'b' } })).json.id as number;
    const before = await snapshot();
    const put = (n: number, key?: string) => requestToLeave(blog.port, 'PUT', `/api/posts/${id}`, { body: { title: `put ${n}` }, headers: key === undefined ? {} : { 'idempotency-key': key } });
    const unlock = await lockPost(id);
    let unlocked = false;
    try {
      // Each kind of write on a pooled connection of its own, waiting on the server: PUTs in a transaction (with a key
      // or not), DELETEs and POSTs as one autocommit statement, a POST with a key in a transaction.
      const onServer = [
        ...Array.from({ length: 6 }, (_, n) => put(n, n % 2 === 0 ? `put-${n}` : undefined)),
        requestToLeave(blog.port, 'DELETE', `/api/posts/${id}`),
        requestToLeave(blog.port, 'DELETE', `/api/posts/${id}`),
        requestToLeave(blog.port, 'POST', '/api/posts', { body: { title: 'posted', body: 'b' } }),
        requestToLeave(blog.port, 'POST', '/api/posts', { body: { title: 'posted once', body: 'b' }, headers: { 'idempotency-key': 'post-1' } }),
      ];
      await until('a write on every pooled connection to wait on a lock', async () => (await waiting()).length === POOL_SIZE);
      const queued = Array.from({ length: 6 }, (_, n) => put(10 + n, n % 2 === 0 ? `put-${10 + n}` : undefined));
      await until('the writes beyond the pool to wait for a connection', async () => (await poolSeries(blog)).endsWith('pending 6'));
      const linesBefore = blog.logLines().length;
      const started = performance.now();
      for (const socket of [...onServer, ...queued]) socket.destroy();
      // Before, each statement waited on for nobody until the lock went or its statement timeout.
      await until('every waiting write to be cancelled', async () => (await waiting()).length === 0);
      const next = await blog.request('GET', `/api/posts/${id}`);
      assert.equal(next.status, 200, 'a pooled connection serves the next client while the lock is still held');
      assert.ok(performance.now() - started < Number(STATEMENT_TIMEOUT_MS) / 6);
      const lines = await until('a cancelled line per client', () => {
        const cancelled = blog.logLines().slice(linesBefore).filter((line) => line.event === 'write_cancelled_client_gone');
        return cancelled.length === onServer.length + queued.length ? cancelled : undefined;
      });
      const requests = blog.logLines().slice(linesBefore).filter((line) => line.event === 'request' && line.aborted === true);
      assert.deepEqual(new Set(lines.map((line) => line.request_id)), new Set(requests.map((line) => line.request_id)));
      assert.deepEqual(lines.map((line) => line.operation).sort(), [...Array(12).fill('update'), 'create', 'create', 'delete', 'delete'].sort());
      assert.deepEqual(blog.logLines().slice(linesBefore).filter((line) => line.level !== 'info' || line.event === 'write_done_client_gone'), []);
      await unlock();
      unlocked = true;
    } finally {
      if (!unlocked) await unlock();
    }
    assert.deepEqual(await snapshot(), before, 'no row changed, no post and no key kept: a cancelled write left nothing');
    const put2 = await blog.request('PUT', `/api/posts/${id}`, { body: { title: 'after' } });
    assert.deepEqual([put2.status, put2.json.title], [200, 'after']);
  });

  it('does a cancelled write once when it is retried with its Idempotency-Key', async () => {
    const id = (await blog.request('POST', '/api/posts', { body: { title: 'kept', body: 'b' } })).json.id as number;
    const post = { body: { title: 'retried', body: 'b' }, headers: { 'idempotency-key': 'retry-1' } };
    const unlock = await lockPost(id);
    let unlocked = false;
    try {
      const socket = requestToLeave(blog.port, 'POST', '/api/posts', post);
      const [pid] = await until('the write to wait on the lock', async () => ((await waiting()).length === 1 ? await waiting() : undefined));
      socket.destroy();
      await until('the write to be cancelled', async () => (await waiting()).length === 0);
      // Its transaction, and the key's advisory lock with it, has ended: closed with its connection.
      await until('its transaction to end', async () => (await schema.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND xact_start IS NOT NULL', [pid])).rowCount === 0);
      await unlock();
      unlocked = true;
    } finally {
      if (!unlocked) await unlock();
    }
    const first = await blog.request('POST', '/api/posts', post);
    assert.deepEqual([first.status, first.headers['idempotent-replayed']], [201, undefined], 'the retry runs the write: nothing was kept for the key');
    const again = await blog.request('POST', '/api/posts', post);
    assert.deepEqual([again.status, again.headers['idempotent-replayed'], again.json.id], [201, 'true', first.json.id]);
    assert.equal(Number((await schema.query("SELECT count(*) FROM blog_posts WHERE title = 'retried'")).rows[0].count), 1);
  });
});
