/**
 * A Redis that answers, but slower than the blog asks (saturated by other clients, a starved network path): its
 * replies trickle in, so the connection never looks dead and ioredis's socket timeout never drops it. Each request
 * gave its command up after store_timeout_ms and went on by on_store_error, but the command stayed queued in ioredis,
 * and the next request sent another: measured through the blog with 200 clients and replies throttled to 200 bytes/s,
 * its heap grew from 69 to 408 MB in 85 s, 58,000 commands sent to a Redis that had answered a few hundred. Now,
 * once MAX_ABANDONED commands were given up on and are still unanswered, a request sends none (a store failure at
 * once); sending resumes as the answers come in. Redis is reached through a proxy that delivers its replies one byte
 * every 100 ms.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, createServer, type Server } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { createRedisStore, MAX_ABANDONED } from '../src/plugins/rate-limit/redis-store.ts';
import type { RateLimitStore } from '../src/plugins/rate-limit/rate-limit-store.ts';
import { deleteKeys, TEST_REDIS, uniqueKeyPrefix } from './support/plugins-redis.ts';

const TIMEOUT_MS = 50;

/** A proxy to the test Redis counting the rate-limit commands sent; once `trickle()` is called, replies come a byte per 100 ms. */
async function tricklingProxy(): Promise<{ server: Server; port: number; commands: () => number; trickle(): void }> {
  let sent = '';
  let trickling = false;
  const server = createServer((client) => {
    const upstream = connect(TEST_REDIS.port, TEST_REDIS.host);
    const held: Buffer[] = [];
    client.on('data', (chunk: Buffer) => {
      sent += chunk.toString('latin1').toLowerCase();
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => (trickling ? held.push(chunk) : client.write(chunk)));
    const drip = setInterval(() => {
      const next = held[0];
      if (next === undefined) return;
      client.write(next.subarray(0, 1));
      if (next.length === 1) held.shift();
      else held[0] = next.subarray(1);
    }, 100);
    const end = (): void => {
      clearInterval(drip);
      client.destroy();
      upstream.destroy();
    };
    for (const socket of [client, upstream]) socket.on('close', end).on('error', end);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const commands = (): number => sent.split('\r\nevalsha\r\n').length - 1 + sent.split('\r\neval\r\n').length - 1;
  return { server, port: (server.address() as { port: number }).port, commands, trickle: () => void (trickling = true) };
}

describe('the Redis rate-limit store when Redis answers slower than it is asked', () => {
  const prefix = uniqueKeyPrefix();
  let proxy: Awaited<ReturnType<typeof tricklingProxy>>;
  let store: RateLimitStore;

  before(async () => {
    proxy = await tricklingProxy();
    store = await createRedisStore({ url: `redis://127.0.0.1:${proxy.port}`, keyPrefix: prefix, windowMs: 60_000, timeoutMs: TIMEOUT_MS });
  });
  after(async () => {
    await store?.close();
    proxy?.server.close();
    await deleteKeys(prefix);
  });

  test(`sends no more commands once ${MAX_ABANDONED} it gave up on are unanswered: the rest fail at once`, async () => {
    // Answered at full speed first: the script is loaded, and the count is right.
    assert.equal((await store.hit('client', Date.now())).count, 1);
    const before = proxy.commands();
    proxy.trickle();
    const rounds = 3;
    const failures: string[] = [];
    for (let round = 0; round < rounds; round += 1) {
      const settled = await Promise.allSettled(Array.from({ length: MAX_ABANDONED }, () => store.hit('client', Date.now())));
      for (const result of settled) failures.push(result.status === 'rejected' ? String((result.reason as Error).message) : 'answered');
    }
    const sent = proxy.commands() - before;
    assert.ok(sent <= MAX_ABANDONED + 10, `${sent} commands sent to a Redis that answers a byte per 100 ms`);
    assert.equal(failures.length, rounds * MAX_ABANDONED);
    assert.ok(failures.filter((m) => m.startsWith('Redis has not answered')).length >= (rounds - 1) * MAX_ABANDONED - 10, failures.slice(-3).join('\n'));
  });
});
