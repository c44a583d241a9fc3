/**
 * inject() answers a request node:http's parser refuses as a server does: 400 and a close, fw never
 * running it. Before, inject handed fw what no client can get past llhttp (a CR in a header value,
 * two Content-Length lines, an unknown method, a space in the target), and fw answered it: a 200, a
 * 404, a 405, so a test passed through inject for a request the server refuses. Each case is sent
 * both ways, on a real server on port 0 as raw bytes.
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { rawExchange } from './support/raw-socket.ts';
import { startTestApp, type TestApp, type TestAppSpec } from './support/test-app.ts';

let ran = 0;
const spec: TestAppSpec = {
  groups: [{
    prefix: '',
    security: false,
    plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
    routes: [{ path: '/echo', handler: (req) => ((ran += 1), json({ got: req.body ?? null })), options: { methods: ['get', 'post'] } }],
  }],
};

interface Case { readonly method: string; readonly url: string; readonly lines: readonly (readonly [string, string])[]; readonly body?: string }

/** The status a client gets for these bytes. */
function overSocket(port: number, { method, url, lines, body = '' }: Case): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Number(text.split(' ')[1])));
    const head = `${method} ${url} HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
    socket.end(Buffer.from(head + body, 'utf8'));
  });
}

async function injected(app: InjectedApp, { method, url, lines, body }: Case): Promise<{ status: number; connection: unknown }> {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of lines) (headers[name] ??= []).push(value);
  const res = await inject(app.fw, { method, url, headers, ...(body !== undefined && { body }) });
  return { status: res.status, connection: res.headers['connection'] };
}

const json7 = [['content-type', 'application/json']] as const;
const refused: readonly (readonly [string, Case])[] = [
  ['a method llhttp does not know', { method: 'FOO', url: '/echo', lines: [] }],
  ['CONNECT', { method: 'CONNECT', url: '/echo', lines: [] }],
  ['a space in the target', { method: 'GET', url: '/ec ho', lines: [] }],
  ['a NUL in the target', { method: 'GET', url: '/ec\0ho', lines: [] }],
  ['a non-ASCII target', { method: 'GET', url: '/écho', lines: [] }],
  ['a target without its leading slash', { method: 'GET', url: 'echo', lines: [] }],
  ['an empty target', { method: 'GET', url: '', lines: [] }],
  ['an authority-form target outside CONNECT', { method: 'GET', url: 'localhost:80', lines: [] }],
  ['a scheme with a digit', { method: 'GET', url: 'h2://localhost/echo', lines: [] }],
  ['a header name that is no token', { method: 'GET', url: '/echo', lines: [['x tag', 'a']] }],
  ['a bare CR in a header value', { method: 'GET', url: '/echo', lines: [['x-tag', 'a\rb']] }],
  ['a control character in a header value', { method: 'GET', url: '/echo', lines: [['x-tag', 'a\x01b']] }],
  ['two Content-Length lines, equal', { method: 'POST', url: '/echo', lines: [...json7, ['content-length', '7'], ['content-length', '7']], body: '{"a":1}' }],
  ['a Content-Length that is not digits', { method: 'POST', url: '/echo', lines: [...json7, ['content-length', '+7']], body: '{"a":1}' }],
  ['Content-Length beside Transfer-Encoding', { method: 'POST', url: '/echo', lines: [...json7, ['content-length', '7'], ['transfer-encoding', 'chunked']], body: '7\r\n{"a":1}\r\n0\r\n\r\n' }],
  ['a Transfer-Encoding not ending in chunked', { method: 'POST', url: '/echo', lines: [...json7, ['transfer-encoding', 'gzip']], body: '{"a":1}' }],
];
const served: readonly (readonly [string, Case, number])[] = [
  ['a tab in a header value', { method: 'GET', url: '/echo', lines: [['x-tag', 'a\tb']] }, 200],
  ['an absolute-form target, any case', { method: 'GET', url: 'HTTP://localhost/echo', lines: [] }, 200],
  ['a method llhttp knows (PURGE): the route has no such method', { method: 'PURGE', url: '/echo', lines: [] }, 405],
  ['a Content-Length with leading zeros', { method: 'POST', url: '/echo', lines: [...json7, ['content-length', '07']], body: '{"a":1}' }, 200],
];

describe('inject: requests node:http refuses', () => {
  let server: TestApp;
  let app: InjectedApp;
  before(async () => {
    [server, app] = await Promise.all([startTestApp(spec), injectTestApp(spec)]);
  });
  after(() => Promise.all([server.close(), app.close()]));

  for (const [name, request] of refused) {
    it(`answers 400 and a close, fw running nothing, as a server does: ${name}`, async () => {
      const before = ran;
      assert.equal(await overSocket(server.server.port, request), 400);
      assert.deepEqual(await injected(app, request), { status: 400, connection: 'close' });
      assert.equal(ran, before);
    });
  }
  it('answers with the head a server sends, connection: close and nothing more (no date, no chunked framing)', async () => {
    const answer = await rawExchange(server.server.port, 'GET /ec ho HTTP/1.1\r\nhost: localhost\r\n\r\n');
    assert.equal(answer, 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    const res = await inject(app.fw, '/ec ho');
    const read = { status: res.status, headers: res.headers, body: res.body, complete: res.complete };
    assert.deepEqual(read, { status: 400, headers: { connection: 'close' }, body: '', complete: true });
  });
  for (const [name, request, status] of served) {
    it(`runs the request, as a server does: ${name}`, async () => {
      assert.equal(await overSocket(server.server.port, request), status);
      assert.equal((await injected(app, request)).status, status);
    });
  }
});
