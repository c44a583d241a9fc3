/**
 * A SQLite file written by an earlier version of the blog (no text_json_bytes column) opens: the
 * column is added and every existing post measured as JSON bytes, so list pages are budgeted by
 * what they send from the first request on; a row inserted later by other means is measured by
 * the trigger.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { openSqliteStore } from '../src/store/sqlite-store.ts';

// The schema of the blog before issue 35, as files in the field have it.
const EARLIER_SCHEMA = `
CREATE TABLE posts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  title TEXT NOT NULL,
  body TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('draft', 'published', 'archived')),
  user_id INTEGER,
  inserted_at TEXT,
  updated_at TEXT,
  inserted_key TEXT GENERATED ALWAYS AS (strftime('%Y-%m-%dT%H:%M:%fZ', inserted_at)) VIRTUAL
);
CREATE INDEX posts_list_idx ON posts (inserted_key DESC, id DESC);
CREATE INDEX posts_status_list_idx ON posts (status, inserted_key DESC, id DESC);
`;

describe('SQLite file of an earlier version', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blog-sqlite-upgrade-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('gets text_json_bytes for every post on open, and pages budgeted by JSON bytes at once', async () => {
    const path = join(dir, 'earlier.sqlite3');
    const earlier = new DatabaseSync(path);
    earlier.exec(EARLIER_SCHEMA);
    const insert = earlier.prepare("INSERT INTO posts (title, body, status, inserted_at) VALUES ('t', ?, 'draft', ?)");
    // 50 × \u0001 = 300 bytes of JSON, 50 bytes of UTF-8.
    for (let i = 0; i < 4; i += 1) insert.run('\u0001'.repeat(50), new Date(Date.UTC(2024, 0, 1, 0, 0, i)).toISOString());
    earlier.close();
    const store = openSqliteStore({ path });
    try {
      const check = new DatabaseSync(path, { readOnly: true });
      assert.deepEqual(check.prepare('SELECT text_json_bytes AS n FROM posts ORDER BY id').all().map((row) => row.n), [301, 301, 301, 301]);
      check.close();
      // Before each post: 0, 301, 602, 903 bytes; a budget of 700 lists three (the page of two plus one).
      assert.deepEqual((await store.list({ limit: 10, maxTextBytes: 700 })).map((p) => p.id), [4, 3, 2]);
      const post = await store.create({ title: '\u0002', body: '', status: 'draft', user_id: null });
      assert.equal(post.id, 5);
    } finally {
      await store.close();
    }
    const raw = new DatabaseSync(path);
    raw.exec("INSERT INTO posts (title, body, status) VALUES ('\"', '𝄞', 'draft')");
    assert.deepEqual(raw.prepare('SELECT text_json_bytes AS n FROM posts WHERE id >= 5 ORDER BY id').all().map((row) => row.n), [6, 6]);
    raw.close();
  });
});
