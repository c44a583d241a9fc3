/**
 * inject(): requests through createListener's listener without a socket. Every kind of response
 * the pipeline writes (JSON, streamed, HEAD, 204, files, plugin replies, security, errors),
 * request bodies, request ids, the request log, and the same answers as a real socket.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { inject, type InjectResponse } from '../src/inject/inject.ts';
import type { FwListener } from '../src/server/create-listener.ts';
import { openListenerApp, serveOnLoopback, type OpenedListenerApp } from './support/listener-app.ts';
import { captureLogger, type LogLine } from './support/test-app.ts';

/** The headers without `date`, after checking it is an HTTP date. */
function withoutDate(res: InjectResponse): Record<string, string | string[]> {
  const { date, ...rest } = res.headers;
  assert.match(String(date), /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/);
  return rest;
}

describe('inject', () => {
  let opened: OpenedListenerApp;
  let fw: FwListener;
  let logs: LogLine[];
  before(async () => {
    const logger = captureLogger();
    logs = logger.lines;
    opened = await openListenerApp({ events: [] }, logger);
    fw = opened.fw;
  });
  after(async () => {
    await opened?.close();
  });

  it('answers a JSON route with its status, headers and body, and json() parses it', async () => {
    const res = await inject(fw, { url: '/heartbeat', headers: { 'X-Request-Id': 'inject-1' } });
    assert.equal(res.status, 200);
    assert.deepEqual(withoutDate(res), {
      'content-type': 'application/json; charset=utf-8',
      'x-stamp': 'fw',
      'content-length': '15',
      'x-request-id': 'inject-1',
      'x-content-type-options': 'nosniff',
      connection: 'keep-alive',
    });
    assert.equal(res.body, '{"status":"ok"}');
    assert.deepEqual(res.json(), { status: 'ok' });
    assert.equal(res.complete, true);
  });

  it('takes a bare URL string and a bare listener', async () => {
    const res = await inject(fw.listener, '/heartbeat');
    assert.equal(res.status, 200);
    assert.equal(res.body, '{"status":"ok"}');
  });

  it('generates a request id when the client sends none, the one the handler sees', async () => {
    const res = await inject(fw, '/echo/id');
    const id = res.headers['x-request-id'];
    assert.match(String(id), /^[A-Za-z0-9_-]+-[0-9a-z]+$/);
    assert.equal(res.json<{ id: string }>().id, id);
  });

  it('sends an object body as JSON, decoded by fw_request_plugin', async () => {
    const res = await inject(fw, { method: 'POST', url: '/echo/a/b?x=1', body: { title: 'Hello', tags: ['a'] } });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json(), { path: '/echo/a/b', query: 'x=1', body: { title: 'Hello', tags: ['a'] }, route: '/echo/[...]', id: res.headers['x-request-id'] });
  });

  it('sends any other value as JSON, a body typed unknown included (a test helper passing one through)', async () => {
    const sent: unknown[] = [42, null, false, ['a'], { n: 1 }];
    for (const body of sent) {
      const res = await inject(fw, { method: 'POST', url: '/echo/v', body });
      assert.deepEqual([res.status, res.json<{ body: unknown }>().body], [200, body]);
    }
  });

  it('rejects a body JSON cannot carry (a function, a symbol, a BigInt, a cycle) with FW_ERR_INJECT_BAD_BODY naming what it sends, throwing nothing', async () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const accepted = "inject's body is a string, bytes, a stream, a fetch body or a value JSON.stringify encodes "
      + '(an object, an array, a number, a boolean, null); JSON.stringify';
    const cases: [unknown, string][] = [
      [() => 1, 'gives nothing for this function'],
      [Symbol('s'), 'gives nothing for this symbol'],
      [1n, 'refuses this bigint: Do not know how to serialize a BigInt'],
      [cycle, "refuses this object: Converting circular structure to JSON\n    --> starting at object with constructor 'Object'\n    --- property 'self' closes the circle"],
    ];
    const linesBefore = logs.length;
    for (const [body, found] of cases) {
      let pending: Promise<unknown> | undefined;
      assert.doesNotThrow(() => void (pending = inject(fw, { method: 'POST', url: '/echo/v', body })));
      await assert.rejects(pending!, { name: 'FwError', code: 'FW_ERR_INJECT_BAD_BODY', message: `${accepted} ${found}` });
    }
    assert.equal(logs.length, linesBefore, 'no request reached the listener');
  });

  it('rejects with the error of a listener that throws (behind node:http an uncaught exception)', async () => {
    const boom = new Error('boom');
    await assert.rejects(inject(() => { throw boom; }, '/'), boom);
  });

  it('sends string and byte bodies as they are, with their content-length', async () => {
    const text = await inject(fw, { method: 'PUT', url: '/echo/s', headers: { 'content-type': 'application/json' }, body: '"héllo"' });
    assert.equal(text.json<{ body: unknown }>().body, 'héllo');
    const bytes = await inject(fw, { method: 'PUT', url: '/echo/b', headers: { 'content-type': 'application/json' }, body: Buffer.from('[1]') });
    assert.deepEqual(bytes.json<{ body: unknown }>().body, [1]);
  });

  it('answers a malformed JSON body 400 from fw_request_plugin', async () => {
    const res = await inject(fw, { method: 'POST', url: '/echo/x', headers: { 'content-type': 'application/json' }, body: '{"a":' });
    assert.equal(res.status, 400);
    assert.deepEqual(res.json(), { error: 'malformed JSON body' });
  });

  it('removes the chunked framing of a jsonStream response', async () => {
    const res = await inject(fw, '/numbers');
    assert.equal(res.status, 200);
    assert.equal(res.headers['transfer-encoding'], 'chunked');
    assert.equal(res.headers['content-length'], undefined);
    assert.equal(res.body, '{"numbers":[1,2,3]}');
  });

  it('reports a response cut midway as incomplete: a jsonStream whose source throws', async () => {
    const res = await inject(fw, '/broken-stream');
    assert.deepEqual({ status: res.status, headers: res.headers, body: res.body, complete: res.complete }, { status: 0, headers: {}, body: '', complete: false });
    // fw cut it, the client did not leave: the line has the status sent and `cut`, not `aborted`.
    const line = logs.find((l) => l.fields['event'] === 'request' && l.fields['path'] === '/broken-stream')!;
    assert.deepEqual([line.fields['status'], line.fields['cut'], line.fields['aborted']], [200, true, undefined]);
  });

  it('answers HEAD with the GET headers and no body', async () => {
    const res = await inject(fw, { method: 'HEAD', url: '/hello' });
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-length'], '16');
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(res.body, '');
  });

  it('answers 204 without a body or content-length', async () => {
    const res = await inject(fw, { method: 'DELETE', url: '/empty' });
    assert.equal(res.status, 204);
    assert.equal(res.headers['content-length'], undefined);
    assert.equal(res.body, '');
  });

  it('serves a file route, a directory route and sendFile, and a 304 for their ETag', async () => {
    for (const url of ['/hello', '/files/hello.txt', '/download']) {
      const res = await inject(fw, url);
      assert.equal(res.status, 200, url);
      assert.equal(res.body, 'hello from disk\n', url);
      const etag = res.headers['etag'];
      assert.match(String(etag), /^W\/"10-[0-9a-f]+"$/, url);
      const again = await inject(fw, { url, headers: { 'if-none-match': String(etag) } });
      assert.equal(again.status, 304, url);
      assert.equal(again.body, '', url);
    }
  });

  it('returns what a plugin wrote when it stops the request', async () => {
    const res = await inject(fw, '/echo/x?teapot');
    assert.equal(res.status, 418);
    assert.equal(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.equal(res.body, 'short and stout');
  });

  it('runs group security', async () => {
    const denied = await inject(fw, '/api/private');
    assert.equal(denied.status, 401);
    const allowed = await inject(fw, { url: '/api/private', headers: { authorization: 'Bearer yes' } });
    assert.deepEqual({ status: allowed.status, body: allowed.json() }, { status: 200, body: { private: true } });
  });

  it('answers errors as fw does: 500 logged, an exposed FwError with its status, 404 and 405', async () => {
    const boom = await inject(fw, '/boom');
    assert.deepEqual({ status: boom.status, body: boom.json() }, { status: 500, body: { error: 'internal server error' } });
    assert.equal(logs.some((l) => l.fields['event'] === 'request_failed' && l.fields['request_id'] === boom.headers['x-request-id']), true);
    const tooLarge = await inject(fw, '/too-large');
    assert.deepEqual({ status: tooLarge.status, body: tooLarge.json() }, { status: 413, body: { error: 'too large here' } });
    const missing = await inject(fw, '/nowhere');
    assert.deepEqual({ status: missing.status, body: missing.json() }, { status: 404, body: { error: 'not found' } });
    const wrong = await inject(fw, { method: 'POST', url: '/heartbeat' });
    assert.deepEqual({ status: wrong.status, allow: wrong.headers['allow'], body: wrong.json() }, { status: 405, allow: 'GET, HEAD, OPTIONS', body: { error: 'method not allowed' } });
  });

  it('gives the pipeline a response and socket that are not destroyed after an async turn', async () => {
    const res = await inject(fw, '/alive');
    assert.deepEqual(res.json(), { resDestroyed: false, socketDestroyed: false });
  });

  it('resolves after the request log line is written, with the status', async () => {
    const res = await inject(fw, { url: '/heartbeat', headers: { 'x-request-id': 'logged-1' } });
    const line = logs.find((l) => l.fields['event'] === 'request' && l.fields['request_id'] === 'logged-1');
    assert.equal(res.status, 200);
    assert.deepEqual({ ...line?.fields, duration_ms: typeof line?.fields['duration_ms'] }, {
      event: 'request',
      request_id: 'logged-1',
      method: 'GET',
      path: '/heartbeat',
      status: 200,
      'client.address': '127.0.0.1',
      duration_ms: 'number',
    });
  });
});

