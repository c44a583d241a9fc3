/**
 * The Redis rate-limit store under a busy event loop (a red team's pipelined flood on one instance): an answer Redis
 * gave within store_timeout_ms is read, not taken for an outage, though the loop was blocked past the timeout; with
 * on_store_error `allow` a timeout let the flooding client past its exhausted limit. A Redis that does not answer
 * still fails the command after the timeout of a loop free to hear it, or at the cap. Real Redis; the loop is blocked by a
 * synchronous wait.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { commandDeadline, createRedisStore } from '../src/plugins/rate-limit/redis-store.ts';
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

  it('answers a burst of 2,000 hits sent just before the loop is blocked, none taken for an outage', async () => {
    const hits = Array.from({ length: 2000 }, () => store.hit('burst', Date.now()));
    blockLoop(TIMEOUT_MS * 6);
    const counts = (await Promise.all(hits)).map((hit) => hit.count).sort((a, b) => a - b);
    assert.deepEqual([counts[0], counts.at(-1)], [1, 2000]);
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

describe('commandDeadline', () => {
  const within = commandDeadline(TIMEOUT_MS, 1000);
  const silent = (): Promise<never> => new Promise(() => {});

  it('fails a command that gets no answer on an idle loop, after the timeout', async () => {
    const started = performance.now();
    await assert.rejects(within(silent()), /Command timed out after 50 ms/);
    const ms = performance.now() - started;
    assert.ok(ms >= TIMEOUT_MS - 1 && ms < TIMEOUT_MS * 1.25 + 50, `${ms} ms`);
  });

  it('gives a command whose timer came late (the loop was busy) the full timeout again', async () => {
    const started = performance.now();
    const failed = assert.rejects(within(silent()), /Command timed out/);
    blockLoop(TIMEOUT_MS * 3);
    await failed;
    assert.ok(performance.now() - started >= TIMEOUT_MS * 4 - 1, 'the block, then the timeout on a free loop');
  });

  it('fails a command at the cap however busy the loop stays', async () => {
    const capped = commandDeadline(TIMEOUT_MS, 120);
    const started = performance.now();
    const failed = assert.rejects(capped(silent()), /Command timed out/);
    for (let i = 0; i < 4; i += 1) {
      blockLoop(TIMEOUT_MS * 2);
      await new Promise((resolve) => setImmediate(resolve));
    }
    await failed;
    assert.ok(performance.now() - started < 4 * TIMEOUT_MS * 2 + 100);
  });

  it('leaves no timer armed once a command answered in the turn its late timer fired', async () => {
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    const answer = Promise.withResolvers<string>();
    const result = within(answer.promise);
    blockLoop(TIMEOUT_MS * 3);
    setImmediate(() => answer.resolve('OK'));
    assert.equal(await result, 'OK');
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(timers(), before, 'a settled command re-armed its deadline');
  });

  it('keeps the answer or the failure of a command that settles in time', async () => {
    assert.equal(await within(Promise.resolve(7)), 7);
    await assert.rejects(within(Promise.reject(new Error('NOSCRIPT'))), /NOSCRIPT/);
  });
});
