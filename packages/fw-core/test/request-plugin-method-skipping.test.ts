import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { fwRequestPlugin } from '../src/plugins/request-plugin.ts';
import { connectRaw, parseRawResponse, startPluginServer, type PluginServer } from './support/plugin-harness.ts';

describe('fw_request_plugin skips decoding for GET, HEAD and DELETE', () => {
  let server: PluginServer;
  before(async () => {
    server = await startPluginServer(fwRequestPlugin, { decode_json_body: true, read_urlencoded_body: true });
  });
  after(() => server.close());

  it('leaves a GET body unread and keeps the connection usable', async () => {
    const connection = await connectRaw(server.port);
    // Two requests on one keep-alive connection: the GET's body must not leak into the next one.
    await connection.write(
      'GET / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: 7\r\n\r\n{"a":1}' +
        'POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: 7\r\nconnection: close\r\n\r\n{"b":2}',
    );
    const all = await connection.closed();
    assert.equal((await server.nextOutcome()).kind, 'ok');
    assert.equal((await server.nextOutcome()).kind, 'ok');
    const responses = all.split(/(?=HTTP\/1\.1 )/).map((text) => parseRawResponse(text, true));
    assert.deepEqual(responses.map((res) => [res?.status, res?.body]), [[200, '{}'], [200, '{"body":{"b":2}}']]);
  });

  it('leaves a HEAD request alone', async () => {
    const res = await fetch(server.url, { method: 'HEAD', headers: { 'content-type': 'application/json' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-length'), '2');
    assert.equal(await res.text(), '');
    assert.equal((await server.nextOutcome()).kind, 'ok');
  });

  it('leaves a DELETE body alone, JSON or form', async () => {
    for (const [contentType, body] of [['application/json', '{"a":1}'], ['application/x-www-form-urlencoded', 'a=1']]) {
      const res = await fetch(server.url, { method: 'DELETE', headers: { 'content-type': contentType as string }, body });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), {});
      assert.equal((await server.nextOutcome()).kind, 'ok');
    }
  });

  it('does not even check a malformed GET body', async () => {
    const connection = await connectRaw(server.port);
    await connection.write('GET / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: 3\r\nconnection: close\r\n\r\n{{{');
    const res = await connection.response();
    assert.equal(res?.status, 200);
    assert.equal(res?.body, '{}');
    assert.equal((await server.nextOutcome()).kind, 'ok');
  });

  it('decodes POST, PUT and PATCH', async () => {
    for (const method of ['POST', 'PUT', 'PATCH']) {
      const res = await fetch(server.url, { method, headers: { 'content-type': 'application/json' }, body: '{"m":1}' });
      assert.deepEqual(await res.json(), { body: { m: 1 } });
      assert.equal((await server.nextOutcome()).kind, 'ok');
    }
  });
});
