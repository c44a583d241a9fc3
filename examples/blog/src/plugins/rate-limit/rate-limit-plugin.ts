/**
 * rate_limit_plugin (pre_request; spec: "Rate-limit plugin"): max_requests per window_ms per
 * client address, in a window that starts at the client's first request. Past the limit it
 * answers 429 `{"error":"too many requests"}` with Retry-After and stops, so the controller is
 * not called. Every response carries RateLimit-Policy and RateLimit (rate-limit-headers.ts),
 * except on the routes listed in exempt_paths, which are neither counted nor limited.
 *
 * With the memory store the whole call is synchronous. With Redis, the store must answer PING at
 * start (redis-start-check.ts); afterwards a failed or slow store never fails the request:
 * on_store_error `allow` lets it through, `deny` answers 503, and the outage is logged in a few
 * summarised lines (store-error-log.ts).
 */
import {
  replyJson,
  type FwPlugin,
  type FwRequest,
  type PluginEnv,
  type PluginInfo,
  type PluginInitContext,
  type PluginResult,
} from 'fw-core';
import { clientAddress, clientKey } from './client-address.ts';
import { createMemoryStore } from './memory-store.ts';
import { policyHeader, rateLimitHeader, secondsUntil } from './rate-limit-headers.ts';
import { compileRateLimitOptions, type RateLimitPluginOptions, type RateLimitSettings } from './rate-limit-options.ts';
import type { RateLimitStore, WindowCount } from './rate-limit-store.ts';
import { createStoreErrorLog, type StoreErrorLog } from './store-error-log.ts';

/** The plugin's state: compiled settings, the store, the error log and the clock. */
export interface RateLimitState {
  readonly settings: RateLimitSettings;
  readonly store: RateLimitStore;
  readonly policy: string;
  readonly errorLog: StoreErrorLog;
  /** Milliseconds since the epoch, monotonic by default: the memory store's windows run on it (Redis's run on Redis's clock). */
  readonly now: () => number;
}

const TOO_MANY = { error: 'too many requests' };
const UNAVAILABLE = { error: 'rate limit unavailable' };

const info: PluginInfo = {
  title: 'blog rate-limit plugin',
  version: '0.1.0',
  url: 'docs/plugins.md#rate_limit_plugin',
  description: 'Limits requests per client address in a fixed window, in memory or in Redis shared by every instance',
  authors: ['fw contributors'],
  options: [
    ['max_requests', 'requests allowed per window (default 100)'],
    ['window_ms', 'window length in ms, from the first request (default 60000)'],
    ['trusted_proxies', 'addresses or CIDR blocks whose X-Forwarded-For is believed (default none)'],
    ['store', '"memory" (default) or "redis"'],
    ['redis_url', 'Redis URL (default REDIS_URL, else redis://127.0.0.1:6379)'],
    ['key_prefix', 'Redis key prefix (default "fw:rate_limit:")'],
    ['on_store_error', '"allow" (default) or "deny" (503) when the store fails'],
    ['max_keys', 'memory store: most client keys kept (default 100000)'],
    ['store_timeout_ms', 'Redis store: longest wait for one command (default 250)'],
    ['exempt_paths', 'route paths never counted, as registered, e.g. ["/heartbeat"] (default none)'],
  ],
};

/**
 * The default clock: ms since the epoch as the process's monotonic clock counts them. Date.now follows the wall clock's
 * steps (NTP, a resumed VM): one hour back kept every refused client out an hour longer (Retry-After 3660), and forward
 * ended every window early.
 */
const monotonicNow = (): number => performance.timeOrigin + performance.now();

/** A rate-limit plugin whose windows run on `now` (ms since the epoch); tests hand in a clock they drive. */
export function createRateLimitPlugin(
  now: () => number = monotonicNow,
): FwPlugin<RateLimitState, RateLimitPluginOptions> {
  return {
    name: 'rate_limit_plugin',
    init: (options, context) => startRateLimit(options, context, now),
    pre_request: limit,
    stop: (state) => state.store.close(),
    plugin_info: () => info,
    // For `fw openapi`: every limited route may answer 429, and 503 when a failed store denies.
    responses: (options) => (options.on_store_error === 'deny' ? [429, 503] : [429]),
    responseHeaders: {
      429: LIMITED_HEADERS,
      503: { 'Retry-After': { description: 'Seconds to wait: 1 (the limit store failed)', required: true } },
    },
  };
}

