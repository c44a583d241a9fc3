/**
 * `Idempotency-Key` on POST, PUT and DELETE /api/posts (docs/blog-api.md, "Idempotency keys"),
 * on every store: the first request with a key runs and its answer is kept; a repeat with the
 * same body gets that answer again with `idempotent-replayed: true`; the same key with another
 * body (or on another post) is 422; a key that is not 1 to 255 visible ASCII characters is 400.
 * Through inject() (support/blog-injected.ts): the answers are the point, not the transport.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { startBlogExpectingFailure, type Reply } from './support/blog-process.ts';
import { assertJson, assertPost } from './support/post-assertions.ts';
import { injectedBlogOn, STORE_ENVIRONMENTS } from './support/store-environments.ts';

const keyed = (key: string, extra: Record<string, string> = {}) => ({ 'idempotency-key': key, ...extra });

for (const run of STORE_ENVIRONMENTS) {
  describe(`Idempotency-Key on BLOG_STORE=${run.name}`, () => {
    const blog = injectedBlogOn(run);

    const titled = async (title: string): Promise<unknown[]> => (await blog.request('GET', '/api/posts?limit=1000')).json.posts.filter((p: { title: string }) => p.title === title);

    test('POST: the first request runs; a repeat gets the same 201, body and location, marked replayed; one post exists', async () => {
      const body = { title: 'once only', body: 'b' };
      const first = await blog.request('POST', '/api/posts', { body, headers: keyed('create-1') });
      assert.equal(first.status, 201);
      assertPost(first.json, { ...body, status: 'draft', user_id: null });
      assert.equal(first.headers.location, `/api/posts/${first.json.id}`);
      assert.equal(first.headers['idempotent-replayed'], undefined);
      for (let i = 0; i < 2; i += 1) {
        const again = await blog.request('POST', '/api/posts', { body, headers: keyed('create-1') });
        assertJson(again, 201, first.json);
        assert.equal(again.headers.location, first.headers.location);
        assert.equal(again.headers['idempotent-replayed'], 'true');
      }
      assert.deepEqual(await titled('once only'), [first.json]);
    });

    test('the same key with another body is 422 idempotency_key_reused, and nothing is written', async () => {
      await blog.request('POST', '/api/posts', { body: { title: 'kept', body: 'b' }, headers: keyed('create-2') });
      const other = await blog.request('POST', '/api/posts', { body: { title: 'other', body: 'b' }, headers: keyed('create-2') });
      assertJson(other, 422, { error: 'this Idempotency-Key was used with another request', code: 'idempotency_key_reused' });
      assert.deepEqual(await titled('other'), []);
    });

    test('the same key under another credential is another key', async () => {
      const body = { title: 'per credential', body: 'b' };
      const a = await blog.request('POST', '/api/posts', { body, headers: keyed('create-3', { authorization: 'Bearer a-first-client-token-0000' }) });
      const b = await blog.request('POST', '/api/posts', { body, headers: keyed('create-3', { authorization: 'Bearer a-second-client-token-000' }) });
      assert.equal(b.status, 201);
      assert.equal(b.headers['idempotent-replayed'], undefined);
      assert.notEqual(a.json.id, b.json.id);
    });

    test('the same bearer credential spelt another way (scheme case, spaces: RFC 9110 §11.1) is the same key: replayed, not run twice', async () => {
      const body = { title: 'one credential', body: 'b' };
      const token = 'a-client-token-spelt-two-ways';
      const first = await blog.request('POST', '/api/posts', { body, headers: keyed('create-4', { authorization: `Bearer ${token}` }) });
      for (const authorization of [`bearer ${token}`, `BEARER   ${token}`]) {
        const again = await blog.request('POST', '/api/posts', { body, headers: keyed('create-4', { authorization }) });
        assertJson(again, 201, first.json);
        assert.equal(again.headers['idempotent-replayed'], 'true', authorization);
      }
      assert.deepEqual(await titled('one credential'), [first.json]);
    });

    test('PUT: a repeat replays the first answer even after the post changed; the key on another post is 422', async () => {
      const post = (await blog.request('POST', '/api/posts', { body: { title: 'to change', body: 'b' } })).json;
      const put = (path: string, title: string, key = 'put-1') => blog.request('PUT', path, { body: { title }, headers: keyed(key) });
      const first = await put(`/api/posts/${post.id}`, 'changed once');
      assertJson(first, 200, { ...post, title: 'changed once' });
      await blog.request('PUT', `/api/posts/${post.id}`, { body: { title: 'changed since' } });
      const again = await put(`/api/posts/${post.id}`, 'changed once');
      assertJson(again, 200, first.json);
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal((await blog.request('GET', `/api/posts/${post.id}`)).json.title, 'changed since');
      assertJson(await put(`/api/posts/${post.id + 1000}`, 'changed once'), 422, { error: 'this Idempotency-Key was used with another request', code: 'idempotency_key_reused' });
    });

    test('a repeat through the same target spelt with percent-escapes (RFC 3986 §6.2.2.2) replays, not 422', async () => {
      const post = (await blog.request('POST', '/api/posts', { body: { title: 'escaped target', body: 'b' } })).json;
      const digits = String(post.id);
      const first = await blog.request('PUT', `/api/posts/${post.id}`, { body: { title: 'escaped once' }, headers: keyed('put-escaped') });
      assert.equal(first.status, 200);
      const escapedId = `%3${digits[0]}${digits.slice(1)}`;
      for (const path of [`/api/%70osts/${post.id}`, `/api/posts/${escapedId}`]) {
        const again = await blog.request('PUT', path, { body: { title: 'escaped once' }, headers: keyed('put-escaped') });
        assertJson(again, 200, first.json);
        assert.equal(again.headers['idempotent-replayed'], 'true', path);
      }
      const created = await blog.request('POST', '/api/posts', { body: { title: 'escaped create', body: 'b' }, headers: keyed('post-escaped') });
      const replayed = await blog.request('POST', '/api/%70osts', { body: { title: 'escaped create', body: 'b' }, headers: keyed('post-escaped') });
      assertJson(replayed, 201, created.json);
      assert.deepEqual(await titled('escaped create'), [created.json]);
    });

    test('DELETE: a repeat gets the first 204 again, not 404', async () => {
      const post = (await blog.request('POST', '/api/posts', { body: { title: 'to delete', body: 'b' } })).json;
      const first = await blog.request('DELETE', `/api/posts/${post.id}`, { headers: keyed('delete-1') });
      assert.equal(first.status, 204);
      const again = await blog.request('DELETE', `/api/posts/${post.id}`, { headers: keyed('delete-1') });
      assert.equal(again.status, 204);
      assert.equal(again.text, '');
      assert.equal(again.headers['idempotent-replayed'], 'true');
      assert.equal((await blog.request('DELETE', `/api/posts/${post.id}`, { headers: keyed('delete-2') })).status, 404);
    });

    test('a key that is not 1 to 255 visible ASCII characters (or such a quoted string) is 400, and nothing is written', async () => {
      const invalid = { error: 'Idempotency-Key must be 1 to 255 visible ASCII characters, or such a quoted string', code: 'idempotency_key_invalid' };
      for (const key of ['', 'two words', 'x'.repeat(256), '"unterminated', '""', 'tab\there', `"${'y'.repeat(256)}"`]) {
        const reply: Reply = await blog.request('POST', '/api/posts', { body: { title: 'refused key', body: 'b' }, headers: keyed(key) });
        assertJson(reply, 400, invalid);
      }
      assertJson(await blog.request('DELETE', '/api/posts/1', { headers: keyed('') }), 400, invalid);
      assert.deepEqual(await titled('refused key'), []);
      // A comma is HTTP's list separator: an intermediary that joins two Idempotency-Key lines with "," (RFC 9110
      // §5.3) must not make them one new key. A comma inside a quoted key is the key's own.
      for (const key of ['a,b', 'key-1,key-2', 'trailing,']) {
        assertJson(await blog.request('POST', '/api/posts', { body: { title: 'comma key', body: 'b' }, headers: keyed(key) }), 400, invalid);
      }
      assert.deepEqual(await titled('comma key'), []);
      assert.equal((await blog.request('POST', '/api/posts', { body: { title: 'quoted comma', body: 'b' }, headers: keyed('"a,b"') })).status, 201);
      for (const key of ['x'.repeat(255), '"a quoted key, with \\"escapes\\""', '~!#$%&*+-.^_`|']) {
        assert.equal((await blog.request('POST', '/api/posts', { body: { title: 'valid key', body: 'b' }, headers: keyed(key) })).status, 201, key);
      }
    });
  });
}

test('BLOG_IDEMPOTENCY_KEY_TTL_MS that is not a number of milliseconds stops start-up, naming the variable', async () => {
  const { code, stderr } = await startBlogExpectingFailure({ BLOG_IDEMPOTENCY_KEY_TTL_MS: '1h' });
  assert.equal(code, 1);
  assert.equal(stderr, 'blog: cannot start: FW_ERR_CONFIG_BAD_VALUE: BLOG_IDEMPOTENCY_KEY_TTL_MS must be an integer number of milliseconds from 1000 to 2592000000; found "1h"\n');
});
