/**
 * GET /api/posts paging: order, limit, the Link header, walking every page by cursor, the status
 * filter and every bad query value. Ties on inserted_at and posts without one are set up in an
 * SQLite file (the memory store stamps every post with the clock) in the last describe. Requests
 * go through inject() (support/blog-injected.ts): the query handling is the point, not the
 * transport. One injected blog runs at a time, so each describe starts its own.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { after, before, describe, test } from 'node:test';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import type { Reply } from './support/blog-process.ts';
import { assertJson } from './support/post-assertions.ts';

const STATUSES = ['draft', 'published', 'archived'] as const;
let blog: InjectedBlog;
/** Every post, newest first, as GET /api/posts/:id shows them. */
let all: Record<string, unknown>[] = [];

/** The target of a `Link: <...>; rel="next"` header, or undefined. */
function nextOf(reply: Reply): string | undefined {
  const link = reply.headers.link;
  if (link === undefined) return undefined;
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link));
  assert.ok(match, `bad Link header ${String(link)}`);
  return match[1];
}

async function walk(first: string): Promise<{ posts: Record<string, unknown>[]; pages: number }> {
  const posts: Record<string, unknown>[] = [];
  let path: string | undefined = first;
  let pages = 0;
  while (path !== undefined) {
    const reply = await blog.request('GET', path);
    assert.equal(reply.status, 200, reply.text);
    posts.push(...reply.json.posts);
    pages += 1;
    path = nextOf(reply);
    assert.ok(pages < 1000, 'paging does not end');
  }
  return { posts, pages };
}

