/**
 * Validation of the `blog` section of fw.config.json, run once at start. Errors are fw-core's
 * configuration errors, so the CLI and the server report them like every other config key.
 */
import { FwError } from 'fw-core';
import type { StoreSettings } from './store.ts';

/** The SQLite file used when `blog.sqlite_path` is not set (relative to the app directory). */
export const DEFAULT_SQLITE_PATH = 'data/blog.sqlite3';

/** The PostgreSQL URL used when neither `DATABASE_URL` nor `blog.database_url` is set. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

const STORES = ['memory', 'sqlite', 'postgres'] as const;
const KEYS = ['store', 'sqlite_path', 'sqlite_busy_timeout_ms', 'database_url', 'log'] as const;
type SettingsKey = (typeof KEYS)[number];

/** Checks the `blog` section (undefined means absent) and returns it with `store` defaulted to memory. */
export function checkStoreSettings(value: unknown): StoreSettings {
  if (value === undefined) return Object.freeze({ store: 'memory' });
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badValue('blog', 'an object', value);
  }
  const section = value as Record<string, unknown>;
  for (const key of Object.keys(section)) {
    if (!(KEYS as readonly string[]).includes(key)) {
      throw new FwError(
        'FW_ERR_CONFIG_UNKNOWN_KEY',
        `Unknown configuration key blog.${key}; the keys allowed in blog are ${KEYS.join(', ')}`,
        { details: { key: `blog.${key}` } },
      );
    }
  }
  const settings: { -readonly [K in SettingsKey]?: StoreSettings[K] } = { store: checkStore(section.store) };
  if (section.sqlite_path !== undefined) settings.sqlite_path = checkSqlitePath(section.sqlite_path);
  if (section.sqlite_busy_timeout_ms !== undefined) settings.sqlite_busy_timeout_ms = checkBusyTimeout(section.sqlite_busy_timeout_ms);
  if (section.database_url !== undefined) settings.database_url = checkDatabaseUrl('blog.database_url', section.database_url);
  if (section.log !== undefined) settings.log = checkLog(section.log);
  return Object.freeze(settings as StoreSettings);
}

/** Checks a PostgreSQL connection string (`postgres://` or `postgresql://` URL) named by `key`. */
export function checkDatabaseUrl(key: string, value: unknown): string {
  const expected = 'a postgres:// or postgresql:// URL';
  if (typeof value !== 'string') throw badValue(key, expected, value);
  const protocol = URL.canParse(value) ? new URL(value).protocol : '';
  // The URL may carry a password: the message never repeats it.
  if (protocol !== 'postgres:' && protocol !== 'postgresql:') {
    throw badValue(key, expected, undefined, 'a string that is not such a URL');
  }
  return value;
}

function checkStore(value: unknown): StoreSettings['store'] {
  if (value === undefined) return 'memory';
  if (typeof value === 'string' && (STORES as readonly string[]).includes(value)) return value as StoreSettings['store'];
  throw badValue('blog.store', `one of ${STORES.map((s) => `"${s}"`).join(', ')}`, value);
}

function checkSqlitePath(value: unknown): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw badValue('blog.sqlite_path', 'a non-empty file path (relative to the app directory)', value);
}

// A minute is already far beyond what a client waits for an answer; more is a typo.
const MAX_BUSY_TIMEOUT_MS = 60_000;

function checkBusyTimeout(value: unknown): number {
  if (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_BUSY_TIMEOUT_MS) return value as number;
  throw badValue('blog.sqlite_busy_timeout_ms', `an integer number of milliseconds from 0 to ${MAX_BUSY_TIMEOUT_MS}`, value);
}

function checkLog(value: unknown): boolean | string {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^\.{0,2}\/[^#]*#[A-Za-z_$][\w$]*$/.test(value)) return value;
  throw badValue('blog.log', 'true, false or "<./module path>#<export name>"', value);
}

function badValue(key: string, expected: string, found: unknown, shown = describe(found)): FwError {
  return new FwError('FW_ERR_CONFIG_BAD_VALUE', `${key} must be ${expected}; found ${shown}`, {
    details: { key, expected, found },
  });
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'object') return 'an object';
  return `${typeof value} ${String(value)}`;
}
