/**
 * rate_limit_plugin's options (spec: "Rate-limit plugin", plus the production ones in
 * docs/plugins.md), checked and compiled once in init.
 */
import type { BlockList } from 'node:net';
import { checkPluginOptions, type OptionRule } from 'fw-core';
import { BlogError } from '../../errors.ts';
import { compileExemptPaths } from './exempt-paths.ts';
import { compileTrustedProxies } from './trusted-proxies.ts';

/** rate_limit_plugin's options as written in configuration. */
export interface RateLimitPluginOptions {
  readonly max_requests?: number;
  readonly window_ms?: number;
  /** Proxies whose X-Forwarded-For is believed: addresses or CIDR blocks. Default none. */
  readonly trusted_proxies?: readonly string[];
  readonly store?: 'memory' | 'redis';
  /** Default the REDIS_URL variable, else redis://127.0.0.1:6379. */
  readonly redis_url?: string;
  readonly key_prefix?: string;
  readonly on_store_error?: 'allow' | 'deny';
  /** Memory store: most client keys tracked at once. */
  readonly max_keys?: number;
  /** Redis store: longest wait for one command, in ms. */
  readonly store_timeout_ms?: number;
  /** Route paths (templates, prefix included) never counted, e.g. ["/heartbeat"]. Default none. */
  readonly exempt_paths?: readonly string[];
}

/** What init makes of the options. */
export interface RateLimitSettings {
  readonly maxRequests: number;
  readonly windowMs: number;
  readonly trusted: BlockList | undefined;
  readonly store: 'memory' | 'redis';
  readonly redisUrl: string;
  readonly keyPrefix: string;
  readonly onStoreError: 'allow' | 'deny';
  readonly maxKeys: number;
  readonly storeTimeoutMs: number;
  /** Route templates the plugin lets through without counting. */
  readonly exempt: ReadonlySet<string>;
}

/** Defaults: the spec's for max_requests and window_ms. */
export const RATE_LIMIT_DEFAULTS = {
  max_requests: 100,
  window_ms: 60_000,
  store: 'memory',
  redis_url: 'redis://127.0.0.1:6379',
  key_prefix: 'fw:rate_limit:',
  on_store_error: 'allow',
  max_keys: 100_000,
  store_timeout_ms: 250,
} as const;

const PLUGIN = 'rate_limit_plugin';

const positive = (expected: string, example: string, max = Number.MAX_SAFE_INTEGER): OptionRule => ({
  expected,
  example,
  accepts: (v) => Number.isSafeInteger(v) && (v as number) >= 1 && (v as number) <= max,
});

const rules: Readonly<Record<keyof RateLimitPluginOptions, OptionRule>> = {
  max_requests: positive('a whole number, 1 or more', '100'),
  window_ms: positive('a whole number of milliseconds, 1 or more (at most 30 days)', '60000', 30 * 86_400_000),
  trusted_proxies: {
    expected: 'a list of addresses or CIDR blocks',
    example: '["10.0.0.0/8", "::1"]',
    accepts: (v) => Array.isArray(v) && v.every((e) => typeof e === 'string'),
  },
  store: { expected: '"memory" or "redis"', example: '"redis"', accepts: (v) => v === 'memory' || v === 'redis' },
  redis_url: {
    expected: 'a redis:// or rediss:// URL',
    example: '"redis://127.0.0.1:6379"',
    accepts: (v) => typeof v === 'string',
  },
  key_prefix: {
    expected: 'a string of at most 100 characters',
    example: '"blog:rate_limit:"',
    accepts: (v) => typeof v === 'string' && v.length <= 100,
  },
  on_store_error: { expected: '"allow" or "deny"', example: '"deny"', accepts: (v) => v === 'allow' || v === 'deny' },
  max_keys: positive('a whole number, 1 or more', '100000'),
  store_timeout_ms: positive('a whole number of milliseconds, 1 to 60000', '250', 60_000),
  exempt_paths: {
    expected: 'a list of route paths',
    example: '["/heartbeat"]',
    accepts: (v) => Array.isArray(v) && v.every((e) => typeof e === 'string'),
  },
};

/** Checks and compiles `options`; `env` supplies REDIS_URL. Throws FW_ERR_PLUGIN_BAD_OPTIONS or BLOG_ERR_PLUGIN_OPTION. */
export function compileRateLimitOptions(
  options: RateLimitPluginOptions | undefined,
  env: NodeJS.ProcessEnv,
): RateLimitSettings {
  checkPluginOptions(PLUGIN, options, rules);
  const o = options ?? {};
  const redisUrl = o.redis_url ?? env['REDIS_URL'] ?? RATE_LIMIT_DEFAULTS.redis_url;
  const store = o.store ?? RATE_LIMIT_DEFAULTS.store;
  if (store === 'redis') checkRedisUrl(redisUrl, o.redis_url !== undefined ? 'option redis_url' : 'REDIS_URL');
  return {
    maxRequests: o.max_requests ?? RATE_LIMIT_DEFAULTS.max_requests,
    windowMs: o.window_ms ?? RATE_LIMIT_DEFAULTS.window_ms,
    trusted: compileTrustedProxies(o.trusted_proxies ?? []),
    store,
    redisUrl,
    keyPrefix: o.key_prefix ?? RATE_LIMIT_DEFAULTS.key_prefix,
    onStoreError: o.on_store_error ?? RATE_LIMIT_DEFAULTS.on_store_error,
    maxKeys: o.max_keys ?? RATE_LIMIT_DEFAULTS.max_keys,
    storeTimeoutMs: o.store_timeout_ms ?? RATE_LIMIT_DEFAULTS.store_timeout_ms,
    exempt: compileExemptPaths(o.exempt_paths ?? []),
  };
}

function checkRedisUrl(url: string, source: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(url).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol === 'redis:' || protocol === 'rediss:') return;
  throw new BlogError(
    'BLOG_ERR_PLUGIN_OPTION',
    `${PLUGIN}: ${source} is not a redis:// or rediss:// URL; set it like redis://127.0.0.1:6379`,
  );
}