describe('105 posts in the memory store', () => {
  before(async () => {
    blog = await startInjectedBlog();
    for (let i = 0; i < 105; i += 1) {
      const reply = await blog.request('POST', '/api/posts', { body: { title: `post ${i}`, body: 'b', status: STATUSES[i % 3] } });
      assert.equal(reply.status, 201);
      all.unshift(reply.json);
    }
  });
  after(async () => {
    await blog.stop();
  });

  describe('order and limit', () => {
    test('newest inserted_at first, ties by id descending; default limit 100', async () => {
      const reply = await blog.request('GET', '/api/posts');
      assertJson(reply, 200, { posts: all.slice(0, 100) });
      const ids = reply.json.posts.map((p: { id: number }) => p.id);
      assert.deepEqual(ids, [...ids].sort((a: number, b: number) => b - a));
      assert.equal(nextOf(reply)?.startsWith('/api/posts?limit=100&cursor='), true);
    });

    test('limit=1000 returns everything with no Link', async () => {
      const reply = await blog.request('GET', '/api/posts?limit=1000');
      assertJson(reply, 200, { posts: all });
      assert.equal(reply.headers.link, undefined);
    });

    test('a limit equal to the number of posts has no next page', async () => {
      const reply = await blog.request('GET', `/api/posts?limit=${all.length}`);
      assert.equal(reply.json.posts.length, all.length);
      assert.equal(reply.headers.link, undefined);
    });

    test('limit=1 gives one post and a Link', async () => {
      const reply = await blog.request('GET', '/api/posts?limit=1');
      assertJson(reply, 200, { posts: all.slice(0, 1) });
      assert.match(String(reply.headers.link), /^<\/api\/posts\?limit=1&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
    });
  });

  describe('walking pages by cursor', () => {
    test('limit=10 returns every post once, in order, in 11 pages', async () => {
      const { posts, pages } = await walk('/api/posts?limit=10');
      assert.equal(pages, 11);
      assert.deepEqual(posts, all);
    });

    test('limit=7 with status=published keeps the filter in every Link', async () => {
      const published = all.filter((p) => p.status === 'published');
      const first = await blog.request('GET', '/api/posts?limit=7&status=published');
      assert.match(String(first.headers.link), /^<\/api\/posts\?limit=7&cursor=[A-Za-z0-9_-]+&status=published>; rel="next"$/);
      const { posts } = await walk('/api/posts?limit=7&status=published');
      assert.deepEqual(posts, published);
    });

    test('a cursor is a position: deleting the post it was taken after does not break the walk', async () => {
      const first = await blog.request('GET', '/api/posts?limit=5');
      const last = first.json.posts[4];
      const extra = await blog.request('POST', '/api/posts', { body: { title: 'newest', body: 'b' } });
      assert.equal((await blog.request('DELETE', `/api/posts/${last.id}`)).status, 204);
      const rest = await walk(nextOf(first)!);
      assert.deepEqual(rest.posts, all.slice(5));
      // restore the fixture: the deleted post is gone for good, so drop it from `all`
      assert.equal((await blog.request('DELETE', `/api/posts/${extra.json.id}`)).status, 204);
      all = all.filter((p) => p.id !== last.id);
    });
  });

  describe('status filter', () => {
    for (const status of STATUSES) {
      test(`status=${status} lists only ${status} posts, newest first`, async () => {
        assertJson(await blog.request('GET', `/api/posts?status=${status}&limit=1000`), 200, { posts: all.filter((p) => p.status === status) });
      });
    }
  });

  describe('unknown query parameters are ignored', () => {
    for (const query of ['foo=bar', 'limit[]=1', 'LIMIT=0', 'status[$ne]=draft', '__proto__=1&constructor=2', 'page=3&offset=9']) {
      test(`?${query}`, async () => {
        assertJson(await blog.request('GET', `/api/posts?${query}`), 200, { posts: all.slice(0, 100) });
      });
    }
  });

  describe('bad query values → 400 naming the parameter', () => {
    const LIMIT = { error: 'limit must be an integer from 1 to 1000' };
    const CURSOR = { error: 'cursor is not valid: pass the cursor of a Link rel="next" header unchanged' };
    const STATUS = { error: 'status must be one of draft, published, archived' };
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const cases: [string, unknown][] = [
      ['limit=0', LIMIT],
      ['limit=1001', LIMIT],
      ['limit=abc', LIMIT],
      ['limit=1.5', LIMIT],
      ['limit=-1', LIMIT],
      ['limit=', LIMIT],
      ['limit=05', LIMIT],
      ['limit=1e2', LIMIT],
      ['limit=%2B5', LIMIT],
      ['limit=%205', LIMIT],
      ['limit=10000', LIMIT],
      ['limit=%zz', LIMIT],
      ['limit=1&limit=2', { error: 'limit must be given at most once' }],
      ['limit=5&limit=5', { error: 'limit must be given at most once' }],
      ['cursor=', CURSOR],
      ['cursor=not-a-cursor', CURSOR],
      ['cursor=%00', CURSOR],
      [`cursor=${b64('x,1')}`, CURSOR],
      [`cursor=${b64('1700000000000,0')}`, CURSOR],
      [`cursor=${b64('1700000000000,01')}`, CURSOR],
      [`cursor=${b64('1700000000000,1,2')}`, CURSOR],
      [`cursor=${b64('9000000000000000,1')}`, CURSOR],
      [`cursor=${b64('1700000000000,99999999999999999')}`, CURSOR],
      [`cursor=${b64('null,1')}=`, CURSOR],
      [`cursor=${Buffer.from('null,1').toString('base64')}%3D%3D`, CURSOR],
      [`cursor=${'A'.repeat(5000)}`, CURSOR],
      [`cursor=${b64('null,1')}&cursor=${b64('null,2')}`, { error: 'cursor must be given at most once' }],
      ['status=deleted', STATUS],
      ['status=Draft', STATUS],
      ['status=', STATUS],
      ['status=draft&status=published', { error: 'status must be given at most once' }],
    ];
    for (const [query, body] of cases) {
      test(`?${query.length > 60 ? `${query.slice(0, 60)}…` : query}`, async () => {
        assertJson(await blog.request('GET', `/api/posts?${query}`), 400, body);
      });
    }

    test('a well-formed cursor made by hand is accepted (null inserted_at, then a time)', async () => {
      assertJson(await blog.request('GET', `/api/posts?cursor=${b64('null,1')}`), 200, { posts: [] });
      const reply = await blog.request('GET', `/api/posts?cursor=${b64('0,1')}&limit=1000`);
      assertJson(reply, 200, { posts: [] });
    });
  });
});

describe('ties on inserted_at and posts without one (SQLite file written directly)', () => {
  // [id, stored inserted_at]: the store's own schema (src/store/sql/sqlite-schema.ts) is written by
  // hand so that times can tie exactly and some are not date-times at all.
  const rows: [number, string | null][] = [
    [1, '2024-05-01T12:00:00.000Z'],
    [2, '2024-05-01T12:00:00.000Z'],
    [3, '2024-05-01T12:00:00.000Z'],
    [4, '2024-05-02T08:00:00.000Z'],
    [5, '2024-05-01T12:00:00.500Z'],
    [6, null],
    [7, 'not a date'],
    [8, '2023-12-31T23:59:59.999Z'],
    [9, '2024-05-01T12:00:00.000Z'],
  ];
  const expectedOrder = [4, 5, 9, 3, 2, 1, 8, 7, 6];
  const shown: Record<number, string | null> = { 1: '2024-05-01T12:00:00', 2: '2024-05-01T12:00:00', 3: '2024-05-01T12:00:00', 4: '2024-05-02T08:00:00', 5: '2024-05-01T12:00:00', 6: null, 7: null, 8: '2023-12-31T23:59:59', 9: '2024-05-01T12:00:00' };
  let dir: string;
  let tied: InjectedBlog;

  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'blog-paging-'));
    const env = { BLOG_STORE: 'sqlite', BLOG_SQLITE_PATH: join(dir, 'blog.sqlite3') };
    await (await startInjectedBlog(env)).stop(); // creates the schema
    const db = new DatabaseSync(env.BLOG_SQLITE_PATH);
    const insert = db.prepare("INSERT INTO posts (id, title, body, status, user_id, inserted_at, updated_at) VALUES (?, ?, 'b', ?, NULL, ?, ?)");
    for (const [id, at] of rows) insert.run(id, `post ${id}`, id % 2 === 0 ? 'published' : 'draft', at, at);
    db.close();
    tied = await startInjectedBlog(env);
  });
  after(async () => {
    await tied?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('newest first; equal times by id descending; posts without a date-time last, by id descending', async () => {
    const reply = await tied.request('GET', '/api/posts');
    assert.equal(reply.status, 200);
    const posts = reply.json.posts as { id: number; inserted_at: string | null }[];
    assert.deepEqual(posts.map((p) => p.id), expectedOrder);
    for (const post of posts) assert.equal(post.inserted_at, shown[post.id], `inserted_at of ${post.id}`);
  });

  for (const limit of [1, 2, 3, 4]) {
    test(`walking with limit=${limit} crosses ties and the null group without loss or repeat`, async () => {
      const posts: { id: number }[] = [];
      let path: string | undefined = `/api/posts?limit=${limit}`;
      while (path !== undefined) {
        const reply = await tied.request('GET', path);
        assert.equal(reply.status, 200, reply.text);
        posts.push(...reply.json.posts);
        path = nextOf(reply);
      }
      assert.deepEqual(posts.map((p) => p.id), expectedOrder);
    });
  }

  test('status filter keeps the same order', async () => {
    const reply = await tied.request('GET', '/api/posts?status=published&limit=2');
    assert.deepEqual(reply.json.posts.map((p: { id: number }) => p.id), [4, 2]);
    const rest = await tied.request('GET', nextOf(reply)!);
    assert.deepEqual(rest.json.posts.map((p: { id: number }) => p.id), [8, 6]);
    assert.equal(rest.headers.link, undefined);
  });
});
