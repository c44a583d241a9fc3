/**
 * A network partition between the blog and PostgreSQL with a transaction open: the blog's COMMIT never reaches the
 * server, and neither does the end of the connection (no FIN, no RST: a firewall dropping state, the blog's host
 * frozen or gone). The blog answers 504 after postgres_query_timeout_ms and drops the connection; the server's
 * session stays `idle in transaction`, holding what the transaction locked (a PUT's row lock, a keyed write's
 * advisory lock), until its TCP keep-alive notices the peer is gone: two hours by Linux's default. Every retry of that
 * PUT (503 at the statement timeout, "retry") and of that keyed POST (409 in_progress, "retry") failed for as long.
 * The blog's connections now carry idle_in_transaction_session_timeout (postgres_query_timeout_ms): the server ends
 * such a transaction, rolled back, once it idles longer than the blog ever waits for an answer, and the retries
 * succeed. The partition is a TCP proxy that holds back the COMMIT and keeps its side to the server open.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import { assertJson } from './support/post-assertions.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';
import { proxyPostgres, type TcpProxy } from './support/store-tcp-proxy.ts';

const QUERY_TIMEOUT_MS = 1000;
const UNKNOWN = { error: 'write outcome unknown', code: 'write_outcome_unknown' };
/** Long enough for the server to end the held transaction (QUERY_TIMEOUT_MS idle) with retries a second apart; far below TCP keep-alive. */
const RETRIES_WITHIN_MS = 8_000;

describe('a partition with a transaction open on the server', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let blog: InjectedBlog;

  before(async () => {
    schema = await createTestSchema();
    let url: string;
    ({ proxy, url } = await proxyPostgres(schema.url));
    blog = await startInjectedBlog({ BLOG_STORE: 'postgres', DATABASE_URL: url, BLOG_POSTGRES_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS), BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: '800' });
  });
  after(async () => {
    await blog?.stop();
    await proxy?.close();
    await schema?.drop();
  });

  /** Sends `send()` again, a second apart as Retry-After says, until it answers `status`; the answers seen. */
  const retryUntil = (status: number, send: () => ReturnType<InjectedBlog['request']>) => {
    const seen: number[] = [];
    return until(`an answer ${status}`, async () => {
      const reply = await send();
      seen.push(reply.status);
      if (reply.status === status) return reply;
      assert.ok([503, 409].includes(reply.status) && reply.headers['retry-after'] === '1', `${reply.status} ${reply.text}`);
      return undefined;
    }, { timeoutMs: RETRIES_WITHIN_MS, everyMs: 1000 }).catch((error: Error) => {
      throw new Error(`${error.message}; the retries were answered ${seen.join(', ')}`);
    });
  };

  test('a PUT whose COMMIT was lost in the partition: 504, then a retry updates the post once the server has ended the held transaction', async () => {
    const post = (await blog.request('POST', '/api/posts', { body: { title: 'before', body: 'b' } })).json;
    const held = proxy.holdAfter('COMMIT');
    try {
      assertJson(await blog.request('PUT', `/api/posts/${post.id}`, { body: { title: 'lost' } }), 504, UNKNOWN);
      proxy.resume();
      const reply = await retryUntil(200, () => blog.request('PUT', `/api/posts/${post.id}`, { body: { title: 'retried' } }));
      assert.equal(reply.json.title, 'retried');
    } finally {
      // The network comes back: the held COMMIT reaches a session the server has ended, and changes nothing.
      held.deliver();
    }
    assert.equal((await blog.request('GET', `/api/posts/${post.id}`)).json.title, 'retried');
    const { rows } = await schema.query('SELECT title FROM blog_posts WHERE id = $1', [post.id]);
    assert.deepEqual(rows, [{ title: 'retried' }]);
  });

  test('a keyed POST whose COMMIT was lost: 504, then its retry with the same key is stored exactly once', async () => {
    const request = { body: { title: 'keyed in a partition', body: 'b' }, headers: { 'idempotency-key': 'partition-key' } };
    const held = proxy.holdAfter('COMMIT');
    let reply;
    try {
      assertJson(await blog.request('POST', '/api/posts', request), 504, UNKNOWN);
      proxy.resume();
      reply = await retryUntil(201, () => blog.request('POST', '/api/posts', request));
      // Rolled back by the server, not replayed: the retry ran the write itself.
      assert.equal(reply.headers['idempotent-replayed'], undefined);
    } finally {
      held.deliver();
    }
    const { rows } = await schema.query('SELECT id::int AS id FROM blog_posts WHERE title = $1', ['keyed in a partition']);
    assert.deepEqual(rows, [{ id: reply.json.id }]);
  });
});
