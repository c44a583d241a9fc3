/**
 * A read for a client that has gone is cancelled on PostgreSQL (store.ts, ReadFor; postgres-runner.ts, runPgRead):
 * a GET whose statement waits on a lock holds no connection once its client hangs up, long before the statement
 * timeout, and the service writes no error for it; a client that stays gets its answer once the lock is freed.
 * A real process and socket (the hang-up is the point) and a real PostgreSQL lock.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { startBlog, type BlogProcess } from './support/blog-process.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

/** Far beyond until()'s 10 s: a read ended by the statement timeout would fail the test. */
const STATEMENT_TIMEOUT_MS = '60000';

describe('PostgreSQL reads for a client that has gone', () => {
  let schema: TestSchema;
  let blog: BlogProcess;
  let id = 0;

  before(async () => {
    schema = await createTestSchema();
    blog = await startBlog({ BLOG_STORE: 'postgres', DATABASE_URL: schema.url, BLOG_POSTGRES_QUERY_TIMEOUT_MS: STATEMENT_TIMEOUT_MS, BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: STATEMENT_TIMEOUT_MS });
    id = (await blog.request('POST', '/api/posts', { body: { title: 'locked away', body: 'b' } })).json.id;
  });
  after(async () => {
    await blog?.stop();
    await schema?.drop();
  });

  /** Process ids of the blog's connections waiting for a lock on the posts table. */
  const waiting = async (): Promise<number[]> =>
    (await schema.query(`SELECT pid FROM pg_locks WHERE relation = '${schema.name}.blog_posts'::regclass AND NOT granted`)).rows.map((row) => row.pid as number);

  /** Holds an ACCESS EXCLUSIVE lock on the posts table until the returned function commits. */
  async function lockPosts(): Promise<() => Promise<void>> {
    await schema.query('BEGIN');
    await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
    return async () => void (await schema.query('COMMIT'));
  }

  /** Sends `GET path` on a socket of its own; resolves with a hang-up once its statement waits on the lock. */
  async function waitingGet(path: string): Promise<{ pid: number; hangUp: () => void }> {
    const socket = connect(blog.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write(`GET ${path} HTTP/1.1\r\nHost: blog\r\n\r\n`);
    const [pid] = await until(`the read of ${path} to wait on the lock`, async () => ((await waiting()).length > 0 ? await waiting() : undefined));
    return { pid: pid!, hangUp: () => socket.destroy() };
  }

  for (const [route, path] of [['/api/posts/:id', () => `/api/posts/${id}`], ['/api/posts', () => '/api/posts']] as const) {
    it(`cancels the statement of GET ${route} when its client hangs up, and logs no failure`, async () => {
      const unlock = await lockPosts();
      try {
        const { pid, hangUp } = await waitingGet(path());
        const linesBefore = blog.logLines().length;
        hangUp();
        await until('the waiting statement to be cancelled', async () => (await waiting()).length === 0);
        const backend = await schema.query("SELECT state FROM pg_stat_activity WHERE pid = $1 AND state = 'active'", [pid]);
        assert.equal(backend.rowCount, 0, 'the backend runs nothing for the gone client');
        const request = await until('the request line', () => blog.logLines().slice(linesBefore).find((line) => line.event === 'request'));
        assert.equal(request.aborted, true);
        assert.deepEqual(blog.logLines().slice(linesBefore).filter((line) => line.level === 'error'), []);
      } finally {
        await unlock();
      }
      assert.equal((await blog.request('GET', `/api/posts/${id}`)).status, 200, 'the service reads on after the cancel');
    });
  }

  it('cancels the statements of all the reads whose clients hang up at once, more of them than the pool holds, and serves the next client', async () => {
    const POOL_SIZE = 10; // the blog's default postgres_pool_size
    const unlock = await lockPosts();
    let unlocked = false;
    try {
      // Two more than the pool: those wait for a connection, the others for the lock.
      const sockets = Array.from({ length: POOL_SIZE + 2 }, () => {
        const socket = connect(blog.port, '127.0.0.1');
        socket.on('error', () => {});
        socket.write(`GET /api/posts/${id} HTTP/1.1\r\nHost: blog\r\n\r\n`);
        return socket;
      });
      await until('a read on every pooled connection to wait on the lock', async () => (await waiting()).length === POOL_SIZE);
      const linesBefore = blog.logLines().length;
      for (const socket of sockets) socket.destroy();
      // Before, 2 cancels ran at once and the others were skipped: 8 connections waited on for nobody.
      await until('every waiting statement to be cancelled', async () => (await waiting()).length === 0);
      const lines = await until('a request line per client', () => {
        const requests = blog.logLines().slice(linesBefore).filter((line) => line.event === 'request');
        return requests.length === sockets.length ? requests : undefined;
      });
      assert.ok(lines.every((line) => line.aborted === true));
      assert.deepEqual(blog.logLines().slice(linesBefore).filter((line) => line.level === 'error'), []);
      await unlock();
      unlocked = true;
      assert.equal((await blog.request('GET', `/api/posts/${id}`)).status, 200);
    } finally {
      if (!unlocked) await unlock();
    }
  });

  it('cancels the statement of a pipelined GET whose client hangs up while the requests behind it wait, and runs none of them', async () => {
    const unlock = await lockPosts();
    let unlocked = false;
    try {
      const socket = connect(blog.port, '127.0.0.1');
      socket.on('error', () => {});
      // Behind the first, its connection is not read (server/pipelining-gate.ts): the hang-up was seen only once the
      // lock was freed, the first read answered to nobody and the second started.
      socket.write(`GET /api/posts/${id} HTTP/1.1\r\nHost: blog\r\n\r\n`.repeat(5));
      await until('the first read to wait on the lock', async () => (await waiting()).length === 1);
      const linesBefore = blog.logLines().length;
      socket.destroy();
      await until('the waiting statement to be cancelled', async () => (await waiting()).length === 0);
      await unlock();
      unlocked = true;
      const request = await until('the request line', () => blog.logLines().slice(linesBefore).find((line) => line.event === 'request'));
      assert.deepEqual([request.status, request.aborted], [0, true]);
      // The next request of any client comes after whatever the pipelined ones would have logged.
      assert.equal((await blog.request('GET', `/api/posts/${id}`)).status, 200);
      const lines = blog.logLines().slice(linesBefore).filter((line) => line.event === 'request');
      assert.equal(lines.filter((line) => line.aborted === true).length, 1, 'requests worked on for the client that had gone');
    } finally {
      if (!unlocked) await unlock();
    }
  });

  it('answers a client that stays once the lock is freed: only a gone client is cancelled', async () => {
    const unlock = await lockPosts();
    let unlocked = false;
    try {
      const answer = blog.request('GET', `/api/posts/${id}`);
      await until('the read to wait on the lock', async () => (await waiting()).length > 0);
      await unlock();
      unlocked = true;
      const reply = await answer;
      assert.equal(reply.status, 200);
      assert.equal(reply.json.title, 'locked away');
    } finally {
      if (!unlocked) await unlock();
    }
  });
});
