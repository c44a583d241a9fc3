/**
 * The same black-box CRUD flow against the service on each persistent store: BLOG_STORE=sqlite
 * (a temp file) and BLOG_STORE=postgres (DATABASE_URL with a search_path on a schema of this run).
 * Data outlives a graceful restart on both. The flow goes through inject()
 * (support/blog-injected.ts): the stores are the point, not the transport; only the start-up
 * refusal (an exit code and stderr) and the restart's exit code need the real process.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import { startBlog, startBlogExpectingFailure } from './support/blog-process.ts';
import { assertJson, assertPost } from './support/post-assertions.ts';
import { STORE_ENVIRONMENTS } from './support/store-environments.ts';

const runs = STORE_ENVIRONMENTS.filter((run) => run.name !== 'memory');

for (const run of runs) {
  describe(`BLOG_STORE=${run.name}`, () => {
    let blog: InjectedBlog;
    let env: Record<string, string>;
    let tearDown: () => Promise<void>;
    const created: Record<string, unknown>[] = [];

    before(async () => {
      ({ env, tearDown } = await run.setUp());
      blog = await startInjectedBlog(env);
    });
    after(async () => {
      await blog?.stop();
      await tearDown?.();
    });

    test('the store named is the store opened', () => {
      assert.ok(blog.logLines().some((line) => line.event === 'store_opened' && line.store === run.name));
    });

    test('create: 201 with defaults and given values', async () => {
      for (const payload of [{ title: 'first', body: 'one' }, { title: 'second', body: 'two', status: 'published', user_id: 3 }, { title: 'third ✓', body: 'three', status: 'archived' }]) {
        const reply = await blog.request('POST', '/api/posts', { body: payload });
        assert.equal(reply.status, 201, reply.text);
        assertPost(reply.json, { status: 'draft', user_id: null, ...payload });
        created.push(reply.json);
      }
    });

    test('read one, and list newest first', async () => {
      for (const post of created) assertJson(await blog.request('GET', `/api/posts/${String(post.id)}`), 200, post);
      assertJson(await blog.request('GET', '/api/posts'), 200, { posts: [...created].reverse() });
      // the service asks the store for limit + 1 posts: 1001 at the largest page size
      assertJson(await blog.request('GET', '/api/posts?limit=1000'), 200, { posts: [...created].reverse() });
    });

    test('paging by cursor and the status filter', async () => {
      const first = await blog.request('GET', '/api/posts?limit=2');
      assertJson(first, 200, { posts: [created[2], created[1]] });
      const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))?.[1];
      assert.ok(next);
      const second = await blog.request('GET', next);
      assertJson(second, 200, { posts: [created[0]] });
      assert.equal(second.headers.link, undefined);
      assertJson(await blog.request('GET', '/api/posts?status=published'), 200, { posts: [created[1]] });
    });

    test('update: partial, 200 with the post; a no-op update changes nothing', async () => {
      const post = created[0]!;
      const reply = await blog.request('PUT', `/api/posts/${String(post.id)}`, { body: { body: 'one, edited', status: 'published' } });
      assertJson(reply, 200, { ...post, body: 'one, edited', status: 'published' });
      created[0] = reply.json;
      assertJson(await blog.request('PUT', `/api/posts/${String(post.id)}`, { body: { title: 'first' } }), 200, created[0]);
      assertJson(await blog.request('PUT', `/api/posts/${String(post.id)}`, { body: { title: '' } }), 422, { errors: { title: ["can't be blank"] } });
    });

    test('delete: 204, then 404 everywhere', async () => {
      const post = created.pop()!;
      assert.equal((await blog.request('DELETE', `/api/posts/${String(post.id)}`)).status, 204);
      for (const method of ['GET', 'PUT', 'DELETE']) {
        const reply = await blog.request(method, `/api/posts/${String(post.id)}`, method === 'PUT' ? { body: { title: 'x' } } : {});
        assertJson(reply, 404, { error: 'post not found' });
      }
    });

    test('ids are never reused after the highest is deleted', async () => {
      const reply = await blog.request('POST', '/api/posts', { body: { title: 'fourth', body: 'four' } });
      assert.equal(reply.status, 201);
      assert.ok(reply.json.id > (created.at(-1)!.id as number) + 1, `id ${reply.json.id} reused`);
      created.push(reply.json);
    });

    test('the data outlives a graceful restart', async () => {
      await blog.stop();
      // Restarted as `npm start` runs it, so its graceful stop (SIGTERM) on this store is seen to exit 0.
      const restarted = await startBlog(env);
      const reply = await restarted.request('GET', '/api/posts');
      assert.equal(await restarted.stop(), 0);
      assertJson(reply, 200, { posts: [...created].reverse() });
    });
  });
}

test('BLOG_STORE naming no store stops start-up with exit 1 and a message naming the variable', async () => {
  const { code, stderr } = await startBlogExpectingFailure({ BLOG_STORE: 'mysql' });
  assert.equal(code, 1);
  assert.equal(stderr, 'blog: cannot start: BLOG_ERR_BAD_ENV: BLOG_STORE must be one of memory, sqlite, postgres; found "mysql"\n');
});
