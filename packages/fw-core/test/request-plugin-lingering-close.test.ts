/**
 * After a 413 the server closes the connection, but not while the client is still sending the
 * body it refused: it shuts its write side after the answer and reads and drops the rest, so the
 * client reads the answer and sees an orderly close instead of a reset (lingering-close.ts),
 * and it stops doing so after a bounded amount.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { DEFAULT_MAX_BODY_SIZE } from '../src/http/read-body.ts';
import { fwRequestPlugin } from '../src/plugins/request-plugin.ts';
import { halfOpenClient, upload } from './support/half-open-client.ts';
import { startPluginServer, type PluginServer } from './support/plugin-harness.ts';

describe('fw_request_plugin after a 413', { timeout: 30_000 }, () => {
  let server: PluginServer;
  before(async () => {
    server = await startPluginServer(fwRequestPlugin, { decode_json_body: true });
  });
  after(() => server.close());

  it('reads and drops the rest of the refused body, so a client still sending it gets the answer and an orderly close', async () => {
    const size = DEFAULT_MAX_BODY_SIZE + 1;
    const client = await halfOpenClient(server.port);
    const serverEnded = once(client.socket, 'end');
    client.socket.write(`POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: ${size}\r\n\r\n`);
    await serverEnded; // the answer is written and the server has shut its write side
    assert.match(client.received(), /^HTTP\/1\.1 413 /);
    assert.match(client.received(), /\r\nconnection: close\r\n/i);
    assert.equal((await server.nextOutcome()).kind, 'stop');
    // The body follows, after the answer: a closed socket would answer it with a reset.
    assert.equal(await upload(client.socket, size), Math.ceil(size / 65536) * 65536);
    client.socket.end();
    await once(client.socket, 'close');
    assert.deepEqual(client.errors, []);
  });

  it('stops reading after 8 MiB: a client that never stops is cut off', async () => {
    const client = await halfOpenClient(server.port);
    client.socket.write(`POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: 1000000000\r\n\r\n`);
    await once(client.socket, 'end');
    assert.match(client.received(), /^HTTP\/1\.1 413 /);
    assert.equal((await server.nextOutcome()).kind, 'stop');
    const sent = await upload(client.socket, 256 * 1024 * 1024);
    assert.ok(client.socket.destroyed || !client.socket.writable, 'the server never closed the connection');
    assert.ok(sent < 64 * 1024 * 1024, `${sent} bytes were taken before the server closed`);
  });
});
