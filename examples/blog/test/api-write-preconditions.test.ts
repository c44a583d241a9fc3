/**
 * If-Match and If-None-Match on PUT and DELETE /api/posts/:id (docs/blog-api.md, "Preconditions"), on every store.
 * The blog sends no entity tag, so RFC 9110 §13.1.1 makes an If-Match of tags false on an existing post: the write
 * must not run (412). It ran, so a client guarding against a lost update (If-Match with the tag it last saw)
 * overwrote or deleted a post all the same. Through inject(): the answers are the point, not the transport.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { assertJson } from './support/post-assertions.ts';
import { injectedBlogOn, STORE_ENVIRONMENTS } from './support/store-environments.ts';

const FAILED = { error: 'precondition failed' };

for (const run of STORE_ENVIRONMENTS) {
  describe(`write preconditions on BLOG_STORE=${run.name}`, () => {
    const blog = injectedBlogOn(run);

    const newPost = async () => (await blog.request('POST', '/api/posts', { body: { title: 'guarded', body: 'b' } })).json;
    const put = (id: number, headers: Record<string, string>) => blog.request('PUT', `/api/posts/${id}`, { body: { title: 'changed' }, headers });

    test('PUT and DELETE with If-Match naming tags (none can match) are 412 and change nothing', async () => {
      const post = await newPost();
      for (const ifMatch of ['"v1"', 'W/"v1"', '"a", "b"', '*, "a"']) {
        assertJson(await put(post.id, { 'if-match': ifMatch }), 412, FAILED);
        assertJson(await blog.request('DELETE', `/api/posts/${post.id}`, { headers: { 'if-match': ifMatch } }), 412, FAILED);
      }
      assertJson(await blog.request('GET', `/api/posts/${post.id}`), 200, post);
    });

    test('If-None-Match: * on an existing post is 412 (also beside If-Match: *); with tags it is true', async () => {
      const post = await newPost();
      assertJson(await put(post.id, { 'if-none-match': '*' }), 412, FAILED);
      assertJson(await put(post.id, { 'if-match': '*', 'if-none-match': '*' }), 412, FAILED);
      assertJson(await blog.request('DELETE', `/api/posts/${post.id}`, { headers: { 'if-none-match': '*' } }), 412, FAILED);
      assert.equal((await put(post.id, { 'if-none-match': '"v1"' })).status, 200);
    });

    test('If-Match: * is true on an existing post; on a missing one the preconditions are ignored: 404', async () => {
      const post = await newPost();
      assertJson(await put(post.id, { 'if-match': '*' }), 200, { ...post, title: 'changed' });
      assert.equal((await blog.request('DELETE', `/api/posts/${post.id}`, { headers: { 'if-match': '*' } })).status, 204);
      assertJson(await put(post.id, { 'if-match': '"v1"' }), 404, { error: 'post not found' });
      assertJson(await blog.request('DELETE', `/api/posts/${post.id}`, { headers: { 'if-none-match': '*' } }), 404, { error: 'post not found' });
    });

    test('a 412 keeps nothing with its Idempotency-Key: the same key without the failed precondition runs', async () => {
      const post = await newPost();
      const key = { 'idempotency-key': `guarded-${post.id}` };
      assertJson(await put(post.id, { ...key, 'if-match': '"v1"' }), 412, FAILED);
      const ran = await put(post.id, key);
      assertJson(ran, 200, { ...post, title: 'changed' });
      assert.equal(ran.headers['idempotent-replayed'], undefined);
    });
  });
}
