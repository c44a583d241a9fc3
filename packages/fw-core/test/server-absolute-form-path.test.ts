/**
 * An absolute-form request target (`GET http://h/files/../secret`) is routed by its path's raw
 * text, byte for byte as the origin-form target would be (RFC 9112 §3.2.2); only its authority
 * replaces the Host header. URL.parse's pathname removed dot segments (`..`, `%2e%2e`) and read
 * `\` as `/`, so a front proxy allowing only `/files/*` could be bypassed by the absolute form.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { RouteGroup } from '../src/index.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { rawRequest } from './support/plugin-harness.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

const echo = (req: { route: { template: string }; path: string; pathinfo: readonly string[] | undefined; bindings: Readonly<Record<string, string>> }) =>
  json({ template: req.route.template, path: req.path, pathinfo: req.pathinfo ?? null, bindings: req.bindings });

const groups: RouteGroup[] = [
  {
    prefix: '',
    security: false,
    routes: [
      { path: '/files/[...]', handler: echo, options: { methods: ['get'] } },
      { path: '/secret', handler: () => json({ secret: true }), options: { methods: ['get'] } },
      { path: '/:a/:b/:c', handler: echo, options: { methods: ['get'] } },
    ],
  },
];

/** Paths whose absolute form URL.parse would have rewritten (dot segments removed, `\` read as `/`), with the origin-form answer. */
const CASES: readonly (readonly [path: string, status: number, body: string])[] = [
  ['/files/../secret', 200, '{"template":"/files/[...]","path":"/files/../secret","pathinfo":["..","secret"],"bindings":{}}'],
  ['/files/%2e%2e/secret', 200, '{"template":"/files/[...]","path":"/files/%2e%2e/secret","pathinfo":["..","secret"],"bindings":{}}'],
  ['/files/./x', 200, '{"template":"/files/[...]","path":"/files/./x","pathinfo":[".","x"],"bindings":{}}'],
  ['/a\\b/c', 404, '{"error":"not found"}'],
  ['/x/../secret', 200, '{"template":"/:a/:b/:c","path":"/x/../secret","pathinfo":null,"bindings":{"a":"x","b":"..","c":"secret"}}'],
];

describe('an absolute-form target is routed by its raw path, as origin-form is', () => {
  let app: TestApp;
  before(async () => {
    app = await startTestApp({ groups });
  });
  after(() => app.close());

  const send = async (target: string) => {
    const res = await rawRequest(app.server.port, `GET ${target} HTTP/1.1\r\nHost: h.example\r\nConnection: close\r\n\r\n`);
    return [res?.status, res?.body];
  };

  it('answers each path in absolute form as in origin form, on a socket', async () => {
    for (const [path, status, body] of CASES) {
      assert.deepEqual(await send(path), [status, body], `origin-form ${path}`);
      assert.deepEqual(await send(`http://h.example${path}`), [status, body], `absolute-form ${path}`);
    }
  });

  it('takes the authority alone from the URL: userinfo and port dropped, an empty path is /, a query kept', async () => {
    assert.deepEqual(await send('http://u:p@H.example:8080/files/../secret?q=1'), [200, CASES[0]![2]]);
    assert.deepEqual(await send('http://h.example?q=1'), [404, '{"error":"not found"}']);
  });

  it('answers 400 to an absolute-form target whose authority is not a host', async () => {
    for (const target of ['http:///files/x', 'http://h\\b/files/x', 'http://u@/files/x', 'http://h:99999/files/x']) {
      const [status] = await send(target);
      assert.equal(status, 400, target);
    }
  });
});

describe("an absolute-form target's authority is routed as a Host header's text", () => {
  let app: TestApp;
  before(async () => {
    const routes = [{ path: '/admin', handler: () => json({ admin: true }), options: { methods: ['get'] } }] as RouteGroup['routes'];
    app = await startTestApp({ groups: [{ host: 'admin.internal', prefix: '', security: false, routes }, ...groups] });
  });
  after(() => app.close());

  it('leaves a percent-escape in the authority undecoded: %61dmin.internal is not admin.internal', async () => {
    const send = (target: string, host: string) => rawRequest(app.server.port, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    assert.equal((await send('http://ADMIN.internal./admin', 'h.example'))?.status, 200, 'case and a final dot as the Host header');
    assert.equal((await send('/admin', '%61dmin.internal'))?.status, 404, 'the Host header');
    assert.equal((await send('http://%61dmin.internal/admin', 'admin.internal'))?.status, 404, 'the absolute form');
  });
});

describe('inject routes an absolute-form target by its raw path too', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({ groups });
  });
  after(() => app.close());

  it('answers each path in absolute form as in origin form', async () => {
    for (const [path, status, body] of CASES) {
      for (const target of [path, `http://h.example${path}`]) {
        const res = await app.fetch(target);
        assert.deepEqual([res.status, await res.text()], [status, body], target);
      }
    }
  });
});
