/**
 * GET /api/posts caps a page by bytes as well as by count (src/posts/list-page.ts): posts whose
 * text passes 1 MiB end the page early with a `Link` to the rest, a page always holds at least
 * one post, and the body is streamed (chunked) as JSON identical to the posts one by one.
 * Requests go through inject(): its response is node:http's own, chunked framing included, and
 * no client aborts a stream here, so no socket is needed.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MAX_PAGE_TEXT_BYTES, takePage } from '../src/posts/list-page.ts';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import type { Reply } from './support/blog-process.ts';

const KB = 1024;
let blog: InjectedBlog;
const created: { id: number; size: number }[] = [];

function nextOf(reply: Reply): string | undefined {
  const match = /^<([^>]+)>; rel="next"$/.exec(String(reply.headers.link ?? ''));
  return match?.[1];
}

// Bodies are at most 100,000 characters: '€' is 3 bytes in UTF-8, so each post carries 291,001
// bytes of text; three fit in 1 MiB, a fourth does not.
const EUROS = 97_000;
const POST_BYTES = 1 + 3 * EUROS;

before(async () => {
  for (let i = 0; i < 7; i += 1) {
    if (i === 0) blog = await startInjectedBlog();
    const reply = await blog.request('POST', '/api/posts', { body: { title: 't', body: '€'.repeat(EUROS) } });
    assert.equal(reply.status, 201, reply.text);
    created.unshift({ id: reply.json.id, size: POST_BYTES });
  }
});
after(async () => {
  await blog.stop();
});

const ids = (reply: Reply): number[] => reply.json.posts.map((p: { id: number }) => p.id);

describe('a page of posts within its byte budget', () => {
  test('ends the page before the post that would pass 1 MiB of text, with a Link to the rest', async () => {
    assert.equal(MAX_PAGE_TEXT_BYTES, 1024 * KB);
    assert.ok(3 * POST_BYTES <= MAX_PAGE_TEXT_BYTES && 4 * POST_BYTES > MAX_PAGE_TEXT_BYTES);
    const first = await blog.request('GET', '/api/posts?limit=1000');
    assert.equal(first.status, 200);
    assert.equal(first.headers['transfer-encoding'], 'chunked');
    assert.deepEqual(ids(first), created.slice(0, 3).map((p) => p.id));
    const second = await blog.request('GET', nextOf(first) ?? 'no Link');
    assert.deepEqual(ids(second), created.slice(3, 6).map((p) => p.id));
    const third = await blog.request('GET', nextOf(second) ?? 'no Link');
    assert.deepEqual(ids(third), [created[6]!.id]);
    assert.equal(third.json.posts[0].body, '€'.repeat(EUROS));
    assert.equal(nextOf(third), undefined);
  });

  test('puts a post larger than the budget on a page of its own, so paging always moves on', () => {
    const post = (id: number, body: string) => ({ id, title: 't', body, status: 'draft' as const, user_id: null, inserted_at: null, updated_at: null });
    const rows = [post(1, 'x'.repeat(50)), post(2, 'é'.repeat(10)), post(3, 'y')];
    assert.deepEqual(takePage(rows, 10, 10).map((p) => p.id), [1]);
    // é is two bytes in UTF-8: 1 + 20 bytes > 20
    assert.deepEqual(takePage(rows.slice(1), 10, 20).map((p) => p.id), [2]);
    assert.deepEqual(takePage(rows.slice(1), 10, 23).map((p) => p.id), [2, 3]);
    assert.deepEqual(takePage(rows, 2, 1000).map((p) => p.id), [1, 2]);
  });

  test('still caps by count first', async () => {
    const reply = await blog.request('GET', '/api/posts?limit=1');
    assert.deepEqual(ids(reply), [created[0]!.id]);
    assert.ok(nextOf(reply));
  });

  test('streams JSON that is byte for byte the posts as GET /api/posts/:id shows them', async () => {
    const reply = await blog.request('GET', '/api/posts?limit=2');
    const one = await blog.request('GET', `/api/posts/${created[0]!.id}`);
    const two = await blog.request('GET', `/api/posts/${created[1]!.id}`);
    assert.equal(reply.text, `{"posts":[${one.text},${two.text}]}`);
  });
});
