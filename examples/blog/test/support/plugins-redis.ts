/**
 * The shared Redis at 127.0.0.1:6379 for rate-limit tests: a key prefix unique to one test run,
 * so runs never share counters, and cleanup of every key under it.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The test Redis. */
export const TEST_REDIS = { host: '127.0.0.1', port: 6379 } as const;
export const TEST_REDIS_URL = `redis://${TEST_REDIS.host}:${TEST_REDIS.port}`;

/** `test:rate_limit:<random>:`. */
export function uniqueKeyPrefix(): string {
  return `test:rate_limit:${randomBytes(6).toString('hex')}:`;
}

/** Deletes every key starting with `prefix`; resolves to how many there were. */
export async function deleteKeys(prefix: string): Promise<number> {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  try {
    let deleted = 0;
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await client.del(...keys);
    } while (cursor !== '0');
    return deleted;
  } finally {
    client.disconnect();
  }
}

/** The keys under `prefix` with their values. */
export async function keysUnder(prefix: string): Promise<Record<string, string | null>> {
  const client = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
  try {
    const keys = (await client.keys(`${prefix}*`)).sort();
    const values = keys.length > 0 ? await client.mget(...keys) : [];
    return Object.fromEntries(keys.map((k, i) => [k, values[i] ?? null]));
  } finally {
    client.disconnect();
  }
}
