/**
 * A plugin's answer that says `connection: close` before anything read the body (a rate limit's 429 to an upload): the
 * connection closes after it lingering, as fw's own refusals do, so a client still sending its body reads the answer and
 * sees the connection end. node:http's own close destroyed the socket at once: the client's next segment met a reset,
 * and a stack that gets one drops what it had not read yet (the answer).
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { replyJson } from '../src/http/write-response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { startPluginServer, type PluginServer } from './support/plugin-harness.ts';

const refusing: FwPlugin<undefined, Record<string, never>> = {
  name: 'refusing_plugin',
  pre_request(req, _env, _options, state) {
    replyJson(req, 429, { error: 'too many requests' }, { connection: 'close' });
    return ['stop', req, state];
  },
};

describe('a plugin refusing an upload with connection: close', () => {
  let server: PluginServer;
  before(async () => {
    server = await startPluginServer(refusing, {});
  });
  after(() => server.close());

  it('the client keeps sending after the 429: it reads the answer and the connection ends without a reset', async () => {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    const errors: string[] = [];
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
    const closed = once(socket, 'close');
    await once(socket, 'connect');
    socket.write(`POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: ${8 * 1024 * 1024}\r\n\r\n${'a'.repeat(1024)}`);
    assert.equal((await server.nextOutcome()).kind, 'stop');
    await once(socket, 'data');
    // More of the body, after the answer came: what an uploading client does.
    for (let i = 0; i < 16; i += 1) socket.write(Buffer.alloc(64 * 1024, 'a'));
    await closed;
    assert.deepEqual(errors, []);
    assert.match(received, /^HTTP\/1\.1 429 [^]*\r\nconnection: close\r\n[^]*\{"error":"too many requests"\}$/i);
  });
});
