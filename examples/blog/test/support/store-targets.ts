/**
 * The three stores as contract-suite targets, each opened through `createStore` like the app
 * does. Every `open` answers a fresh, empty store in a new file or schema; `after` removes them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createStore } from '../../src/store/create-store.ts';
import type { PostStore, StoreSettings } from '../../src/store/store.ts';
import { recordingLogger } from './store-logger.ts';
import { createTestSchema, type TestSchema } from './store-postgres.ts';

/** A store implementation under test. */
export interface StoreTarget {
  readonly name: string;
  before(): Promise<void>;
  /** A fresh, empty store stamped by `now`. */
  open(now: () => Date): Promise<PostStore>;
  after(): Promise<void>;
}

// `env: {}` so a DATABASE_URL in the environment cannot redirect tests away from their schema.
function openWith(settings: StoreSettings, appDir: string, now: () => Date): Promise<PostStore> {
  return createStore(settings, { appDir, env: {}, logger: recordingLogger().logger, now });
}

/** The memory store. */
export const memoryTarget: StoreTarget = {
  name: 'memory',
  before: async () => {},
  open: (now) => openWith({ store: 'memory' }, tmpdir(), now),
  after: async () => {},
};

/** The SQLite store, one new file per test in a temporary directory. */
export function sqliteTarget(): StoreTarget {
  let dir = '';
  let files = 0;
  return {
    name: 'sqlite',
    before: async () => {
      dir = await mkdtemp(join(tmpdir(), 'blog-store-'));
    },
    open: (now) => openWith({ store: 'sqlite', sqlite_path: `db-${++files}.sqlite3` }, dir, now),
    after: () => rm(dir, { recursive: true, force: true }),
  };
}

/** The PostgreSQL store, in a new schema for every test (migrated by the store as it opens). */
export function postgresTarget(): StoreTarget {
  const schemas: TestSchema[] = [];
  return {
    name: 'postgres',
    before: async () => {},
    async open(now) {
      const schema = await createTestSchema();
      schemas.push(schema);
      return openWith({ store: 'postgres', database_url: schema.url }, tmpdir(), now);
    },
    after: async () => {
      await Promise.all(schemas.splice(0).map((schema) => schema.drop()));
    },
  };
}
