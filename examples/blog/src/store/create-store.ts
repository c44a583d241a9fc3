/**
 * Start-up entry of the storage layer: validate the `blog` settings, resolve the query log, open
 * the configured store. Everything that can fail fails here, once, before the server listens.
 * Only the chosen store's modules are loaded: the memory store never loads pg or node:sqlite
 * (bench/memory.bench.ts).
 */
import { resolve } from 'node:path';
import { createMemoryStore } from './memory-store.ts';
import type { PgPoolMetrics } from './postgres-pool-metrics.ts';
import { resolveQueryLog, type StoreLogger } from './query-log.ts';
import { checkDatabaseUrl, DEFAULT_DATABASE_URL, DEFAULT_SQLITE_PATH, integerSetting } from './store-settings.ts';
import type { PostStore, StoreSettings } from './store.ts';

export { checkStoreSettings } from './store-settings.ts';
export type { StoreLogger } from './query-log.ts';
export type { PgPoolMetrics } from './postgres-pool-metrics.ts';

/** What `createStore` needs besides the settings. */
export interface CreateStoreOptions {
  /** The app directory: `sqlite_path` and a `log` module path are relative to it. */
  readonly appDir: string;
  /** Environment for `DATABASE_URL`; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  readonly logger: StoreLogger;
  /** The clock that stamps inserted_at and updated_at; default `() => new Date()`. */
  readonly now?: () => Date;
  /** Receives the PostgreSQL pool's metrics, to observe once telemetry has started. */
  readonly onPoolMetrics?: (metrics: PgPoolMetrics) => void;
}

/** How long ping() (GET /ready) waits for PostgreSQL, ms: below the guide's HAProxy `timeout check 1s`, so a check gets the 503. */
export const PING_TIMEOUT_MS = 800;

/** How long past postgres_statement_timeout_ms the blog waits, at least, for the server's answer that it cancelled a statement. */
const STATEMENT_ANSWER_MS = 500;

/** Opens the store the settings name. Rejects with a config error or StoreUnavailableError. */
export async function createStore(settings: StoreSettings, options: CreateStoreOptions): Promise<PostStore> {
  const { appDir, logger, now } = options;
  const queryLog = await resolveQueryLog(settings.log, { appDir, logger });
  const idempotencyKeyTtlMs = integerSetting(settings, 'idempotency_key_ttl_ms');
  switch (settings.store) {
    case 'memory':
      return createMemoryStore({ now, idempotencyKeyTtlMs });
    case 'sqlite': {
      const { openSqliteStore } = await import('./sqlite-store.ts');
      return openSqliteStore({
        path: sqlitePath(settings, appDir),
        now,
        queryLog,
        busyTimeoutMs: integerSetting(settings, 'sqlite_busy_timeout_ms'),
        idempotencyKeyTtlMs,
      });
    }
    case 'postgres': {
      const [
        { createPgPool, pgCanceller, pgServerOf },
        { createPgPoolMetrics, pgPoolName },
        { openPostgresStore },
        { checkStatementTimeout },
        { checkCommitDurability },
      ] = await Promise.all([
        import('./postgres-pool.ts'),
        import('./postgres-pool-metrics.ts'),
        import('./postgres-store.ts'),
        import('./statement-timeout-check.ts'),
        import('./commit-durability-check.ts'),
      ]);
      const connectionString = databaseUrl(settings, options.env ?? process.env);
      const max = integerSetting(settings, 'postgres_pool_size');
      const connectTimeoutMs = integerSetting(settings, 'postgres_connect_timeout_ms');
      const onIdleError = (error: Error) =>
        logger.error(
          { event: 'store_connection_lost', store: 'postgres', err: error },
          'an idle PostgreSQL connection failed',
        );
      const statementTimeoutMs = integerSetting(settings, 'postgres_statement_timeout_ms');
      const queryTimeoutMs = integerSetting(settings, 'postgres_query_timeout_ms');
      const preparedStatements = settings.postgres_prepared_statements !== false;
      // pg's clock starts when a statement is sent, the server's once it runs, and its answer has yet to come back: with the
      // two timeouts equal the blog gave up first, and an autocommit write the server had cancelled (503) was answered 504.
      const answerMs = Math.max(queryTimeoutMs, statementTimeoutMs + STATEMENT_ANSWER_MS);
      const pool = createPgPool({
        connectionString,
        max,
        connectTimeoutMs,
        queryTimeoutMs: answerMs,
        statementTimeoutMs,
        preparedStatements,
        onIdleError,
      });
      // ping() (GET /ready) has a connection of its own: requests holding every pooled one, waiting on a lock, are not a
      // database that does not answer, and every instance failing its check at once would leave the balancer none.
      // Behind PgBouncer that connection is one more client queued for the same server connections, so it may go
      // elsewhere: a PgBouncer database entry with a pool of its own (postgres_ready_url).
      const probeMs = Math.min(PING_TIMEOUT_MS, connectTimeoutMs);
      const probePool = createPgPool({
        connectionString: readyUrl(settings, options.env ?? process.env) ?? connectionString,
        max: 1,
        connectTimeoutMs: probeMs,
        queryTimeoutMs: PING_TIMEOUT_MS,
        statementTimeoutMs: PING_TIMEOUT_MS,
        preparedStatements,
        onIdleError,
      });
      const server = pgServerOf(connectionString);
      const metrics = createPgPoolMetrics(pool, max, pgPoolName(server));
      options.onPoolMetrics?.(metrics);
      // One cancel at a time per pooled connection: a read or a write holds its connection until its cancel has settled, so
      // a burst of hang-ups is never more than the pool, and none of them is skipped to run on to its statement timeout.
      const cancel = pgCanceller(connectionString, connectTimeoutMs, max);
      const store = await openPostgresStore({
        pool,
        probePool,
        cancel,
        now,
        queryLog,
        server,
        idempotencyKeyTtlMs,
        onAcquireTimeout: metrics.countTimeout,
        transactionIdleMs: queryTimeoutMs,
      });
      // Advisory: a database that answered the migrations and fails these SELECTs fails the first request instead.
      await Promise.all([
        checkStatementTimeout(pool, statementTimeoutMs, logger).catch(() => {}),
        checkCommitDurability(pool, logger).catch(() => {}),
      ]);
      return store;
    }
  }
}

/** The SQLite file a setting names, resolved against the app directory (`:memory:` kept as is). */
export function sqlitePath(settings: StoreSettings, appDir: string): string {
  const path = settings.sqlite_path ?? DEFAULT_SQLITE_PATH;
  return path === ':memory:' ? path : resolve(appDir, path);
}

/** The connection string: `DATABASE_URL` when set, else `blog.database_url`, else the default. */
export function databaseUrl(settings: StoreSettings, env: NodeJS.ProcessEnv): string {
  return urlVariable('DATABASE_URL', env.DATABASE_URL) ?? settings.database_url ?? DEFAULT_DATABASE_URL;
}

/** GET /ready's connection string: `BLOG_POSTGRES_READY_URL` when set, else `blog.postgres_ready_url`, else none (the database URL's). */
function readyUrl(settings: StoreSettings, env: NodeJS.ProcessEnv): string | undefined {
  return urlVariable('BLOG_POSTGRES_READY_URL', env.BLOG_POSTGRES_READY_URL) ?? settings.postgres_ready_url;
}

/** A variable's connection string, checked and named in the error; undefined when unset or empty. */
function urlVariable(name: string, value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : checkDatabaseUrl(name, value);
}
