/**
 * GET /ready's `SELECT 1` behind PgBouncer in transaction mode. The probe has a pooled connection of its own so that
 * requests holding every pooled connection (reads waiting on a lock) do not fail the check: with every instance failing
 * it at once, HAProxy would take them all out and answer its own 503 to everyone (docs/blog-stores.md, PostgreSQL).
 * Through PgBouncer that connection is one more client queued for the same server connections: once reads hold them
 * all, the probe waits behind them and fails its 800 ms, on every instance at once, although the reads are served the
 * moment the lock goes. `postgres_ready_url` (`BLOG_POSTGRES_READY_URL`) sends the probe to a PgBouncer database entry
 * with a pool of its own (docs/operations.md, "Behind PgBouncer"); it still fails when the probe cannot reach the
 * database there.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { closedPort } from '../../../packages/fw-core/test/support/closed-port.ts';
import { checkStoreSettings, createStore } from '../src/store/create-store.ts';
import type { PostStore, StoreSettings } from '../src/store/store.ts';
import { PGBOUNCER_SKIP_REASON, startPgBouncer, type PgBouncer } from './support/pgbouncer.ts';
import { recordingLogger } from './support/store-logger.ts';
import { createTestSchema, TEST_DATABASE_URL, type TestSchema } from './support/store-postgres.ts';

/** PgBouncer's server connections for the blog's entry: fewer than one instance's pool, as PgBouncer is meant to run. */
const SERVER_CONNECTIONS = 3;
const POOL_SIZE = 6;

describe("GET /ready's probe behind PgBouncer whose server connections are all held by reads waiting on a lock", { skip: PGBOUNCER_SKIP_REASON }, () => {
  let schema: TestSchema;
  let bouncer: PgBouncer;
  const opened: PostStore[] = [];
  before(async () => {
    schema = await createTestSchema();
    // The reads must outlast the test: the statement timeout where PgBouncer keeps it, far away.
    bouncer = await startPgBouncer(TEST_DATABASE_URL, `SET search_path TO ${schema.name}; SET statement_timeout = 30000`, { poolSize: SERVER_CONNECTIONS });
  });
  after(async () => {
    await Promise.all(opened.map((store) => store.close()));
    await bouncer?.stop();
    await schema?.drop();
  });

  async function open(settings: Partial<StoreSettings>, env: NodeJS.ProcessEnv = {}): Promise<PostStore> {
    const base = { store: 'postgres', database_url: bouncer.url, postgres_pool_size: POOL_SIZE, postgres_prepared_statements: false, postgres_statement_timeout_ms: 30_000, postgres_query_timeout_ms: 31_000 } as const;
    const store = await createStore(checkStoreSettings({ ...base, ...settings }), { appDir: '.', env, logger: recordingLogger().logger });
    opened.push(store);
    return store;
  }

  /**
   * Locks blog_posts, sends POOL_SIZE reads through `store`, waits until PgBouncer's server connections all wait on the
   * lock, runs `probe`, then unlocks and checks that every read is served; resolves to what the probe gave.
   */
  async function underLock<T>(store: PostStore, probe: () => Promise<T>): Promise<PromiseSettledResult<T>> {
    await schema.query('BEGIN');
    await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
    const reads = Promise.allSettled(Array.from({ length: POOL_SIZE }, () => store.list({ limit: 5, maxTextBytes: 1_048_576 })));
    try {
      await until('every PgBouncer server connection waiting on the lock', async () =>
        (await schema.query(`SELECT count(*)::int AS n FROM pg_locks WHERE relation = '${schema.name}.blog_posts'::regclass AND NOT granted`)).rows[0].n === SERVER_CONNECTIONS);
      const [probed] = await Promise.allSettled([probe()]);
      return probed!;
    } finally {
      await schema.query('ROLLBACK');
      const settled = await reads;
      assert.deepEqual(settled.filter((read) => read.status === 'rejected'), [], 'every read waiting on the lock is served once it goes');
    }
  }

  it('without postgres_ready_url the probe queues behind the reads and fails, though the reads are then served', async () => {
    const store = await open({});
    await store.ping();
    const probed = await underLock(store, () => store.ping());
    assert.equal(probed.status, 'rejected');
  });

  it('with postgres_ready_url at an entry of its own, the probe answers while the reads wait', async () => {
    const store = await open({ postgres_ready_url: bouncer.readyUrl });
    const probed = await underLock(store, () => store.ping());
    assert.deepEqual(probed, { status: 'fulfilled', value: undefined });
  });

  it('BLOG_POSTGRES_READY_URL wins over postgres_ready_url, and a probe that cannot reach the database there fails while requests are served', async () => {
    const closed = `postgres://postgres@127.0.0.1:${await closedPort()}/test`;
    const store = await open({ postgres_ready_url: bouncer.readyUrl }, { BLOG_POSTGRES_READY_URL: closed });
    await assert.rejects(store.ping());
    assert.deepEqual(await store.list({ limit: 5, maxTextBytes: 1_048_576 }), []);
  });

  it('a ready URL that is not a postgres:// URL stops start-up, naming the key or the variable and not the URL', async () => {
    assert.throws(() => checkStoreSettings({ store: 'postgres', postgres_ready_url: 'mysql://u:s3cret@db/blog' }), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: 'blog.postgres_ready_url must be a postgres:// or postgresql:// URL; found a string that is not such a URL',
    });
    await assert.rejects(open({}, { BLOG_POSTGRES_READY_URL: 'mysql://u:s3cret@db/blog' }), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: 'BLOG_POSTGRES_READY_URL must be a postgres:// or postgresql:// URL; found a string that is not such a URL',
    });
  });
});
