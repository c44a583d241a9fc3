/**
 * The store settings the app opens: the `blog` section of fw.config.json (after the active
 * environment's overlay), then the environment variables BLOG_STORE, BLOG_SQLITE_PATH and those
 * of store-env.ts (DATABASE_URL is read by the store itself), checked by the store's own
 * checkStoreSettings. Under `prod` the memory store is refused unless allowed: a misspelt or
 * missing store setting must not start a production instance that forgets every write on restart.
 */
import { BlogError } from '../errors.ts';
import { checkStoreSettings } from '../store/create-store.ts';
import type { StoreSettings } from '../store/store.ts';
import { storeEnvOverrides } from './store-env.ts';

const STORE_KINDS = ['memory', 'sqlite', 'postgres'] as const;

/**
 * Settings from `section` with the environment overrides applied, refused when they name the
 * memory store in the `prod` environment without allowing it. An empty variable counts as unset.
 */
export function readStoreSettings(
  section: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv,
  environment?: string,
): StoreSettings {
  const merged: Record<string, unknown> = { ...section };
  const store = env.BLOG_STORE;
  if (store !== undefined && store !== '') {
    if (!(STORE_KINDS as readonly string[]).includes(store)) {
      throw new BlogError(
        'BLOG_ERR_BAD_ENV',
        `BLOG_STORE must be one of ${STORE_KINDS.join(', ')}; found ${JSON.stringify(store)}`,
      );
    }
    merged.store = store;
  }
  const sqlitePath = env.BLOG_SQLITE_PATH;
  if (sqlitePath !== undefined && sqlitePath !== '') merged.sqlite_path = sqlitePath;
  const settings = checkStoreSettings({ ...merged, ...storeEnvOverrides(env) });
  if (environment === 'prod' && settings.store === 'memory' && settings.allow_memory_store !== true) {
    throw new BlogError(
      'BLOG_ERR_MEMORY_STORE_IN_PROD',
      'the memory store loses every post on restart and is refused under FW_ENV=prod; set blog.store (or BLOG_STORE) to "postgres" or "sqlite", ' +
        'or allow it explicitly with blog.allow_memory_store: true or BLOG_ALLOW_MEMORY_STORE=true',
    );
  }
  return settings;
}
