/**
 * The PostgreSQL store behind a real PgBouncer in transaction mode, as docs/operations.md sets it up: PgBouncer drops
 * the blog's statement_timeout startup parameter (ignore_startup_parameters) and hands each transaction any server
 * connection. With `postgres_prepared_statements: false` every request is served; with named statements (the default)
 * requests fail with an error naming that setting. At start the store warns when the server's statement_timeout is not
 * the configured one, and says nothing once PgBouncer's connect_query sets it, which then cancels a slow statement (503).
 * A write whose server connection PgBouncer loses after the statement went through is of unknown outcome (504), never
 * a retryable 503: PgBouncer's `server conn crashed?` comes with an SQLSTATE of the connection class, and the row was
 * committed. A write PgBouncer refuses before any server connection ran it (PostgreSQL down: `server login has been
 * failing`; a wait past `query_wait_timeout`) is the retryable 503: nothing was sent; those were 504s.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStore } from '../src/store/create-store.ts';
import { StoreUnavailableError, WriteOutcomeUnknownError, type NewPost, type PostStore, type StoreSettings } from '../src/store/store.ts';
import { PGBOUNCER_SKIP_REASON, startPgBouncer, type PgBouncer } from './support/pgbouncer.ts';
import { recordingLogger } from './support/store-logger.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './support/store-postgres.ts';
import { proxyPostgres } from './support/store-tcp-proxy.ts';
import { until } from '../../../packages/fw-core/test/support/until.ts';

const input = (title: string): NewPost => ({ title, body: 'b', user_id: 1, status: 'draft' });

/** 40 requests at once, each a create, a get and a list: more transactions than the pool's 5 connections. */
async function concurrentRequests(store: PostStore): Promise<PromiseSettledResult<unknown>[]> {
  return Promise.allSettled(Array.from({ length: 40 }, async (_, i) => {
    const post = await store.create(input(`t${i}`));
    assert.equal((await store.get(post.id))?.title, `t${i}`);
    return store.list({ limit: 5 } as never);
  }));
}

