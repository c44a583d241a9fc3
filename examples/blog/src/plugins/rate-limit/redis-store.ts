/**
 * The shared store: every service instance counts in the same Redis keys, so N instances allow
 * max_requests in total, not N times it. One Lua script per request (one round trip, atomic on
 * the server): INCR the key, give it the window's expiry when it has none (its first request),
 * return the count and the window's remaining milliseconds. Windows run on Redis's clock.
 *
 * Redis trouble must never hang or crash a request: no offline queue (commands fail at once
 * while disconnected), no command retries, a command timeout (commandDeadline), a socket timeout that drops a
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

/** `KEYS[1]` the counter: takes back the count of a command Redis ran after it was given up on, unless its window has ended. */
const REFUND_SCRIPT = `
if redis.call('PTTL', KEYS[1]) > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

/** Options of the Redis store. */
export interface RedisStoreOptions {
  readonly url: string;
  readonly keyPrefix: string;
  readonly windowMs: number;
  /** Longest wait for one command, in ms. */
  readonly timeoutMs: number;
  /** A failed hit's request is refused (on_store_error `deny`): a hit Redis runs after it was given up on is taken back. */
  readonly refundLateHits?: boolean;
}

/**
 * Most commands given up on (their deadline passed) and still unanswered. More means Redis takes commands slower than
 * they come; each one kept in ioredis's queue costs memory (about 6 KB), and sending more only deepens Redis's backlog.
 * Past it a request sends none: a store failure at once, for on_store_error. A Redis that answers, however late,
 * brings the count down; one that stops answering is dropped by the socket timeout, which fails them all.
 */
export const MAX_ABANDONED = 1000;

interface ClientWithHit extends Redis {
  fwRateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  fwRateLimitRefund(key: string): Promise<number>;
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
  client.defineCommand('fwRateLimitRefund', { numberOfKeys: 1, lua: REFUND_SCRIPT });
  const within = commandDeadline(timeoutMs, patience);
  // A Redis out of reach at start is a start-up error; once started, outages follow on_store_error.
  await pingAtStart(client, options.url, patience);
  let abandoned = 0;
  return {
    kind: 'redis',
    async hit(key: string, now: number): Promise<WindowCount> {
      if (abandoned >= MAX_ABANDONED)
        throw new Error(`Redis has not answered ${abandoned} commands given up on; none sent until it does`);
      const command = client.fwRateLimitHit(keyPrefix + key, windowMs);
      let answered = false;
      const answer = (): void => void (answered = true);
      command.then(answer, answer);
      try {
        const [count, ttl] = await within(command);
        return { count, resetAt: now + ttl };
      } catch (error) {
        // Given up on while still queued: counted until Redis answers it (or the connection drops and fails it).
        if (!answered) {
          abandoned += 1;
          const release = (): void => void (abandoned -= 1);
          // Run late (Redis stalled under the socket timeout), it counted a request `deny` refused: a 503 must not use up the window.
          const ranLate = (): void => {
            release();
            if (options.refundLateHits === true) client.fwRateLimitRefund(keyPrefix + key).catch(() => undefined);
          };
          command.then(ranLate, release);
        }
        throw error;
      }
    },
    close: () => closeClient(client, within),
  };
}

/**
 * A command timeout of `ms` that does not take a process too busy to read Redis's answer for a Redis that stopped
 * answering. A client's pipelined flood lagged the event loop past the timeout, and with on_store_error `allow` the
 * 'outage' let the flooding client past its exhausted limit (100 allowed, 23 to 57 more passed). So the timer's
 * verdict waits one setImmediate, after the loop's I/O callbacks, and a verdict that comes late (the loop was busy:
 * the command may not even have left this process's write buffer) arms the timer again: a command fails only when
 * Redis was silent for `ms` of a loop free to hear it, or `capMs` after it was sent.
 */
export function commandDeadline(ms: number, capMs: number): <T>(command: Promise<T>) => Promise<T> {
  return <T>(command: Promise<T>) => {
    const sentAt = performance.now();
    return new Promise<T>((resolve, reject) => {
      let armedAt = sentAt;
      let timer: NodeJS.Timeout;
      let settled = false;
      const expire = (): void =>
        void setImmediate(() => {
          // The answer may have been read between the late timer and this verdict (what the setImmediate is for).
          if (settled) return;
          const now = performance.now();
          if (now - armedAt <= ms * 1.25 || now - sentAt >= capMs)
            return reject(new Error(`Command timed out after ${ms} ms`));
          armedAt = now;
          timer = setTimeout(expire, ms);
        });
      timer = setTimeout(expire, ms);
      command.then(resolve, reject).finally(() => {
        settled = true;
        clearTimeout(timer);
      });
    });
  };
}

/** QUIT when connected (bounded by the command timeout, never rejecting), then drop the connection and stop reconnecting. */
async function closeClient(client: Redis, within: ReturnType<typeof commandDeadline>): Promise<void> {
  if (client.status === 'ready') await within(client.quit()).catch(() => undefined);
  client.disconnect(false);
}
