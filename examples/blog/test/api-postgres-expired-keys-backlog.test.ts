/**
 * A backlog of expired Idempotency-Keys: a day of keyed writes, then a quiet day (a nightly batch client, a service
 * stopped over a weekend, idempotency_key_ttl_ms lowered), and every kept key has expired at once. The first keyed
 * write of each minute swept them inside its own transaction, all of them in one DELETE: with more than the statement
 * timeout can delete (2,000,000 keys took 4.8 s of the default 5 s here), that write was answered 503 after the
 * statement timeout, the DELETE rolled back, and so again every minute on every instance, the table never shrinking.
 * A sweep now deletes at most PURGE_BATCH keys, skipping any another transaction holds, and the next keyed write sweeps
 * again while a sweep comes back full: each write stays quick and the backlog goes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PURGE_BATCH } from '../src/store/idempotency.ts';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

/** Far more than a statement timeout of STATEMENT_TIMEOUT_MS lets one DELETE remove (about 1 s for 400,000 here). */
const BACKLOG = 400_000;
const STATEMENT_TIMEOUT_MS = 250;

describe('a keyed write after a backlog of expired Idempotency-Keys', () => {
  let schema: TestSchema;
  let blog: InjectedBlog;

  before(async () => {
    schema = await createTestSchema();
    blog = await startInjectedBlog({ BLOG_STORE: 'postgres', DATABASE_URL: schema.url, BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: String(STATEMENT_TIMEOUT_MS) });
    await schema.query(
      `INSERT INTO blog_idempotency_keys (scope, key, fingerprint, status, body, headers, created_at, expires_at)
       SELECT 'POST /api/posts', 'old-' || g, 'f', 201, '{}', '{}', now() - interval '2 days', now() - interval '1 day' FROM generate_series(1, $1) g`,
      [BACKLOG],
    );
  });
  after(async () => {
    await blog?.stop();
    await schema?.drop();
  });

  const expired = async (): Promise<number> => (await schema.query('SELECT count(*)::int AS n FROM blog_idempotency_keys WHERE expires_at < now()')).rows[0].n as number;
  const keyedPost = (key: string) => blog.request('POST', '/api/posts', { body: { title: key, body: 'b' }, headers: { 'idempotency-key': key } });

  test('is answered 201, and each keyed write sweeps one batch while the backlog lasts', async () => {
    const first = await keyedPost('after-the-quiet-day');
    assert.equal(first.status, 201, first.text);
    assert.equal(await expired(), BACKLOG - PURGE_BATCH);
    // A full batch: the next keyed write sweeps again at once, not a minute later.
    assert.equal((await keyedPost('the-next-one')).status, 201);
    assert.equal(await expired(), BACKLOG - 2 * PURGE_BATCH);
  });

  test('skips expired keys another transaction holds instead of waiting for them past the statement timeout', async () => {
    const { default: pg } = await import('pg');
    const other = new pg.Client({ connectionString: schema.url });
    await other.connect();
    try {
      // Another instance's sweep (or a write replacing an expired key) holds the oldest expired keys.
      await other.query('BEGIN');
      await other.query('SELECT key FROM blog_idempotency_keys WHERE expires_at < now() ORDER BY expires_at LIMIT $1 FOR UPDATE', [PURGE_BATCH * 2]);
      const left = await expired();
      // Due at once: the last sweep came back full.
      const reply = await keyedPost('beside-another-sweep');
      assert.equal(reply.status, 201, reply.text);
      assert.equal(await expired(), left - PURGE_BATCH);
    } finally {
      await other.query('ROLLBACK');
      await other.end();
    }
  });
});