describe('the PostgreSQL store behind PgBouncer in transaction mode', { skip: PGBOUNCER_SKIP_REASON }, () => {
  let schema: TestSchema;
  let plain: PgBouncer;
  let timed: PgBouncer;
  const opened: PostStore[] = [];
  before(async () => {
    schema = await createTestSchema();
    // PgBouncer drops the search_path startup option too: its connect_query sets it on each server connection.
    plain = await startPgBouncer(TEST_DATABASE_URL, `SET search_path TO ${schema.name}`);
    timed = await startPgBouncer(TEST_DATABASE_URL, `SET search_path TO ${schema.name}; SET statement_timeout = 300`);
  });
  after(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await Promise.all([plain?.stop(), timed?.stop()]);
    await schema?.drop();
  });

  async function open(bouncer: PgBouncer, settings: Partial<StoreSettings>) {
    const logged = recordingLogger();
    const store = await createStore({ store: 'postgres', database_url: bouncer.url, postgres_pool_size: 5, ...settings }, { appDir: '.', env: {}, logger: logged.logger });
    opened.push(store);
    return { store, warnings: () => logged.lines.filter((line) => line.level === 'warn') };
  }

  it('serves every request with postgres_prepared_statements false', async () => {
    const { store } = await open(plain, { postgres_prepared_statements: false });
    const failed = (await concurrentRequests(store)).filter((result) => result.status === 'rejected');
    assert.deepEqual(failed.map((result) => String((result as PromiseRejectedResult).reason)), []);
  });

  it('fails requests with named statements with an error that names the setting', async () => {
    const { store } = await open(plain, {});
    const failed = (await concurrentRequests(store)).filter((result) => result.status === 'rejected') as PromiseRejectedResult[];
    assert.ok(failed.length > 0, 'named statements met another server connection');
    for (const { reason } of failed) assert.match(String(reason), /prepared statement .* (already exists|does not exist): behind PgBouncer in transaction mode, set blog\.postgres_prepared_statements false \(BLOG_POSTGRES_PREPARED_STATEMENTS=false\)/);
  });

  it("warns at start that the server's statement_timeout is not the configured one, naming the fixes", async () => {
    const { warnings } = await open(plain, { postgres_prepared_statements: false, postgres_statement_timeout_ms: 4000 });
    assert.equal(warnings().length, 1);
    const [line] = warnings();
    assert.deepEqual(line!.fields, { event: 'store_statement_timeout_not_applied', store: 'postgres', configured_ms: 4000, server_ms: 0 });
    assert.match(line!.msg!, /ALTER ROLE .* SET statement_timeout = 4000, or PgBouncer's connect_query/);
  });

  it("says nothing once connect_query sets it, and the server then cancels a slow statement: StoreUnavailableError", async () => {
    const { store, warnings } = await open(timed, { postgres_prepared_statements: false, postgres_statement_timeout_ms: 300 });
    assert.deepEqual(warnings(), []);
    await schema.query('BEGIN');
    await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
    const error = await store.get(1).catch((e: unknown) => e);
    await schema.query('COMMIT');
    assert.ok(error instanceof StoreUnavailableError, String(error));
    assert.equal((error.cause as { code?: unknown }).code, '57014');
  });

  it('a write whose server connection PgBouncer loses after sending it rejects with WriteOutcomeUnknownError: the row is committed', async () => {
    // PgBouncer reaches PostgreSQL through a proxy that lets the INSERT through, drops its answer, then cuts.
    const { proxy, url } = await proxyPostgres(TEST_DATABASE_URL);
    const bouncer = await startPgBouncer(url, `SET search_path TO ${schema.name}`);
    try {
      const { store } = await open(bouncer, { postgres_prepared_statements: false });
      await store.create(input('before'));
      const sent = proxy.stallAnswersAfter('INSERT INTO blog_posts');
      const pending = store.create(input('lost answer')).catch((e: unknown) => e);
      await sent;
      await until('the INSERT to be committed', async () => (await schema.query("SELECT 1 FROM blog_posts WHERE title = 'lost answer'")).rowCount === 1);
      await proxy.cut();
      const error = await pending;
      assert.ok(error instanceof WriteOutcomeUnknownError, String(error));
      assert.deepEqual({ code: (error.cause as { code?: unknown }).code, severity: (error.cause as { severity?: unknown }).severity, message: (error.cause as Error).message }, { code: '08P01', severity: 'FATAL', message: 'server conn crashed?' });
    } finally {
      await bouncer.stop();
      await proxy.close();
    }
  });
  /** The pooler errors of a write PgBouncer refused before it had a server connection: each a FATAL 08P01, then a close. */
  const refusal = (error: unknown): { type: string; code: unknown; severity: unknown; message: string } => {
    const cause = (error as Error).cause as { code?: unknown; severity?: unknown; message: string };
    return { type: (error as Error).constructor.name, code: cause.code, severity: cause.severity, message: cause.message };
  };

  it('a write PgBouncer refuses because it cannot log in to PostgreSQL (down, restarting) rejects with StoreUnavailableError: nothing was sent', async () => {
    // As operations.md sets it up: a waiting client is refused after query_wait_timeout rather than held, and a failed
    // login is tried again after a second rather than PgBouncer's default 15.
    const { proxy, url } = await proxyPostgres(TEST_DATABASE_URL);
    const bouncer = await startPgBouncer(url, `SET search_path TO ${schema.name}`, { settings: ['query_wait_timeout = 1', 'server_login_retry = 1'] });
    try {
      const { store } = await open(bouncer, { postgres_prepared_statements: false });
      const kept = await store.create(input('before the cut'));
      await proxy.cut();
      // The first waits for PgBouncer's attempt to connect; the next ones are refused at once while its login fails.
      const errors = [];
      for (const write of [() => store.create(input('while down')), () => store.create(input('while down')), () => store.delete(kept.id)]) {
        errors.push(await write().catch((e: unknown) => e));
      }
      const refused = (message: string) => ({ type: 'StoreUnavailableError', code: '08P01', severity: 'FATAL', message });
      const causes = errors.map(refusal);
      assert.deepEqual(causes, causes.map((cause) => refused(['query_wait_timeout', 'pgbouncer cannot connect to server'].includes(cause.message) ? cause.message : 'server login has been failing, try again later (server_login_retry)')));
      assert.ok(causes.some((cause) => cause.message.startsWith('server login has been failing')), JSON.stringify(causes));
      await proxy.restore();
      // server_login_retry = 1: served again within a few seconds of PostgreSQL's return (13 s with the default).
      await until('the store to be served again', () => store.get(kept.id).then((post) => post !== undefined, () => false), { timeoutMs: 4_000 });
      assert.deepEqual((await schema.query("SELECT title FROM blog_posts WHERE title IN ('before the cut', 'while down')")).rows, [{ title: 'before the cut' }]);
    } finally {
      await bouncer.stop();
      await proxy.close();
    }
  });

  it("a write that waited in PgBouncer's queue past query_wait_timeout rejects with StoreUnavailableError: no server connection ever ran it", async () => {
    const bouncer = await startPgBouncer(TEST_DATABASE_URL, `SET search_path TO ${schema.name}; SET statement_timeout = 30000`, { poolSize: 1, settings: ['query_wait_timeout = 1'] });
    try {
      const { store } = await open(bouncer, { postgres_prepared_statements: false, postgres_statement_timeout_ms: 30_000, postgres_query_timeout_ms: 31_000 });
      const kept = await store.create(input('queued'));
      await schema.query('BEGIN');
      await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
      // A read takes PgBouncer's one server connection and waits on the lock; the writes queue behind it.
      const read = store.list({ limit: 1, maxTextBytes: 1_048_576 });
      try {
        await until('the read to wait on the lock', async () =>
          (await schema.query(`SELECT count(*)::int AS n FROM pg_locks WHERE relation = '${schema.name}.blog_posts'::regclass AND NOT granted`)).rows[0].n === 1);
        const errors = await Promise.all([store.create(input('never run')).catch((e: unknown) => e), store.delete(kept.id).catch((e: unknown) => e)]);
        const waited = { type: 'StoreUnavailableError', code: '08P01', severity: 'FATAL', message: 'query_wait_timeout' };
        assert.deepEqual(errors.map(refusal), [waited, waited]);
      } finally {
        await schema.query('ROLLBACK');
        await read;
      }
      assert.deepEqual((await schema.query("SELECT title FROM blog_posts WHERE title IN ('queued', 'never run')")).rows, [{ title: 'queued' }]);
    } finally {
      await bouncer.stop();
    }
  });
});

describe('the PostgreSQL store connected directly', () => {
  it('does not warn: the statement_timeout it sends is the one the server runs with', async () => {
    const schema = await createTestSchema();
    const logged = recordingLogger();
    try {
      const store = await createStore({ store: 'postgres', database_url: schema.url, postgres_statement_timeout_ms: 4321 }, { appDir: '.', env: {}, logger: logged.logger });
      await store.close();
      assert.deepEqual(logged.lines.filter((line) => line.level === 'warn'), []);
    } finally {
      await schema.drop();
    }
  });
});
