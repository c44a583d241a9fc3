/**
 * PostgreSQL's `lock_timeout`, which operators set for an application role (or in its connection string's options) so
 * that a write queued behind a long lock (a migration's ALTER TABLE, a script's transaction) gives up rather than
 * holding its connection to the statement timeout: the statement fails with SQLSTATE 55P03 (lock_not_available),
 * rolled back, nothing written. Like a deadlock or the statement timeout, another session failed it, not its content:
 * the retryable 503 with Retry-After, not a programming error's 500.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { blogBesideSession } from './support/blog-beside-session.ts';
import { assertJson } from './support/post-assertions.ts';

describe('a write that waits longer than lock_timeout for another session\'s lock', () => {
  const setup = blogBesideSession((schema) => {
    const url = new URL(schema.url);
    url.searchParams.set('options', `${url.searchParams.get('options')} -c lock_timeout=200`);
    return url.href;
  });

  test('is answered 503 with retry-after, with or without an Idempotency-Key, stores nothing, and its retry runs once the lock is gone', async () => {
    const { schema, blog, other } = setup();
    const id = (await blog.request('POST', '/api/posts', { body: { title: 'before', body: 'b' } })).json.id;
    await other.query('BEGIN');
    await other.query('SELECT 1 FROM blog_posts WHERE id = $1 FOR UPDATE', [id]);
    const writes: [string, Record<string, unknown> | undefined, Record<string, string>][] = [
      ['PUT', { title: 'changed' }, {}],
      ['PUT', { title: 'changed' }, { 'idempotency-key': 'behind-a-lock' }],
      ['DELETE', undefined, {}],
    ];
    try {
      for (const [method, body, headers] of writes) {
        const reply = await blog.request(method, `/api/posts/${id}`, { ...(body && { body }), headers });
        assertJson(reply, 503, { error: 'service unavailable' });
        assert.equal(reply.headers['retry-after'], '1', method);
      }
    } finally {
      await other.query('ROLLBACK');
    }
    assert.deepEqual((await schema.query('SELECT title FROM blog_posts')).rows, [{ title: 'before' }]);
    assert.deepEqual(blog.logLines().filter((line) => line.event === 'request_failed'), []);
    const retry = await blog.request('PUT', `/api/posts/${id}`, { body: { title: 'changed' }, headers: { 'idempotency-key': 'behind-a-lock' } });
    assert.equal(retry.status, 200, retry.text);
    assert.equal(retry.json.title, 'changed');
  });
});
