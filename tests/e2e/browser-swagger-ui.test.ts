/**
 * A real browser against the blog as `npm start` runs it: headless Chromium opens
 * /docs/swagger.html (the offline Swagger UI that start.js regenerates), sees every posts
 * operation, runs "Try it out" → Execute on POST /api/posts and GET /api/posts and reads the
 * answers shown; then opens /login. No request may leave loopback. Screenshots go to
 * tests/e2e/artifacts/ (git-ignored).
 */
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { assertPost } from '../../examples/blog/test/support/post-assertions.ts';
import { generatedDocsTimes, startBlogAsUser, type BlogProcess } from './support/blog-as-user.ts';
import { SKIP_REASON } from './support/chromium.ts';
import { listedOperations, recordingPage, tryItOut } from './support/swagger-ui-page.ts';

const ARTIFACTS = join(import.meta.dirname, 'artifacts');

describe('Swagger UI and the login page in Chromium', { skip: SKIP_REASON }, () => {
  let blog: BlogProcess;
  let browser: Browser;
  let page: Page;
  let startedAt = 0;
  const requested: string[] = [];

  before(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    startedAt = Date.now();
    blog = await startBlogAsUser();
    ({ browser, page } = await recordingPage(requested));
  });
  after(async () => {
    await browser?.close();
    if (blog) await blog.kill9();
  });

  test('npm start regenerated the offline docs before serving them', async () => {
    for (const mtime of await generatedDocsTimes()) assert.ok(mtime >= startedAt - 1_000, `a generated docs file is older than this start (${new Date(mtime).toISOString()})`);
  });

  test('the page lists every posts operation', async () => {
    const response = await page.goto(`${blog.url}/docs/swagger.html`);
    assert.equal(response?.status(), 200);
    const operations = await listedOperations(page);
    for (const operation of ['GET /api/posts', 'POST /api/posts', 'GET /api/posts/{id}', 'PUT /api/posts/{id}', 'DELETE /api/posts/{id}']) {
      assert.ok(operations.includes(operation), `${operation} is not listed; listed: ${operations.join(', ')}`);
    }
    assert.equal(await page.title(), 'blog API reference');
  });

  test('Try it out → Execute on POST /api/posts shows 201 and the new post', async () => {
    const shown = await tryItOut(page, 'post', '/api/posts', JSON.stringify({ title: 'From Chromium', body: 'Sent by Swagger UI', status: 'published', user_id: 3 }));
    assert.equal(shown.status, '201');
    const post = JSON.parse(shown.body) as Record<string, unknown>;
    assertPost(post, { title: 'From Chromium', body: 'Sent by Swagger UI', status: 'published', user_id: 3 });
    const stored = await blog.request('GET', `/api/posts/${String(post.id)}`);
    assert.deepEqual([stored.status, stored.json], [200, post]);
  });

  test('Try it out → Execute on GET /api/posts shows 200 and the list with that post', async () => {
    const shown = await tryItOut(page, 'get', '/api/posts');
    assert.equal(shown.status, '200');
    const list = await blog.request('GET', '/api/posts');
    assert.equal(list.json.posts.length, 1);
    assert.deepEqual(JSON.parse(shown.body), list.json);
    await page.screenshot({ path: join(ARTIFACTS, 'swagger-ui.png'), fullPage: true });
  });

  test('/login shows the sign-in form', async () => {
    const response = await page.goto(`${blog.url}/login`);
    assert.equal(response?.status(), 200);
    assert.equal(response?.headers()['content-type'], 'text/html; charset=utf-8');
    assert.equal(await page.title(), 'Sign in · Blog');
    assert.equal(await page.locator('h1').textContent(), 'Sign in');
    assert.equal(await page.getByLabel('Username').getAttribute('autocomplete'), 'username');
    assert.equal(await page.getByLabel('Password').getAttribute('type'), 'password');
    await page.screenshot({ path: join(ARTIFACTS, 'login.png'), fullPage: true });
  });

  test('no request left loopback', () => {
    assert.ok(requested.length >= 6, `only ${requested.length} requests seen`);
    const outside = requested.filter((url) => !url.startsWith(`${blog.url}/`) && !url.startsWith('data:'));
    assert.deepEqual(outside, []);
  });
});
