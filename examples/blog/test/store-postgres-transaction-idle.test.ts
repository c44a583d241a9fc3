/**
 * The server ends a write's transaction that idles longer than postgres_query_timeout_ms between statements
 * (idle_in_transaction_session_timeout, set by each transaction's BEGIN: api-postgres-partition-mid-transaction.test.ts
 * says why). When this process itself stalls that long in the middle of a transaction (a blocked event loop), the next
 * statement is answered by the server's FATAL 25P03: the transaction was rolled back, nothing is stored, and the
 * write is one to retry (StoreUnavailableError, 503), never the programming error (500) an unknown SQLSTATE is.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { createStore } from '../src/store/create-store.ts';
import { StoreUnavailableError, type KeptAnswer, type Post, type PostStore } from '../src/store/store.ts';
import { recordingLogger } from './support/store-logger.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';

const QUERY_TIMEOUT_MS = 300;

describe('a PostgreSQL write whose own process stalls mid-transaction past the query timeout', () => {
  let schema: TestSchema;
  let store: PostStore;

  beforeEach(async () => {
    schema = await createTestSchema();
    const settings = { store: 'postgres', database_url: schema.url, postgres_query_timeout_ms: QUERY_TIMEOUT_MS, postgres_statement_timeout_ms: 200 } as const;
    store = await createStore(settings, { appDir: '.', env: {}, logger: recordingLogger().logger });
  });
  afterEach(async () => {
    await store.close();
    await schema.drop();
  });

  it('rejects with StoreUnavailableError, the FATAL 25P03 as cause, and stores nothing', async () => {
    const claim = { key: 'stalled', scope: 'POST /api/posts anonymous', fingerprint: 'f' };
    // The kept answer is made between the INSERT and the key's row: the event loop blocked there, twice the idle limit.
    const answer = (post: Post): KeptAnswer => {
      const until = performance.now() + 2 * QUERY_TIMEOUT_MS;
      while (performance.now() < until);
      return { status: 201, body: JSON.stringify({ id: post.id }), headers: {} };
    };
    const error = await store.writeOnce(claim, { kind: 'create', input: { title: 'stalled', body: 'b', status: 'draft', user_id: null } }, answer).catch((e: unknown) => e);
    assert.ok(error instanceof StoreUnavailableError, String(error));
    assert.deepEqual({ code: (error.cause as { code?: unknown }).code, severity: (error.cause as { severity?: unknown }).severity }, { code: '25P03', severity: 'FATAL' });
    assert.deepEqual((await schema.query('SELECT title FROM blog_posts')).rows, []);
    assert.deepEqual((await schema.query('SELECT key FROM blog_idempotency_keys')).rows, []);
  });
});
