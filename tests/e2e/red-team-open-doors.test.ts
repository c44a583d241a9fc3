/**
 * Red-team cases: the blog's defaults fail closed. Each case was once observed open against the
 * blog as `npm start` runs it; here the same probe runs against the same start.
 *
 * - both listeners bind loopback only, log the address they bound, and the metrics listener
 *   cuts a slow-header client at the API's headers timeout;
 * - Host: two Host headers or an invalid one is a 400; an absolute-form URL's userinfo reaches
 *   neither the request log nor a span, and `url.query` secrets are REDACTED;
 * - a client's `x-request-id` is not echoed nor logged;
 * - `nosniff` on every answer, `/login` refuses framing, `/docs` redirects to `/docs/`;
 * - a configured write token is enforced outside prod, and an environment the configuration
 *   does not define stops start-up;
 * - with Redis gone down after start and `on_store_error: deny`, the exempt liveness probe still
 *   answers 200.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startOtlpReceiver, type OtlpReceiver } from '../../packages/fw-core/test/support/otel-receiver.ts';
import { until } from '../../packages/fw-core/test/support/until.ts';
import { startBlogExpectingFailure } from '../../examples/blog/test/support/blog-process.ts';
import { deleteKeys, TEST_REDIS, uniqueKeyPrefix } from '../../examples/blog/test/support/plugins-redis.ts';
import { startTcpProxy, type TcpProxy } from '../../examples/blog/test/support/store-tcp-proxy.ts';
import { startBlogAsUser, writeBlogConfig, type BlogProcess, type TempConfig } from './support/blog-as-user.ts';
import { exchangeRaw, headerOf, parseResponse } from './support/raw-http.ts';

const HEADERS_TIMEOUT_MS = 1_000;
const TOKEN = 'a-red-team-token-of-32-characters';

/** Sends `text` on a fresh connection and returns the parsed answer. */
async function raw(port: number, text: string) {
  const exchange = await exchangeRaw(port, text, { timeoutMs: 5_000 });
  return parseResponse(exchange.bytes, { head: false });
}

/** True when a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('the blog as npm start runs it', () => {
  let receiver: OtlpReceiver;
  let config: TempConfig;
  let blog: BlogProcess;
  before(async () => {
    receiver = await startOtlpReceiver();
    config = await writeBlogConfig({ headers_timeout_ms: HEADERS_TIMEOUT_MS, request_timeout_ms: 2 * HEADERS_TIMEOUT_MS });
    blog = await startBlogAsUser({ FW_CONFIG: config.path, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_EXPORTER: undefined, OTEL_BSP_SCHEDULE_DELAY: '100' });
  });
  after(async () => {
    await blog?.stop();
    await config?.remove();
    await receiver?.close();
  });

  test('binds the API and the metrics listener to loopback only, and logs the addresses bound', async () => {
    const listening = blog.logLines().find((line) => line.event === 'listening');
    assert.equal(listening?.address, `127.0.0.1:${blog.port}`);
    assert.equal(await accepts('127.0.0.2', blog.port), false, 'the API is not reachable on another address');
    const metrics = new URL(blog.metricsUrl ?? 'http://missing');
    assert.equal(metrics.hostname, '127.0.0.1');
    assert.equal(await accepts('127.0.0.2', Number(metrics.port)), false, 'neither is /metrics');
  });

  test('cuts a slow-header client of the metrics listener at the API headers timeout', async () => {
    const port = Number(new URL(blog.metricsUrl ?? 'http://missing').port);
    const cut = await exchangeRaw(port, 'GET /metrics HTTP/1.1\r\nHost: x\r\n', { timeoutMs: 5 * HEADERS_TIMEOUT_MS });
    assert.notEqual(cut.ended, 'timeout');
    assert.ok(cut.elapsedMs < 3 * HEADERS_TIMEOUT_MS, `cut after ${cut.elapsedMs} ms`);
  });

  test('answers 400 to two Host headers and to a Host that is not host[:port]', async () => {
    const twice = await raw(blog.port, 'GET /heartbeat HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: admin.internal\r\nConnection: close\r\n\r\n');
    assert.equal(twice.status, 400);
    const spaced = await raw(blog.port, 'GET /heartbeat HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n');
    assert.equal(spaced.status, 400);
  });

  // On /login: the probes (/heartbeat, /ready) write no request line.
  test('keeps credentials of an absolute-form URL and secret query values out of the log and the spans', async () => {
    const answer = await raw(blog.port, 'GET http://admin:hunter2@127.0.0.1/login?access_token=s3cret&page=2 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    assert.equal(answer.status, 200);
    await receiver.waitFor('the login span', () => receiver.spans.some((span) => span.attributes['url.path'] === '/login' && span.attributes['url.query'] !== undefined), 10_000);
    const span = receiver.spans.find((s) => s.attributes['url.path'] === '/login' && s.attributes['url.query'] !== undefined);
    assert.equal(span?.attributes['url.query'], 'access_token=REDACTED&page=2');
    assert.equal(JSON.stringify(receiver.spans).includes('hunter2'), false);
    assert.equal(JSON.stringify(receiver.spans).includes('s3cret'), false);
    await until('the request line of /login', () => blog.logLines().some((line) => line.event === 'request' && line.path === '/login'));
    assert.equal(JSON.stringify(blog.logLines()).includes('hunter2'), false);
  });

  test('neither echoes nor logs a client x-request-id', async () => {
    const reply = await blog.request('GET', '/login', { headers: { 'x-request-id': 'forged-by-client' } });
    assert.notEqual(reply.headers['x-request-id'], 'forged-by-client');
    const id = reply.headers['x-request-id'];
    assert.equal(typeof id, 'string');
    await until('the request line of the login page', () => blog.logLines().some((line) => line.event === 'request' && line.request_id === id));
    assert.equal(blog.logLines().some((line) => line.request_id === 'forged-by-client'), false);
  });

  test('sends nosniff on JSON, errors and pages, and /login refuses framing', async () => {
    for (const [path, accept] of [['/api/posts', 'application/json'], ['/api/posts/999999', 'application/json'], ['/nowhere', 'text/html'], ['/login', 'text/html'], ['/heartbeat', '*/*']] as const) {
      const reply = await blog.request('GET', path, { headers: { accept } });
      assert.equal(reply.headers['x-content-type-options'], 'nosniff', path);
    }
    const login = await blog.request('GET', '/login');
    assert.equal(login.headers['content-security-policy'], "frame-ancestors 'none'");
    assert.equal(login.headers['x-frame-options'], 'DENY');
  });

  test('redirects /docs to /docs/ so the page loads its assets', async () => {
    const bare = await raw(blog.port, 'GET /docs HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    assert.equal(bare.status, 301);
    assert.equal(headerOf(bare, 'location'), '/docs/');
    const page = await blog.request('GET', '/docs/swagger.html');
    assert.equal(page.status, 200);
  });
});

