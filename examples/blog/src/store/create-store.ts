/**
 * Start-up entry of the storage layer: validate the `blog` settings, resolve the query log, open
 * the configured store. Everything that can fail fails here, once, before the server listens.
 */
import { resolve } from 'node:path';
import { createMemoryStore } from './memory-store.ts';
import { createPgPool, pgServerOf } from './postgres-pool.ts';
import { openPostgresStore } from './postgres-store.ts';
import { resolveQueryLog, type StoreLogger } from './query-log.ts';
import { openSqliteStore } from './sqlite-store.ts';
import { checkDatabaseUrl, DEFAULT_DATABASE_URL, DEFAULT_SQLITE_PATH } from './store-settings.ts';
import type { PostStore, StoreSettings } from './store.ts';

export { checkStoreSettings } from './store-settings.ts';
export type { StoreLogger } from './query-log.ts';

/** What `createStore` needs besides the settings. */
export interface CreateStoreOptions {
  /** The app directory: `sqlite_path` and a `log` module path are relative to it. */
  readonly appDir: string;
  /** Environment for `DATABASE_URL`; default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  readonly logger: StoreLogger;
  /** The clock that stamps inserted_at and updated_at; default `() => new Date()`. */
  readonly now?: () => Date;
}

/** Opens the store the settings name. Rejects with a config error or StoreUnavailableError. */
export async function createStore(settings: StoreSettings, options: CreateStoreOptions): Promise<PostStore> {
  const { appDir, logger, now } = options;
  const queryLog = await resolveQueryLog(settings.log, { appDir, logger });
  switch (settings.store) {
    case 'memory':
      return createMemoryStore({ now });
    case 'sqlite':
      return openSqliteStore({ path: sqlitePath(settings, appDir), now, queryLog, busyTimeoutMs: settings.sqlite_busy_timeout_ms });
    case 'postgres': {
      const connectionString = databaseUrl(settings, options.env ?? process.env);
      const pool = createPgPool({
        connectionString,
        onIdleError: (error) => logger.error({ event: 'store_connection_lost', store: 'postgres', err: error }, 'an idle PostgreSQL connection failed'),
      });
      return openPostgresStore({ pool, now, queryLog, server: pgServerOf(connectionString) });
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
  const fromEnv = env.DATABASE_URL;
  if (fromEnv !== undefined && fromEnv !== '') return checkDatabaseUrl('DATABASE_URL', fromEnv);
  return settings.database_url ?? DEFAULT_DATABASE_URL;
}
