/**
 * The PostgreSQL store tells a write that never reached the database (StoreUnavailableError:
 * safe to retry) from one whose answer was lost after it was sent (WriteOutcomeUnknownError: it
 * may be committed). The database is reached through a TCP proxy that lets a statement through
 * and drops its answer, so the write really commits and the store really never hears of it.
 * With an Idempotency-Key the retry of such a write replays the kept answer: exactly one post. Without one, a read
 * does not settle it: a write held up on its way commits after the store gave up on it.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { createStore } from '../src/store/create-store.ts';
import { StoreUnavailableError, WriteOutcomeUnknownError, type KeptAnswer, type Post, type PostStore } from '../src/store/store.ts';
import { recordingLogger } from './support/store-logger.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';
import { proxyPostgres, type TcpProxy } from './support/store-tcp-proxy.ts';

const QUERY_TIMEOUT_MS = 800;
const STATEMENT_TIMEOUT_MS = 300;

describe('PostgreSQL writes whose outcome is unknown', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let store: PostStore;
  let logged: ReturnType<typeof recordingLogger>;

  beforeEach(async () => {
    schema = await createTestSchema();
    let url: string;
    ({ proxy, url } = await proxyPostgres(schema.url));
    const settings = { store: 'postgres', database_url: url, postgres_query_timeout_ms: QUERY_TIMEOUT_MS, postgres_statement_timeout_ms: STATEMENT_TIMEOUT_MS } as const;
    logged = recordingLogger();
    store = await createStore(settings, { appDir: '.', env: {}, logger: logged.logger });
  });
  afterEach(async () => {
    await store.close();
    await proxy.close();
    await schema.drop();
  });

  const titles = async (): Promise<string[]> => (await schema.query('SELECT title FROM blog_posts ORDER BY id')).rows.map((row) => row.title as string);
  const input = (title: string) => ({ title, body: 'b', status: 'draft' as const, user_id: null });

  it('an INSERT whose answer is lost rejects with WriteOutcomeUnknownError, though the row is committed', async () => {
    await store.create(input('before'));
    const sent = proxy.stallAnswersAfter('blog_posts_insert');
    const error = await store.create(input('stalled')).catch((e: unknown) => e);
    await sent;
    assert.ok(error instanceof WriteOutcomeUnknownError, String(error));
    assert.equal(error.code, 'BLOG_ERR_WRITE_OUTCOME_UNKNOWN');
    assert.equal((error.cause as Error).message, 'Query read timeout');
    assert.deepEqual(await titles(), ['before', 'stalled']);
  });

  it('a COMMIT whose answer is lost rejects with WriteOutcomeUnknownError; a statement lost before it with StoreUnavailableError', async () => {
    const post = await store.create(input('t'));
    void proxy.stallAnswersAfter('COMMIT');
    await assert.rejects(store.update(post.id, { title: 'committed' }), WriteOutcomeUnknownError);
    proxy.resume();
    assert.deepEqual(await titles(), ['committed']);
    // The UPDATE is lost before COMMIT is sent: the transaction never commits, so retrying is safe.
    void proxy.stallAnswersAfter('blog_posts_update_title');
    await assert.rejects(store.update(post.id, { title: 'rolled back' }), StoreUnavailableError);
    proxy.resume();
    await until('the lost transaction to be rolled back', async () => (await titles())[0] === 'committed');
  });

  it('an INSERT held up on its way rejects with WriteOutcomeUnknownError, and commits after it once the network is back: a read in between proves nothing', async () => {
    await store.ping();
    const network = proxy.holdAfter('blog_posts_insert');
    await assert.rejects(store.create(input('late')), WriteOutcomeUnknownError);
    assert.deepEqual(await titles(), [], 'a read right after the unknown outcome finds nothing');
    network.deliver();
    await until('the held INSERT to be committed', async () => (await titles()).length === 1);
    assert.deepEqual(await titles(), ['late']);
  });

  it('a DELETE whose answer is lost rejects with WriteOutcomeUnknownError', async () => {
    const post = await store.create(input('t'));
    void proxy.stallAnswersAfter('blog_posts_delete');
    await assert.rejects(store.delete(post.id), WriteOutcomeUnknownError);
    assert.deepEqual(await titles(), []);
  });

  it('a write the server cancels at postgres_statement_timeout_ms is StoreUnavailableError: it answered, nothing was committed', async () => {
    await store.ping();
    await schema.query('BEGIN');
    await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
    const error = await store.create(input('cancelled')).catch((e: unknown) => e);
    await schema.query('COMMIT');
    assert.ok(error instanceof StoreUnavailableError, String(error));
    assert.equal((error.cause as { code?: unknown }).code, '57014');
    assert.deepEqual(await titles(), []);
  });

  it('a write whose connection the server ends (FATAL, here pg_terminate_backend) rejects with WriteOutcomeUnknownError: a FATAL is no verdict on the statement', async () => {
    await store.ping();
    await schema.query('BEGIN');
    await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
    const pending = store.create(input('terminated')).catch((e: unknown) => e);
    // Its Parse waits for the table's lock, so pg_stat_activity still shows the connection's previous query.
    const waiting = "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'";
    await until('the INSERT to wait for the lock', async () => (await schema.query(waiting)).rowCount === 1);
    await schema.query(`SELECT pg_terminate_backend(pid) FROM (${waiting}) AS w`);
    const error = await pending;
    await schema.query('COMMIT');
    assert.ok(error instanceof WriteOutcomeUnknownError, String(error));
    assert.deepEqual({ code: (error.cause as { code?: unknown }).code, severity: (error.cause as { severity?: unknown }).severity }, { code: '57P01', severity: 'FATAL' });
    // Here the server ended it before the commit; after one (a crash, an immediate shutdown), the row would be there.
    assert.deepEqual(await titles(), []);
  });

  it('a write that never reaches the database (refused connection) rejects with StoreUnavailableError', async () => {
    await proxy.cut();
    // The pooled connection of the start-up migrations is gone first: a write handed a connection
    // whose end has not been read yet cannot know whether its bytes left, and answers unknown.
    await until('the idle connection to be dropped', () => logged.lines.some((line) => line.fields.event === 'store_connection_lost'));
    for (const write of [() => store.create(input('x')), () => store.delete(1), () => store.update(1, { title: 'x' })]) {
      await assert.rejects(write(), StoreUnavailableError);
    }
    await assert.rejects(store.ping(), StoreUnavailableError);
  });

  it('retrying with the same Idempotency-Key after an unknown outcome replays the kept answer: exactly one post', async () => {
    await store.ping();
    const claim = { key: 'retry-me', scope: 'POST /api/posts anonymous', fingerprint: 'f' };
    const answer = (post: Post): KeptAnswer => ({ status: 201, body: JSON.stringify({ id: post.id }), headers: { location: `/api/posts/${post.id}` } });
    void proxy.stallAnswersAfter('COMMIT');
    await assert.rejects(store.writeOnce(claim, { kind: 'create', input: input('once') }, answer), WriteOutcomeUnknownError);
    proxy.resume();
    const retry = await store.writeOnce(claim, { kind: 'create', input: input('once') }, answer);
    assert.deepEqual(retry, { kind: 'replay', answer: { status: 201, body: '{"id":1}', headers: { location: '/api/posts/1' } } });
    assert.deepEqual(await titles(), ['once']);
  });

  it('a repeat while the first write with the key is still running answers in_progress', async () => {
    const claim = { key: 'busy', scope: 'POST /api/posts anonymous', fingerprint: 'f' };
    const answer = (post: Post): KeptAnswer => ({ status: 201, body: JSON.stringify({ id: post.id }), headers: {} });
    // Another session holds the table: the first write takes the key's lock, then waits at its INSERT.
    await schema.query('BEGIN');
    await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
    const first = store.writeOnce(claim, { kind: 'create', input: input('first') }, answer);
    await until('the first write to hold its key', async () => (await schema.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 1651273575 AND granted")).rowCount === 1);
    assert.deepEqual(await store.writeOnce(claim, { kind: 'create', input: input('second') }, answer), { kind: 'in_progress' });
    await schema.query('COMMIT');
    assert.equal((await first).kind, 'ran');
    assert.equal((await store.writeOnce(claim, { kind: 'create', input: input('third') }, answer)).kind, 'replay');
    assert.deepEqual(await titles(), ['first']);
  });
});
