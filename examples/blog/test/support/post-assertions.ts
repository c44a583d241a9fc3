/** Assertions on the API's post representation, shared by the api-*.test.ts files. */
import assert from 'node:assert/strict';
import type { Reply } from './blog-process.ts';

/** The keys of a post, in the order the API writes them. */
export const POST_KEYS = ['id', 'title', 'body', 'status', 'user_id', 'inserted_at'];

/** `YYYY-MM-DDTHH:MM:SS`, no fraction, no zone. */
export const INSERTED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** Asserts `value` is a post with exactly the API's keys and an inserted_at within a minute of now. */
export function assertPost(value: unknown, expected: { title: string; body: string; status: string; user_id: number | null; id?: number }): void {
  const post = value as Record<string, unknown>;
  assert.deepEqual(Object.keys(post), POST_KEYS);
  assert.ok(Number.isSafeInteger(post.id) && (post.id as number) >= 1, `id ${String(post.id)}`);
  if (expected.id !== undefined) assert.equal(post.id, expected.id);
  assert.deepEqual({ title: post.title, body: post.body, status: post.status, user_id: post.user_id }, { title: expected.title, body: expected.body, status: expected.status, user_id: expected.user_id });
  assert.match(String(post.inserted_at), INSERTED_AT);
  const age = Date.now() - Date.parse(`${String(post.inserted_at)}Z`);
  assert.ok(age > -2_000 && age < 60_000, `inserted_at ${String(post.inserted_at)} is not now (UTC)`);
}

/** Asserts a JSON answer: status, the fw JSON content type and the exact body. */
export function assertJson(reply: Reply, status: number, body: unknown): void {
  assert.equal(reply.status, status, `${reply.status} ${reply.text}`);
  assert.equal(reply.headers['content-type'], 'application/json; charset=utf-8');
  assert.equal(reply.text, JSON.stringify(body));
}
