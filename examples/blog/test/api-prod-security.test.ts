/**
 * The write token: in FW_ENV=prod, and in any environment once BLOG_API_TOKEN is set, the write
 * routes need `Authorization: Bearer <BLOG_API_TOKEN>` and the reads stay public; in prod a
 * missing token, and anywhere a weak one, stops start-up with exit code 1 and a clear message.
 * Requests go through inject() (support/blog-injected.ts); the start-up refusals keep the real
 * process, whose exit code and stderr are the point.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type Logger } from 'fw-core';
import { startInjectedBlog, type InjectedBlog } from './support/blog-injected.ts';
import { BLOG_DIR, startBlogExpectingFailure, type Reply } from './support/blog-process.ts';
import { assertJson } from './support/post-assertions.ts';

const TOKEN = 'c2VjcmV0LXRva2VuLWZvci10ZXN0cw-._~+/';
// The memory store is refused under prod unless allowed (api-memory-store-in-prod.test.ts): allowed here.
const PROD = { FW_ENV: 'prod', BLOG_STORE: 'memory', BLOG_ALLOW_MEMORY_STORE: 'true', BLOG_API_TOKEN: TOKEN };
const auth = (value: string) => ({ authorization: value });

let blog: InjectedBlog;
let post: Record<string, unknown>;

function assertUnauthorized(reply: Reply): void {
  assertJson(reply, 401, { error: 'unauthorized' });
  assert.equal(reply.headers['www-authenticate'], 'Bearer');
}

describe('FW_ENV=prod with BLOG_API_TOKEN', () => {
  before(async () => {
    blog = await startInjectedBlog(PROD);
    const reply = await blog.request('POST', '/api/posts', { body: { title: 'public', body: 'read me' }, headers: auth(`Bearer ${TOKEN}`) });
    assert.equal(reply.status, 201, reply.text);
    post = reply.json;
  });
  after(async () => {
    await blog.stop();
  });

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

    test('security runs before body decoding: a malformed JSON body without a token is 401, not 400', async () => {
      assertUnauthorized(await blog.request('POST', '/api/posts', { body: '{"title":', headers: { 'content-type': 'application/json' } }));
    });
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
    const dev = await startInjectedBlog({ BLOG_API_TOKEN: undefined });
    try {
      assert.equal((await dev.request('POST', '/api/posts', { body: { title: 'x', body: 'y' } })).status, 201);
    } finally {
      await dev.stop();
    }
  });

  test('a weak token stops start-up outside prod too, since it would be enforced', async () => {
    const { code, stderr } = await startBlogExpectingFailure({ BLOG_STORE: 'memory', BLOG_API_TOKEN: 'a'.repeat(15) });
    assert.equal(code, 1);
    assert.ok(stderr.startsWith('blog: cannot start: BLOG_ERR_API_TOKEN_WEAK: BLOG_API_TOKEN is 15 characters long; use at least 16'), stderr);
  });

  test('FW_ENV=production (the config defines prod) stops start-up instead of running unprotected on the base', async () => {
    const { code, stderr } = await startBlogExpectingFailure({ FW_ENV: 'production', BLOG_STORE: 'memory' });
    assert.equal(code, 1);
    assert.equal(
      stderr,
      `blog: cannot start: FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT: FW_ENV selects the environment "production", which ${BLOG_DIR}/fw.config.json ` +
        'does not define (defined: "dev", "prod"); did you mean "prod"? set FW_ENV to a defined environment, ' +
        'or add "production" under environments (an empty overlay {} will do)\n',
    );
  });
});

describe('a configured token is enforced outside prod (FW_ENV unset)', () => {
  let dev: InjectedBlog;
  before(async () => {
    dev = await startInjectedBlog({ BLOG_STORE: 'memory', BLOG_API_TOKEN: TOKEN });
  });
  after(async () => {
    await dev.stop();
  });

  test('POST without the token is 401 and creates nothing; with it, 201', async () => {
    assertUnauthorized(await dev.request('POST', '/api/posts', { body: { title: 'x', body: 'y' } }));
    assertJson(await dev.request('GET', '/api/posts'), 200, { posts: [] });
    const created = await dev.request('POST', '/api/posts', { body: { title: 'x', body: 'y' }, headers: auth(`Bearer ${TOKEN}`) });
    assert.equal(created.status, 201, created.text);
    assertJson(await dev.request('GET', '/api/posts'), 200, { posts: [created.json] });
  });

  test('PUT and DELETE without the token are 401; with it, 200 and 204', async () => {
    const created = (await dev.request('POST', '/api/posts', { body: { title: 'x', body: 'y' }, headers: auth(`Bearer ${TOKEN}`) })).json;
    const path = `/api/posts/${String(created.id)}`;
    assertUnauthorized(await dev.request('PUT', path, { body: { title: 'changed' } }));
    assertUnauthorized(await dev.request('DELETE', path, { headers: auth('Bearer wrong-token-of-some-length') }));
    assertJson(await dev.request('GET', path), 200, created);
    assertJson(await dev.request('PUT', path, { body: { title: 'changed' }, headers: auth(`Bearer ${TOKEN}`) }), 200, { ...created, title: 'changed' });
    assert.equal((await dev.request('DELETE', path, { headers: auth(`Bearer ${TOKEN}`) })).status, 204);
  });

  test('the reads, heartbeat, login and docs stay public', async () => {
    for (const path of ['/api/posts', '/heartbeat', '/login', '/docs/']) assert.equal((await dev.request('GET', path)).status, 200, path);
  });
});

describe('the token is read from the env fw was started with (in-process startServer)', () => {
  // routes() and the start hook both get startServer's env, so process.env plays no part.
  // Telemetry off: no metrics listener or global OpenTelemetry providers in the test process.
  const silent: Logger = { trace() {}, debug() {}, info() {}, warn() {}, error() {}, fatal() {} };
  const start = (env: NodeJS.ProcessEnv) => startServer({ appDir: BLOG_DIR, env: { PORT: '0', BLOG_STORE: 'memory', OTEL_SDK_DISABLED: 'true', ...env }, logger: silent });
  const create = (url: string, headers: Record<string, string> = {}) =>
    fetch(`${url}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{"title":"x","body":"y"}' });
  const saved = process.env.BLOG_API_TOKEN;
  after(() => {
    if (saved === undefined) delete process.env.BLOG_API_TOKEN;
    else process.env.BLOG_API_TOKEN = saved;
  });

  test('a token given only in startServer env guards the writes', async () => {
    delete process.env.BLOG_API_TOKEN;
    const server = await start({ BLOG_API_TOKEN: TOKEN });
    try {
      assert.equal((await create(server.url)).status, 401);
      assert.equal((await create(server.url, { authorization: `Bearer ${TOKEN}` })).status, 201);
    } finally {
      await server.stop();
    }
  });

  test('a token only in process.env plays no part when startServer is given its own env', async () => {
    process.env.BLOG_API_TOKEN = TOKEN;
    const server = await start({});
    try {
      assert.equal((await create(server.url)).status, 201);
    } finally {
      await server.stop();
    }
  });
});
