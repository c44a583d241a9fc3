/**
 * Integers a JavaScript number cannot hold exactly, written by something other than the blog (a
 * script). A user_id of 2^63 - 1 (an "unknown user" marker): node:sqlite threw ERR_OUT_OF_RANGE
 * reading it, so GET of that post and every list page holding it answered 500; PostgreSQL's
 * bigint came back rounded (9223372036854776000). Both stores now read it as null, as an
 * inserted_at that is not a date-time reads as null. An id past 2^53 - 1 SQLite now refuses
 * (PostgreSQL: store-postgres-migrations.test.ts, migration 4).
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { describe, it } from 'node:test';
import { createStore } from '../src/store/create-store.ts';
import { applyMigrations } from '../src/store/postgres-migrate.ts';
import { createPgPool } from '../src/store/postgres-pool.ts';
import { MIGRATIONS } from '../src/store/sql/postgres-migrations.ts';
import { openSqliteStore } from '../src/store/sqlite-store.ts';
import type { PostStore } from '../src/store/store.ts';
import { recordingLogger } from './support/store-logger.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

const UNSAFE = '9223372036854775807';

/** The post the script wrote and one the blog wrote, read through `store`. */
async function readBoth(store: PostStore): Promise<void> {
  const mine = await store.create({ title: 'mine', body: 'b', status: 'draft', user_id: 7 });
  const theirs = await store.get(1);
  const { inserted_at: _at, updated_at: _changed, ...fields } = theirs!;
  assert.deepEqual(fields, { id: 1, title: 'script', body: 'b', status: 'draft', user_id: null });
  assert.deepEqual((await store.list({ limit: 10 })).map((post) => [post.id, post.user_id]), [[mine.id, 7], [1, null]]);
}

describe('integers past 2^53 - 1 in the database', () => {
  it('sqlite reads a user_id past them as null', async (t) => {
    const path = join(await mkdtemp(join(tmpdir(), 'blog-unsafe-user-id-')), 'blog.sqlite3');
    t.after(() => rm(dirname(path), { recursive: true, force: true }));
    await openSqliteStore({ path }).close();
    const script = new DatabaseSync(path);
    script.exec(`INSERT INTO posts (title, body, status, user_id, inserted_at) VALUES ('script', 'b', 'draft', ${UNSAFE}, '2024-01-01T00:00:00Z')`);
    script.close();
    const store = openSqliteStore({ path });
    t.after(() => store.close());
    await readBoth(store);
  });

  // A script's id past 2^53 - 1 moved AUTOINCREMENT past it: the blog's next create was stored, then answered 500
  // (node:sqlite could not read the id it returned), and a client retrying it stored it twice.
  it('sqlite refuses an id past 2^53 - 1, from a script or from a sequence moved past it: a create stores nothing', async (t) => {
    const path = join(await mkdtemp(join(tmpdir(), 'blog-unsafe-id-')), 'blog.sqlite3');
    t.after(() => rm(dirname(path), { recursive: true, force: true }));
    await openSqliteStore({ path }).close();
    const script = new DatabaseSync(path);
    t.after(() => script.close());
    const insert = (id: string) => script.exec(`INSERT INTO posts (id, title, body, status) VALUES (${id}, 'script', 'b', 'draft')`);
    insert('9007199254740991');
    assert.throws(() => insert('9007199254740992'), { code: 'ERR_SQLITE_ERROR', message: /id must be at most 9007199254740991/ });
    script.exec(`UPDATE sqlite_sequence SET seq = 9007199254740991 WHERE name = 'posts'`);
    const store = openSqliteStore({ path });
    t.after(() => store.close());
    await assert.rejects(store.create({ title: 'mine', body: 'b', status: 'draft', user_id: null }));
    assert.equal(script.prepare('SELECT count(*) AS n FROM posts').get()?.n, 1);
  });

  it('postgres reads a user_id past them as null (a row stored before migration 4 refused such a value)', async () => {
    const schema: TestSchema = await createTestSchema();
    const pool = createPgPool({ connectionString: schema.url, onIdleError: () => {} });
    let store: PostStore | undefined;
    try {
      await applyMigrations(pool, { migrations: MIGRATIONS.slice(0, 3) });
      await schema.query(`INSERT INTO blog_posts (title, body, status, user_id) VALUES ('script', 'b', 'draft', ${UNSAFE})`);
      store = await createStore({ store: 'postgres', database_url: schema.url }, { appDir: '.', env: {}, logger: recordingLogger().logger });
      await readBoth(store);
    } finally {
      await store?.close();
      await pool.end();
      await schema.drop();
    }
  });
});
