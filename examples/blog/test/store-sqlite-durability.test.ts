/** The SQLite store keeps what it acknowledged: across reopen, after kill -9, and with ids never reused. */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, it } from 'node:test';
import { createStore } from '../src/store/create-store.ts';
import { openSqliteStore } from '../src/store/sqlite-store.ts';
import { manualClock } from './support/store-clock.ts';
import { recordingLogger } from './support/store-logger.ts';

describe('SQLite store durability', () => {
  let dir = '';
  let files = 0;
  const freshPath = (): string => join(dir, `durable-${++files}.sqlite3`);
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blog-sqlite-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('data survives closing and reopening the same file', async () => {
    const path = freshPath();
    const clock = manualClock();
    const first = openSqliteStore({ path, now: clock.now });
    const a = await first.create({ title: 'a', body: 'A', status: 'draft', user_id: 1 });
    const b = await first.create({ title: 'b', body: 'B', status: 'published', user_id: null });
    const c = await first.create({ title: 'c', body: 'C', status: 'archived', user_id: 2 });
    clock.advance(1000);
    const updated = await first.update(a.id, { title: 'a2' });
    assert.equal(await first.delete(b.id), true);
    await first.close();

    const second = openSqliteStore({ path });
    try {
      assert.deepEqual(await second.list({ limit: 10 }), [c, updated.found ? updated.post : a]);
      assert.equal(await second.get(b.id), undefined);
    } finally {
      await second.close();
    }
  });

  it('runs in WAL journal mode', async () => {
    const path = freshPath();
    const store = openSqliteStore({ path });
    try {
      await store.create({ title: 'a', body: 'b', status: 'draft', user_id: null });
      assert.equal(existsSync(`${path}-wal`), true);
      const probe = new DatabaseSync(path);
      try {
        assert.deepEqual({ ...probe.prepare('PRAGMA journal_mode').get() }, { journal_mode: 'wal' });
      } finally {
        probe.close();
      }
    } finally {
      await store.close();
    }
  });

  it('never reuses the id of a deleted newest post, also after reopening', async () => {
    const path = freshPath();
    const first = openSqliteStore({ path });
    for (let i = 0; i < 3; i++) await first.create({ title: `p${i}`, body: '', status: 'draft', user_id: null });
    assert.equal(await first.delete(3), true);
    await first.close();
    const second = openSqliteStore({ path });
    try {
      assert.equal((await second.create({ title: 'next', body: '', status: 'draft', user_id: null })).id, 4);
    } finally {
      await second.close();
    }
  });

  it('a row whose inserted_at text is not a date-time reads back as null and lists last', async () => {
    const path = freshPath();
    const clock = manualClock(Date.UTC(2024, 0, 1));
    const store = openSqliteStore({ path, now: clock.now });
    try {
      await store.create({ title: 'valid', body: '', status: 'draft', user_id: null });
      const raw = new DatabaseSync(path);
      try {
        const insert = raw.prepare(
          "INSERT INTO posts (title, body, status, user_id, inserted_at, updated_at) VALUES (?, '', 'draft', NULL, ?, ?)",
        );
        insert.run('garbage', 'not a date', 'yesterday');
        insert.run('empty', '', '');
        insert.run('valid text', '2024-01-02 03:04:05', '2024-01-02T03:04:05.678Z');
      } finally {
        raw.close();
      }
      const posts = await store.list({ limit: 10 });
      assert.deepEqual(posts.map((p) => [p.id, p.title, p.inserted_at?.toISOString() ?? null, p.updated_at?.toISOString() ?? null]), [
        [4, 'valid text', '2024-01-02T03:04:05.000Z', '2024-01-02T03:04:05.678Z'],
        [1, 'valid', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z'],
        [3, 'empty', null, null],
        [2, 'garbage', null, null],
      ]);
      assert.equal((await store.get(2))?.inserted_at, null);
    } finally {
      await store.close();
    }
  });

  it('every create acknowledged before kill -9 is there after restart', async () => {
    const path = freshPath();
    const child = spawn(process.execPath, [join(import.meta.dirname, 'support', 'store-sqlite-crash-writer.ts'), path], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acknowledged: number[] = [];
    let buffered = '';
    await new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop()!;
        acknowledged.push(...lines.map(Number));
        if (acknowledged.length >= 200) {
          child.kill('SIGKILL');
          resolve();
        }
      });
    });
    await new Promise((resolve) => child.once('exit', resolve));
    const store = openSqliteStore({ path });
    try {
      for (const id of acknowledged) assert.notEqual(await store.get(id), undefined, `post ${id} was acknowledged`);
    } finally {
      await store.close();
    }
  });

  it('createStore resolves sqlite_path against the app directory and creates missing directories', async () => {
    const store = await createStore(
      { store: 'sqlite', sqlite_path: 'nested/deeper/blog.sqlite3' },
      { appDir: dir, env: {}, logger: recordingLogger().logger },
    );
    try {
      await store.create({ title: 'a', body: 'b', status: 'draft', user_id: null });
      assert.equal(existsSync(join(dir, 'nested', 'deeper', 'blog.sqlite3')), true);
    } finally {
      await store.close();
    }
  });
});
