/**
 * Validation of the `blog` section of fw.config.json, run once at start. Errors are fw-core's
 * configuration errors, so the CLI and the server report them like every other config key.
 */
import { FwError } from 'fw-core';
import { DEFAULT_KEY_TTL_MS } from './idempotency.ts';
import type { StoreSettings } from './store.ts';

/** The SQLite file used when `blog.sqlite_path` is not set (relative to the app directory). */
export const DEFAULT_SQLITE_PATH = 'data/blog.sqlite3';

/** The PostgreSQL URL used when neither `DATABASE_URL` nor `blog.database_url` is set. */
export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** An integer setting: its range and default (docs/blog-stores.md explains each). */
interface IntegerSetting {
  readonly min: number;
  readonly max: number;
  readonly unit: string;
  readonly default: number;
}

/**
 * The integer settings. The bounds catch typos (a pool of 10 000, a timeout in seconds written
 * as milliseconds), not tuning: a minute is beyond what a client waits for an answer.
 */
export const INTEGER_SETTINGS = {
  sqlite_busy_timeout_ms: { min: 0, max: 60_000, unit: 'milliseconds', default: 5000 },
  postgres_pool_size: { min: 1, max: 1000, unit: 'connections', default: 10 },
  postgres_connect_timeout_ms: { min: 1, max: 60_000, unit: 'milliseconds', default: 2000 },
  postgres_query_timeout_ms: { min: 1, max: 300_000, unit: 'milliseconds', default: 6000 },
  postgres_statement_timeout_ms: { min: 1, max: 300_000, unit: 'milliseconds', default: 5000 },
  // A second at least (a retry needs time to arrive), 30 days at most (the table grows with it).
  idempotency_key_ttl_ms: { min: 1000, max: 30 * 86_400_000, unit: 'milliseconds', default: DEFAULT_KEY_TTL_MS },
} as const satisfies Record<string, IntegerSetting>;

/** The name of an integer setting. */
export type IntegerSettingKey = keyof typeof INTEGER_SETTINGS;

const STORES = ['memory', 'sqlite', 'postgres'] as const;
const KEYS = [
  'store',
  'sqlite_path',
  'sqlite_busy_timeout_ms',
  'database_url',
  'log',
  'postgres_pool_size',
  'postgres_connect_timeout_ms',
  'postgres_query_timeout_ms',
  'postgres_statement_timeout_ms',
  'postgres_prepared_statements',
  'idempotency_key_ttl_ms',
  'allow_memory_store',
  'postgres_ready_url',
] as const;

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
  const settings: Record<string, unknown> = { store: checkStore(section.store) };
  if (section.sqlite_path !== undefined) settings.sqlite_path = checkSqlitePath(section.sqlite_path);
  for (const key of ['database_url', 'postgres_ready_url'] as const) {
    if (section[key] !== undefined) settings[key] = checkDatabaseUrl(`blog.${key}`, section[key]);
  }
  if (section.log !== undefined) settings.log = checkLog(section.log);
  for (const key of ['allow_memory_store', 'postgres_prepared_statements'] as const) {
    if (section[key] !== undefined) settings[key] = checkBoolean(`blog.${key}`, section[key]);
  }
  for (const key of Object.keys(INTEGER_SETTINGS) as IntegerSettingKey[]) {
    if (section[key] !== undefined) settings[key] = checkInteger(key, `blog.${key}`, section[key]);
  }
  checkTimeoutOrder(settings as unknown as StoreSettings);
  return Object.freeze(settings as unknown as StoreSettings);
}

/**
 * PostgreSQL must cancel a slow statement (a known failure, 503) no later than the blog stops waiting for its answer:
 * a write the blog gives up on first has an unknown outcome (504). Equal is taken (both raised so that only a client
 * leaving cancels). Checked on the merged values, so the message names both the keys and their variables.
 */
function checkTimeoutOrder(settings: StoreSettings): void {
  const statement = integerSetting(settings, 'postgres_statement_timeout_ms');
  const query = integerSetting(settings, 'postgres_query_timeout_ms');
  if (statement <= query) return;
  const key = 'blog.postgres_statement_timeout_ms';
  const expected = `at most blog.postgres_query_timeout_ms (BLOG_POSTGRES_QUERY_TIMEOUT_MS), ${query}`;
  throw new FwError(
    'FW_ERR_CONFIG_BAD_VALUE',
    `${key} (BLOG_POSTGRES_STATEMENT_TIMEOUT_MS) must be ${expected}; found number ${statement}: the blog would stop waiting before PostgreSQL ` +
      'cancels a slow statement, and a write cut off so has an unknown outcome (504) where the cancel is a plain 503; ' +
      'raise the query timeout above it (docs/blog-stores.md, "PostgreSQL pool and timeouts")',
    { details: { key, expected, found: statement } },
  );
}

/** The value of integer setting `key`, or its default. */
export function integerSetting(settings: StoreSettings, key: IntegerSettingKey): number {
  return settings[key] ?? INTEGER_SETTINGS[key].default;
}

/** Checks `value` against integer setting `key`; `name` is what the error names (the key or a variable). */
export function checkInteger(key: IntegerSettingKey, name: string, value: unknown): number {
  const { min, max, unit } = INTEGER_SETTINGS[key];
  if (Number.isInteger(value) && (value as number) >= min && (value as number) <= max) return value as number;
  throw badValue(name, `an integer number of ${unit} from ${min} to ${max}`, value);
}

/** Checks a boolean setting; `name` is what the error names. */
export function checkBoolean(name: string, value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  throw badValue(name, 'true or false', value);
}

/** The query parameters of a connection string that would override a timeout setting of the blog. */
const URL_TIMEOUTS = {
  statement_timeout: 'postgres_statement_timeout_ms',
  query_timeout: 'postgres_query_timeout_ms',
} as const;

/** Checks a PostgreSQL connection string (`postgres://` or `postgresql://` URL) named by `key`. */
export function checkDatabaseUrl(key: string, value: unknown): string {
  const expected = 'a postgres:// or postgresql:// URL';
  if (typeof value !== 'string') throw badValue(key, expected, value);
  const url = URL.canParse(value) ? new URL(value) : undefined;
  // The URL may carry a password: the message never repeats it.
  if (url?.protocol !== 'postgres:' && url?.protocol !== 'postgresql:') {
    throw badValue(key, expected, undefined, 'a string that is not such a URL');
  }
  // pg lets a URL's query win over the pool's options: the blog's timeout settings would be silently replaced.
  const overriding = (Object.keys(URL_TIMEOUTS) as (keyof typeof URL_TIMEOUTS)[]).find((name) =>
    url.searchParams.has(name),
  );
  if (overriding !== undefined)
    throw badValue(
      key,
      `a URL without ${overriding}, which blog.${URL_TIMEOUTS[overriding]} sets`,
      undefined,
      `a URL that sets ${overriding}`,
    );
  return value;
}

function checkStore(value: unknown): StoreSettings['store'] {
  if (value === undefined) return 'memory';
  if (typeof value === 'string' && (STORES as readonly string[]).includes(value))
    return value as StoreSettings['store'];
  throw badValue('blog.store', `one of ${STORES.map((s) => `"${s}"`).join(', ')}`, value);
}

function checkSqlitePath(value: unknown): string {
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw badValue('blog.sqlite_path', 'a non-empty file path (relative to the app directory)', value);
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
