/**
 * For a describe whose writes meet another PostgreSQL session (an operator's script holding a row, a lock): the
 * blog behind inject() on a schema of its own, and a second connection to the same schema.
 */
import { after, before } from 'node:test';
import pg from 'pg';
import { startInjectedBlog, type InjectedBlog } from './blog-injected.ts';
import { createTestSchema, type TestSchema } from './store-postgres.ts';

/** What the describe's tests use. */
export interface BlogBesideSession {
  readonly schema: TestSchema;
  readonly blog: InjectedBlog;
  /** The other session, connected to the schema. */
  readonly other: pg.Client;
}

/** Starts them before the describe's tests (the blog's DATABASE_URL is `url(schema)`) and stops them after; returns a getter. */
export function blogBesideSession(url: (schema: TestSchema) => string = (schema) => schema.url): () => BlogBesideSession {
  let started: Partial<{ -readonly [K in keyof BlogBesideSession]: BlogBesideSession[K] }> = {};
  before(async () => {
    const schema = await createTestSchema();
    started = { schema };
    started.blog = await startInjectedBlog({ BLOG_STORE: 'postgres', DATABASE_URL: url(schema) });
    started.other = new pg.Client({ connectionString: schema.url });
    await started.other.connect();
  });
  after(async () => {
    await started.other?.end();
    await started.blog?.stop();
    await started.schema?.drop();
  });
  return () => started as BlogBesideSession;
}
