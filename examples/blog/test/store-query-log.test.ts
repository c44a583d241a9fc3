/** The query log of the SQL stores: off, one structured line per query, or a function of the app's. */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { isFwError } from 'fw-core';
import { createStore } from '../src/store/create-store.ts';
import { MIGRATIONS } from '../src/store/sql/postgres-migrations.ts';
import type { PostStore, StoreSettings } from '../src/store/store.ts';
import { manualClock } from './support/store-clock.ts';
import { queryLines, recordingLogger, type LoggedLine } from './support/store-logger.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';
import { received } from './support/store-query-log-hook.ts';

const SUPPORT_DIR = join(import.meta.dirname, 'support');
const NOW = Date.UTC(2024, 0, 2, 3, 4, 5, 678);
const SQLITE_COLUMNS =
  'id, title, body, status, CASE WHEN user_id BETWEEN -9007199254740991 AND 9007199254740991 THEN user_id END AS user_id, inserted_key, updated_at';
/** How PostgreSQL's transactions begin, the migrations' too: their idle time bounded by the query timeout, 6000 ms (postgres-runner.ts). */
const BOUNDED_BEGIN = 'BEGIN; SET LOCAL idle_in_transaction_session_timeout = 6000';
// The two list runs (store/sql/keyset-list.ts): the indexed page, its LIMIT lowered to the rows
// within the text budget by a count over the same index entries.
const SQLITE_TIMED_LIST = `SELECT ${SQLITE_COLUMNS} FROM posts WHERE inserted_key IS NOT NULL ORDER BY inserted_key DESC, id DESC LIMIT (SELECT count(*) FROM (SELECT row_number() OVER earlier AS listed, sum(text_bytes) OVER earlier - text_bytes AS bytes_before FROM (SELECT id, inserted_key, text_json_bytes AS text_bytes FROM posts WHERE inserted_key IS NOT NULL ORDER BY inserted_key DESC, id DESC LIMIT ?1) AS page WINDOW earlier AS (ORDER BY inserted_key DESC, id DESC ROWS UNBOUNDED PRECEDING)) AS budgeted WHERE listed <= ?2 OR bytes_before <= ?3)`;
const SQLITE_UNTIMED_LIST = `SELECT ${SQLITE_COLUMNS} FROM posts WHERE inserted_key IS NULL ORDER BY inserted_key DESC, id DESC LIMIT (SELECT count(*) FROM (SELECT row_number() OVER earlier AS listed, sum(text_bytes) OVER earlier - text_bytes AS bytes_before FROM (SELECT id, inserted_key, text_json_bytes AS text_bytes FROM posts WHERE inserted_key IS NULL ORDER BY inserted_key DESC, id DESC LIMIT ?1) AS page WINDOW earlier AS (ORDER BY inserted_key DESC, id DESC ROWS UNBOUNDED PRECEDING)) AS budgeted WHERE listed <= ?2 OR bytes_before <= ?3)`;

