/**
 * Writes are answered honestly when PostgreSQL stops answering (docs/blog-api.md, "When the
 * database fails"): a write that was sent and whose answer never came is 504
 * `write_outcome_unknown` without retry-after (it may be committed: a blind retry could repeat
 * it), a write that never reached the database stays 503 with retry-after. With an
 * Idempotency-Key the retry is safe: it replays the kept answer and exactly one post exists. The
 * database is reached through a TCP proxy that lets a statement through and drops its answer.
 * Through inject(): the answers are the point; the proxy is the real socket in between.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import { assertJson, assertPost } from './support/post-assertions.ts';
import { createTestSchema, type TestSchema } from './support/store-postgres.ts';
import { proxyPostgres, type TcpProxy } from './support/store-tcp-proxy.ts';

const UNKNOWN = { error: 'write outcome unknown', code: 'write_outcome_unknown' };

describe('writes when PostgreSQL stalls after the statement was sent', () => {
  let schema: TestSchema;
  let proxy: TcpProxy;
  let blog: InjectedBlog;

  before(async () => {
    schema = await createTestSchema();
    let url: string;
    ({ proxy, url } = await proxyPostgres(schema.url));
    blog = await startInjectedBlog({ BLOG_STORE: 'postgres', DATABASE_URL: url, BLOG_POSTGRES_QUERY_TIMEOUT_MS: '800', BLOG_POSTGRES_STATEMENT_TIMEOUT_MS: '800' });
  });
  after(async () => {
    await blog?.stop();
    await proxy?.close();
    await schema?.drop();
  });

  const titles = async (title: string): Promise<number> => (await schema.query('SELECT count(*)::int AS n FROM blog_posts WHERE title = $1', [title])).rows[0].n as number;

  test('a POST whose INSERT was sent and never answered is 504 write_outcome_unknown, no retry-after, and the post may exist', async () => {
    assert.equal((await blog.request('GET', '/api/posts')).status, 200);
    const sent = proxy.stallAnswersAfter('blog_posts_insert');
    const reply = await blog.request('POST', '/api/posts', { body: { title: 'stalled insert', body: 'b' } });
    await sent;
    proxy.resume();
    assertJson(reply, 504, UNKNOWN);
    assert.equal(reply.headers['retry-after'], undefined);
    assert.equal(await titles('stalled insert'), 1);
    const line = blog.logLines().find((l) => l.event === 'write_outcome_unknown');
    assert.equal(line?.level, 'error');
  });

  test('with an Idempotency-Key, the retry after an unknown outcome replays the kept 201: exactly one post', async () => {
    const request = { body: { title: 'retried with a key', body: 'b' }, headers: { 'idempotency-key': 'stall-then-retry' } };
    void proxy.stallAnswersAfter('COMMIT');
    const first = await blog.request('POST', '/api/posts', request);
    proxy.resume();
    assertJson(first, 504, UNKNOWN);
    assert.equal(first.headers['retry-after'], undefined);
    const retry = await blog.request('POST', '/api/posts', request);
    assert.equal(retry.status, 201, retry.text);
    assert.equal(retry.headers['idempotent-replayed'], 'true');
    assertPost(retry.json, { title: 'retried with a key', body: 'b', status: 'draft', user_id: null });
    assert.equal(retry.headers.location, `/api/posts/${retry.json.id}`);
    assert.equal(await titles('retried with a key'), 1);
  });

  test('PUT and DELETE whose commit was sent and never answered are 504 too', async () => {
    const post = (await blog.request('POST', '/api/posts', { body: { title: 'to change', body: 'b' } })).json;
    void proxy.stallAnswersAfter('COMMIT');
    const put = await blog.request('PUT', `/api/posts/${post.id}`, { body: { title: 'changed' } });
    proxy.resume();
    assertJson(put, 504, UNKNOWN);
    void proxy.stallAnswersAfter('blog_posts_delete');
    const removed = await blog.request('DELETE', `/api/posts/${post.id}`);
    proxy.resume();
    assertJson(removed, 504, UNKNOWN);
    assert.equal(removed.headers['retry-after'], undefined);
  });

  test('a repeat while the first request with the key is still running is 409 idempotency_key_in_use with retry-after', async () => {
    const request = { body: { title: 'slow first', body: 'b' }, headers: { 'idempotency-key': 'still-running' } };
    await schema.query('BEGIN');
    await schema.query('LOCK TABLE blog_posts IN ACCESS EXCLUSIVE MODE');
    const first = blog.request('POST', '/api/posts', request);
    await until('the first request to hold its key', async () => (await schema.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND classid = 1651273575 AND granted")).rowCount === 1);
    const second = await blog.request('POST', '/api/posts', request);
    await schema.query('COMMIT');
    assertJson(second, 409, { error: 'a request with this Idempotency-Key is still running', code: 'idempotency_key_in_use' });
    assert.equal(second.headers['retry-after'], '1');
    assert.equal((await first).status, 201);
    assert.equal(await titles('slow first'), 1);
  });

  test('a write that never reaches the database (connection refused) stays 503 with retry-after: 1', async () => {
    const before = blog.logLines().filter((l) => l.event === 'store_connection_lost').length;
    await proxy.cut();
    await until('the idle connections to be dropped', () => blog.logLines().filter((l) => l.event === 'store_connection_lost').length > before);
    const reply = await blog.request('POST', '/api/posts', { body: { title: 'refused', body: 'b' }, headers: { 'idempotency-key': 'refused-1' } });
    assertJson(reply, 503, { error: 'service unavailable' });
    assert.equal(reply.headers['retry-after'], '1');
    await proxy.restore();
    assert.equal(await titles('refused'), 0);
  });
});