describe('inject against the same listener behind a socket', () => {
  let opened: OpenedListenerApp;
  let fw: FwListener;
  let server: Server;
  let url: string;
  before(async () => {
    opened = await openListenerApp();
    fw = opened.fw;
    ({ server, url } = await serveOnLoopback(fw.listener));
  });
  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await opened?.close();
  });

  // keep-alive: node:http's server adds `keep-alive: timeout=5` from its keepAliveTimeout; inject
  // has no server. For HEAD, fetch (undici) asks for `connection: close`, so the server answers it.
  it('gives the same status, headers (but date and keep-alive) and body', async () => {
    const cases = [
      { method: 'GET', path: '/heartbeat' },
      { method: 'GET', path: '/numbers' },
      { method: 'HEAD', path: '/hello' },
      { method: 'DELETE', path: '/empty' },
      { method: 'POST', path: '/echo/z?q=1', body: '{"n":1}' },
      { method: 'GET', path: '/echo/x?teapot' },
      { method: 'GET', path: '/nowhere' },
    ];
    for (const [index, { method, path, body }] of cases.entries()) {
      const headers = { 'x-request-id': `same-${index}`, 'content-type': 'application/json' };
      const real = await fetch(`${url}${path}`, { method, headers, ...(body !== undefined && { body }) });
      const realHeaders = Object.fromEntries([...real.headers].filter(([name]) => name !== 'date' && name !== 'keep-alive'));
      if (method === 'HEAD') realHeaders['connection'] = 'keep-alive';
      const realBody = await real.text();
      const injected = await inject(fw, { method, url: path, headers, ...(body !== undefined && { body }) });
      assert.deepEqual({ status: injected.status, headers: withoutDate(injected), body: injected.body }, { status: real.status, headers: realHeaders, body: realBody }, `${method} ${path}`);
    }
  });
});