/** What a 429 carries (rate-limit-headers.ts), for `fw openapi`. */
const LIMITED_HEADERS = {
  'Retry-After': { description: 'Seconds until the window ends (at least 1)', required: true },
  RateLimit: {
    description:
      'The policy\'s requests left and seconds to reset: `"default";r=0;t=<seconds>` (IETF draft-ietf-httpapi-ratelimit-headers)',
    required: true,
  },
  'RateLimit-Policy': { description: 'The limit and window: `"default";q=<max_requests>;w=<seconds>`', required: true },
};

/** The rate-limit plugin, on the system clock. */
export const rateLimitPlugin = createRateLimitPlugin();

async function startRateLimit(
  options: RateLimitPluginOptions,
  { env }: PluginInitContext,
  now: () => number,
): Promise<RateLimitState> {
  const settings = compileRateLimitOptions(options, env);
  const { maxRequests, windowMs } = settings;
  const redis = {
    url: settings.redisUrl,
    keyPrefix: settings.keyPrefix,
    windowMs,
    timeoutMs: settings.storeTimeoutMs,
    refundLateHits: settings.onStoreError === 'deny',
  };
  const store =
    settings.store === 'redis'
      ? await (await import('./redis-store.ts')).createRedisStore(redis)
      : createMemoryStore({ maxRequests, windowMs, maxKeys: settings.maxKeys });
  return { settings, store, policy: policyHeader(maxRequests, windowMs), errorLog: createStoreErrorLog(now), now };
}

function limit(
  req: FwRequest,
  env: PluginEnv,
  _options: RateLimitPluginOptions,
  state: RateLimitState,
): PluginResult<RateLimitState> | Promise<PluginResult<RateLimitState>> {
  const { trusted } = state.settings;
  const address = clientAddress(req, trusted);
  // With trusted proxies the client is not the peer: the request log line reports this address.
  if (trusted !== undefined && address !== undefined) req.clientAddress = address;
  // Before the store: an exempt route must answer even when the store cannot.
  if (state.settings.exempt.has(req.route.template)) return ['ok', req, state];
  const now = state.now();
  const key = clientKey(address);
  let counted: WindowCount | Promise<WindowCount>;
  try {
    counted = state.store.hit(key, now);
  } catch (error) {
    return storeFailed(req, env, state, error);
  }
  if (!(counted instanceof Promise)) return decide(req, state, counted, now);
  return counted.then(
    (settled) => {
      if (state.errorLog.failing) state.errorLog.recovered(env.logger, storeFields(state));
      return decide(req, state, settled, now);
    },
    (error: unknown) => storeFailed(req, env, state, error),
  );
}

function decide(
  req: FwRequest,
  state: RateLimitState,
  counted: WindowCount,
  now: number,
): PluginResult<RateLimitState> {
  const { maxRequests } = state.settings;
  const reset = secondsUntil(counted.resetAt, now);
  const out = req.responseHeaders;
  out['ratelimit-policy'] = state.policy;
  out['ratelimit'] = rateLimitHeader(maxRequests - counted.count, reset);
  if (counted.count <= maxRequests) return ['ok', req, state];
  replyJson(req, 429, TOO_MANY, refusalHeaders(req, reset > 0 ? reset : 1));
  return ['stop', req, state];
}

function storeFailed(
  req: FwRequest,
  env: PluginEnv,
  state: RateLimitState,
  error: unknown,
): PluginResult<RateLimitState> {
  const policy = state.settings.onStoreError;
  state.errorLog.report(env.logger, error, { ...storeFields(state), request_id: req.id });
  req.responseHeaders['ratelimit-policy'] = state.policy;
  if (policy === 'allow') return ['ok', req, state];
  replyJson(req, 503, UNAVAILABLE, refusalHeaders(req, 1));
  return ['stop', req, state];
}

/**
 * The headers of a 429 or 503, `connection: close` when the request carries a body: the refusal goes out before anything
 * reads it, and kept alive, node:http read all of it (200 MB in a probe) to reach a next request; so fw closes, lingering.
 */
function refusalHeaders(req: FwRequest, retryAfter: number): Record<string, string> {
  const headers = { 'content-type': 'application/json', 'retry-after': String(retryAfter) };
  const { 'transfer-encoding': chunked, 'content-length': length } = req.raw.headers;
  return chunked === undefined && !(Number(length) > 0) ? headers : { ...headers, connection: 'close' };
}

/** What every store-outage line says about the plugin. */
function storeFields(state: RateLimitState): Record<string, unknown> {
  return { plugin: 'rate_limit_plugin', store: state.store.kind, on_store_error: state.settings.onStoreError };
}
