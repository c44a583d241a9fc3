/** PostgreSQL migrations: applied once, safe when instances start together, a no-op afterwards. */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createStore } from '../src/store/create-store.ts';
import { applyMigrations } from '../src/store/postgres-migrate.ts';
import { createPgPool, type PgPool } from '../src/store/postgres-pool.ts';
import { MIGRATIONS, MIGRATIONS_TABLE } from '../src/store/sql/postgres-migrations.ts';
import { recordingLogger } from './support/store-logger.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

describe('PostgreSQL migrations', () => {
  let schema: TestSchema;
  const pools: PgPool[] = [];
  const pool = (): PgPool => {
    const created = createPgPool({ connectionString: schema.url, onIdleError: () => {} });
    pools.push(created);
    return created;
  };
  beforeEach(async () => {
    schema = await createTestSchema();
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.end()));
    await schema.drop();
  });

  async function recorded(): Promise<unknown[]> {
    return (await schema.query(`SELECT version, name FROM ${MIGRATIONS_TABLE} ORDER BY version`)).rows;
  }

  it('applies every migration once on an empty schema, then finds nothing to do', async () => {
    const versions = MIGRATIONS.map((m) => m.version);
    assert.deepEqual(await applyMigrations(pool()), versions);
    assert.deepEqual(await applyMigrations(pool()), []);
    assert.deepEqual(await recorded(), MIGRATIONS.map((m) => ({ version: m.version, name: m.name })));
  });

  it('creates blog_posts with the expected columns and list indexes', async () => {
    await applyMigrations(pool());
    const columns = await schema.query(
      `SELECT column_name, data_type, is_nullable FROM information_schema.columns
       WHERE table_schema = $1 AND table_name = 'blog_posts' ORDER BY ordinal_position`,
      [schema.name],
    );
    assert.deepEqual(columns.rows, [
      { column_name: 'id', data_type: 'bigint', is_nullable: 'NO' },
      { column_name: 'title', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'body', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'status', data_type: 'text', is_nullable: 'NO' },
      { column_name: 'user_id', data_type: 'bigint', is_nullable: 'YES' },
      { column_name: 'inserted_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'updated_at', data_type: 'timestamp with time zone', is_nullable: 'YES' },
      { column_name: 'text_json_bytes', data_type: 'bigint', is_nullable: 'NO' },
    ]);
    const indexes = await schema.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'blog_posts' ORDER BY indexname`,
      [schema.name],
    );
    assert.deepEqual(
      indexes.rows.map((row) => [row.indexname, String(row.indexdef).replace(/^.* USING /, '')]),
      [
        ['blog_posts_list_idx', 'btree (inserted_at DESC NULLS LAST, id DESC)'],
        ['blog_posts_pkey', 'btree (id)'],
        ['blog_posts_status_list_idx', 'btree (status, inserted_at DESC NULLS LAST, id DESC)'],
      ],
    );
    await assert.rejects(
      schema.query(`INSERT INTO blog_posts (title, body, status) VALUES ('t', 'b', 'deleted')`),
      { code: '23514' },
    );
  });

  it('two instances starting together both succeed and the migrations run once', async () => {
    const results = await Promise.all([applyMigrations(pool()), applyMigrations(pool())]);
    assert.deepEqual(results.map((r) => r.length).sort(), [0, MIGRATIONS.length]);
    assert.equal((await recorded()).length, MIGRATIONS.length);
  });

  it('two stores created concurrently on the same schema both work', async () => {
    const open = () =>
      createStore({ store: 'postgres', database_url: schema.url }, { appDir: '.', env: {}, logger: recordingLogger().logger });
    const stores = await Promise.all([open(), open(), open()]);
    try {
      const posts = await Promise.all(
        stores.map((store, i) => store.create({ title: `from ${i}`, body: '', status: 'draft', user_id: null })),
      );
      assert.equal(new Set(posts.map((p) => p.id)).size, 3);
      assert.equal((await stores[0]!.list({ limit: 10 })).length, 3);
      assert.equal((await recorded()).length, MIGRATIONS.length);
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('migration 2 measures the posts of a version-1 database as JSON bytes, and a trigger measures every later write', async () => {
    await applyMigrations(pool(), { migrations: [MIGRATIONS[0]!] });
    // \u0001 is 6 bytes in JSON, a newline 2, 𝄞 4: 6 + 2 + 4 = 12.
    await schema.query(`INSERT INTO blog_posts (title, body, status) VALUES ($1, $2, 'draft')`, ['\u0001', '\n𝄞']);
    assert.deepEqual(await applyMigrations(pool()), [2, 3, 4]);
    const bytes = async (): Promise<number[]> => (await schema.query('SELECT text_json_bytes FROM blog_posts ORDER BY id')).rows.map((row) => Number(row.text_json_bytes));
    assert.deepEqual(await bytes(), [12]);
    // Written by anything (a previous version during a rolling upgrade, a script): measured alike.
    await schema.query(`INSERT INTO blog_posts (title, body, status) VALUES ('"', 'é', 'draft')`);
    await schema.query(`UPDATE blog_posts SET body = repeat(E'\\x1f', 3) WHERE id = 1`);
    assert.deepEqual(await bytes(), [6 + 18, 2 + 2]);
  });

  // The blog read such a time as null while PostgreSQL listed it first, and the cursor of its page skipped every post after it.
  it('refuses an inserted_at later than a JavaScript Date can hold, as it refuses infinity', async () => {
    await applyMigrations(pool());
    const insert = (at: string) => schema.query(`INSERT INTO blog_posts (title, body, status, inserted_at) VALUES ('t', 'b', 'draft', $1)`, [at]);
    // 8.64e15 ms, the last JavaScript Date, is +275760-09-13T00:00:00.000Z.
    await insert('275760-09-13 00:00:00+00');
    await assert.rejects(insert('275760-09-13 00:00:00.001+00'), { code: '23514', constraint: 'blog_posts_inserted_at_javascript_date' });
    await assert.rejects(insert('290000-01-01 00:00:00+00'), { code: '23514' });
  });

  // Read as JS numbers, they came back rounded: user_id 9223372036854775807 was answered 9223372036854776000.
  it('refuses an id or user_id that is not a safe integer, which the blog would read rounded', async () => {
    await applyMigrations(pool());
    const insert = (id: string, userId: string) =>
      schema.query(`INSERT INTO blog_posts (id, title, body, status, user_id) OVERRIDING SYSTEM VALUE VALUES ($1, 't', 'b', 'draft', $2)`, [id, userId]);
    await insert('9007199254740991', '9007199254740991');
    await insert('1', '-9007199254740991');
    await assert.rejects(insert('2', '9007199254740992'), { code: '23514', constraint: 'blog_posts_user_id_safe_integer' });
    await assert.rejects(insert('3', '-9007199254740992'), { code: '23514', constraint: 'blog_posts_user_id_safe_integer' });
    await assert.rejects(insert('9007199254740992', '1'), { code: '23514', constraint: 'blog_posts_id_safe_integer' });
  });

  it('migrations 3 and 4 start on a database already holding such values (they check new writes only)', async () => {
    await applyMigrations(pool(), { migrations: MIGRATIONS.slice(0, 2) });
    await schema.query(
      `INSERT INTO blog_posts (title, body, status, inserted_at, user_id) VALUES ('t', 'b', 'draft', '290000-01-01 00:00:00+00', 9223372036854775807)`,
    );
    assert.deepEqual(await applyMigrations(pool()), [3, 4]);
  });

  it('migration 2 creates the Idempotency-Key table, keyed by scope and key', async () => {
    await applyMigrations(pool());
    const keys = await schema.query(
      `SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'blog_idempotency_keys' ORDER BY indexname`,
      [schema.name],
    );
    assert.deepEqual(keys.rows.map((row) => [row.indexname, String(row.indexdef).replace(/^.* USING /, '')]), [
      ['blog_idempotency_keys_expires_idx', 'btree (expires_at)'],
      ['blog_idempotency_keys_pkey', 'btree (scope, key)'],
    ]);
  });
});
