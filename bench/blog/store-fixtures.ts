/**
 * Per-store setup for the blog benchmark: a fresh SQLite file or PostgreSQL schema, and bulk
 * seeding. SQLite and PostgreSQL are seeded with one SQL statement into the store's own tables
 * (src/store/sql/*): seeding 100k posts through POST would time each fsync'd commit, not the
 * list. The memory store can only be filled through the API.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import autocannon from 'autocannon';
import pg from 'pg';
import { postgresBackendCpuMicros } from './postgres-backend-cpu.ts';

/** The stores the benchmark knows. */
export type StoreName = 'memory' | 'sqlite' | 'postgres';

/** A prepared store: the service environment, a seeder and a cleanup. */
export interface StoreFixture {
  readonly env: Record<string, string>;
  /** Adds `count` posts with distinct inserted_at times; `url` is the running service. */
  seed(count: number, url: string): Promise<void>;
  /** CPU µs so far that the database spent outside the service process `pid` serving it: 0 for the in-process stores. */
  databaseCpuMicros(pid: number): Promise<number>;
  cleanup(): Promise<void>;
}

const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Prepares `store`. */
export async function prepareStore(store: StoreName): Promise<StoreFixture> {
  switch (store) {
    case 'memory':
      return { env: { BLOG_STORE: 'memory' }, seed: seedThroughApi, databaseCpuMicros: async () => 0, cleanup: async () => {} };
    case 'sqlite':
      return prepareSqlite();
    case 'postgres':
      return preparePostgres();
  }
}

async function seedThroughApi(count: number, url: string): Promise<void> {
  if (count <= 0) return;
  const result = await autocannon({
    url,
    connections: 20,
    amount: count,
    requests: [{ method: 'POST', path: '/api/posts', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Seeded post', body: 'Lorem ipsum dolor sit amet. '.repeat(4), status: 'published', user_id: 7 }) }],
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`seeding: ${result.non2xx} non-2xx, ${result.errors} errors`);
}

async function prepareSqlite(): Promise<StoreFixture> {
  const dir = await mkdtemp(join(tmpdir(), 'blog-bench-'));
  const path = join(dir, 'blog.sqlite3');
  return {
    env: { BLOG_STORE: 'sqlite', BLOG_SQLITE_PATH: path },
    async seed(count) {
      const db = new DatabaseSync(path);
      db.exec('PRAGMA busy_timeout = 5000');
      const start = Date.now() - count * 1000;
      // one post per second into the past, so every inserted_at differs
      db.prepare(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
        INSERT INTO posts (title, body, status, user_id, inserted_at, updated_at)
        SELECT 'Seeded post ' || i, 'Lorem ipsum dolor sit amet. Lorem ipsum dolor sit amet.', 'published', 7,
               strftime('%Y-%m-%dT%H:%M:%fZ', (? + i * 1000) / 1000.0, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%fZ', (? + i * 1000) / 1000.0, 'unixepoch')
        FROM n`).run(count, start, start);
      db.close();
    },
    databaseCpuMicros: async () => 0,
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
}

async function preparePostgres(): Promise<StoreFixture> {
  const schema = `blog_bench_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const admin = new pg.Client({ connectionString: DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const url = new URL(DATABASE_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { BLOG_STORE: 'postgres', DATABASE_URL: url.href },
    async seed(count) {
      await admin.query(`INSERT INTO ${schema}.blog_posts (title, body, status, user_id, inserted_at, updated_at)
        SELECT 'Seeded post ' || i, 'Lorem ipsum dolor sit amet. Lorem ipsum dolor sit amet.', 'published', 7,
               now() - make_interval(secs => $1::int - i), now() - make_interval(secs => $1::int - i)
        FROM generate_series(1, $1::int) AS i`, [count]);
      await admin.query(`ANALYZE ${schema}.blog_posts`);
    },
    databaseCpuMicros: (pid) => postgresBackendCpuMicros(admin, pid, Number(url.port || 5432)),
    async cleanup() {
      try {
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}