describe('the write token and the environment fail closed', () => {
  let blog: BlogProcess;
  before(async () => {
    blog = await startBlogAsUser({ BLOG_API_TOKEN: TOKEN });
  });
  after(async () => {
    await blog?.stop();
  });

  test('enforces a configured token with FW_ENV unset', async () => {
    const anonymous = await blog.request('POST', '/api/posts', { body: { title: 't', body: 'b' } });
    assert.equal(anonymous.status, 401);
    const created = await blog.request('POST', '/api/posts', { body: { title: 't', body: 'b' }, headers: { authorization: `Bearer ${TOKEN}` } });
    assert.equal(created.status, 201);
    const deleted = await blog.request('DELETE', `/api/posts/${created.json.id}`);
    assert.equal(deleted.status, 401);
  });

  test('refuses to start in an environment the configuration does not define', async () => {
    const { code, stderr } = await startBlogExpectingFailure({ FW_ENV: 'production', BLOG_API_TOKEN: TOKEN });
    assert.equal(code, 1);
    assert.match(stderr, /FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT/);
    assert.match(stderr, /prod/);
  });
});

describe('the liveness probe with the rate limiter store down', () => {
  let config: TempConfig;
  let blog: BlogProcess;
  let proxy: TcpProxy;
  const prefix = uniqueKeyPrefix();
  before(async () => {
    // Redis must answer at start (the plugin checks it), so it goes down after start: the proxy is cut.
    proxy = await startTcpProxy(TEST_REDIS);
    const options = { store: 'redis', redis_url: `redis://127.0.0.1:${proxy.port}`, key_prefix: prefix, on_store_error: 'deny', store_timeout_ms: 100, exempt_paths: ['/heartbeat'] };
    config = await writeBlogConfig({}, (fw) => ({
      plugins: [...(fw.plugins as object[]).slice(0, -1), { phase: 'pre_request', module: 'rate_limit_plugin', options }, (fw.plugins as object[]).at(-1)],
    }));
    blog = await startBlogAsUser({ FW_CONFIG: config.path });
    await proxy.cut();
  });
  after(async () => {
    await blog?.stop();
    await config?.remove();
    await proxy?.close();
    await deleteKeys(prefix);
  });

  test('answers /heartbeat 200 while the API answers 503', async () => {
    assert.equal((await blog.request('GET', '/api/posts')).status, 503);
    const heartbeat = await blog.request('GET', '/heartbeat');
    assert.equal(heartbeat.status, 200);
    assert.deepEqual(heartbeat.json, { status: 'ok' });
  });
});
