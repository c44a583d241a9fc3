/**
 * A plugin that reads the body itself with readBody and answers its 413 as builtin-plugins.md
 * says (`replyJson(req, e.status, {error: e.message})`, no headers of its own) leaves no
 * connection behind whose half-read body would be parsed as the client's next request: readBody
 * closes the connection after the request's answer, whoever writes it, lingering as fw's own 413
 * does (lingering-close.ts), for a Content-Length over the limit and for a chunked body that
 * crosses it.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, it } from 'node:test';
import { isFwError } from '../src/errors.ts';
import { readBody } from '../src/http/read-body.ts';
import { replyJson } from '../src/http/write-response.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { halfOpenClient, upload } from './support/half-open-client.ts';
import { startPluginServer, type PluginServer } from './support/plugin-harness.ts';

const LIMIT = 1024;

/** Reads the body as a signature check would, and answers readBody's 4xx itself. */
const rawBodyPlugin: FwPlugin = {
  name: 'raw_body_plugin',
  async pre_request(req, _env, _options, state) {
    try {
      await readBody(req.raw, LIMIT);
    } catch (error) {
      if (!isFwError(error) || error.status === undefined) throw error;
      replyJson(req, error.status, { error: error.message });
      return ['stop', req, state];
    }
    return ['ok', req, state];
  },
};

describe("a plugin's own 413 for readBody's FW_ERR_BODY_TOO_LARGE", { timeout: 30_000 }, () => {
  let server: PluginServer;
  before(async () => {
    server = await startPluginServer(rawBodyPlugin, {});
  });
  after(() => server.close());

  const heads = {
    'a Content-Length over the limit': `POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: ${LIMIT * 4096}\r\n\r\n`,
    'a chunked body that crosses the limit': `POST / HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n${(LIMIT * 2).toString(16)}\r\n${'x'.repeat(LIMIT * 2)}\r\n`,
  };
  for (const [what, head] of Object.entries(heads)) {
    it(`closes the connection after it, lingering, for ${what}`, async () => {
      const client = await halfOpenClient(server.port);
      const serverEnded = once(client.socket, 'end');
      client.socket.write(head);
      await serverEnded; // the answer is written and the server has shut its write side
      assert.match(client.received(), /^HTTP\/1\.1 413 /);
      assert.match(client.received(), /\r\nconnection: close\r\n/i);
      assert.equal((await server.nextOutcome()).kind, 'stop');
      // The rest of the body follows the answer: read and dropped, never parsed nor answered with a reset.
      await upload(client.socket, 256 * 1024);
      client.socket.end();
      await once(client.socket, 'close');
      assert.deepEqual(client.errors, []);
      assert.equal(client.received().match(/HTTP\/1\.1 /g)?.length, 1);
    });
  }
});
