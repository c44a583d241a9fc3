/**
 * The environment variables that override the store's pool, timeout, prepared-statement and key-lifetime settings
 * and allow the memory store under prod (docs/blog-stores.md): each becomes the `blog` key of
 * the same name in lower case, checked where it is read so an error names the variable.
 */
import { checkBoolean, checkInteger, type IntegerSettingKey } from '../store/store-settings.ts';

/** Each integer variable and the `blog` key it overrides. */
const ENV_INTEGERS: readonly (readonly [string, IntegerSettingKey])[] = [
  ['BLOG_SQLITE_BUSY_TIMEOUT_MS', 'sqlite_busy_timeout_ms'],
  ['BLOG_POSTGRES_POOL_SIZE', 'postgres_pool_size'],
  ['BLOG_POSTGRES_CONNECT_TIMEOUT_MS', 'postgres_connect_timeout_ms'],
  ['BLOG_POSTGRES_QUERY_TIMEOUT_MS', 'postgres_query_timeout_ms'],
  ['BLOG_POSTGRES_STATEMENT_TIMEOUT_MS', 'postgres_statement_timeout_ms'],
  ['BLOG_IDEMPOTENCY_KEY_TTL_MS', 'idempotency_key_ttl_ms'],
];

/** Each boolean variable (`true` or `false`) and the `blog` key it overrides. */
const ENV_BOOLEANS = [
  ['BLOG_ALLOW_MEMORY_STORE', 'allow_memory_store'],
  ['BLOG_POSTGRES_PREPARED_STATEMENTS', 'postgres_prepared_statements'],
] as const;

/** The `blog` keys the variables set in `env` override, checked. An empty variable counts as unset. */
export function storeEnvOverrides(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const [name, key] of ENV_INTEGERS) {
    const raw = env[name];
    if (raw !== undefined && raw !== '')
      overrides[key] = checkInteger(key, name, /^\d{1,10}$/.test(raw) ? Number(raw) : raw);
  }
  for (const [name, key] of ENV_BOOLEANS) {
    const raw = env[name];
    if (raw !== undefined && raw !== '')
      overrides[key] = checkBoolean(name, raw === 'true' ? true : raw === 'false' ? false : raw);
  }
  return overrides;
}