describe('query log', () => {
  let dir = '';
  let schema: TestSchema;
  let files = 0;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blog-query-log-'));
  });
  after(() => rm(dir, { recursive: true, force: true }));
  // A schema per case: one that an earlier case already migrated would hide what start logs.
  beforeEach(async () => {
    schema = await createTestSchema();
  });
  afterEach(() => schema.drop());

  async function open(settings: Omit<StoreSettings, 'store'> & { store: 'sqlite' | 'postgres' }, appDir = dir) {
    const { logger, lines } = recordingLogger();
    const full: StoreSettings =
      settings.store === 'sqlite' ? { sqlite_path: `log-${++files}.sqlite3`, ...settings } : { database_url: schema.url, ...settings };
    const store = await createStore(full, { appDir, env: {}, logger, now: manualClock(NOW).now });
    return { store, lines };
  }

  async function exercise(store: PostStore): Promise<void> {
    const post = await store.create({ title: 'T', body: 'B', status: 'draft', user_id: null });
    await store.get(post.id);
    await store.list({ limit: 10 });
    await store.update(post.id, { title: 'U' });
    await store.delete(post.id);
  }

  function withoutDuration(line: Record<string, unknown>): Record<string, unknown> {
    assert.ok(Number.isInteger(line.duration_us) && (line.duration_us as number) >= 0, `duration_us ${String(line.duration_us)}`);
    const { duration_us: _ignored, ...rest } = line;
    return rest;
  }

  for (const store of ['sqlite', 'postgres'] as const) {
    it(`${store}: log false writes no line at all`, async () => {
      const opened = await open({ store, log: false });
      try {
        await exercise(opened.store);
        assert.deepEqual(opened.lines, []);
      } finally {
        await opened.store.close();
      }
    });
  }

  it('sqlite: log true writes exactly one line per query with sql, params, duration and row count', async () => {
    const { store, lines } = await open({ store: 'sqlite', log: true });
    try {
      assert.equal(lines.length, 0);
      const post = await store.create({ title: 'T', body: 'B', status: 'draft', user_id: 9 });
      const stamp = new Date(NOW).toISOString();
      assert.deepEqual(queryLines(lines).map(withoutDuration), [
        {
          event: 'query',
          store: 'sqlite',
          sql: `INSERT INTO posts (title, body, status, user_id, inserted_at, updated_at, text_json_bytes) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING ${SQLITE_COLUMNS}`,
          params: ['T', 'B', 'draft', 9, stamp, stamp, 2],
          row_count: 1,
        },
      ]);
      lines.length = 0;
      await store.get(post.id);
      await store.get(post.id + 1);
      await store.list({ limit: 10 });
      assert.deepEqual(queryLines(lines).map((line) => [line.sql, line.params, line.row_count]), [
        [`SELECT ${SQLITE_COLUMNS} FROM posts WHERE id = ?`, [post.id], 1],
        [`SELECT ${SQLITE_COLUMNS} FROM posts WHERE id = ?`, [post.id + 1], 0],
        // Without maxTextBytes the budget is Number.MAX_SAFE_INTEGER; the tail gets it less the 2 bytes of T and B.
        [SQLITE_TIMED_LIST, [10, 2, 9007199254740991], 1],
        [SQLITE_UNTIMED_LIST, [9, 1, 9007199254740989], 0],
      ]);
      lines.length = 0;
      await store.update(post.id, { title: 'U', body: 'B' });
      assert.deepEqual(queryLines(lines).map((line) => [line.sql, line.params, line.row_count]), [
        ['BEGIN IMMEDIATE', [], 0],
        [`SELECT ${SQLITE_COLUMNS} FROM posts WHERE id = ?`, [post.id], 1],
        [`UPDATE posts SET title = ?, updated_at = ?, text_json_bytes = ? WHERE id = ? RETURNING ${SQLITE_COLUMNS}`, ['U', stamp, 2, post.id], 1],
        ['COMMIT', [], 0],
      ]);
      assert.ok(lines.every((line) => line.level === 'info'));
    } finally {
      await store.close();
    }
  });

  it('postgres: log true logs the migrations at start, then one line per query', async () => {
    const { store, lines } = await open({ store: 'postgres', log: true });
    try {
      const start = queryLines(lines);
      assert.equal(start.length, lines.length);
      assert.deepEqual([start[0]?.sql, start.at(-1)?.sql], [BOUNDED_BEGIN, 'COMMIT']);
      assert.ok(start.every((line) => line.store === 'postgres'));
      lines.length = 0;
      const post = await store.create({ title: 'T', body: 'B', status: 'published', user_id: null });
      assert.deepEqual(queryLines(lines).map(withoutDuration), [
        {
          event: 'query',
          store: 'postgres',
          sql: 'INSERT INTO blog_posts (title, body, status, user_id, inserted_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5) RETURNING id, title, body, status, user_id, inserted_at, updated_at',
          params: ['T', 'B', 'published', null, new Date(NOW)],
          row_count: 1,
        },
      ]);
      lines.length = 0;
      assert.equal(await store.delete(post.id), true);
      assert.deepEqual(queryLines(lines).map((line) => [line.sql, line.params, line.row_count]), [
        ['DELETE FROM blog_posts WHERE id = $1', [post.id], 1],
      ]);
    } finally {
      await store.close();
    }
  });

  it('postgres: log true on a fresh schema logs every migration step at start; a restart logs only the check', async () => {
    const first = await open({ store: 'postgres', log: true });
    await first.store.close();
    const migrationsTable = 'CREATE TABLE IF NOT EXISTS blog_schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())';
    const query = (sql: string, params: unknown[], row_count: number) => ({ event: 'query', store: 'postgres', sql, params, row_count });
    assert.deepEqual(first.lines.map((line) => [line.level, withoutDuration(line.fields)]), [
      ['info', query(BOUNDED_BEGIN, [], 0)],
      ['info', query('SELECT pg_advisory_xact_lock($1::bigint)', ['7092166003209627506'], 1)],
      ['info', query(migrationsTable, [], 0)],
      ['info', query('SELECT version FROM blog_schema_migrations', [], 0)],
      // Migration 1 is one text of three statements (CREATE TABLE, two CREATE INDEX): one line.
      ['info', query(MIGRATIONS[0]!.sql, [], 0)],
      ['info', query('INSERT INTO blog_schema_migrations (version, name) VALUES ($1, $2)', [1, 'create_blog_posts'], 1)],
      // Migration 2 likewise: one line, its rows summed (the backfill UPDATE of an empty table: 0).
      ['info', query(MIGRATIONS[1]!.sql, [], 0)],
      ['info', query('INSERT INTO blog_schema_migrations (version, name) VALUES ($1, $2)', [2, 'add_text_json_bytes_and_idempotency_keys'], 1)],
      ['info', query(MIGRATIONS[2]!.sql, [], 0)],
      ['info', query('INSERT INTO blog_schema_migrations (version, name) VALUES ($1, $2)', [3, 'bound_inserted_at_to_javascript_dates'], 1)],
      ['info', query(MIGRATIONS[3]!.sql, [], 0)],
      ['info', query('INSERT INTO blog_schema_migrations (version, name) VALUES ($1, $2)', [4, 'bound_ids_to_safe_integers'], 1)],
      ['info', query('COMMIT', [], 0)],
    ]);
    const again = await open({ store: 'postgres', log: true });
    await again.store.close();
    assert.deepEqual(again.lines.map((line) => withoutDuration(line.fields)), [
      query(BOUNDED_BEGIN, [], 0),
      query('SELECT pg_advisory_xact_lock($1::bigint)', ['7092166003209627506'], 1),
      query(migrationsTable, [], 0),
      query('SELECT version FROM blog_schema_migrations', [], 4),
      query('COMMIT', [], 0),
    ]);
  });

  it('a "module#export" setting hands every event to that function instead of the logger', async () => {
    received.length = 0;
    const { store, lines } = await open({ store: 'sqlite', log: './store-query-log-hook.ts#recordQuery', sqlite_path: join(dir, 'hook.sqlite3') }, SUPPORT_DIR);
    try {
      await exercise(store);
      assert.deepEqual(lines, []);
      assert.deepEqual(
        received.map((event) => [event.store, event.sql.split(' ')[0], event.row_count]),
        [
          ['sqlite', 'INSERT', 1],
          ['sqlite', 'SELECT', 1],
          ['sqlite', 'SELECT', 1],
          ['sqlite', 'SELECT', 0],
          ['sqlite', 'BEGIN', 0],
          ['sqlite', 'SELECT', 1],
          ['sqlite', 'UPDATE', 1],
          ['sqlite', 'COMMIT', 0],
          ['sqlite', 'DELETE', 1],
        ],
      );
      assert.ok(received.every((event) => Number.isInteger(event.duration_us) && Array.isArray(event.params)));
    } finally {
      await store.close();
    }
  });

  it('a query log function that throws does not break the query; the failure is logged', async () => {
    const { store, lines } = await open({ store: 'sqlite', log: './store-query-log-hook.ts#failingHook', sqlite_path: join(dir, 'failing.sqlite3') }, SUPPORT_DIR);
    try {
      const post = await store.create({ title: 'T', body: 'B', status: 'draft', user_id: null });
      assert.equal((await store.get(post.id))?.title, 'T');
      assert.deepEqual(
        lines.map((line: LoggedLine) => [line.level, line.fields.event]),
        [['error', 'query_log_failed'], ['error', 'query_log_failed']],
      );
    } finally {
      await store.close();
    }
  });

  for (const [spec, mentions] of [
    ['./no-such-module.ts#logQuery', 'no-such-module.ts'],
    ['./store-query-log-hook.ts#nope', 'nope'],
    ['./store-query-log-hook.ts#notAFunction', 'notAFunction'],
  ] as const) {
    it(`start fails naming blog.log when the module or export is missing: ${spec}`, async () => {
      await assert.rejects(open({ store: 'sqlite', log: spec }, SUPPORT_DIR), (error: unknown) => {
        assert.ok(isFwError(error, 'FW_ERR_CONFIG_BAD_VALUE'), String(error));
        assert.equal(error.details.key, 'blog.log');
        assert.match(error.message, /^blog\.log must be /);
        assert.ok(error.message.includes(mentions), error.message);
        return true;
      });
    });
  }
});
