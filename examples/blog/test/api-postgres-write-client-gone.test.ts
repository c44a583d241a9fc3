// Needs the real process: the client's hang-up and the pool's wait seen on a /metrics scrape are the point.
/**
 * A write whose client hangs up while it waits for a pooled PostgreSQL connection is dropped (store.ts, ReadFor;
 * postgres-runner.ts, withPgClient): nothing had been sent, so the wait ends at once, no post is stored later for
 * nobody, and nothing is logged as an error. A client that gets no answer does not know what happened; a write still
 * queued for it, run after it read the posts and sent its write again, would store it twice. The pool has one
 * connection, held by a first write that waits on a table another session locked, so the second write has to wait.
 * A write already sent is cancelled on the server while it has committed nothing (docs/blog-stores.md; the many and
 * the Idempotency-Key retry in api-postgres-write-cancel.test.ts), and a line says what became of it: the request line
 * only says that its client left. One that committed before the cancel could stop it is stored and says so.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { poolSeries, requestToLeave, startBlog, type BlogProcess } from './support/blog-process.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

/** Far beyond until()'s 10 s: only the hang-up may end the second write's wait, and only the COMMIT the first's. */
const WAIT_MS = '60000';

describe('PostgreSQL writes for a client that has gone', () => {
  let schema: TestSchema;
  let blog: BlogProcess;

  before(async () => {
    schema = await createTestSchema();
    blog = await startBlog({ BLOG_STORE: 'postgres', DATABASE_URL: schema.url, BLOG_POSTGRES_POOL_SIZE: '1', BLOG_POSTGRES_CONNECT_TIMEOUT_MS: WAIT_MS, BLOG_POSTGRES_QUERY_TIMEOUT_MS: WAIT_MS, BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: WAIT_MS });
  });
  after(async () => {
    await blog?.stop();
    await schema?.drop();
  });

  const poolIs = (idle: number, used: number, pending: number): string => `idle ${idle}, used ${used}, pending ${pending}`;
  const titles = async (): Promise<string[]> => (await schema.query('SELECT title FROM blog_posts ORDER BY id')).rows.map((row) => row.title as string);

  for (const [name, headers] of [['without an Idempotency-Key', ''], ['with an Idempotency-Key', 'Idempotency-Key: gone-1\r\n']] as const) {
    it(`drops a POST ${name} whose client hangs up while it waits for a pooled connection: nothing is stored`, async () => {
      await schema.query('TRUNCATE blog_posts');
      await schema.query('BEGIN');
      await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
      const first = blog.request('POST', '/api/posts', { body: { title: 'first', body: 'b' } });
      try {
        await until('the first write to hold the one connection', async () => (await poolSeries(blog)) === poolIs(0, 1, 0));
        const body = JSON.stringify({ title: 'gone', body: 'b' });
        const socket = connect(blog.port, '127.0.0.1');
        socket.on('error', () => {});
        socket.write(`POST /api/posts HTTP/1.1\r\nHost: blog\r\nContent-Type: application/json\r\n${headers}Content-Length: ${body.length}\r\n\r\n${body}`);
        await until('the second write to wait for a connection', async () => (await poolSeries(blog)) === poolIs(0, 1, 1));
        const linesBefore = blog.logLines().length;
        socket.destroy();
        const request = await until('the request line', () => blog.logLines().slice(linesBefore).find((line) => line.event === 'request'));
        assert.deepEqual([request.status, request.aborted], [0, true]);
        const cancelled = await until('the drop to be logged', () => blog.logLines().slice(linesBefore).find((line) => line.event === 'write_cancelled_client_gone'));
        assert.deepEqual([cancelled.request_id, cancelled.operation], [request.request_id, 'create']);
      } finally {
        await schema.query('COMMIT');
      }
      assert.equal((await first).status, 201);
      // The connection the second write waited for comes to it now; it goes back unused, rather than storing a post.
      await until('the pool to be idle', async () => (await poolSeries(blog)) === poolIs(1, 0, 0));
      assert.deepEqual(await titles(), ['first']);
      assert.deepEqual(blog.logLines().filter((line) => line.level === 'error'), []);
    });
  }

  it('cancels a POST whose client hangs up while its INSERT waits on a lock, stores nothing, and logs what it did: its request id and the operation', async () => {
    await schema.query('TRUNCATE blog_posts');
    await schema.query('BEGIN');
    await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
    let requestId: unknown;
    const linesBefore = blog.logLines().length;
    try {
      const socket = requestToLeave(blog.port, 'POST', '/api/posts', { body: { title: 'sent', body: 'b' } });
      const waiting = async () => (await schema.query(`SELECT 1 FROM pg_locks WHERE relation = '${schema.name}.blog_posts'::regclass AND NOT granted`)).rowCount;
      await until('the write to wait on the lock', async () => (await waiting()) === 1);
      socket.destroy();
      const request = await until('the request line', () => blog.logLines().slice(linesBefore).find((line) => line.event === 'request'));
      assert.deepEqual([request.status, request.aborted], [0, true]);
      requestId = request.request_id;
      // Before, the INSERT waited on for nobody, holding the pool's one connection until the lock went.
      await until('the waiting INSERT to be cancelled', async () => (await waiting()) === 0);
    } finally {
      await schema.query('COMMIT');
    }
    const cancelled = await until('the cancel to be logged', () => blog.logLines().slice(linesBefore).find((line) => line.event === 'write_cancelled_client_gone'));
    assert.deepEqual([cancelled.level, cancelled.request_id, cancelled.operation, cancelled.msg], ['info', requestId, 'create', 'a write was cancelled: its client had gone, nothing of it is stored']);
    assert.equal((await blog.request('POST', '/api/posts', { body: { title: 'next', body: 'b' } })).status, 201, 'the connection serves the next write');
    assert.deepEqual(await titles(), ['next']);
    assert.equal(blog.logLines().slice(linesBefore).filter((line) => line.event === 'write_done_client_gone').length, 0);
  });
});

