/**
 * GET /api/posts budgets the bytes it sends, JSON escaping included (store/text-budget.ts): a
 * post of 50,000 `\u0001` characters is 50,000 characters but 300,000 bytes on the wire, so
 * three fit in the 1 MiB page budget, not twenty. Astral characters count their four UTF-8
 * bytes. On every store, since each measures the text where it keeps it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { MAX_PAGE_TEXT_BYTES } from '../src/posts/list-page.ts';
import type { Reply } from './support/blog-process.ts';
import { injectedBlogOn, STORE_ENVIRONMENTS } from './support/store-environments.ts';

const nextOf = (reply: Reply): string | undefined => /^<([^>]+)>; rel="next"$/.exec(String(reply.headers.link ?? ''))?.[1];
const ids = (reply: Reply): number[] => reply.json.posts.map((p: { id: number }) => p.id);

for (const run of STORE_ENVIRONMENTS) {
  describe(`a page's byte budget counts JSON bytes on BLOG_STORE=${run.name}`, () => {
    const blog = injectedBlogOn(run);

    test('posts of control characters: three of 300,000 bytes per page, every page within 1 MiB of post text', async () => {
      const created: number[] = [];
      for (let i = 0; i < 7; i += 1) {
        const reply = await blog.request('POST', '/api/posts', { body: { title: `c${i}`, body: '\u0001'.repeat(50_000) } });
        assert.equal(reply.status, 201, reply.text);
        created.unshift(reply.json.id);
      }
      const pages: number[][] = [];
      let path: string | undefined = '/api/posts?limit=1000';
      while (path !== undefined) {
        const reply = await blog.request('GET', path);
        assert.equal(reply.status, 200);
        // 3 × (2 + 300,000) bytes of text, plus each post's other fields and punctuation.
        assert.ok(Buffer.byteLength(reply.text) <= MAX_PAGE_TEXT_BYTES, `a page of ${Buffer.byteLength(reply.text)} bytes`);
        pages.push(ids(reply));
        path = nextOf(reply);
      }
      assert.deepEqual(pages, [created.slice(0, 3), created.slice(3, 6), [created[6]!]]);
      for (const id of created) assert.equal((await blog.request('DELETE', `/api/posts/${id}`)).status, 204);
    });

    test('astral characters count four bytes, quotes and newlines two', async () => {
      // 4 × 65,000 + 2 × 4,000 = 268,000 bytes in 69,000 characters (134,000 UTF-16 units): three fit, not four.
      const body = `${'𝄞'.repeat(65_000)}${'"\n'.repeat(2_000)}`;
      const created: number[] = [];
      for (let i = 0; i < 4; i += 1) created.unshift((await blog.request('POST', '/api/posts', { body: { title: 'a', body } })).json.id);
      const first = await blog.request('GET', '/api/posts?limit=1000');
      assert.deepEqual(ids(first), created.slice(0, 3));
      assert.deepEqual(ids(await blog.request('GET', nextOf(first) ?? 'no Link')), [created[3]]);
      for (const id of created) assert.equal((await blog.request('DELETE', `/api/posts/${id}`)).status, 204);
    });
  });
}
