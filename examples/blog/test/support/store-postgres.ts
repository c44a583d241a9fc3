/**
 * PostgreSQL helpers for store tests: every test run works in its own schema (the `test` database
 * is shared with other test files running at the same time) and drops it afterwards.
 */
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { DEFAULT_DATABASE_URL } from '../../src/store/store-settings.ts';

/** The server the tests use: DATABASE_URL when set, else the local default. */
export const TEST_DATABASE_URL = process.env.DATABASE_URL || DEFAULT_DATABASE_URL;

/** A schema of its own, with a connection string whose search_path points at it. */
export interface TestSchema {
  readonly name: string;
  /** Connection string with `options=-c search_path=<name>`. */
  readonly url: string;
  /** Runs SQL as the admin connection, with search_path set to the schema. */
  query(text: string, values?: unknown[]): Promise<pg.QueryResult>;
  /** Drops the schema with everything in it and closes the admin connection. */
  drop(): Promise<void>;
}

/** Creates a uniquely named empty schema. */
export async function createTestSchema(): Promise<TestSchema> {
  const name = `blog_store_test_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const url = withSearchPath(TEST_DATABASE_URL, name);
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${name}`);
  await admin.query(`SET search_path TO ${name}`);
  return {
    name,
    url,
    query: (text, values) => admin.query(text, values),
    async drop() {
      try {
        await admin.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}

/** `url` with a startup option that sets search_path to `schema`. */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set('options', `-c search_path=${schema}`);
  return parsed.href;
}
