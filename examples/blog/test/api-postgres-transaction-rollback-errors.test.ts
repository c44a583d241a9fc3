/**
 * PostgreSQL errors that roll a statement back because of other sessions or the server's resources, not because of the
 * statement: SQLSTATE class 40 (deadlock_detected, serialization_failure: "retry the transaction") and class 53
 * (insufficient resources: disk full, out of memory). Nothing of the write is stored, so it is the retryable 503 with
 * Retry-After, not a programming error's 500. Here another session (an operator's script) holds the post's row and
 * then waits for the write's Idempotency-Key lock: the server breaks the deadlock by failing the write's statement.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { until } from '../../../packages/fw-core/test/support/until.ts';
import { blogBesideSession } from './support/blog-beside-session.ts';
import { assertJson } from './support/post-assertions.ts';

describe('a write failed by a deadlock with another session', () => {
  const setup = blogBesideSession();

  test('is answered 503 with retry-after, stores nothing, and its retry with the same key runs once', async () => {
    const { schema, blog, other } = setup();
    const post = (await blog.request('POST', '/api/posts', { body: { title: 'before', body: 'b' } })).json;
    const request = { body: { title: 'from the API' }, headers: { 'idempotency-key': 'deadlocked' } };
    // The write's session, checking first, is the one the server fails.
    await other.query("SET deadlock_timeout = '60s'");
    await other.query('BEGIN');
    await other.query('UPDATE blog_posts SET body = $1 WHERE id = $2', ['held by a script', post.id]);
    const put = blog.request('PUT', `/api/posts/${post.id}`, request);
    await until('the PUT to wait for the row', async () => (await schema.query("SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE'")).rowCount === 1);
    // The script now waits for the key the PUT holds: a cycle, which the server breaks by failing the PUT's statement.
    const scriptWaits = other.query('SELECT pg_advisory_xact_lock(1651273575, hashtext($1))', [`PUT /api/posts/:id anonymous\n${request.headers['idempotency-key']}`]);
    const reply = await put;
    await scriptWaits;
    await other.query('ROLLBACK');
    assertJson(reply, 503, { error: 'service unavailable' });
    assert.equal(reply.headers['retry-after'], '1');
    assert.equal((await blog.request('GET', `/api/posts/${post.id}`)).json.title, 'before');
    const retry = await blog.request('PUT', `/api/posts/${post.id}`, request);
    assert.equal(retry.status, 200, retry.text);
    assert.equal(retry.headers['idempotent-replayed'], undefined);
    assert.equal(retry.json.title, 'from the API');
  });
});
