/**
 * inject() gives a handler the request headers node:http gives it for the same lines on a socket: a
 * name given several times (an array in inject's `headers`) joined as node:http joins it (`, `, `; `
 * for cookie, a list for set-cookie, the first kept for content-type and the like), and values
 * without the blanks around them (RFC 9110 §5.5), so a headers schema answers inject as it answers
 * a client. Each case is sent both ways and compared, on a real server on port 0.
 */
import assert from 'node:assert/strict';
import type { RequestListener } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { serveOnLoopback } from './support/listener-app.ts';
import { rawExchange } from './support/raw-socket.ts';
import { startTestApp, type TestApp, type TestAppSpec } from './support/test-app.ts';

const NAMES = ['x-ids', 'x-count', 'cookie', 'set-cookie', 'content-type', 'user-agent', 'x-tag'];
const echo = (req: FwRequest) => json(Object.fromEntries(NAMES.flatMap((name) => (req.headers[name] === undefined ? [] : [[name, req.headers[name]]]))));
const counted = { type: 'object', properties: { 'x-ids': { type: 'array', items: { type: 'integer' } }, 'x-count': { type: 'integer' } } };
const spec: TestAppSpec = {
  groups: [
    {
      prefix: '',
      security: false,
      routes: [
        { path: '/echo', handler: echo, options: { methods: ['get' as const] } },
        { path: '/counted', handler: echo, options: { methods: ['get' as const], schema: { headers: counted } } },
      ],
    },
  ],
};

/** The status and body a real client gets for these header lines, sent as they are. */
function overSocket(url: string, path: string, lines: readonly (readonly [string, string])[]): Promise<{ status: number; body: unknown }> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => (text += chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head, body] = [text.slice(0, text.indexOf('\r\n\r\n')), text.slice(text.indexOf('\r\n\r\n') + 4)];
      const chunked = /transfer-encoding: chunked/i.test(head);
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(chunked ? body.replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, '') : body) });
    });
    socket.end(`GET ${path} HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n${lines.map(([name, value]) => `${name}:${value}\r\n`).join('')}\r\n`);
  });
}

/** The same lines as inject's `headers`: a name given again becomes an array of its values. */
async function injected(app: InjectedApp, path: string, lines: readonly (readonly [string, string])[]): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string[]> = {};
  for (const [name, value] of lines) (headers[name] ??= []).push(value);
  const res = await inject(app.fw, { url: path, headers });
  return { status: res.status, body: res.json() };
}

describe('inject: request headers as node:http gives them', () => {
  let served: TestApp;
  let app: InjectedApp;
  before(async () => {
    served = await startTestApp(spec);
    app = await injectTestApp(spec);
  });
  after(async () => {
    await served.close();
    await app.close();
  });

  const cases: readonly { readonly title: string; readonly path: string; readonly lines: readonly (readonly [string, string])[]; readonly expected: { status: number; body: unknown } }[] = [
    {
      title: 'joins a repeated name with commas, cookie with semicolons, lists set-cookie and keeps the first user-agent',
      path: '/echo',
      lines: [['x-tag', 'a'], ['x-tag', 'b'], ['cookie', 'a=1'], ['cookie', 'b=2'], ['set-cookie', 's=1'], ['set-cookie', 's=2'], ['user-agent', 'one'], ['user-agent', 'two']],
      expected: { status: 200, body: { 'x-tag': 'a, b', cookie: 'a=1; b=2', 'set-cookie': ['s=1', 's=2'], 'user-agent': 'one' } },
    },
    // node:http keeps the first of two, which a filter in front may read otherwise: fw refuses the pair (server-repeated-content-type).
    { title: 'answers a repeated content-type 400', path: '/echo', lines: [['content-type', 'text/plain'], ['content-type', 'application/json']], expected: { status: 400, body: { error: 'repeated content-type header' } } },
    { title: 'strips the blanks around a value', path: '/echo', lines: [['x-tag', '  a b \t']], expected: { status: 200, body: { 'x-tag': 'a b' } } },
    {
      title: 'checks a repeated header as the list node:http joins, split on its commas as one line 1,2 is (route-schemas-array-headers), req.headers kept as joined',
      path: '/counted',
      lines: [['x-ids', '1'], ['x-ids', '2']],
      expected: { status: 200, body: { 'x-ids': '1, 2' } },
    },
    {
      title: 'checks a repeated header\'s items one by one',
      path: '/counted',
      lines: [['x-ids', '1'], ['x-ids', 'two']],
      expected: { status: 400, body: { error: 'invalid headers', details: [{ path: '/x-ids/1', keyword: 'type', message: 'must be integer', params: { type: 'integer' } }] } },
    },
    { title: 'checks a padded number as the number a client sends', path: '/counted', lines: [['x-count', ' 5 ']], expected: { status: 200, body: { 'x-count': '5' } } },
  ];
  it('gives a value JavaScript passed as a number as the text a client sends, as node:http\'s request() does', async () => {
    const res = await inject(app.fw, { url: '/echo', headers: { 'x-tag': 5 as unknown as string, 'x-count': [7] as unknown as string[] } });
    assert.deepEqual({ status: res.status, body: res.json() }, { status: 200, body: { 'x-tag': '5', 'x-count': '7' } });
  });

  it('keeps the names of rawHeaders as they were given, as node:http keeps them as sent', async () => {
    const listener: RequestListener = (req, res) => res.end(JSON.stringify(req.rawHeaders));
    const { server, url } = await serveOnLoopback(listener);
    const head = 'GET / HTTP/1.1\r\nHost: localhost\r\nX-Tag: a\r\nx-tag: b\r\nConnection: close\r\n\r\n';
    const sent = await rawExchange(Number(new URL(url).port), head).finally(() => server.close());
    const expected = ['Host', 'localhost', 'X-Tag', 'a', 'x-tag', 'b', 'Connection', 'close'];
    assert.deepEqual(JSON.parse(sent.slice(sent.indexOf('\r\n\r\n') + 4)), expected);
    const res = await inject(listener, { url: '/', headers: { Host: 'localhost', 'X-Tag': 'a', 'x-tag': 'b', Connection: 'close' } });
    assert.deepEqual(res.json(), expected);
  });

  for (const { title, path, lines, expected } of cases) {
    it(title, async () => {
      assert.deepEqual(await overSocket(served.url, path, lines), expected);
      assert.deepEqual(await injected(app, path, lines), expected);
    });
  }
});
