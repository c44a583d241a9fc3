/**
 * The contract of rate_limit_plugin's stores: count one request for a key in a fixed window that
 * starts at the key's first request (spec: "Rate-limit plugin"). The memory store answers
 * synchronously (the plugin then stays off the promise path); the Redis store answers with a
 * promise and may reject when Redis cannot be reached.
 */

/** A key's window after counting one request. */
export interface WindowCount {
  /** Requests in the window, this one included (a store may stop counting past the limit). */
  readonly count: number;
  /** When the window ends, in ms since the epoch. */
  readonly resetAt: number;
}

/** Where windows are kept. */
export interface RateLimitStore {
  /** `memory` or `redis`, for logs. */
  readonly kind: 'memory' | 'redis';
  /** Counts one request for `key` at `now` (ms since the epoch). */
  hit(key: string, now: number): WindowCount | Promise<WindowCount>;
  /** Releases connections and timers; resolves even when the store is unreachable. */
  close(): Promise<void>;
}
