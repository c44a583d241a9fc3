/**
 * fw's one response path: every response fw writes (controller JSON, streams, files, redirects,
 * plugin replies, fw's own errors, static files) carries `x-content-type-options: nosniff` and
 * the request id; `json_lib` encodes and decodes every JSON body; `use_stacktrace` shows in the
 * HTML error page as in the JSON one; `sendFile` answers conditional requests like static routes.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { replyJson } from '../src/http/write-response.ts';
import { html, json, jsonStream, redirect, sendFile, status } from '../src/http/response.ts';
import type { FwRequest } from '../src/http/request.ts';
import type { FwPlugin } from '../src/plugins/plugin.ts';
import { inject } from '../src/index.ts';
import { injectTestApp, type InjectedApp, type InjectInit } from './support/inject-app.ts';

// A json_lib that can be recognised in its output and its input.
const PRETTY_JSON = `export function stringify(value) { return JSON.stringify(value, null, 1); }
export function parse(text) { const value = JSON.parse(text); return { decoded_by: 'pretty', value }; }
`;

const teapot: FwPlugin = {
  name: 'teapot_plugin',
  pre_request: (req, _env, _options, state) => {
    if (req.headers['x-teapot'] === undefined) return ['ok', req, state];
    replyJson(req, 418, { error: 'short and stout' });
    return ['stop', req, state];
  },
};

function routes(dir: () => string) {
  const get = { methods: ['get' as const] };
  return [
    {
      prefix: '',
      security: false as const,
      plugins: [{ phase: 'pre_request' as const, module: 'teapot_plugin', options: {} }, { phase: 'pre_request' as const, module: 'fw_request_plugin', options: { decode_json_body: true } }],
      routes: [
        { path: '/json', handler: () => json({ a: 1 }), options: get },
        { path: '/stream', handler: () => jsonStream([1, 2], { key: 'items' }), options: get },
        { path: '/page', handler: () => html('<p>hi</p>'), options: get },
        { path: '/gone', handler: () => redirect('/json'), options: get },
        { path: '/empty', handler: () => status(204), options: get },
        { path: '/file', handler: () => sendFile(join(dir(), 'note.txt')), options: get },
        { path: '/boom', handler: () => { throw new Error('kaput'); }, options: get },
        { path: '/echo', handler: (req: FwRequest) => json({ body: req.body ?? null }), options: { methods: ['post' as const] } },
        { path: '/static/[...]', directory: '.' },
      ],
    },
  ];
}

describe('one response path', () => {
  let app: InjectedApp;
  let traced: InjectedApp;
  before(async () => {
    let dir = '';
    const files = { 'note.txt': 'a note\n', 'pretty-json.mjs': PRETTY_JSON };
    app = await injectTestApp({ groups: routes(() => dir), plugins: [teapot], files, fw: { json_lib: './pretty-json.mjs' } });
    dir = app.dir;
    let tracedDir = '';
    traced = await injectTestApp({ groups: routes(() => tracedDir), plugins: [teapot], files, fw: { use_stacktrace: true } });
    tracedDir = traced.dir;
  });
  after(async () => {
    await app.close();
    await traced.close();
  });

  it('sends nosniff and the request id on every kind of response', async () => {
    const cases: [string, InjectInit, number][] = [
      ['/json', {}, 200],
      ['/stream', {}, 200],
      ['/page', {}, 200],
      ['/gone', {}, 302], // inject never follows a redirect
      ['/empty', {}, 204],
      ['/file', {}, 200],
      ['/static/note.txt', {}, 200],
      ['/static/missing.txt', {}, 404],
      ['/nowhere', {}, 404],
      ['/nowhere', { headers: { accept: 'text/html' } }, 404],
      ['/json', { method: 'DELETE' }, 405],
      ['/json', { headers: { 'x-teapot': '1' } }, 418],
      ['/boom', {}, 500],
      ['/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }, 400],
    ];
    for (const [path, init, expected] of cases) {
      const res = await app.fetch(path, init);
      await res.arrayBuffer();
      const label = `${init.method ?? 'GET'} ${path}`;
      assert.equal(res.status, expected, label);
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff', label);
      assert.match(res.headers.get('x-request-id') ?? '', /-/, label);
    }
  });

  it('encodes controller JSON, streams, plugin replies and fw errors with json_lib', async () => {
    assert.equal(await (await app.fetch('/json')).text(), '{\n "a": 1\n}');
    assert.equal(await (await app.fetch('/stream')).text(), '{"items":[1,2]}');
    assert.equal(await (await app.fetch('/nowhere')).text(), '{\n "error": "not found"\n}');
    assert.equal(await (await app.fetch('/json', { headers: { 'x-teapot': '1' } })).text(), '{\n "error": "short and stout"\n}');
  });

  it('decodes JSON request bodies with json_lib', async () => {
    const res = await app.fetch('/echo', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { body: { decoded_by: 'pretty', value: { x: 1 } } });
  });

  it('shows the stack in the HTML error page when use_stacktrace is on, escaped', async () => {
    const res = await traced.fetch('/boom', { headers: { accept: 'text/html' } });
    assert.equal(res.status, 500);
    const page = await res.text();
    assert.match(page, /<p>internal server error<\/p><pre>Error: kaput\n/);
    const plain = await (await app.fetch('/boom', { headers: { accept: 'text/html' } })).text();
    assert.equal(plain.includes('<pre>'), false);
    assert.equal(plain.includes('kaput'), false);
  });

  it('answers sendFile with validators and a conditional GET with 304 and no body', async () => {
    const first = await app.fetch('/file');
    assert.equal(await first.text(), 'a note\n');
    const etag = first.headers.get('etag') ?? '';
    assert.match(etag, /^W\/"7-[0-9a-f]+"$/);
    assert.equal(first.headers.get('content-type'), 'text/plain; charset=utf-8');
    assert.notEqual(first.headers.get('last-modified'), null);
    const again = await app.fetch('/file', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.headers.get('etag'), etag);
    assert.equal(await again.text(), '');
  });

  it('gives HEAD the GET headers and length without a body, and 204 neither body nor length', async () => {
    const head = await inject(app.fw, { method: 'HEAD', url: '/json' });
    assert.equal(head.status, 200);
    assert.equal(head.headers['content-length'], String(Buffer.byteLength('{\n "a": 1\n}')));
    assert.equal(head.body, '');
    const empty = await app.fetch('/empty');
    assert.equal(empty.headers.get('content-length'), null);
    assert.equal(await empty.text(), '');
  });
});
