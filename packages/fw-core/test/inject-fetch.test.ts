/**
 * `fw.fetch`: a WHATWG fetch answered in process through inject, as Hono's `app.fetch`, so a
 * client that takes a fetch (openapi-fetch) tests an fw app without a socket. An app author
 * building the same API on fw and Hono found Hono's typed client took `app.fetch` directly and
 * fw's needed an adapter written by hand. The Response carries what inject read: status,
 * headers, body; a HEAD or a 204 has none; a request's method, query, headers and body arrive
 * as a client sent them; a response cut midway rejects, as fetch's does.
 */
import assert from 'node:assert/strict';
import type { RequestListener } from 'node:http';
import { after, before, describe, it } from 'node:test';
import createClient from 'openapi-fetch';
import type { FwListener } from '../src/server/create-listener.ts';
import { injectFetch } from '../src/inject/inject.ts';
import { openListenerApp, type OpenedListenerApp } from './support/listener-app.ts';

let opened: OpenedListenerApp;
let fw: FwListener;
before(async () => {
  opened = await openListenerApp({ events: [] });
  fw = opened.fw;
});
after(() => opened?.close());

describe('fw.fetch', () => {
  it('answers a relative URL as a Response with the status, headers and JSON body inject read', async () => {
    const res = await fw.fetch('/heartbeat', { headers: { 'x-request-id': 'fetch-1' } });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(res.headers.get('x-request-id'), 'fetch-1');
    assert.deepEqual(await res.json(), { status: 'ok' });
  });

  it('sends a Request with its method, query, headers and body', async () => {
    const res = await fw.fetch(new Request('http://api.example/echo/a/b?x=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ title: 'Hello' }) }));
    const echoed = (await res.json()) as { path: string; query: string; body: unknown; route: string };
    assert.deepEqual({ path: echoed.path, query: echoed.query, body: echoed.body, route: echoed.route }, { path: '/echo/a/b', query: 'x=1', body: { title: 'Hello' }, route: '/echo/[...]' });
  });

  it('gives a streamed answer without its chunked framing, and no body for HEAD or 204', async () => {
    assert.equal(await (await fw.fetch('/numbers')).text(), '{"numbers":[1,2,3]}');
    const head = await fw.fetch('/hello', { method: 'HEAD' });
    assert.deepEqual([head.status, head.headers.get('content-length'), head.body], [200, '16', null]);
    const empty = await fw.fetch('/empty', { method: 'DELETE' });
    assert.deepEqual([empty.status, empty.body], [204, null]);
  });

  it('answers fw errors as their status and body: 401, 404, 405', async () => {
    assert.equal((await fw.fetch('/api/private')).status, 401);
    assert.deepEqual((await fw.fetch('/api/private', { headers: { authorization: 'Bearer yes' } })).status, 200);
    assert.equal((await fw.fetch('/nowhere')).status, 404);
    assert.equal((await fw.fetch('/heartbeat', { method: 'PUT' })).status, 405);
  });

  it('rejects, as fetch does on a cut connection, when the response was cut midway', async () => {
    await assert.rejects(fw.fetch('/broken-stream'), { name: 'TypeError', message: 'fetch failed: the response to GET /broken-stream was cut' });
  });

  // What fetch sends for the same bodies to a server (checked on one; this file opens no socket): a stream chunked, a string with its length.
  it('sends a ReadableStream body chunked as it is read, as fetch does, and any other body with its length', async () => {
    const listener: RequestListener = async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      res.end(JSON.stringify({ length: req.headers['content-length'] ?? null, coding: req.headers['transfer-encoding'] ?? null, body }));
    };
    const stream = new ReadableStream({ start(controller) { controller.enqueue(new TextEncoder().encode('streamed')); controller.close(); } });
    const streamed = await injectFetch(listener)('/', { method: 'POST', body: stream, duplex: 'half' } as RequestInit);
    assert.deepEqual(await streamed.json(), { length: null, coding: 'chunked', body: 'streamed' });
    const text = await injectFetch(listener)('/', { method: 'POST', body: 'a string' });
    assert.deepEqual(await text.json(), { length: '8', coding: null, body: 'a string' });
  });

  it("is openapi-fetch's fetch: a client calls the app without a socket", async () => {
    const client = createClient<any>({ baseUrl: 'http://localhost', fetch: fw.fetch });
    const { data, response } = await client.POST('/echo/{rest}', { params: { path: { rest: 'x' } }, body: { tags: ['a'] } });
    assert.equal(response.status, 200);
    assert.deepEqual((data as { body: unknown }).body, { tags: ['a'] });
  });
});
