/**
 * Red-team cases: the work one request can cost is bounded, and none is spent for a client that
 * is gone or not allowed. The blog runs as `npm start` runs it.
 *
 * - Six clients ask for `limit=1000` pages of 180 KB posts and hang up: the page is capped by
 *   bytes (1 MiB of post text) and streamed, so /heartbeat keeps answering within 250 ms and the
 *   process does not grow by the 180 MB a page would have been.
 * - An unauthenticated 1 MiB JSON body is refused with 401 before it is parsed.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { residentKiB, startBlogAsUser, type BlogProcess } from './support/blog-as-user.ts';

const POSTS = 1000;
/** 60,000 '€' are 180,000 bytes of UTF-8 (bodies are limited to 100,000 characters). */
const BODY = '€'.repeat(60_000);

/** A GET whose client hangs up: `answering` resolves on the first byte of the answer, `gone` on the close. */
interface HungUp {
  readonly answering: Promise<void>;
  readonly gone: Promise<void>;
}

/** Sends `GET path` on a fresh connection and hangs up once `bytes` bytes have arrived. */
function askAndHangUp(port: number, path: string, bytes: number): HungUp {
  const socket = connect(port, '127.0.0.1');
  const answering = new Promise<void>((resolve, reject) => {
    socket.once('data', () => resolve());
    socket.once('close', () => reject(new Error(`${path}: the connection closed before any answer`)));
  });
  const gone = new Promise<void>((resolve) => {
    let received = 0;
    socket.on('error', () => resolve());
    socket.on('close', () => resolve());
    socket.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received >= bytes) socket.destroy();
    });
  });
  socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  return { answering, gone };
}

describe('bounded work for pages nobody reads', () => {
  let blog: BlogProcess;
  before(async () => {
    blog = await startBlogAsUser();
    for (let start = 0; start < POSTS; start += 10) {
      const batch = Array.from({ length: 10 }, (_, i) => blog.request('POST', '/api/posts', { body: { title: `post ${start + i}`, body: BODY } }));
      for (const reply of await Promise.all(batch)) assert.equal(reply.status, 201, reply.text);
    }
  });
  after(async () => {
    await blog?.stop();
  });

  test('answers /heartbeat within 250 ms while six aborted limit=1000 pages are in flight', async () => {
    const rssBefore = await residentKiB(blog.child.pid!);
    const aborted = Array.from({ length: 6 }, () => askAndHangUp(blog.port, '/api/posts?limit=1000', 300));
    // The six pages are being written when /heartbeat is asked.
    await Promise.all(aborted.map((request) => request.answering));
    const started = performance.now();
    const heartbeat = await blog.request('GET', '/heartbeat');
    const elapsed = performance.now() - started;
    assert.equal(heartbeat.status, 200);
    assert.ok(elapsed < 250, `/heartbeat took ${elapsed.toFixed(0)} ms`);
    await Promise.all(aborted.map((request) => request.gone));
    const grownMiB = ((await residentKiB(blog.child.pid!)) - rssBefore) / 1024;
    assert.ok(grownMiB < 150, `resident memory grew by ${grownMiB.toFixed(0)} MiB`);
  });

  test('serves a limit=1000 page of large posts as at most 1 MiB of post text, with a Link to the rest', async () => {
    const page = await blog.request('GET', '/api/posts?limit=1000');
    assert.equal(page.status, 200);
    assert.equal(page.json.posts.length, 5); // 5 × 180,000 bytes fit in 1 MiB, 6 do not
    assert.match(String(page.headers.link), /^<\/api\/posts\?limit=1000&cursor=[A-Za-z0-9_-]+>; rel="next"$/);
  });
});

describe('no parsing for a request security refuses', () => {
  let blog: BlogProcess;
  before(async () => {
    blog = await startBlogAsUser({ FW_ENV: 'prod', BLOG_STORE: 'memory', BLOG_ALLOW_MEMORY_STORE: 'true', BLOG_API_TOKEN: 'a-test-token-of-32-characters-xx' });
  });
  after(async () => {
    await blog?.stop();
  });

  test('answers an unauthenticated 1 MiB JSON array with 401, and a malformed one with 401 too', async () => {
    const big = await blog.request('POST', '/api/posts', { body: `[${'{},'.repeat(349_000)}{}]`, headers: { 'content-type': 'application/json' }, fresh: true });
    assert.equal(big.status, 401);
    assert.deepEqual(big.json, { error: 'unauthorized' });
    const malformed = await blog.request('POST', '/api/posts', { body: '{"title": ', headers: { 'content-type': 'application/json' }, fresh: true });
    assert.equal(malformed.status, 401, 'the body was never parsed: a parsed one would have been a 400');
  });
});
