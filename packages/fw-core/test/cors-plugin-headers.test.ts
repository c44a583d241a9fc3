import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fwCorsPlugin } from '../src/plugins/cors-plugin.ts';
import { connectRaw, startPluginServer, type PluginServer } from './support/plugin-harness.ts';

describe('fw_cors_plugin adds cross-origin headers and answers OPTIONS', () => {
  let server: PluginServer;
  before(async () => {
    server = await startPluginServer(fwCorsPlugin, { allow_origins: 'https://app.example' });
  });
  after(() => server.close());

  for (const method of ['GET', 'POST', 'PUT', 'DELETE']) {
    it(`adds the three headers to a ${method} response and lets it through`, async () => {
      const res = await fetch(server.url, { method, headers: { origin: 'https://other.example' } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
      assert.equal(res.headers.get('access-control-allow-headers'), '*');
      assert.equal(res.headers.get('access-control-allow-methods'), '*');
      assert.equal(res.headers.get('vary'), null);
      assert.equal(res.headers.get('access-control-expose-headers'), null);
      assert.deepEqual(await res.json(), {});
      assert.equal((await server.nextOutcome()).kind, 'ok');
    });
  }

  it('answers a preflight OPTIONS with 204, content-length 0 and the headers, and stops', async () => {
    const connection = await connectRaw(server.port);
    await connection.write(
      'OPTIONS /api/posts HTTP/1.1\r\nhost: test\r\norigin: https://app.example\r\n' +
        'access-control-request-method: PUT\r\naccess-control-request-headers: authorization\r\nconnection: close\r\n\r\n',
    );
    const raw = await connection.closed();
    const head = raw.slice(0, raw.indexOf('\r\n\r\n'));
    const lines = head.split('\r\n');
    assert.equal(lines[0], 'HTTP/1.1 204 No Content');
    const headers = Object.fromEntries(
      lines.slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 2)]),
    );
    assert.equal(headers['access-control-allow-origin'], 'https://app.example');
    assert.equal(headers['access-control-allow-headers'], '*');
    assert.equal(headers['access-control-allow-methods'], '*');
    assert.equal(headers['content-length'], '0');
    assert.equal(headers['x-request-id'], 'test-id');
    assert.equal(headers['transfer-encoding'], undefined);
    assert.equal(raw.slice(head.length), '\r\n\r\n');
    assert.equal((await server.nextOutcome()).kind, 'stop');
  });

  it('answers a plain OPTIONS without preflight headers the same way', async () => {
    const res = await fetch(`${server.url}/anything`, { method: 'OPTIONS' });
    assert.equal(res.status, 204);
    assert.equal(res.headers.get('content-length'), '0');
    assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
    assert.equal(await res.text(), '');
    assert.equal((await server.nextOutcome()).kind, 'stop');
  });
});

describe('fw_cors_plugin with expose_headers', () => {
  it('lets a page read the listed headers, on answers and on preflights', async () => {
    const server = await startPluginServer(fwCorsPlugin, { allow_origins: 'https://app.example', expose_headers: ['Location', 'Retry-After'] });
    try {
      for (const method of ['POST', 'OPTIONS']) {
        const res = await fetch(server.url, { method, headers: { origin: 'https://app.example' } });
        await res.arrayBuffer();
        assert.equal(res.headers.get('access-control-expose-headers'), 'Location, Retry-After', method);
        assert.equal(res.headers.get('access-control-allow-origin'), 'https://app.example');
        await server.nextOutcome();
      }
    } finally {
      await server.close();
    }
  });
});

describe('fw_cors_plugin with allow_headers', () => {
  it('names the request headers a page may send, Authorization included, on answers and on preflights', async () => {
    const server = await startPluginServer(fwCorsPlugin, { allow_origins: 'https://app.example', allow_headers: ['Authorization', 'If-Match'] });
    try {
      for (const method of ['PUT', 'OPTIONS']) {
        const headers = { origin: 'https://app.example', 'access-control-request-method': 'PUT', 'access-control-request-headers': 'authorization,if-match' };
        const res = await fetch(server.url, { method, headers });
        await res.arrayBuffer();
        assert.equal(res.headers.get('access-control-allow-headers'), 'Authorization, If-Match', method);
        assert.equal(res.headers.get('access-control-allow-methods'), '*');
        await server.nextOutcome();
      }
    } finally {
      await server.close();
    }
  });
});

describe('fw_cors_plugin with allow_origins *', () => {
  it('sends * verbatim', async () => {
    const server = await startPluginServer(fwCorsPlugin, { allow_origins: '*' });
    try {
      const res = await fetch(server.url);
      assert.equal(res.headers.get('access-control-allow-origin'), '*');
      await res.arrayBuffer();
    } finally {
      await server.close();
    }
  });
});
