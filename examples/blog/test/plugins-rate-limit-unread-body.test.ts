// Needs a real socket: the point is what happens on the connection after the 429, which inject() has none of.
/**
 * A client over its limit that sends a body: the 429 goes out before the body is read, with
 * `connection: close`, and the connection closes after it (fw closes lingering: a client still
 * uploading reads its 429, not a reset), so the body is never read for a next request. Kept
 * alive, node:http read all of it (200 MB in a probe). A 429 without a body keeps the connection.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startBlog, type BlogProcess } from './support/blog-process.ts';
import { writePluginConfig, type PluginConfig } from './support/plugins-config.ts';

/** Sends `head` then `body` on a connection of its own; resolves to the 429's bytes once they all came, and the connection's end. */
async function sendUntilAnswered(port: number, head: string, body: Buffer): Promise<{ answer: string; closed: Promise<unknown> }> {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  const closed = once(socket, 'close');
  let answer = '';
  const answered = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.endsWith('{"error":"too many requests"}')) resolve();
    });
    socket.on('close', () => resolve());
  });
  await once(socket, 'connect');
  socket.write(head);
  socket.write(body);
  await answered;
  // Our side stays open: the close awaited is the server's.
  return { answer, closed: closed.finally(() => socket.destroy()) };
}

describe('a refused request with a body (max_requests 1)', () => {
  let config: PluginConfig;
  let blog: BlogProcess;
  before(async () => {
    config = await writePluginConfig([{ module: 'rate_limit_plugin', options: { max_requests: 1, window_ms: 60_000 } }]);
    blog = await startBlog({ FW_CONFIG: config.path });
    assert.equal((await blog.request('GET', '/heartbeat', { fresh: true })).status, 200);
  });
  after(async () => {
    await blog?.stop();
    await config?.remove();
  });

  const MIB = 1024 * 1024;
  const cases = [
    ['1 MiB with Content-Length, sent at once', `content-length: ${MIB}`, Buffer.alloc(MIB, 'a')],
    ['a chunked body, its first chunk sent', 'transfer-encoding: chunked', Buffer.from(`400\r\n${'a'.repeat(1024)}\r\n`)],
    ['200 MiB announced, 1 KiB sent', `content-length: ${200 * MIB}`, Buffer.alloc(1024, 'a')],
  ] as const;
  for (const [name, framing, body] of cases) {
    test(`${name}: 429 with connection: close, then the server closes; the body is not read for a next request`, async () => {
      const head = `POST /api/posts HTTP/1.1\r\nhost: blog\r\ncontent-type: application/json\r\n${framing}\r\n\r\n`;
      const { answer, closed } = await sendUntilAnswered(blog.port, head, body);
      assert.match(answer, /^HTTP\/1\.1 429 /);
      assert.ok(answer.endsWith('{"error":"too many requests"}'), answer);
      // Kept alive, node:http read the whole body to reach a next request (before: `connection: keep-alive`).
      assert.match(answer, /\r\nconnection: close\r\n/i);
      // The server's FIN right after the answer: nothing more is parsed on this connection.
      await closed;
    });
  }

  test('a GET without a body: the 429 keeps the connection', async () => {
    const refused = await blog.request('GET', '/api/posts');
    assert.deepEqual([refused.status, refused.headers.connection], [429, 'keep-alive']);
  });
});