describe('PostgreSQL writes whose clients hang up right after sending them', () => {
  let schema: TestSchema;
  let blog: BlogProcess;

  before(async () => {
    schema = await createTestSchema();
    blog = await startBlog({ BLOG_STORE: 'postgres', DATABASE_URL: schema.url });
  });
  after(async () => {
    await blog?.stop();
    await schema?.drop();
  });

  /** Sends a POST on a connection of its own and closes it `afterMs` later, reading nothing. */
  const postAndHangUp = (title: string, afterMs: number): Promise<void> =>
    new Promise((resolve) => {
      const body = JSON.stringify({ title, body: 'b' });
      const socket = connect(blog.port, '127.0.0.1', () => {
        socket.write(`POST /api/posts HTTP/1.1\r\nHost: blog\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
        setTimeout(() => socket.destroy(), afterMs);
      });
      socket.on('error', () => {}).on('close', () => resolve());
    });

  it('logs every post it stored for them: its 201 sent whole (the request line), else write_done_client_gone with 201', async () => {
    // Each close is seen before the write ends, after it but before the answer is whole (the FIN read and the
    // connection ending, the response not yet closed: such writes went unlogged), or not at all (the answer went out
    // first): a mix that depends on timing, so 200 clients at four delays.
    const delays = [0, 1, 2, 3];
    const perDelay = 50;
    const linesBefore = blog.logLines().length;
    for (const delay of delays) await Promise.all(Array.from({ length: perDelay }, (_, i) => postAndHangUp(`gone ${delay} ${i}`, delay)));
    const requests = await until('a request line per client', () => {
      const lines = blog.logLines().slice(linesBefore).filter((line) => line.event === 'request');
      return lines.length === delays.length * perDelay ? lines : undefined;
    });
    const answered = requests.filter((line) => line.status === 201).length;
    const gone = new Set(requests.filter((line) => line.status === 0).map((line) => line.request_id));
    const logged = () => blog.logLines().slice(linesBefore).filter((line) => line.event === 'write_done_client_gone');
    const stored = async () => Number((await schema.query('SELECT count(*) FROM blog_posts')).rows[0].count);
    // A write sent ends after its client's request line, stored or cancelled: its post and its line come when it is done.
    await until('a line for every post stored and not answered', async () => answered + logged().length === (await stored())).catch(() => {});
    const posts = await stored();
    assert.equal(answered + logged().length, posts, `${posts} posts stored, ${answered} answered 201, ${logged().length} logged as done for a client gone`);
    assert.ok(logged().every((line) => line.status === 201 && gone.has(line.request_id)), 'logged only for a request whose line says it was not answered');
    const done = new Set(logged().map((line) => line.request_id));
    const cancelled = blog.logLines().slice(linesBefore).filter((line) => line.event === 'write_cancelled_client_gone');
    assert.ok(cancelled.every((line) => gone.has(line.request_id) && !done.has(line.request_id)), 'a write cancelled for a client gone, and never also done');
    assert.deepEqual(blog.logLines().slice(linesBefore).filter((line) => line.level !== 'info'), []);
  });
});
