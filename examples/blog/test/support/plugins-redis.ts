/**
 * The shared Redis at 127.0.0.1:6379 for rate-limit tests: a key prefix unique to one test run,
 * so runs never share counters, and cleanup of every key under it.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { closedPort } from '../../../../packages/fw-core/test/support/closed-port.ts';

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

/** A redis-server of a test's own, on a port of its own. */
export interface PrivateRedis {
  readonly url: string;
  /** Stops this server (its pid, never another) and removes its directory. */
  stop(): Promise<void>;
}

/**
 * Starts a redis-server that a test may stall (`DEBUG SLEEP`, allowed from loopback) or restart: the shared one on 6379
 * serves every test on the machine and is never stalled nor stopped. Nothing is saved to disk.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await closedPort();
  const dir = await mkdtemp(join(tmpdir(), 'fw-test-redis-'));
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--enable-debug-command', 'local', '--dir', dir];
  const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'ignore'] });
  const exited = once(child, 'exit');
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => ((output += chunk.toString()).includes('Ready to accept') ? resolve() : undefined));
    void exited.then(([code]) => reject(new Error(`redis-server on port ${port} exited (${String(code)}) before it was ready: ${output}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
