/**
 * inject() sends a body as a client sends it: a stream (node's Readable, a WHATWG ReadableStream, an async
 * generator) chunked as it is read, and what fetch encodes (an ArrayBuffer, a DataView, a Blob, FormData,
 * URLSearchParams) as fetch encodes it, with its content-type. Before, each of them went through
 * JSON.stringify: a stream as its internal state (a 413 for a handful of bytes), the others as `{}`
 * with `content-type: application/json`. Each case is compared with the same body sent to a real server
 * on port 0 (fetch, or raw bytes for a chunked upload).
 */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Readable } from 'node:stream';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';
import { startTestApp, type TestApp, type TestAppSpec } from './support/test-app.ts';

/** What the handler read: the framing and type headers, and the body bytes as text. */
async function echo(req: FwRequest) {
  let body = '';
  for await (const chunk of req.raw) body += chunk;
  const { 'content-type': type, 'content-length': length, 'transfer-encoding': coding } = req.headers;
  // The framing and type lines sent, to tell a header sent empty (or null) from one not sent.
  const lines = req.raw.rawHeaders.filter((name, index) => index % 2 === 0 && /^(content-|transfer-)/i.test(name)).map((name) => name.toLowerCase()).sort();
  return json({ type: type ?? null, length: length ?? null, coding: coding ?? null, lines, body });
}

const post = { methods: ['post' as const] };
const spec: TestAppSpec = {
  groups: [
    { prefix: '', security: false, routes: [{ path: '/echo', handler: echo, options: post }] },
    {
      prefix: '/limited',
      security: false,
      plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, max_body_size: 10 } }],
      routes: [{ path: '/json', handler: (req) => json({ got: req.body ?? null }), options: post }],
    },
  ],
};

/** The status and body a server answers to `body`, sent chunked in `chunks`. */
function chunkedOverSocket(port: number, path: string, chunks: readonly string[], type?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8').on('data', (chunk: string) => (text += chunk)).on('error', reject);
    socket.on('close', () => {
      const [head = '', rest = ''] = text.split('\r\n\r\n');
      const body = /transfer-encoding: chunked/i.test(head) ? rest.replace(/^[0-9a-f]+\r\n|\r\n0\r\n\r\n$/g, '') : rest;
      resolve({ status: Number(head.split(' ')[1]), body: JSON.parse(body) });
    });
    const framed = chunks.map((chunk) => `${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`).join('');
    const typed = type === undefined ? '' : `content-type: ${type}\r\n`;
    socket.write(`POST ${path} HTTP/1.1\r\nhost: localhost\r\nconnection: close\r\n${typed}transfer-encoding: chunked\r\n\r\n${framed}0\r\n\r\n`);
  });
}

describe('inject: stream and fetch bodies as a client sends them', () => {
  let server: TestApp;
  let app: InjectedApp;
  before(async () => {
    [server, app] = await Promise.all([startTestApp(spec), injectTestApp(spec)]);
  });
  after(() => Promise.all([server.close(), app.close()]));

  const streams: readonly (readonly [string, () => unknown])[] = [
    ['a node Readable', () => Readable.from(['abc', 'déf'])],
    ['an async generator', async function* () { yield 'abc'; yield new TextEncoder().encode('déf'); }],
    ['a WHATWG ReadableStream', () => new ReadableStream({ pull(controller) { controller.enqueue(new TextEncoder().encode('abcdéf')); controller.close(); } })],
  ];
  for (const [name, stream] of streams) {
    it(`sends ${name} chunked, as it is read`, async () => {
      const expected = { status: 200, body: { type: null, length: null, coding: 'chunked', lines: ['transfer-encoding'], body: 'abcdéf' } };
      assert.deepEqual(await chunkedOverSocket(server.server.port, '/echo', ['abc', 'déf']), expected);
      const res = await inject(app.fw, { method: 'POST', url: '/echo', body: stream() });
      assert.deepEqual({ status: res.status, body: res.json() }, expected);
    });
  }

  it('answers a stream over the body size limit 413, as a server does a chunked upload', async () => {
    const chunks = ['{"title":', '"a title too long"}'];
    const expected = { status: 413, body: { error: 'request body too large' } };
    assert.deepEqual(await chunkedOverSocket(server.server.port, '/limited/json', chunks, 'application/json'), expected);
    const res = await inject(app.fw, { method: 'POST', url: '/limited/json', headers: { 'content-type': 'application/json' }, body: Readable.from(chunks) });
    assert.deepEqual({ status: res.status, body: res.json() }, expected);
  });

  it('takes a stream that fails midway for a client that hangs up mid-upload: no answer, the exchange cut', async () => {
    const gone = await new Promise<string>((resolve) => {
      const socket = connect(server.server.port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk)).on('close', () => resolve(text)).on('error', () => {});
      socket.write('POST /echo HTTP/1.1\r\nhost: localhost\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n', () => setImmediate(() => socket.destroy()));
    });
    assert.equal(gone, '');
    const failing = async function* () {
      yield 'abc';
      throw new Error('the file went away');
    };
    const res = await inject(app.fw, { method: 'POST', url: '/echo', body: failing() });
    assert.deepEqual([res.status, res.complete], [0, false]);
  });

  const encoded: readonly (readonly [string, () => unknown])[] = [
    ['URLSearchParams', () => new URLSearchParams({ q: 'é', n: '1' })],
    ['an ArrayBuffer', () => new TextEncoder().encode('bytes').buffer],
    ['a DataView', () => new DataView(new TextEncoder().encode('xbytesx').buffer, 1, 5)],
    ['a Blob', () => new Blob(['a blob'], { type: 'text/x-blob' })],
    ['a Blob without a type', () => new Blob(['a blob'])],
  ];
  for (const [name, body] of encoded) {
    it(`sends ${name} as fetch does, with its length and content-type`, async () => {
      const real = await fetch(`${server.url}/echo`, { method: 'POST', body: body() as RequestInit['body'] });
      const expected = { status: real.status, body: await real.json() };
      const res = await inject(app.fw, { method: 'POST', url: '/echo', body: body() });
      assert.deepEqual({ status: res.status, body: res.json() }, expected);
    });
  }

  it('sends FormData as fetch does: multipart with its boundary', async () => {
    const form = () => {
      const data = new FormData();
      data.set('title', 'Hi');
      return data;
    };
    const boundless = (answer: { type: string; body: string }) => {
      const boundary = answer.type.slice(answer.type.indexOf('boundary=') + 9);
      return { ...answer, type: answer.type.replace(boundary, 'B'), body: answer.body.replaceAll(boundary, 'B') };
    };
    const real = await fetch(`${server.url}/echo`, { method: 'POST', body: form() });
    const res = await inject(app.fw, { method: 'POST', url: '/echo', body: form() });
    const expected = { status: real.status, body: boundless(await real.json() as { type: string; body: string }) };
    assert.deepEqual({ status: res.status, body: boundless(res.json<{ type: string; body: string }>()) }, expected);
    assert.match(res.json<{ type: string }>().type, /^multipart\/form-data; boundary=/);
  });
});
