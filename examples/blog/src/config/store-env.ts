/**
 * The environment variables that override the store's pool, timeout and key-lifetime settings
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

/** The `blog` keys the variables set in `env` override, checked. An empty variable counts as unset. */
export function storeEnvOverrides(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const overrides: Record<string, unknown> = {};
  for (const [name, key] of ENV_INTEGERS) {
    const raw = env[name];
    if (raw !== undefined && raw !== '') overrides[key] = checkInteger(key, name, /^\d{1,10}$/.test(raw) ? Number(raw) : raw);
  }
  const allow = env.BLOG_ALLOW_MEMORY_STORE;
  if (allow !== undefined && allow !== '') {
    overrides.allow_memory_store = checkBoolean('BLOG_ALLOW_MEMORY_STORE', allow === 'true' ? true : allow === 'false' ? false : allow);
  }
  return overrides;
}
