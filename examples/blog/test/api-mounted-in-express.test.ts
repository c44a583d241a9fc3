/**
 * The blog mounted under `/blog` of a real Express 5 app with `express.json()` in front (issue 38,
 * item 17): a JSON POST is created (it answered 500 FW_ERR_PLUGIN_FAILED), and the links the blog
 * and fw build keep the mount path: the 201's `location`, the list's `Link rel="next"` (followed
 * to the next page), `/docs` → `/docs/`, and the links of the login page.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import express from 'express';
import { createListener, type FwListener } from 'fw-core';
import { BLOG_DIR, blogEnv } from './support/blog-process.ts';

describe('the blog under /blog of an Express app', () => {
  let fw: FwListener;
  let server: Server;
  let url: string;
  before(async () => {
    fw = await createListener({ appDir: BLOG_DIR, env: blogEnv(), logger: { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} } });
    const web = express();
    web.use(express.json());
    web.use('/blog', fw.listener);
    server = createServer(fw.serverOptions, web);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await fw?.close();
  });

  const create = (title: string) =>
    fetch(`${url}/blog/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title, body: 'b' }) });

  test('creates a post from the body express.json() parsed, its location under /blog', async () => {
    const res = await create('first');
    assert.equal(res.status, 201);
    const post = (await res.json()) as { id: number; title: string };
    assert.equal(post.title, 'first');
    assert.equal(res.headers.get('location'), `/blog/api/posts/${post.id}`);
    const again = await fetch(`${url}${res.headers.get('location')}`);
    assert.equal(again.status, 200);
    assert.equal(((await again.json()) as { title: string }).title, 'first');
  });

  test('links the next page under /blog, and following it answers the next page', async () => {
    await create('second');
    const first = await fetch(`${url}/blog/api/posts?limit=1`);
    assert.equal(first.status, 200);
    const match = /^<(\/blog\/api\/posts\?limit=1&cursor=[^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '');
    assert.ok(match, `Link: ${first.headers.get('link')}`);
    const next = await fetch(`${url}${match[1]}`);
    assert.equal(next.status, 200);
    assert.equal(((await next.json()) as { posts: unknown[] }).posts.length, 1);
  });

  test("the login page's form and docs link resolve under /blog, and the link answers", async () => {
    const page = `${url}/blog/login`;
    const text = await (await fetch(page)).text();
    const action = new URL(/<form method="post" action="([^"]*)">/.exec(text)![1]!, page);
    const docs = new URL(/<a href="([^"]*)">API documentation<\/a>/.exec(text)![1]!, page);
    assert.deepEqual([action.pathname, docs.pathname], ['/blog/login', '/blog/docs/']);
    assert.equal((await fetch(docs)).status, 200);
  });

  test('redirects /blog/docs to /blog/docs/', async () => {
    const res = await fetch(`${url}/blog/docs`, { redirect: 'manual' });
    assert.equal(res.status, 301);
    assert.equal(res.headers.get('location'), '/blog/docs/');
  });
});
