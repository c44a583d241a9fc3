/**
 * The SQLite store while another connection holds the write lock (`BEGIN IMMEDIATE`): a write
 * waits without stopping the event loop, succeeds when the lock is freed, fails with
 * StoreUnavailableError when it is not freed in time, stops when its client has gone; reads do not wait at all (WAL).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it, type TestContext } from 'node:test';
import { within } from '../../../packages/fw-core/test/support/until.ts';
import { openSqliteStore } from '../src/store/sqlite-store.ts';
import { StoreUnavailableError, type PostStore } from '../src/store/store.ts';
import { manualClock } from './support/store-clock.ts';

const T0 = Date.UTC(2024, 0, 1);
const BUSY_TIMEOUT_MS = 1000;
/** An event loop that went this long without running a timer was blocked, not merely busy. */
const STALL_LIMIT_MS = 250;

interface Watched<T> {
  readonly value?: T;
  readonly error?: unknown;
  readonly ms: number;
  /** The longest gap between runs of a 5 ms interval while `work` was pending. */
  readonly longestStallMs: number;
}

/** Starts `work` after the interval is ticking, and settles with how long the loop was blocked. */
async function watchEventLoop<T>(work: () => Promise<T>): Promise<Watched<T>> {
  let last = performance.now();
  let longest = 0;
  const ticking = Promise.withResolvers<void>();
  const sample = (): void => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    ticking.resolve();
  };
  const timer = setInterval(sample, 5);
  try {
    await within('the interval to tick', ticking.promise);
    const started = performance.now();
    // A synchronous call that blocks does so right here, before it hands back a promise.
    const outcome = await work().then((value) => ({ value }), (error: unknown) => ({ error }));
    const ms = performance.now() - started;
    sample();
    return { ...outcome, ms, longestStallMs: longest };
  } finally {
    clearInterval(timer);
  }
}

