/**
 * The Redis rate-limit store under a busy event loop (a red team's pipelined flood on one instance): an answer Redis
 * gave within store_timeout_ms is read, not taken for an outage, though the loop was blocked past the timeout; with
 * on_store_error `allow` a timeout let the flooding client past its exhausted limit. A Redis that does not answer
 * still fails the command after the timeout. Real Redis; the loop is blocked by a synchronous wait.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { answeredWithin, createRedisStore } from '../src/plugins/rate-limit/redis-store.ts';
import type { RateLimitStore } from '../src/plugins/rate-limit/rate-limit-store.ts';
import { deleteKeys, TEST_REDIS_URL, uniqueKeyPrefix } from './support/plugins-redis.ts';

const TIMEOUT_MS = 50;

/** Blocks the event loop for `ms`, as a burst of synchronous work does. */
function blockLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

describe('the Redis rate-limit store while the event loop is busy', () => {
  const prefix = uniqueKeyPrefix();
  let store: RateLimitStore;
  before(async () => {
    store = await createRedisStore({ url: TEST_REDIS_URL, keyPrefix: prefix, windowMs: 60_000, timeoutMs: TIMEOUT_MS });
  });
  after(async () => {
    await store?.close();
    await deleteKeys(prefix);
  });

  it('reads an answer that arrived while the loop was blocked past the timeout', async () => {
    await store.hit('client', Date.now());
    for (let round = 2; round <= 6; round += 1) {
      const hit = store.hit('client', Date.now());
      blockLoop(TIMEOUT_MS * 6);
      assert.equal((await hit).count, round);
    }
  });
});

describe('answeredWithin', () => {
  it('fails a command that gets no answer, after the timeout', async () => {
    const started = performance.now();
    await assert.rejects(answeredWithin(new Promise(() => {}), TIMEOUT_MS), /Command timed out after 50 ms/);
    assert.ok(performance.now() - started >= TIMEOUT_MS - 1);
  });

  it('keeps the answer or the failure of a command that settles in time', async () => {
    assert.equal(await answeredWithin(Promise.resolve(7), TIMEOUT_MS), 7);
    await assert.rejects(answeredWithin(Promise.reject(new Error('NOSCRIPT')), TIMEOUT_MS), /NOSCRIPT/);
  });
});
