/**
 * The shared store: every service instance counts in the same Redis keys, so N instances allow
 * max_requests in total, not N times it. One Lua script per request (one round trip, atomic on
 * the server): INCR the key, give it the window's expiry when it has none (its first request),
 * return the count and the window's remaining milliseconds. Windows run on Redis's clock.
 *
 * Redis trouble must never hang or crash a request: no offline queue (commands fail at once
 * while disconnected), no command retries, a command timeout (answeredWithin), a socket timeout that drops a
 * connection that stopped answering (pending commands fail, ioredis reconnects with backoff), and
 * an 'error' listener, because an 'error' event nobody listens to crashes the process; the failed
 * command's own rejection is what the plugin logs.
 */
import { Redis } from 'ioredis';
import type { RateLimitStore, WindowCount } from './rate-limit-store.ts';
import { pingAtStart } from './redis-start-check.ts';

/** `KEYS[1]` the counter, `ARGV[1]` the window in ms. Answers `{count, pttl}`. */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Options of the Redis store. */
export interface RedisStoreOptions {
  readonly url: string;
  readonly keyPrefix: string;
  readonly windowMs: number;
  /** Longest wait for one command, in ms. */
  readonly timeoutMs: number;
}

interface ClientWithHit extends Redis {
  fwRateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
}

/** Creates the store, connected and answering PING within `timeoutMs × 4` (at least 1 s), else rejects. */
export async function createRedisStore(options: RedisStoreOptions): Promise<RateLimitStore> {
  const { keyPrefix, windowMs, timeoutMs } = options;
  const patience = Math.max(1000, timeoutMs * 4);
  const client = new Redis(options.url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    socketTimeout: patience,
    connectTimeout: patience,
    retryStrategy: (attempt) => Math.min(50 * 2 ** attempt, 2000),
  }) as ClientWithHit;
  client.on('error', () => undefined);
  client.defineCommand('fwRateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
  // A Redis out of reach at start is a start-up error; once started, outages follow on_store_error.
  await pingAtStart(client, options.url, patience);
  return {
    kind: 'redis',
    async hit(key: string, now: number): Promise<WindowCount> {
      const [count, ttl] = await answeredWithin(client.fwRateLimitHit(keyPrefix + key, windowMs), timeoutMs);
      return { count, resetAt: now + ttl };
    },
    close: () => closeClient(client, timeoutMs),
  };
}

/**
 * `command`, failing after `ms` as ioredis's commandTimeout did, except that a timer that fires late because the event
 * loop was busy (a client's pipelined flood, say) first lets the loop read what arrived meanwhile: the rejection waits
 * one setImmediate, after the I/O callbacks. So an answer Redis gave in time is never taken for an outage, which
 * `on_store_error: allow` would let the flooding client through on (100 allowed, 23 to 57 more passed).
 */
export function answeredWithin<T>(command: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => setImmediate(() => reject(new Error(`Command timed out after ${ms} ms`))), ms);
    command.then(resolve, reject).finally(() => clearTimeout(timer));
  });
}

/** QUIT when connected (bounded by `ms`, never rejecting), then drop the connection and stop reconnecting. */
async function closeClient(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') await answeredWithin(client.quit(), ms).catch(() => undefined);
  client.disconnect(false);
}
