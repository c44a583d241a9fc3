/**
 * The Redis check at start: connect and PING within a bounded time, or stop start-up with an
 * error naming the address. Without it a wrong REDIS_URL (a wrong port) started an instance that
 * said "ready" and limited nothing, and only the log said so, once a second.
 */
import type { Redis } from 'ioredis';
import { BlogError } from '../../errors.ts';

/** Connects `client` and sends PING; rejects with BLOG_ERR_RATE_LIMIT_STORE_UNAVAILABLE after `ms` or on failure. */
export async function pingAtStart(client: Redis, url: string, ms: number): Promise<void> {
  // ioredis rejects connect() with "Connection is closed."; the socket's own error says why.
  let socketError: Error | undefined;
  const remember = (error: Error): void => {
    socketError ??= error;
  };
  client.on('error', remember);
  let timer: NodeJS.Timeout | undefined;
  const elapsed = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer to PING within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([client.connect().then(() => client.ping()), elapsed]);
  } catch (error) {
    // Stop the reconnection attempts, or the process would keep trying after start-up failed.
    client.disconnect(false);
    throw unreachable(url, socketError ?? error);
  } finally {
    clearTimeout(timer);
    client.off('error', remember);
  }
}

function unreachable(url: string, cause: unknown): BlogError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new BlogError(
    'BLOG_ERR_RATE_LIMIT_STORE_UNAVAILABLE',
    `rate_limit_plugin: Redis at ${redisAddress(url)} did not answer at start (${reason}); ` +
      'start it, or point REDIS_URL (or the redis_url option) at it',
    { cause },
  );
}

/** `host:port` of a redis:// URL: never the whole URL, which may hold a password. */
export function redisAddress(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port === '' ? '6379' : parsed.port}`;
}
