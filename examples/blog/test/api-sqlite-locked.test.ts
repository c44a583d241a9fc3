// Needs a separate process: SQLite locks across processes with POSIX file locks, which within one process it only emulates.
/**
 * BLOG_STORE=sqlite while another process holds the database's write lock (`BEGIN IMMEDIATE`
 * from this test process): the service starts, keeps answering /heartbeat and reads at once
 * while a write waits, answers the write 503 JSON after blog.sqlite_busy_timeout_ms, and
 * writes again once the lock is released.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { openSqliteStore } from '../src/store/sqlite-store.ts';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { startBlog, type BlogProcess, type Reply } from './support/blog-process.ts';
import { writePluginConfig, type PluginConfig } from './support/plugins-config.ts';
import { assertJson, assertPost } from './support/post-assertions.ts';

const BUSY_TIMEOUT_MS = 1000;
/** A request the event loop is free to serve answers in milliseconds; a blocked loop takes the whole busy timeout. */
const FAST_MS = 250;

interface Timed {
  readonly reply: Reply;
  readonly ms: number;
}

describe('BLOG_STORE=sqlite while another process holds the write lock', () => {
  let dir = '';
  let config: PluginConfig;
  let locker: DatabaseSync;
  let blog: BlogProcess;
  let committed: { id: number; title: string };

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blog-sqlite-locked-'));
    const path = join(dir, 'blog.sqlite3');
    const seed = openSqliteStore({ path });
    committed = await seed.create({ title: 'committed before the lock', body: 'b', status: 'published', user_id: null });
    await seed.close();
    locker = new DatabaseSync(path);
    locker.exec('BEGIN IMMEDIATE');
    config = await writePluginConfig([], { store: 'sqlite', sqlite_path: path, sqlite_busy_timeout_ms: BUSY_TIMEOUT_MS });
    // Repeated error lines are summarised per interval (docs/configuration.md, "Logging"): a short one, so the counts land while the test runs.
    blog = await startBlog({ FW_CONFIG: config.path, FW_LOG_REPEAT_INTERVAL_MS: '100' });
  });
  after(async () => {
    await blog?.stop();
    if (locker?.isOpen) locker.close();
    await config?.remove();
    await rm(dir, { recursive: true, force: true });
  });

  async function timed(method: string, path: string, body?: object): Promise<Timed> {
    const started = performance.now();
    const reply = await blog.request(method, path, body === undefined ? {} : { body });
    return { reply, ms: performance.now() - started };
  }

  /** Sends `method path` and, until it is answered, a GET /heartbeat every 50 ms; answers both timings. */
  async function withHeartbeats(method: string, path: string, body?: object): Promise<{ write: Timed; beats: number[] }> {
    let answered = false;
    const write = timed(method, path, body).finally(() => (answered = true));
    const beats: number[] = [];
    while (!answered) {
      const beat = await timed('GET', '/heartbeat');
      assertJson(beat.reply, 200, { status: 'ok' });
      beats.push(beat.ms);
      await sleep(50);
    }
    return { write: await write, beats };
  }

  test('the service starts on the locked database', () => {
    assert.ok(blog.logLines().some((line) => line.event === 'store_opened' && line.store === 'sqlite'));
  });

  test('a POST waiting for the lock answers 503 JSON after the busy timeout, while /heartbeat answers at once', async () => {
    const { write, beats } = await withHeartbeats('POST', '/api/posts', { title: 'waits', body: 'b' });
    assert.ok(Math.max(...beats) < FAST_MS, `heartbeats took ${beats.map(Math.round).join(', ')} ms`);
    assert.ok(beats.length >= 5, `${beats.length} heartbeats`);
    assertJson(write.reply, 503, { error: 'service unavailable' });
    assert.equal(write.reply.headers['retry-after'], '1');
    assert.ok(write.ms >= BUSY_TIMEOUT_MS && write.ms < BUSY_TIMEOUT_MS + 1000, `POST took ${write.ms} ms`);
  });

  test('reads do not wait for the lock: the list and the post answer at once (WAL)', async () => {
    const list = await timed('GET', '/api/posts');
    assert.equal(list.reply.status, 200, list.reply.text);
    assert.deepEqual(list.reply.json.posts.map((post: { id: number; title: string }) => [post.id, post.title]), [[committed.id, committed.title]]);
    assert.ok(list.ms < FAST_MS, `list took ${list.ms} ms`);
    const one = await timed('GET', `/api/posts/${committed.id}`);
    assert.equal(one.reply.json.title, committed.title);
    assert.ok(one.ms < FAST_MS, `get took ${one.ms} ms`);
  });

  test('PUT and DELETE wait the same way and answer 503', async () => {
    for (const [method, body] of [['PUT', { title: 'renamed' }], ['DELETE', undefined]] as const) {
      const { write, beats } = await withHeartbeats(method, `/api/posts/${committed.id}`, body);
      assert.ok(Math.max(...beats) < FAST_MS, `${method}: heartbeats took ${beats.map(Math.round).join(', ')} ms`);
      assertJson(write.reply, 503, { error: 'service unavailable' });
    }
  });

  test('each 503 logged as a store_unavailable error naming the lock (whole lines plus the summaries\' counts), and nothing failed as a 500', async () => {
    const unavailable = () => blog.logLines().filter((line) => line.event === 'store_unavailable');
    const occurrences = () => unavailable().reduce((sum, line) => sum + (typeof line.repeated === 'number' ? line.repeated : 1), 0);
    await until('the three 503s counted in the log', () => occurrences() === 3);
    assert.deepEqual(
      [...new Set(unavailable().map((line) => JSON.stringify([line.level, (line.err as { message?: unknown }).message])))],
      [JSON.stringify(['error', `SQLite database locked by another connection for ${BUSY_TIMEOUT_MS} ms`])],
    );
    assert.deepEqual(blog.logLines().filter((line) => line.event === 'request_failed'), []);
  });

  test('a write waiting when the lock is released goes through: 201', async () => {
    setTimeout(() => locker.exec('ROLLBACK'), 300);
    const { write, beats } = await withHeartbeats('POST', '/api/posts', { title: 'after the lock', body: 'b' });
    assert.equal(write.reply.status, 201, write.reply.text);
    assertPost(write.reply.json, { title: 'after the lock', body: 'b', status: 'draft', user_id: null });
    assert.ok(write.ms >= 250 && write.ms < BUSY_TIMEOUT_MS, `POST took ${write.ms} ms`);
    assert.ok(Math.max(...beats) < FAST_MS, `heartbeats took ${beats.map(Math.round).join(', ')} ms`);
  });
});
