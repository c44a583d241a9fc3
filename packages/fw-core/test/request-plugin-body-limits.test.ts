import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_MAX_BODY_SIZE } from '../src/http/read-body.ts';
import { fwRequestPlugin } from '../src/plugins/request-plugin.ts';
import { connectRaw, rawRequest, startPluginServer, type PluginServer } from './support/plugin-harness.ts';

const TOO_LARGE = '{"error":"request body too large"}';

/** A JSON body of exactly `size` bytes: a string of `x`s. */
function jsonOfSize(size: number): string {
  return `"${'x'.repeat(size - 2)}"`;
}

describe('fw_request_plugin enforces max_body_size', { timeout: 20_000 }, () => {
  let server: PluginServer;
  before(async () => {
    server = await startPluginServer(fwRequestPlugin, { decode_json_body: true, read_urlencoded_body: true });
  });
  after(() => server.close());

  async function assertStillServing() {
    const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"next":true}' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { body: { next: true } });
    assert.equal((await server.nextOutcome()).kind, 'ok');
  }

  it('defaults to 1 MiB and accepts a body of exactly that size', async () => {
    assert.equal(DEFAULT_MAX_BODY_SIZE, 1_048_576);
    const body = jsonOfSize(DEFAULT_MAX_BODY_SIZE);
    const res = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    assert.equal(res.status, 200);
    assert.equal(((await res.json()) as { body: string }).body.length, DEFAULT_MAX_BODY_SIZE - 2);
    assert.equal((await server.nextOutcome()).kind, 'ok');
  });

  it('answers 413 from Content-Length alone, closes the connection, then serves the next request', async () => {
    const connection = await connectRaw(server.port);
    // Only the head is sent: the answer must not wait for the body.
    await connection.write(
      'POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\n' +
        `content-length: ${DEFAULT_MAX_BODY_SIZE + 1}\r\n\r\n`,
    );
    const res = await connection.response();
    assert.equal(res?.status, 413);
    assert.equal(res?.headers['connection'], 'close');
    assert.equal(res?.headers['content-type'], 'application/json; charset=utf-8');
    assert.equal(res?.headers['content-length'], String(TOO_LARGE.length));
    assert.equal(res?.headers['x-request-id'], 'test-id');
    assert.equal(res?.body, TOO_LARGE);
    assert.equal((await server.nextOutcome()).kind, 'stop');
    await connection.closed();
    await assertStillServing();
  });

  it('answers 413 while streaming a chunked body with no Content-Length, then serves the next request', async () => {
    const connection = await connectRaw(server.port);
    await connection.write('POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n');
    const chunk = 'x'.repeat(64 * 1024);
    let sent = 0;
    // Upload up to 4 MiB, stopping once the server has answered, as a real client does.
    while (!connection.answered() && !connection.socket.destroyed && sent < 4 * DEFAULT_MAX_BODY_SIZE) {
      await connection.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`);
      sent += chunk.length;
    }
    const res = await connection.response();
    assert.equal(res?.status, 413);
    assert.equal(res?.headers['connection'], 'close');
    assert.equal(res?.body, TOO_LARGE);
    assert.equal((await server.nextOutcome()).kind, 'stop');
    await connection.closed();
    assert.ok(sent > DEFAULT_MAX_BODY_SIZE, `sent ${sent} bytes`);
    await assertStillServing();
  });

  it('answers 413 for an oversized urlencoded body too', async () => {
    const connection = await connectRaw(server.port);
    await connection.write(
      'POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/x-www-form-urlencoded\r\n' +
        `content-length: ${DEFAULT_MAX_BODY_SIZE * 2}\r\n\r\n`,
    );
    const res = await connection.response();
    assert.equal(res?.status, 413);
    assert.equal(res?.body, TOO_LARGE);
    assert.equal((await server.nextOutcome()).kind, 'stop');
    await assertStillServing();
  });

  // The client half-closes after a short body: Node's parser sees the early end first and
  // answers its own bare 400 (HPE_INVALID_EOF_STATE); readBody settles, the plugin stops.
  it('answers 400 without hanging when the body is shorter than Content-Length', async () => {
    const res = await rawRequest(
      server.port,
      'POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: 100\r\n\r\n{"short":1}',
    );
    assert.equal(res?.status, 400);
    assert.equal((await server.nextOutcome()).kind, 'stop');
    await assertStillServing();
  });

  it('stays up when the client aborts mid-body', async () => {
    const connection = await connectRaw(server.port);
    await connection.write('POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: 5000\r\n\r\n{"partial":');
    await server.nextRequest();
    connection.socket.destroy();
    assert.equal((await server.nextOutcome()).kind, 'stop');
    await assertStillServing();
  });
});

describe('fw_request_plugin with a small max_body_size', () => {
  it('accepts a body of exactly max_body_size bytes and refuses one byte more', async () => {
    const server = await startPluginServer(fwRequestPlugin, { decode_json_body: true, max_body_size: 16 });
    try {
      const ok = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: jsonOfSize(16) });
      assert.equal(ok.status, 200);
      assert.deepEqual(await ok.json(), { body: 'x'.repeat(14) });
      const refused = await rawRequest(
        server.port,
        `POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: 17\r\n\r\n${jsonOfSize(17)}`,
      );
      assert.equal(refused?.status, 413);
      assert.equal(refused?.body, TOO_LARGE);
    } finally {
      await server.close();
    }
  });

  it('refuses every non-empty body with max_body_size 0 but accepts an empty one', async () => {
    const server = await startPluginServer(fwRequestPlugin, { decode_json_body: true, max_body_size: 0 });
    try {
      const empty = await fetch(server.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '' });
      assert.equal(empty.status, 200);
      assert.deepEqual(await empty.json(), {});
      const refused = await rawRequest(
        server.port,
        'POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}',
      );
      assert.equal(refused?.status, 413);
    } finally {
      await server.close();
    }
  });
});
