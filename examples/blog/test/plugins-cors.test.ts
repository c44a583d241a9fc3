/**
 * cors_plugin against the blog: the spec's defaults with "*", a list of exact origins with
 * credentials (echo, Vary: Origin, nothing for other origins), preflights answered 204 with
 * content-length 0 on a route that declares no OPTIONS method, and an OPTIONS request without
 * Access-Control-Request-Method left to the route. Requests go through inject(): the headers
 * are the point, not the transport.
 */
import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { describe, test } from 'node:test';
import { blogWithPlugins } from './support/plugins-config.ts';

/** The access-control-* and vary headers of a response. */
function corsHeaders(headers: IncomingHttpHeaders): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => name.startsWith('access-control-') || name === 'vary'));
}

const PREFLIGHT = { 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' };
const DEFAULT_HEADERS = {
  'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
  'access-control-allow-headers': 'Content-Type, Authorization',
  'access-control-max-age': '86400',
};

describe('defaults (allow_origins "*")', () => {
  const blog = blogWithPlugins([{ module: 'cors_plugin' }]);

  test('a request continues with the spec headers and no Vary', async () => {
    const reply = await blog().request('GET', '/api/posts', { headers: { origin: 'https://any.example' } });
    assert.equal(reply.status, 200);
    assert.deepEqual(corsHeaders(reply.headers), { 'access-control-allow-origin': '*', ...DEFAULT_HEADERS });
  });

  test('a preflight for /api/posts/:id (no OPTIONS route) is answered 204, content-length 0, empty', async () => {
    const reply = await blog().request('OPTIONS', '/api/posts/1', { headers: { origin: 'https://any.example', ...PREFLIGHT } });
    assert.equal(reply.status, 204);
    assert.equal(reply.headers['content-length'], '0');
    assert.equal(reply.text, '');
    assert.equal(reply.headers['allow'], undefined, 'answered by the plugin, not by fw');
    assert.deepEqual(corsHeaders(reply.headers), { 'access-control-allow-origin': '*', ...DEFAULT_HEADERS });
  });

  test('OPTIONS without Access-Control-Request-Method is not a preflight: the route answers', async () => {
    const reply = await blog().request('OPTIONS', '/api/posts/1', { headers: { origin: 'https://any.example' } });
    assert.equal(reply.status, 204);
    assert.equal(reply.headers['allow'], 'GET, HEAD, PUT, DELETE, OPTIONS');
    assert.equal(reply.headers['access-control-allow-origin'], '*');
  });
});

describe('a list of origins with credentials', () => {
  const origins = ['https://app.example', 'http://localhost:5173'];
  const blog = blogWithPlugins([{ module: 'cors_plugin', options: { allow_origins: origins, allow_credentials: true, max_age: 600, allow_headers: ['Content-Type', 'Authorization', 'X-Request-Id'] } }]);
  const allowed = (origin: string) => ({
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    'access-control-allow-methods': 'GET, POST, PUT, DELETE, OPTIONS',
    'access-control-allow-headers': 'Content-Type, Authorization, X-Request-Id',
    'access-control-max-age': '600',
    vary: 'Origin',
  });

  test('each listed origin is echoed, with credentials and Vary: Origin', async () => {
    for (const origin of origins) {
      const reply = await blog().request('GET', '/api/posts', { headers: { origin } });
      assert.equal(reply.status, 200);
      assert.deepEqual(corsHeaders(reply.headers), allowed(origin));
    }
  });

  test('another origin gets no CORS headers, only Vary: Origin, and is still served', async () => {
    for (const origin of ['https://evil.example', 'https://app.example.evil.example', 'HTTPS://APP.EXAMPLE', 'null']) {
      const reply = await blog().request('GET', '/api/posts', { headers: { origin } });
      assert.equal(reply.status, 200);
      assert.deepEqual(corsHeaders(reply.headers), { vary: 'Origin' }, origin);
    }
  });

  test('no Origin: no CORS headers, Vary: Origin for caches', async () => {
    const reply = await blog().request('GET', '/api/posts');
    assert.deepEqual(corsHeaders(reply.headers), { vary: 'Origin' });
  });

  test('a preflight from a listed origin: 204 with its headers; from another origin: 204 without', async () => {
    const ok = await blog().request('OPTIONS', '/api/posts/7', { headers: { origin: 'https://app.example', ...PREFLIGHT } });
    assert.equal(ok.status, 204);
    assert.equal(ok.headers['content-length'], '0');
    assert.deepEqual(corsHeaders(ok.headers), allowed('https://app.example'));
    const other = await blog().request('OPTIONS', '/api/posts/7', { headers: { origin: 'https://evil.example', ...PREFLIGHT } });
    assert.equal(other.status, 204);
    assert.deepEqual(corsHeaders(other.headers), { vary: 'Origin' });
  });
});

describe('cors_plugin before rate_limit_plugin', () => {
  const blog = blogWithPlugins([{ module: 'cors_plugin', options: { allow_origins: 'https://app.example' } }, { module: 'rate_limit_plugin', options: { max_requests: 1 } }]);

  test('a 429 still carries the CORS headers, so the browser can read it', async () => {
    const headers = { origin: 'https://app.example' };
    assert.equal((await blog().request('GET', '/heartbeat', { headers })).status, 200);
    const refused = await blog().request('GET', '/heartbeat', { headers });
    assert.equal(refused.status, 429);
    assert.equal(refused.headers['access-control-allow-origin'], 'https://app.example');
    assert.equal(refused.headers['vary'], 'Origin');
  });
});

describe('allow_headers "*" (without credentials)', () => {
  const blog = blogWithPlugins([{ module: 'cors_plugin', options: { allow_headers: '*' } }]);

  test('the preflight also lists Authorization, which "*" does not cover (Fetch §3.2.5)', async () => {
    const reply = await blog().request('OPTIONS', '/api/posts/1', { headers: { origin: 'https://any.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization, x-trace' } });
    assert.equal(reply.status, 204);
    assert.equal(reply.headers['access-control-allow-headers'], '*, Authorization');
  });
});

describe('expose_headers with a listed origin and credentials', () => {
  const blog = blogWithPlugins([
    { module: 'cors_plugin', options: { allow_origins: ['https://app.example'], allow_credentials: true, expose_headers: 'Retry-After, RateLimit, RateLimit-Policy' } },
    { module: 'rate_limit_plugin', options: { max_requests: 1 } },
  ]);

  test('a page of the origin may read the 429\'s Retry-After and RateLimit (not CORS-safelisted)', async () => {
    const headers = { origin: 'https://app.example' };
    assert.equal((await blog().request('GET', '/api/posts', { headers })).headers['access-control-expose-headers'], 'Retry-After, RateLimit, RateLimit-Policy');
    const refused = await blog().request('GET', '/api/posts', { headers });
    assert.equal(refused.status, 429);
    assert.equal(refused.headers['access-control-expose-headers'], 'Retry-After, RateLimit, RateLimit-Policy');
    assert.equal((await blog().request('GET', '/api/posts', { headers: { origin: 'https://other.example' } })).headers['access-control-expose-headers'], undefined);
  });
});
