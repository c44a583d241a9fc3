/**
 * Cross-origin requests from a real browser: headless Chromium on a page of another origin
 * calls the blog's API with fetch. The blog runs as `npm start` runs it, with cors_plugin
 * enabled by a temporary configuration (FW_CONFIG) that allows exactly one origin. From that
 * origin the browser's preflight succeeds and every write and read is readable; from another
 * origin the browser refuses (preflight or response), and nothing is written.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { startBlogAsUser, writeBlogConfig, type BlogProcess, type TempConfig } from './support/blog-as-user.ts';
import { launchChromium, SKIP_REASON } from './support/chromium.ts';

/** What a fetch in the page gave: the status and body, or the error a blocked request throws. */
type Fetched = { status: number; text: string } | { error: string };

/** A server of empty HTML pages, the origin a test's page is at, listening on `host`. */
async function originServer(host: string): Promise<Server> {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>origin</title>'));
  server.listen(0, host);
  await once(server, 'listening');
  return server;
}

/** Stops what a describe started, whichever of them did start. */
async function stopAll(browser: Browser | undefined, blog: BlogProcess | undefined, config: TempConfig | undefined, origin: Server | undefined): Promise<void> {
  await browser?.close();
  if (blog) await blog.kill9();
  await config?.remove();
  origin?.close();
}

describe('CORS from a page of another origin, in Chromium', { skip: SKIP_REASON }, () => {
  let origins: Server;
  let allowed = '';
  let other = '';
  let config: TempConfig;
  let blog: BlogProcess;
  let browser: Browser;

  before(async () => {
    // One server, two origins: 127.0.0.1:<port> is allowed, localhost:<port> is not.
    origins = await originServer('::');
    const port = (origins.address() as AddressInfo).port;
    allowed = `http://127.0.0.1:${port}`;
    other = `http://localhost:${port}`;
    config = await writeBlogConfig({}, (fw) => ({
      plugins: [{ phase: 'pre_request', module: 'cors_plugin', options: { allow_origins: [allowed], max_age: 600 } }, ...(fw.plugins as object[])],
    }));
    blog = await startBlogAsUser({ FW_CONFIG: config.path });
    browser = await launchChromium();
  });
  after(() => stopAll(browser, blog, config, origins));

  async function pageAt(origin: string): Promise<Page> {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    return page;
  }

  function call(page: Page, method: string, path: string, body?: object): Promise<Fetched> {
    return page.evaluate(
      async ({ url, method, body }) => {
        try {
          const init: RequestInit = { method };
          if (body !== undefined) Object.assign(init, { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
          const res = await fetch(url, init);
          return { status: res.status, text: await res.text() };
        } catch (error) {
          return { error: String(error) };
        }
      },
      { url: `${blog.url}${path}`, method, body },
    );
  }

  test('from the allowed origin: preflighted writes and reads all work', async () => {
    const page = await pageAt(allowed);
    const created = await call(page, 'POST', '/api/posts', { title: 'cross-origin', body: 'from a page' });
    assert.ok('status' in created, JSON.stringify(created));
    assert.equal(created.status, 201);
    const post = JSON.parse(created.text) as { id: number };
    const updated = await call(page, 'PUT', `/api/posts/${post.id}`, { status: 'published' });
    assert.deepEqual(['status' in updated && updated.status, 'status' in updated && JSON.parse(updated.text).status], [200, 'published']);
    const read = await call(page, 'GET', `/api/posts/${post.id}`);
    assert.deepEqual(['status' in read && read.status, 'status' in read && JSON.parse(read.text)], [200, { ...post, status: 'published' }]);
    const removed = await call(page, 'DELETE', `/api/posts/${post.id}`);
    assert.deepEqual(['status' in removed && removed.status, 'status' in removed && removed.text], [204, '']);
    // The browser asked first: one preflight per method it had not cached (POST and PUT share
    // content-type; DELETE is not a simple method), each answered 204.
    const preflights = blog.logLines().filter((line) => line.event === 'request' && line.method === 'OPTIONS');
    assert.ok(preflights.length >= 2, `${preflights.length} preflights logged`);
    for (const line of preflights) assert.equal(line.status, 204);
    await page.close();
  });

  test('the headers the browser relied on (not readable from the page: Fetch hides them)', async () => {
    const reply = await blog.request('GET', '/api/posts', { headers: { origin: allowed } });
    assert.deepEqual([reply.headers['access-control-allow-origin'], reply.headers.vary], [allowed, 'Origin']);
    const refused = await blog.request('GET', '/api/posts', { headers: { origin: other } });
    assert.deepEqual([refused.status, refused.headers['access-control-allow-origin'], refused.headers.vary], [200, undefined, 'Origin']);
  });

  test('from another origin: the browser blocks the answers and no write reaches the store', async () => {
    const page = await pageAt(other);
    const before = (await blog.request('GET', '/api/posts')).json.posts.length;
    for (const [method, path, body] of [['POST', '/api/posts', { title: 'blocked', body: 'b' }], ['GET', '/api/posts', undefined]] as const) {
      const result = await call(page, method, path, body);
      assert.deepEqual(result, { error: 'TypeError: Failed to fetch' }, `${method} ${path}`);
    }
    assert.equal((await blog.request('GET', '/api/posts')).json.posts.length, before);
    await page.close();
  });
});

describe('allow_headers "*" and a rate limit, from a page of another origin, in Chromium', { skip: SKIP_REASON }, () => {
  let page: Server;
  let config: TempConfig;
  let blog: BlogProcess;
  let browser: Browser;

  before(async () => {
    page = await originServer('127.0.0.1');
    config = await writeBlogConfig({}, (fw) => ({
      plugins: [
        { phase: 'pre_request', module: 'cors_plugin', options: { allow_headers: '*', expose_headers: ['Retry-After', 'RateLimit'] } },
        { phase: 'pre_request', module: 'rate_limit_plugin', options: { max_requests: 2 } },
        ...(fw.plugins as object[]),
      ],
    }));
    blog = await startBlogAsUser({ FW_CONFIG: config.path });
    browser = await launchChromium();
  });
  after(() => stopAll(browser, blog, config, page));

  // Chromium 156 still lets "*" cover Authorization (Fetch says it never does, and the plugin lists it for browsers that follow
  // Fetch: plugins-cors.test.ts); what this checks in a real browser is the preflight, the answers, and a 429 the page can read.
  test('fetches with Authorization and another header pass their preflight; the third is a 429 whose Retry-After the page reads', async () => {
    const tab = await browser.newPage();
    await tab.goto(`http://127.0.0.1:${(page.address() as AddressInfo).port}/`);
    const statuses = await tab.evaluate(async (url) => {
      const seen: (string | (number | string | null)[])[] = [];
      for (let i = 0; i < 3; i += 1) {
        try {
          const res = await fetch(url, { headers: { authorization: 'Bearer page-token', 'x-trace': 'on' } });
          // Retry-After and RateLimit are not CORS-safelisted: the page reads them only as expose_headers lists them.
          seen.push([res.status, res.headers.get('retry-after'), res.headers.get('ratelimit')?.replace(/t=\d+/, 't=<s>') ?? null]);
        } catch (error) {
          seen.push(String(error));
        }
      }
      return seen;
    }, `${blog.url}/api/posts`);
    assert.deepEqual(statuses, [
      [200, null, '"default";r=1;t=<s>'],
      [200, null, '"default";r=0;t=<s>'],
      [429, '60', '"default";r=0;t=<s>'],
    ]);
    await tab.close();
  });
});
