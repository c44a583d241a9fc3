/**
 * FW_ENV=prod: the write routes need `Authorization: Bearer <BLOG_API_TOKEN>`, the reads stay
 * public; a missing or weak token stops start-up with exit code 1 and a clear message.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startBlog, startBlogExpectingFailure, type BlogProcess, type Reply } from './support/blog-process.ts';
import { assertJson } from './support/post-assertions.ts';

const TOKEN = 'c2VjcmV0LXRva2VuLWZvci10ZXN0cw-._~+/';
const PROD = { FW_ENV: 'prod', BLOG_STORE: 'memory', BLOG_API_TOKEN: TOKEN };
const auth = (value: string) => ({ authorization: value });

let blog: BlogProcess;
let post: Record<string, unknown>;
before(async () => {
  blog = await startBlog(PROD);
  const reply = await blog.request('POST', '/api/posts', { body: { title: 'public', body: 'read me' }, headers: auth(`Bearer ${TOKEN}`) });
  assert.equal(reply.status, 201, reply.text);
  post = reply.json;
});
after(async () => {
  await blog.stop();
});

function assertUnauthorized(reply: Reply): void {
  assertJson(reply, 401, { error: 'unauthorized' });
  assert.equal(reply.headers['www-authenticate'], 'Bearer');
}

describe('reads are public', () => {
  test('GET /api/posts and /api/posts/:id need no token', async () => {
    assertJson(await blog.request('GET', '/api/posts'), 200, { posts: [post] });
    assertJson(await blog.request('GET', `/api/posts/${String(post.id)}`), 200, post);
  });

  test('heartbeat, login and docs need no token', async () => {
    for (const path of ['/heartbeat', '/login', '/docs/']) assert.equal((await blog.request('GET', path)).status, 200, path);
  });
});

describe('writes need the bearer token', () => {
  const writes = (): [string, string, object | undefined][] => [
    ['POST', '/api/posts', { title: 'x', body: 'y' }],
    ['PUT', `/api/posts/${String(post.id)}`, { title: 'changed' }],
    ['DELETE', `/api/posts/${String(post.id)}`, undefined],
  ];
  const wrong: [string, Record<string, string>][] = [
    ['no Authorization header', {}],
    ['a wrong token', auth('Bearer wrong-token-of-some-length')],
    ['the token with one character more', auth(`Bearer ${TOKEN}x`)],
    ['a prefix of the token', auth(`Bearer ${TOKEN.slice(0, -1)}`)],
    ['the Basic scheme', auth(`Basic ${Buffer.from(`user:${TOKEN}`).toString('base64')}`)],
    ['the token without a scheme', auth(TOKEN)],
    ['Bearer and nothing else', auth('Bearer ')],
    ['the token followed by more', auth(`Bearer ${TOKEN} extra`)],
  ];
  for (const [name, headers] of wrong) {
    test(`${name} → 401 with www-authenticate: Bearer, and nothing changes`, async () => {
      for (const [method, path, body] of writes()) assertUnauthorized(await blog.request(method, path, { headers, ...(body && { body }) }));
      assertJson(await blog.request('GET', '/api/posts'), 200, { posts: [post] });
    });
  }

  test('the right token: POST 201, PUT 200, DELETE 204 (the scheme is case-insensitive)', async () => {
    const created = await blog.request('POST', '/api/posts', { body: { title: 'x', body: 'y' }, headers: auth(`bearer ${TOKEN}`) });
    assert.equal(created.status, 201, created.text);
    const path = `/api/posts/${String(created.json.id)}`;
    assertJson(await blog.request('PUT', path, { body: { title: 'changed' }, headers: auth(`Bearer ${TOKEN}`) }), 200, { ...created.json, title: 'changed' });
    assert.equal((await blog.request('DELETE', path, { headers: auth(`BEARER  ${TOKEN}`) })).status, 204);
  });

  test('security runs before validation: a bad body without a token is 401, not 422', async () => {
    assertUnauthorized(await blog.request('POST', '/api/posts', { body: { title: '' } }));
  });
});

describe('start-up refuses a missing or weak token', () => {
  const cases: [string, string | undefined, string][] = [
    ['unset', undefined, 'BLOG_ERR_API_TOKEN_MISSING: BLOG_API_TOKEN is not set'],
    ['empty', '', 'BLOG_ERR_API_TOKEN_MISSING: BLOG_API_TOKEN is not set'],
    ['15 characters', 'a'.repeat(15), 'BLOG_ERR_API_TOKEN_WEAK: BLOG_API_TOKEN is 15 characters long; use at least 16'],
    ['with a space', 'a'.repeat(10) + ' ' + 'b'.repeat(10), 'BLOG_ERR_API_TOKEN_WEAK: BLOG_API_TOKEN may hold only'],
  ];
  for (const [name, token, message] of cases) {
    test(`BLOG_API_TOKEN ${name} → exit 1 with "${message}"`, async () => {
      const { code, stderr } = await startBlogExpectingFailure({ ...PROD, BLOG_API_TOKEN: token });
      assert.equal(code, 1);
      assert.ok(stderr.startsWith(`blog: cannot start: ${message}`), stderr);
      assert.doesNotMatch(stderr, /"event":"listening"/);
    });
  }

  test('dev does not need a token: writes are open there', async () => {
    const dev = await startBlog({ BLOG_API_TOKEN: undefined });
    try {
      assert.equal((await dev.request('POST', '/api/posts', { body: { title: 'x', body: 'y' } })).status, 201);
    } finally {
      await dev.stop();
    }
  });
});
