/**
 * Which host a request is routed by (RFC 9112 §3.2 and §3.2.2): an absolute-form target's
 * authority wins over the Host header, and a request with two Host headers or an invalid one is
 * answered 400 before any route, plugin or handler sees it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { rawRequest } from './support/plugin-harness.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe('the host a request is routed by', () => {
  let app: TestApp;
  let port: number;
  let handled = 0;
  before(async () => {
    app = await startTestApp({
      groups: [
        { prefix: '', host: 'admin.internal', security: false, routes: [{ path: '/secret', handler: () => json({ secret: true }), options: { methods: ['get'] } }] },
        { prefix: '', host: '[0::1]', security: false, routes: [{ path: '/loopback', handler: () => json({ loopback: true }), options: { methods: ['get'] } }] },
        {
          prefix: '',
          security: false,
          routes: [
            {
              path: '/where',
              handler: (req) => {
                handled += 1;
                return json({ path: req.path, query: req.query });
              },
              options: { methods: ['get'] },
            },
          ],
        },
      ],
    });
    port = app.server.port;
  });
  after(() => app.close());

  it('routes an absolute-form request by its URL authority, not by the Host header', async () => {
    const public_ = await rawRequest(port, 'GET http://public.example/secret HTTP/1.1\r\nHost: admin.internal\r\nConnection: close\r\n\r\n');
    assert.equal(public_?.status, 404);
    const admin = await rawRequest(port, 'GET http://admin.internal/secret HTTP/1.1\r\nHost: public.example\r\nConnection: close\r\n\r\n');
    assert.equal(admin?.status, 200);
    assert.equal(admin?.body, '{"secret":true}');
  });

  it('hands the handler the path and query of an absolute-form target without its userinfo', async () => {
    const res = await rawRequest(port, 'GET http://admin:hunter2@127.0.0.1/where?a=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    assert.equal(res?.status, 200);
    assert.equal(res?.body, '{"path":"/where","query":"a=1"}');
  });

  it('answers 400 to two Host headers, even with an absolute-form target', async () => {
    const before = handled;
    for (const target of ['/where', 'http://127.0.0.1/where']) {
      const res = await rawRequest(port, `GET ${target} HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\nConnection: close\r\n\r\n`);
      assert.equal(res?.status, 400, target);
      assert.equal(res?.body, '{"error":"invalid host header"}');
    }
    assert.equal(handled, before, 'no handler ran');
  });

  it('answers 400 to a Host that is not host[:port]', async () => {
    for (const host of ['a b', 'a.example:80:80', 'a.example:x', 'a/b', 'a@b']) {
      const res = await rawRequest(port, `GET /where HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      assert.equal(res?.status, 400, host);
    }
  });

  it("routes a Host naming the group's IPv6 address in another spelling to the group, as the absolute-form target is", async () => {
    for (const host of ['[::1]', '[0:0:0:0:0:0:0:1]:8080', '[::0001]']) {
      const res = await rawRequest(port, `GET /loopback HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      assert.equal(res?.status, 200, host);
      assert.equal(res?.body, '{"loopback":true}', host);
    }
    const absolute = await rawRequest(port, 'GET http://[0:0::1]:8080/loopback HTTP/1.1\r\nHost: a.example\r\nConnection: close\r\n\r\n');
    assert.equal(absolute?.status, 200);
  });

  it('accepts host names, IPv4 and IPv6 literals with and without a port', async () => {
    for (const host of ['a.example', 'a.example:8080', '127.0.0.1:1', '[::1]', '[::1]:8080', 'xn--bcher-kva.example']) {
      const res = await rawRequest(port, `GET /where HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      assert.equal(res?.status, 200, host);
    }
  });
});
