// Needs the real process: the point is `kill -9` of the server and a restart on the same file.
/**
 * With the SQLite store, a write the service acknowledged (201, 200, 204) survives `kill -9` of
 * the server process: a restart on the same file serves it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { startBlog } from './support/blog-process.ts';
import { assertJson } from './support/post-assertions.ts';

let dir: string;
let env: Record<string, string>;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'blog-durability-'));
  env = { BLOG_STORE: 'sqlite', BLOG_SQLITE_PATH: join(dir, 'blog.sqlite3') };
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

test('acknowledged creates, updates and deletes survive kill -9 and a restart', async () => {
  const first = await startBlog(env);
  const posts: Record<string, unknown>[] = [];
  for (let i = 0; i < 20; i += 1) {
    const reply = await first.request('POST', '/api/posts', { body: { title: `durable ${i}`, body: 'b'.repeat(i * 100 + 1) } });
    assert.equal(reply.status, 201);
    posts.push(reply.json);
  }
  const updated = await first.request('PUT', `/api/posts/${String(posts[3]!.id)}`, { body: { status: 'published' } });
  assert.equal(updated.status, 200);
  posts[3] = updated.json;
  assert.equal((await first.request('DELETE', `/api/posts/${String(posts[7]!.id)}`)).status, 204);
  posts.splice(7, 1);
  // the last acknowledged write, right before the kill
  const last = await first.request('POST', '/api/posts', { body: { title: 'last before the kill', body: 'b' } });
  assert.equal(last.status, 201);
  posts.push(last.json);
  await first.kill9();
  assert.equal(first.child.signalCode, 'SIGKILL');

  const second = await startBlog(env);
  try {
    assertJson(await second.request('GET', '/api/posts?limit=1000'), 200, { posts: [...posts].reverse() });
    assertJson(await second.request('GET', `/api/posts/${String(last.json.id)}`), 200, last.json);
  } finally {
    await second.stop();
  }
});
