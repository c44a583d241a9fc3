/**
 * A router 404 or 405 runs the pre_request plugins of the group whose host and prefix match the
 * request best, else the global list (issue 35, item 18: misses ran no plugin, so they had no
 * CORS headers and were not counted by a rate limiter). Plugins that declare
 * `matchedRoutesOnly` are left out; security, body decoding and post_request plugins never run.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { replyJson } from '../src/http/write-response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { rawRequest } from './support/plugin-harness.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

/** What the plugins saw, per plugin registration label. */
const seen: { label: string; template: string; path: string }[] = [];

/** Counts per label and answers 429 past `limit` (a small rate limiter). */
const counter: FwPlugin<number, { label: string; limit?: number }> = {
  name: 'counter',
  init: () => 0,
  pre_request: (req, _env, options, count) => {
    seen.push({ label: options.label, template: req.route.template, path: req.path });
    const next = count + 1;
    req.responseHeaders['x-counted'] = `${options.label} ${next}`;
    if (options.limit !== undefined && next > options.limit) {
      replyJson(req, 429, { error: 'too many requests' });
      return ['stop', req, next];
    }
    return ['ok', req, next];
  },
};

/** Names the matched route: nothing to do on a miss. */
const routeNamer: FwPlugin = {
  name: 'route_namer',
  matchedRoutesOnly: true,
  pre_request: (req, _env, _options, state) => {
    req.responseHeaders['x-route'] = req.route.template;
    return ['ok', req, state];
  },
};

const after_: FwPlugin = {
  name: 'post_marker',
  post_request: (req, _env, _options, state) => {
    req.responseHeaders['x-post'] = 'ran';
    return ['ok', req, state];
  },
};

const thrower: FwPlugin = { name: 'thrower', pre_request: () => { throw new Error('miss plugin broke'); } };

const get = { methods: ['get' as const] };
const ok = () => json({ ok: true });
const cors = (origin: string) => ({ phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: origin } }) as const;
const count = (label: string, limit?: number) => ({ phase: 'pre_request', module: 'counter', options: { label, ...(limit !== undefined && { limit }) } }) as const;

describe('router misses run the plugins of the best-matching group', () => {
  let app: TestApp;
  let secured = 0;
  before(async () => {
    app = await startTestApp({
      plugins: [counter, routeNamer, after_, thrower],
      fw: { plugins: [cors('*'), count('global'), { phase: 'pre_request', module: 'route_namer' }, { phase: 'post_request', module: 'post_marker' }] },
      groups: [
        {
          prefix: '/api',
          security: () => { secured += 1; return true; },
          plugins: [cors('https://app.example'), count('api'), { phase: 'pre_request', module: 'route_namer' }],
          routes: [{ path: '/items', handler: ok, options: get }],
        },
        { prefix: '/api/limited', security: false, plugins: [count('limited', 2)], routes: [{ path: '/x', handler: ok, options: get }] },
        { prefix: '/broken', security: false, plugins: [{ phase: 'pre_request', module: 'thrower' }], routes: [{ path: '/x', handler: ok, options: get }] },
        { prefix: '', host: 'admin.example', security: false, plugins: [count('admin')], routes: [{ path: '/x', handler: ok, options: get }] },
        { prefix: '', host: '*.tenant.example', security: false, plugins: [count('tenant')], routes: [{ path: '/x', handler: ok, options: get }] },
        { prefix: '', security: false, routes: [{ path: '/home', handler: ok, options: get }] },
      ],
    });
  });
  after(() => app.close());

  const request = async (method: string, path: string, headers: Record<string, string> = {}) => {
    seen.length = 0;
    const res = await fetch(`${app.url}${path}`, { method, headers });
    return { status: res.status, headers: res.headers, body: await res.text() };
  };

  it("puts the group's CORS headers on a 404 under its prefix and counts it", async () => {
    const res = await request('GET', '/api/nothing');
    assert.equal(res.status, 404);
    assert.equal(res.body, '{"error":"not found"}');
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.equal(res.headers.get('access-control-allow-methods'), '*');
    assert.equal(res.headers.get('x-counted'), 'api 1');
    assert.deepEqual(seen, [{ label: 'api', template: '', path: '/api/nothing' }]);
  });

  it("puts the group's headers on a 405, with allow, and runs no security", async () => {
    const before = secured;
    const res = await request('DELETE', '/api/items');
    assert.equal(res.status, 405);
    assert.equal(res.body, '{"error":"method not allowed"}');
    assert.equal(res.headers.get('allow'), 'GET, HEAD, OPTIONS');
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.equal(res.headers.get('x-counted'), 'api 2');
    assert.equal(secured, before);
  });

  it('prefers the longest matching prefix, and a prefix matches whole segments only', async () => {
    assert.equal((await request('GET', '/api/limited/nothing')).headers.get('x-counted'), 'limited 1');
    assert.equal((await request('GET', '/api/limitedness')).headers.get('x-counted'), 'api 3');
  });

  it('answers with what a plugin answers instead: a limiter counts misses and refuses past its limit', async () => {
    assert.equal((await request('GET', '/api/limited/other')).status, 404);
    const refused = await request('GET', '/api/limited/more');
    assert.equal(refused.status, 429);
    assert.equal(refused.body, '{"error":"too many requests"}');
    assert.equal(refused.headers.get('x-counted'), 'limited 3');
  });

  it('runs the global list for a path no group prefix covers but the catch-all group that inherits it', async () => {
    const res = await request('GET', '/nothing');
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('access-control-allow-origin'), '*');
    assert.equal(res.headers.get('x-counted'), 'global 1');
  });

  it('leaves out plugins that run for matched routes only, and runs no post_request plugin', async () => {
    const miss = await request('GET', '/nothing');
    assert.equal(miss.headers.get('x-route'), null);
    assert.equal(miss.headers.get('x-post'), null);
    const hit = await request('GET', '/home');
    assert.equal(hit.headers.get('x-route'), '/home');
    assert.equal(hit.headers.get('x-post'), 'ran');
  });

  it("runs an exact host's group, then a wildcard host's, before any host's", async () => {
    const counted = async (host: string) => (await rawRequest(app.server.port, `GET /nothing HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`))?.headers['x-counted'];
    assert.equal(await counted('admin.example'), 'admin 1');
    assert.equal(await counted('a.tenant.example:8080'), 'tenant 1');
    assert.equal(await counted('tenant.example'), 'global 4');
  });

  it('lets fw_cors_plugin answer a preflight to a missing path', async () => {
    const res = await request('OPTIONS', '/api/nothing', { origin: 'https://app.example', 'access-control-request-method': 'GET' });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
  });

  it('answers 500 and logs when a miss plugin throws', async () => {
    const res = await request('GET', '/broken/nothing');
    assert.equal(res.status, 500);
    const line = await app.waitForLog((logged) => logged.fields.event === 'request_failed' && logged.fields.where === 'plugin thrower');
    assert.equal((line.fields.err as Error).message, 'plugin thrower failed: miss plugin broke');
  });
});

describe('router misses without plugins', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ groups: [{ prefix: '', security: false, routes: [{ path: '/home', handler: ok, options: get }] }] });
  });
  after(() => app.close());

  it('answers 404 and 405 as before', async () => {
    const missing = await fetch(`${app.url}/nothing`);
    assert.deepEqual([missing.status, await missing.text()], [404, '{"error":"not found"}']);
    const wrong = await fetch(`${app.url}/home`, { method: 'POST' });
    assert.deepEqual([wrong.status, wrong.headers.get('allow'), await wrong.text()], [405, 'GET, HEAD, OPTIONS', '{"error":"method not allowed"}']);
  });
});
