/**
 * A request path that does not decode (a malformed percent-escape, `/api/%zz`, or escapes that are
 * not UTF-8, `%C3%28`, overlong `%C0%AF`) is a client error: 400 with fw's error body, on a socket
 * and through inject alike (docs/router.md, "Percent-decoding"). It was a 404 (the app's
 * onNotFound), as if the path were merely missing; Fastify answers 400. The miss plumbing still runs:
 * the global pre_request plugins (a limiter counts it, CORS headers land), the request log line.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it, mock } from 'node:test';
import { json } from '../src/http/response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';
import { startTestApp, type TestApp, type TestAppSpec } from './support/test-app.ts';

const marker: FwPlugin<undefined, undefined> = {
  name: 'marker',
  pre_request: (req, _env, _options, state) => {
    req.responseHeaders['x-marked'] = 'yes';
    return ['ok', req, state];
  },
};

const get = { methods: ['get' as const] };
const spec = {
  plugins: [marker],
  fw: { plugins: [{ phase: 'pre_request', module: 'marker' }] },
  answers: { onNotFound: () => json({ missed: 'app' }, 404) },
  groups: [{
    prefix: '/api',
    security: false,
    routes: [
      { path: '/items/:id', handler: (req) => json({ id: req.bindings.id }), options: get },
      { path: '/files/[...]', handler: (req) => json({ pathinfo: req.pathinfo }), options: get },
    ],
  }],
} satisfies TestAppSpec;

const MALFORMED = ['/bookmarks/%E0%A4%A', '/api/%zz', '/api/items/%zz', '/api/files/a/%', '/api/items/%C3%28', '/api/items/%C0%AF', '/api/files/%ED%A0%80'];

describe('a request path with a malformed percent-escape', () => {
  let server: TestApp;
  let injected: InjectedApp;
  before(async () => {
    server = await startTestApp(spec);
    injected = await injectTestApp(spec);
  });
  after(async () => {
    await server.close();
    await injected.close();
  });

  for (const [how, ask] of [
    ['on a socket', (path: string, method = 'GET') => fetch(server.url + path, { method })],
    ['through inject', (path: string, method = 'GET') => injected.fetch(path, { method })],
  ] as const) {
    it(`is a 400 with fw's error body ${how}, after the global pre_request plugins, not the app's onNotFound`, async () => {
      for (const path of MALFORMED) {
        const res = await ask(path);
        assert.deepEqual([res.status, res.headers.get('x-marked'), await res.json()], [400, 'yes', { error: 'malformed percent-escape in the path' }], path);
      }
      // A method the path's route does not take: still the 400, not a 405.
      const res = await ask('/api/items/%zz', 'DELETE');
      assert.deepEqual([res.status, await res.json()], [400, { error: 'malformed percent-escape in the path' }]);
    });

    it(`keeps well-formed escapes ${how}: found, or the app's 404`, async () => {
      const found = await ask('/api/items/caf%C3%A9%25');
      assert.deepEqual([found.status, await found.json()], [200, { id: 'café%' }]);
      const missing = await ask('/api/nope/%25');
      assert.deepEqual([missing.status, await missing.json()], [404, { missed: 'app' }]);
    });
  }

  it('decodes the path once: the router tells the pipeline it is malformed, which decoded it again up to three times', async () => {
    const decode = mock.method(globalThis, 'decodeURIComponent');
    try {
      const res = await injected.fetch('/api/%zz');
      assert.deepEqual([res.status, await res.json()], [400, { error: 'malformed percent-escape in the path' }]);
      assert.deepEqual(decode.mock.calls.map((call) => call.arguments[0]), ['%zz']);
    } finally {
      decode.mock.restore();
    }
  });

  it('logs the request with its 400', async () => {
    await fetch(`${server.url}/api/%zz?q=1`).then((res) => res.arrayBuffer());
    const line = await server.waitForLog(({ fields }) => fields.event === 'request' && fields.path === '/api/%zz');
    assert.equal(line.fields.status, 400);
  });

  for (const path of PATHS) {
    it(`is traced with its 400 on the ${path} telemetry path, as an unrouted request`, async () => {
      const otel = await startPathApp(path, spec.groups);
      try {
        const res = await fetch(`${otel.app.url}/api/%zz`);
        assert.equal(res.status, 400);
        await res.arrayBuffer();
        await otel.telemetry.forceFlush();
        await otel.receiver.waitFor('the span', () => otel.receiver.spans.length > 0);
        const span = otel.receiver.spans.at(-1)!;
        assert.deepEqual([span.attributes['url.path'], span.attributes['http.response.status_code'], span.attributes['http.route']], ['/api/%zz', 400, undefined]);
      } finally {
        await otel.close();
      }
    });
  }
});
