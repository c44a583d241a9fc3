/**
 * The three stores as the service selects them: the environment of a blog process (or of
 * inject()) on each store, in a new temporary file or schema, and the cleanup that removes it.
 * For tests that drive the service on every store; store-targets.ts opens the stores directly.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before } from 'node:test';
import { startInjectedBlog, type InjectedBlog } from './blog-injected.ts';
import { createTestSchema } from './store-postgres.ts';

/** One store as the service's environment selects it. */
export interface StoreEnvironment {
  readonly name: 'memory' | 'sqlite' | 'postgres';
  /** Prepares the backing storage; returns the service environment and a cleanup. */
  setUp(): Promise<{ env: Record<string, string>; tearDown(): Promise<void> }>;
}

/** BLOG_STORE=memory, BLOG_STORE=sqlite (a temporary file) and BLOG_STORE=postgres (a schema of its own). */
export const STORE_ENVIRONMENTS: readonly StoreEnvironment[] = [
  { name: 'memory', setUp: async () => ({ env: { BLOG_STORE: 'memory' }, tearDown: async () => {} }) },
  {
    name: 'sqlite',
    async setUp() {
      const dir = await mkdtemp(join(tmpdir(), 'blog-store-env-'));
      return { env: { BLOG_STORE: 'sqlite', BLOG_SQLITE_PATH: join(dir, 'blog.sqlite3') }, tearDown: () => rm(dir, { recursive: true, force: true }) };
    },
  },
  {
    name: 'postgres',
    async setUp() {
      const schema = await createTestSchema();
      return { env: { BLOG_STORE: 'postgres', DATABASE_URL: schema.url }, tearDown: () => schema.drop() };
    },
  },
];

/**
 * Hooks of the current suite: before it, the blog behind inject() (blog-injected.ts) on `run`'s store; after it, the
 * blog stopped and the store removed. Answers that blog, usable from the suite's tests on.
 */
export function injectedBlogOn(run: StoreEnvironment): InjectedBlog {
  let blog: InjectedBlog | undefined;
  let tearDown: (() => Promise<void>) | undefined;
  before(async () => {
    const setUp = await run.setUp();
    tearDown = setUp.tearDown;
    blog = await startInjectedBlog(setUp.env);
  });
  after(async () => {
    await blog?.stop();
    await tearDown?.();
  });
  return { request: (...args) => blog!.request(...args), logLines: () => blog!.logLines(), stop: () => blog!.stop() };
}
