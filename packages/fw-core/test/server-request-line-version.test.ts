/**
 * fw's listener answers HTTP/1.x only (RFC 9112): a request line llhttp lets through with another
 * version is refused before any route, plugin or handler sees it, and its connection is closed.
 * `GET / HTTP/2.0` is 505 (RFC 9110 §15.6.6); the versionless HTTP/0.9 form `GET /` is 400
 * (node:http reports it, and an explicit `HTTP/0.9`, as version 0.9). Issue 35, item 20.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { rawExchange } from './support/raw-socket.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { within } from './support/until.ts';

/** Status line and body of the one answer the server sent before closing. */
function answerOf(text: string): { statusLine: string; body: string; answers: number } {
  const [head = '', body = ''] = text.split('\r\n\r\n');
  return { statusLine: head.split('\r\n')[0] ?? '', body, answers: text.split('HTTP/1.1 ').length - 1 };
}

describe('request lines of another HTTP version', () => {
  let app: TestApp;
  let handled = 0;
  before(async () => {
    app = await startTestApp({
      groups: [{ prefix: '', security: false, routes: [{ path: '/', handler: () => { handled += 1; return json({ ok: true }); }, options: { methods: ['get'] } }] }],
    });
  });
  after(() => app.close());

  // No `Connection: close`: the server must close on its own (rawExchange resolves on the close).
  const exchange = (requestLine: string) => within(`the server to answer ${requestLine} and close`, rawExchange(app.server.port, `${requestLine}\r\nHost: x\r\n\r\n`));

  it('answers 505 to HTTP/2.0 and closes the connection', async () => {
    assert.deepEqual(answerOf(await exchange('GET / HTTP/2.0')), { statusLine: 'HTTP/1.1 505 HTTP Version Not Supported', body: '{"error":"http version not supported"}', answers: 1 });
  });

  it('answers 400 to a request line without a version, and to HTTP/0.9, and closes the connection', async () => {
    for (const line of ['GET /', 'GET / HTTP/0.9']) {
      assert.deepEqual(answerOf(await exchange(line)), { statusLine: 'HTTP/1.1 400 Bad Request', body: '{"error":"request line without an HTTP/1.x version"}', answers: 1 }, line);
    }
  });

  it('runs no handler for them, and still answers HTTP/1.0 and HTTP/1.1', async () => {
    const before = handled;
    await exchange('GET / HTTP/2.0');
    await exchange('GET /');
    assert.equal(handled, before);
    assert.equal(answerOf(await exchange('GET / HTTP/1.0')).statusLine, 'HTTP/1.1 200 OK');
    const kept = await within('an HTTP/1.1 answer', rawExchange(app.server.port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'));
    assert.equal(answerOf(kept).statusLine, 'HTTP/1.1 200 OK');
    assert.equal(handled, before + 2);
  });

  it('logs the refused request with its status', async () => {
    await exchange('GET / HTTP/2.0');
    const line = await app.waitForLog((logged) => logged.fields.event === 'request' && logged.fields.status === 505);
    assert.equal(line.fields.path, '/');
  });
});
