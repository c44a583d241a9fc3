// Needs a separate process: SQLite locks across processes with POSIX file locks, which within one process it only emulates.
/**
 * BLOG_STORE=sqlite while another process holds the database's write lock: a POST whose client hangs up while it waits
 * for the lock stops waiting, stores nothing, and the blog says so with a `write_cancelled_client_gone` line, as the
 * PostgreSQL store's cancelled writes do (docs/blog-stores.md).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { openSqliteStore } from '../src/store/sqlite-store.ts';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { requestToLeave, startBlog, type BlogProcess } from './support/blog-process.ts';

/** Long beyond until()'s wait: a write that ran to its busy timeout would fail the test, not pass it. */
const BUSY_TIMEOUT_MS = 60_000;

describe('BLOG_STORE=sqlite: a write whose client hangs up while it waits for another process\'s lock', () => {
  let dir = '';
  let locker: DatabaseSync;
  let blog: BlogProcess;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blog-sqlite-client-gone-'));
    const path = join(dir, 'blog.sqlite3');
    await openSqliteStore({ path }).close();
    locker = new DatabaseSync(path);
    locker.exec('BEGIN IMMEDIATE');
    // The blog's own configuration, so its telemetry's metrics show the request in flight.
    blog = await startBlog({ BLOG_STORE: 'sqlite', BLOG_SQLITE_PATH: path, BLOG_SQLITE_BUSY_TIMEOUT_MS: String(BUSY_TIMEOUT_MS) });
  });
  after(async () => {
    await blog?.stop();
    if (locker?.isOpen) locker.close();
    await rm(dir, { recursive: true, force: true });
  });

  test('stops waiting, stores nothing and is logged write_cancelled_client_gone with its request id', async () => {
    const socket = requestToLeave(blog.port, 'POST', '/api/posts', { body: { title: 'for nobody', body: 'b' } });
    // The POST is in its handler, waiting for the lock, once the metrics count it as active.
    await until('the POST to wait for the lock', async () => /http_server_active_requests\{[^}]*http_request_method="POST"[^}]*\} 1\b/.test(await (await fetch(blog.metricsUrl!)).text()));
    socket.destroy();
    const cancelled = await until('the cancelled write\'s line', () => blog.logLines().find((line) => line.event === 'write_cancelled_client_gone'));
    const request = await until('the request line', () => blog.logLines().find((line) => line.event === 'request' && line.method === 'POST'));
    assert.deepEqual([cancelled.request_id, cancelled.operation], [request.request_id, 'create']);
    assert.equal(request.aborted, true);
    locker.exec('ROLLBACK');
    const list = await blog.request('GET', '/api/posts');
    assert.deepEqual(list.json.posts, [], 'nothing of the write was stored');
    assert.equal(blog.logLines().some((line) => line.event === 'write_done_client_gone' || line.event === 'request_failed'), false);
  });
});