describe('SQLite store while another connection holds the write lock', () => {
  let dir = '';
  let files = 0;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blog-sqlite-locked-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  /** A store on a new file with one committed post, and a second connection holding the write lock. */
  async function lockedStore(t: TestContext): Promise<{ store: PostStore; locker: DatabaseSync }> {
    const path = join(dir, `locked-${++files}.sqlite3`);
    const store = openSqliteStore({ path, now: manualClock(T0).now, busyTimeoutMs: BUSY_TIMEOUT_MS });
    t.after(() => store.close());
    await store.create({ title: 'committed', body: 'b', status: 'draft', user_id: null });
    const locker = new DatabaseSync(path);
    t.after(() => locker.close());
    locker.exec('BEGIN IMMEDIATE');
    locker.exec(`INSERT INTO posts (title, body, status, inserted_at, updated_at) VALUES ('uncommitted', 'b', 'draft', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`);
    return { store, locker };
  }

  it('a write that cannot get the lock fails with StoreUnavailableError after the busy timeout, never blocking the event loop', async (t) => {
    const { store } = await lockedStore(t);
    const create = await watchEventLoop(() => store.create({ title: 'waits', body: 'b', status: 'draft', user_id: null }));
    assert.ok(create.longestStallMs < STALL_LIMIT_MS, `event loop blocked for ${create.longestStallMs} ms`);
    assert.ok(create.error instanceof StoreUnavailableError, String(create.error));
    assert.equal(create.error.code, 'BLOG_ERR_STORE_UNAVAILABLE');
    assert.equal(create.error.message, 'SQLite database locked by another connection for 1000 ms');
    assert.equal((create.error.cause as StoreUnavailableError).cause instanceof Error, true);
    assert.equal(((create.error.cause as StoreUnavailableError).cause as { errcode?: unknown }).errcode, 5);
    assert.ok(create.ms >= BUSY_TIMEOUT_MS && create.ms < BUSY_TIMEOUT_MS + 500, `took ${create.ms} ms`);

    const update = await watchEventLoop(() => store.update(1, { title: 'waits too' }));
    assert.ok(update.error instanceof StoreUnavailableError, String(update.error));
    assert.ok(update.longestStallMs < STALL_LIMIT_MS, `event loop blocked for ${update.longestStallMs} ms`);
    const removal = await watchEventLoop(() => store.delete(1));
    assert.ok(removal.error instanceof StoreUnavailableError, String(removal.error));
    assert.ok(removal.longestStallMs < STALL_LIMIT_MS, `event loop blocked for ${removal.longestStallMs} ms`);
  });

  it('a waiting write goes through once the other connection commits, with ids after its rows', async (t) => {
    const { store, locker } = await lockedStore(t);
    setTimeout(() => locker.exec('COMMIT'), 300);
    const create = await watchEventLoop(() => store.create({ title: 'after the lock', body: 'b', status: 'published', user_id: 4 }));
    assert.deepEqual(create.value, {
      id: 3, title: 'after the lock', body: 'b', status: 'published', user_id: 4,
      inserted_at: new Date(T0), updated_at: new Date(T0),
    });
    assert.ok(create.ms >= 250 && create.ms < BUSY_TIMEOUT_MS, `took ${create.ms} ms`);
    assert.ok(create.longestStallMs < STALL_LIMIT_MS, `event loop blocked for ${create.longestStallMs} ms`);
    assert.deepEqual((await store.list({ limit: 10 })).map((post) => [post.id, post.title]), [[3, 'after the lock'], [2, 'uncommitted'], [1, 'committed']]);
  });

  it('a waiting update goes through once the other connection rolls back', async (t) => {
    const { store, locker } = await lockedStore(t);
    setTimeout(() => locker.exec('ROLLBACK'), 300);
    const update = await watchEventLoop(() => store.update(1, { title: 'renamed' }));
    assert.equal(update.error, undefined);
    assert.deepEqual(update.value, {
      found: true, changed: true,
      post: { id: 1, title: 'renamed', body: 'b', status: 'draft', user_id: null, inserted_at: new Date(T0), updated_at: new Date(T0) },
    });
    assert.ok(update.longestStallMs < STALL_LIMIT_MS, `event loop blocked for ${update.longestStallMs} ms`);
  });

  it('reads do not wait for the lock: they see the last committed data at once (WAL)', async (t) => {
    const { store } = await lockedStore(t);
    const list = await watchEventLoop(() => store.list({ limit: 10 }));
    assert.deepEqual(list.value?.map((post) => post.title), ['committed']);
    assert.ok(list.ms < 50, `took ${list.ms} ms`);
    const get = await watchEventLoop(() => store.get(1));
    assert.equal(get.value?.title, 'committed');
    assert.equal(await store.get(2), undefined);
  });

  it('closing the store ends a waiting write with StoreUnavailableError, without touching the closed database', async (t) => {
    const { store } = await lockedStore(t);
    const started = performance.now();
    // The create met the lock in its first, synchronous try, so it is waiting when create() returns.
    const waiting = store.create({ title: 'waits', body: 'b', status: 'draft', user_id: null });
    await store.close();
    await assert.rejects(waiting, (error: unknown) => {
      assert.ok(error instanceof StoreUnavailableError, String(error));
      assert.equal(error.message, 'SQLite store closed while waiting for a lock');
      return true;
    });
    assert.ok(performance.now() - started < 500, `took ${performance.now() - started} ms`);
  });

  it('a waiting write whose client has gone stops at its next try, and writes nothing once the lock is freed', async (t) => {
    const { store, locker } = await lockedStore(t);
    const client = new AbortController();
    const started = performance.now();
    const waiting = store.create({ title: 'for nobody', body: 'b', status: 'draft', user_id: null }, { signal: client.signal });
    client.abort();
    locker.exec('ROLLBACK');
    await assert.rejects(waiting, { name: 'AbortError' });
    assert.ok(performance.now() - started < 500, `took ${performance.now() - started} ms`);
    assert.deepEqual((await store.list({ limit: 10 })).map((post) => post.title), ['committed']);
  });

  it('with a busy timeout of 0 a locked write fails at once', async (t) => {
    const path = join(dir, `locked-${++files}.sqlite3`);
    const store = openSqliteStore({ path, busyTimeoutMs: 0 });
    t.after(() => store.close());
    const locker = new DatabaseSync(path);
    t.after(() => locker.close());
    locker.exec('BEGIN IMMEDIATE');
    const create = await watchEventLoop(() => store.create({ title: 'x', body: 'b', status: 'draft', user_id: null }));
    assert.ok(create.error instanceof StoreUnavailableError, String(create.error));
    assert.ok(create.ms < 50, `took ${create.ms} ms`);
  });
});
