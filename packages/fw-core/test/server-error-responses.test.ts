import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defineController } from '../src/app/controller.ts';
import { FwError } from '../src/errors.ts';
import { json, status } from '../src/http/response.ts';
import { inject } from '../src/index.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const posts = defineController('posts_controller', {
  index: () => json({ posts: [] }),
  create: (req) => json({ got: req.body ?? null }, 201),
  boom: () => {
    throw new Error('secret database password in message');
  },
  teapot: () => {
    throw new FwError('FW_ERR_ROUTE_BAD_OPTIONS', 'exposed client error', { status: 409 });
  },
  nothing: () => status(204),
  bad: () => ({ kind: 'json', status: 99, body: {} }) as never,
});

function groups() {
  return [
    {
      prefix: '/api',
      security: false as const,
      routes: [
        { path: '/posts', handler: posts.index, options: { methods: ['get' as const] } },
        { path: '/posts', handler: posts.create, options: { methods: ['post' as const] } },
        { path: '/boom', handler: posts.boom, options: { methods: ['get' as const] } },
        { path: '/teapot', handler: posts.teapot, options: { methods: ['get' as const] } },
        { path: '/nothing', handler: posts.nothing, options: { methods: ['delete' as const] } },
        { path: '/bad', handler: posts.bad, options: { methods: ['get' as const] } },
      ],
    },
  ];
}

describe('error responses and HEAD', () => {
  let app: InjectedApp;
  let traced: InjectedApp;
  before(async () => {
    app = await injectTestApp({ groups: groups() });
    traced = await injectTestApp({ groups: groups(), fw: { use_stacktrace: true } });
  });
  after(async () => {
    await app.close();
    await traced.close();
  });

  it('answers 404 with JSON for API clients', async () => {
    const res = await app.fetch('/nowhere');
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await res.json(), { error: 'not found' });
  });

  it('answers 404 with HTML when the client prefers text/html', async () => {
    const res = await app.fetch('/nowhere', { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), 'text/html; charset=utf-8');
    assert.match(await res.text(), /<title>404 Not Found<\/title>/);
  });

  it('answers 405 with an allow header listing the path methods', async () => {
    const res = await app.fetch('/api/posts', { method: 'PUT' });
    assert.equal(res.status, 405);
    assert.equal(res.headers.get('allow'), 'GET, HEAD, POST, OPTIONS');
    assert.deepEqual(await res.json(), { error: 'method not allowed' });
  });

  it('answers OPTIONS on a path without an OPTIONS route with 204 and allow', async () => {
    const res = await app.fetch('/api/posts', { method: 'OPTIONS' });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('allow'), 'GET, HEAD, POST, OPTIONS');
  });

  it('answers 500 with a generic message and logs the real error once', async () => {
    const res = await app.fetch('/api/boom');
    assert.equal(res.status, 500);
    const body = await res.text();
    assert.equal(body, '{"error":"internal server error"}');
    assert.equal(app.logs.filter((l) => l.level === 'error' && (l.fields.err as Error).message.startsWith('secret')).length, 1);
  });

  it('adds the stack trace only when use_stacktrace is true', async () => {
    const res = await traced.fetch('/api/boom');
    assert.equal(res.status, 500);
    const body = (await res.json()) as { error: string; stacktrace: string[] };
    assert.equal(body.error, 'internal server error');
    assert.equal(body.stacktrace[0], 'Error: secret database password in message');
    assert.ok(body.stacktrace.some((line) => line.includes('server-error-responses.test.ts')));
  });

  it('passes an exposed FwError status and message through', async () => {
    const res = await app.fetch('/api/teapot');
    assert.equal(res.status, 409);
    assert.deepEqual(await res.json(), { error: 'exposed client error' });
  });

  it('answers 500 when a handler returns a malformed response', async () => {
    const res = await app.fetch('/api/bad');
    assert.equal(res.status, 500);
  });

  it('answers 204 with no body and no content-type', async () => {
    const res = await app.fetch('/api/nothing', { method: 'DELETE' });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('content-type'), null);
    assert.equal(await res.text(), '');
  });

  it('does not guess 201: the controller said it', async () => {
    const res = await app.fetch('/api/posts', { method: 'POST' });
    assert.equal(res.status, 201);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const get = await app.fetch('/api/posts');
    const head = await inject(app.fw, { method: 'HEAD', url: '/api/posts' });
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-length'], get.headers.get('content-length'));
    assert.equal(head.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(head.body, '');
  });

  it('logs one structured line per request with method, path, status, duration and id', async () => {
    const res = await app.fetch('/api/posts?x=1');
    const id = res.headers.get('x-request-id');
    await res.text();
    await app.waitForLog((l) => l.fields.event === 'request' && l.fields.request_id === id);
    // A later request's line: by then a second line for the first request would have come too.
    const later = (await app.fetch('/api/nothing', { method: 'DELETE' })).headers.get('x-request-id');
    await app.waitForLog((l) => l.fields.event === 'request' && l.fields.request_id === later);
    const lines = app.logs.filter((l) => l.fields.event === 'request' && l.fields.request_id === id);
    assert.equal(lines.length, 1);
    const fields = lines[0]!.fields;
    assert.equal(fields.method, 'GET');
    assert.equal(fields.path, '/api/posts');
    assert.equal(fields.status, 200);
    assert.equal(typeof fields.duration_ms, 'number');
  });

  it('answers 400 for a request target it cannot route', async () => {
    const res = await inject(app.fw, '*');
    assert.equal(res.status, 400);
  });
});

describe("a failure's 500 after the plugins ran", () => {
  it("carries the plugins' response headers (CORS), as every other answer of the request does", async () => {
    const cors = { phase: 'pre_request' as const, module: 'fw_cors_plugin', options: { allow_origins: 'https://app.example' } };
    const fails = (): never => {
      throw new Error('boom');
    };
    const rejects = async (): Promise<never> => Promise.reject(new Error('boom'));
    const corsApp = await injectTestApp({
      groups: [{ prefix: '', security: false, plugins: [cors], routes: [{ path: '/throws', handler: fails }, { path: '/rejects', handler: rejects }] }],
    });
    try {
      for (const path of ['/throws', '/rejects']) {
        const res = await corsApp.fetch(path, { headers: { origin: 'https://app.example' } });
        assert.equal(res.status, 500, path);
        assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example', path);
      }
    } finally {
      await corsApp.close();
    }
  });
});
