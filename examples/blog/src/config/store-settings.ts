/**
 * The store settings the app opens: the `blog` section of fw.config.json (after the active
 * environment's overlay), then the environment variables BLOG_STORE and BLOG_SQLITE_PATH
 * (DATABASE_URL is read by the store itself), checked by the store's own checkStoreSettings.
 */
import { BlogError } from '../errors.ts';
import { checkStoreSettings } from '../store/create-store.ts';
import type { StoreSettings } from '../store/store.ts';

const STORE_KINDS = ['memory', 'sqlite', 'postgres'] as const;

/** Settings from `section` with the environment overrides applied. An empty variable counts as unset. */
export function readStoreSettings(section: Readonly<Record<string, unknown>>, env: NodeJS.ProcessEnv): StoreSettings {
  const merged: Record<string, unknown> = { ...section };
  const store = env.BLOG_STORE;
  if (store !== undefined && store !== '') {
    if (!(STORE_KINDS as readonly string[]).includes(store)) {
      throw new BlogError('BLOG_ERR_BAD_ENV', `BLOG_STORE must be one of ${STORE_KINDS.join(', ')}; found ${JSON.stringify(store)}`);
    }
    merged.store = store;
  }
  const sqlitePath = env.BLOG_SQLITE_PATH;
  if (sqlitePath !== undefined && sqlitePath !== '') merged.sqlite_path = sqlitePath;
  return checkStoreSettings(merged);
}
