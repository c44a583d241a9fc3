/**
 * What a served file looks like on the wire: exact headers, content types (built-in and the
 * mimetype option), max_age, HEAD, ignored Range, plugin headers merged in, 405 for other
 * methods, and the single-file route form.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createStaticHandler, type StaticOptions } from '../src/static/static-handler.ts';
import { createFixture, FIXTURE_FILES, fixtureEtag, rawRequest, staticTarget, withoutTransportHeaders, type Fixture, type StaticTestTarget, type StaticTestServerOptions } from './static-harness.ts';

const LAST_MODIFIED = 'Tue, 02 Jan 2024 03:04:05 GMT';

function fileHeaders(name: string, contentType: string, cacheControl = 'public, max-age=0'): Record<string, string> {
  const text = FIXTURE_FILES[name] ?? '';
  return {
    'content-type': contentType,
    'content-length': String(Buffer.byteLength(text)),
    etag: fixtureEtag(text),
    'last-modified': LAST_MODIFIED,
    'cache-control': cacheControl,
    'accept-ranges': 'none',
    'x-content-type-options': 'nosniff',
    'x-request-id': 'test-id',
  };
}

describe('static files: file responses', () => {
  let fixture: Fixture;
  const servers: StaticTestTarget[] = [];

  before(async () => {
    fixture = await createFixture();
  });
  after(async () => {
    for (const server of servers) await server.close();
    await fixture.cleanup();
  });

  function serve(options?: StaticOptions, serverOptions?: StaticTestServerOptions): StaticTestTarget {
    const server = staticTarget(createStaticHandler({ directory: fixture.root, ...(options && { options }) }), serverOptions);
    servers.push(server);
    return server;
  }

  it('sends a file with exact headers and body', async () => {
    const server = serve();
    const response = await rawRequest(server, 'GET', '/docs/css/app.css');
    assert.equal(response.status, 200);
    assert.deepEqual(withoutTransportHeaders(response.headers), fileHeaders('css/app.css', 'text/css; charset=utf-8'));
    assert.equal(response.body, FIXTURE_FILES['css/app.css']);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const server = serve();
    const response = await rawRequest(server, 'HEAD', '/docs/hello.txt');
    assert.equal(response.status, 200);
    assert.deepEqual(withoutTransportHeaders(response.headers), fileHeaders('hello.txt', 'text/plain; charset=utf-8'));
    assert.equal(response.body, '');
  });

  it('ignores Range and sends the whole file with 200', async () => {
    const server = serve();
    const response = await rawRequest(server, 'GET', '/docs/hello.txt', { range: 'bytes=0-3' });
    assert.equal(response.status, 200);
    assert.equal(response.headers['accept-ranges'], 'none');
    assert.equal(response.body, FIXTURE_FILES['hello.txt']);
  });

  it('sends application/octet-stream for unknown or missing extensions', async () => {
    const server = serve();
    for (const name of ['data.custom', 'noext']) {
      const response = await rawRequest(server, 'GET', `/docs/${name}`);
      assert.equal(response.headers['content-type'], 'application/octet-stream', name);
    }
  });

  it('takes content types from the mimetype option over the built-in table', async () => {
    const server = serve({ mimetype: { custom: 'text/x-custom; charset=utf-8', TXT: 'text/x-override' } });
    const custom = await rawRequest(server, 'GET', '/docs/data.custom');
    assert.equal(custom.headers['content-type'], 'text/x-custom; charset=utf-8');
    const txt = await rawRequest(server, 'GET', '/docs/hello.txt');
    assert.equal(txt.headers['content-type'], 'text/x-override');
    const css = await rawRequest(server, 'GET', '/docs/css/app.css');
    assert.equal(css.headers['content-type'], 'text/css; charset=utf-8');
  });

  it('sets cache-control from max_age', async () => {
    const server = serve({ max_age: 3600 });
    const response = await rawRequest(server, 'GET', '/docs/hello.txt');
    assert.equal(response.headers['cache-control'], 'public, max-age=3600');
  });

  it('merges req.responseHeaders (set by plugins) into the response', async () => {
    const server = serve(undefined, { responseHeaders: { 'access-control-allow-origin': 'https://app.example', vary: 'Origin' } });
    const response = await rawRequest(server, 'GET', '/docs/hello.txt');
    assert.equal(response.headers['access-control-allow-origin'], 'https://app.example');
    assert.equal(response.headers.vary, 'Origin');
    const missing = await rawRequest(server, 'GET', '/docs/missing.txt');
    assert.equal(missing.status, 404);
    assert.equal(missing.headers['access-control-allow-origin'], 'https://app.example');
  });

  it('answers 404 with a JSON body for a missing file', async () => {
    const server = serve();
    const response = await rawRequest(server, 'GET', '/docs/css/missing.css');
    assert.equal(response.status, 404);
    assert.equal(response.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(response.body, '{"error":"not found"}');
  });

  it('answers 405 with allow: GET, HEAD to every other method', async () => {
    const server = serve();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      const response = await rawRequest(server, method, '/docs/hello.txt', { 'content-length': '0' });
      assert.equal(response.status, 405, method);
      const body = '{"error":"method not allowed"}';
      assert.deepEqual(withoutTransportHeaders(response.headers), {
        allow: 'GET, HEAD',
        'content-type': 'application/json; charset=utf-8',
        'content-length': String(body.length),
        'x-content-type-options': 'nosniff',
        'x-request-id': 'test-id',
      }, method);
      assert.equal(response.body, body, method);
    }
  });

  it('always serves the one file of a single-file route', async () => {
    const handler = createStaticHandler({ file: 'hello.txt', options: { mimetype: { txt: 'image/x-icon' } } }, fixture.root);
    const server = staticTarget(handler, { prefix: '/favicon.ico', wildcard: false });
    servers.push(server);
    const response = await rawRequest(server, 'GET', '/favicon.ico');
    assert.equal(response.status, 200);
    assert.deepEqual(withoutTransportHeaders(response.headers), fileHeaders('hello.txt', 'image/x-icon'));
    assert.equal(response.body, FIXTURE_FILES['hello.txt']);
    const post = await rawRequest(server, 'POST', '/favicon.ico', { 'content-length': '0' });
    assert.equal(post.status, 405);
  });

  it('resolves a relative directory against baseDir', async () => {
    const server = staticTarget(createStaticHandler({ directory: 'root/css' }, fixture.dir));
    servers.push(server);
    const response = await rawRequest(server, 'GET', '/docs/app.css');
    assert.equal(response.body, FIXTURE_FILES['css/app.css']);
  });

  it('never reports a server fault', () => {
    for (const server of servers) assert.deepEqual(server.failures, []);
  });
});
