/**
 * The body's framing is fw's: a `content-length` or `transfer-encoding` among a handler's (or a
 * plugin's) headers never reaches the wire beside a body it does not describe. Before, a jsonStream
 * with `content-length: 2` sent `[1,2,3]` under it, a keep-alive client reading `,2,3]` as the start
 * of its next answer; a `transfer-encoding: chunked` went out beside fw's content-length (RFC 9112
 * §6.1: never both; a balancer trusting the length splits the chunked body into two answers); a
 * 204 kept `content-length: 5` (RFC 9110 §8.6), a client waiting for five bytes. A bodyless
 * answer's `content-length: 0` stays (Safari waits for a body on a 204 preflight without it).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, jsonStream, status } from '../src/http/response.ts';
import { rawExchange } from './support/raw-socket.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';

describe("a handler's framing headers", () => {
  let app: TestApp;
  let port: number;
  before(async () => {
    const get = { methods: ['get' as const] };
    app = await startTestApp({
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/stream-length', handler: () => jsonStream([1, 2, 3], { headers: { 'content-length': '2' } }), options: get },
            { path: '/stream-identity', handler: () => jsonStream([1, 2, 3], { headers: { 'Transfer-Encoding': 'identity' } }), options: get },
            { path: '/chunked', handler: () => status(200, { 'transfer-encoding': 'chunked' }, 'body'), options: get },
            { path: '/json-chunked', handler: () => json({ a: 1 }, 200, { 'Transfer-Encoding': 'chunked' }), options: get },
            { path: '/empty-length', handler: () => status(204, { 'content-length': '5' }), options: get },
            { path: '/empty-zero', handler: () => status(204, { 'content-length': '0' }), options: get },
          ],
        },
      ],
    });
    port = Number(new URL(app.url).port);
  });
  after(() => app.close());

  /** The heads (fw's own per-request headers left out) and bodies of `GET path` and then a 404 on one connection. */
  async function twoAnswers(path: string): Promise<string> {
    const text = await rawExchange(port, `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\nGET /none HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    return text.replace(/(x-request-id|x-content-type-options|date|content-type|keep-alive): [^\r]*\r\n/gi, '');
  }

  const notFound = 'HTTP/1.1 404 Not Found\r\ncontent-length: 21\r\nConnection: close\r\n\r\n{"error":"not found"}';

  for (const path of ['/stream-length', '/stream-identity']) {
    it(`streams chunked, whatever the handler said (${path})`, async () => {
      assert.equal(await twoAnswers(path), `HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n[1,2,3]\r\n0\r\n\r\n${notFound}`);
    });
  }

  it('sends a whole body with its length alone, never beside transfer-encoding', async () => {
    assert.equal(await twoAnswers('/chunked'), `HTTP/1.1 200 OK\r\ncontent-length: 4\r\nConnection: keep-alive\r\n\r\nbody${notFound}`);
    assert.equal(await twoAnswers('/json-chunked'), `HTTP/1.1 200 OK\r\ncontent-length: 7\r\nConnection: keep-alive\r\n\r\n{"a":1}${notFound}`);
  });

  it('sends no content-length but 0 with a 204', async () => {
    assert.equal(await twoAnswers('/empty-length'), `HTTP/1.1 204 No Content\r\nConnection: keep-alive\r\n\r\n${notFound}`);
    assert.equal(await twoAnswers('/empty-zero'), `HTTP/1.1 204 No Content\r\ncontent-length: 0\r\nConnection: keep-alive\r\n\r\n${notFound}`);
  });
});
