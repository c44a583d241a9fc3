/**
 * fw mounted under a path of a real Express 5 app (issue 38, item 17): `location` (redirects, a
 * 201's header, the static directory's slash redirect) keeps the mount path; a body a parser in
 * front of fw already read (express.json(), express.text(), express.urlencoded()) is taken, not
 * a 500; and `fw.serverOptions` gives a server fw did not make fw's timeouts.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type RequestListener, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import { defineApp } from '../src/app/app.ts';
import { json, redirect } from '../src/http/response.ts';
import { mountPath } from '../src/http/write-response.ts';
import { observeExchange } from '../src/stream/exchange.ts';
import { createListener, type FwListener } from '../src/server/create-listener.ts';
import { captureLogger } from './support/test-app.ts';

const app = defineApp({
  name: 'mounted_app',
  router: {
    name: 'mounted_app_router',
    routes: () => [
      {
        prefix: '',
        security: false,
        routes: [
          { path: '/echo', handler: (req) => json({ body: req.body ?? null, params: req.params ?? null, mount: mountPath(req) }), options: { methods: ['post'] } },
          { path: '/moved', handler: () => redirect('/echo'), options: { methods: ['get'] } },
          { path: '/away', handler: () => redirect('//elsewhere.example/x'), options: { methods: ['get'] } },
          { path: '/made', handler: () => json({ id: 1 }, 201, { location: '/things/1' }), options: { methods: ['post'] } },
          { path: '/files/[...]', directory: '.' },
        ],
      },
    ],
  },
});

const config = {
  server_configuration: { headers_timeout_ms: 300, request_timeout_ms: 600 },
  plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, read_urlencoded_body: true, max_body_size: 64 } }],
} as const;

/** fw behind `host(fw)` on a server with fw.serverOptions, on 127.0.0.1 port 0. */
interface Mounted {
  readonly fw: FwListener;
  readonly server: Server;
  readonly url: string;
  close(): Promise<void>;
}

async function mount(host: (fw: FwListener) => RequestListener): Promise<Mounted> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-mounted-'));
  await writeFile(join(dir, 'index.html'), '<p>index</p>\n');
  const fw = await createListener({ app, config, appDir: dir, env: {}, logger: captureLogger() });
  const server = createServer(fw.serverOptions, host(fw));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = async (): Promise<void> => {
    await new Promise((resolve) => server.close(resolve));
    await fw.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { fw, server, url, close };
}

describe('fw mounted under a path of an Express app', () => {
  let mounted: Mounted;
  let server: Server;
  let url: string;
  before(async () => {
    mounted = await mount((fw) => {
      const web = express();
      web.use('/json', express.json(), fw.listener);
      web.use('/text', express.text({ type: 'application/json' }), fw.listener);
      web.use('/form', express.urlencoded({ extended: false }), fw.listener);
      web.use('/fw', fw.listener);
      return web;
    });
    ({ server, url } = mounted);
  });
  after(() => mounted?.close());

  it('keeps the mount path in a redirect, a 201 location and the directory slash redirect', async () => {
    const moved = await fetch(`${url}/fw/moved`, { redirect: 'manual' });
    assert.equal(moved.status, 302);
    assert.equal(moved.headers.get('location'), '/fw/echo');
    const made = await fetch(`${url}/fw/made`, { method: 'POST' });
    assert.equal(made.status, 201);
    assert.equal(made.headers.get('location'), '/fw/things/1');
    const files = await fetch(`${url}/fw/files?x=1`, { redirect: 'manual' });
    assert.equal(files.status, 301);
    assert.equal(files.headers.get('location'), '/fw/files/?x=1');
    const listing = await fetch(`${url}${files.headers.get('location')}`);
    assert.equal(listing.status, 200);
  });

  it('leaves a location that is not a path on the site as it is', async () => {
    const away = await fetch(`${url}/fw/away`, { redirect: 'manual' });
    assert.equal(away.headers.get('location'), '//elsewhere.example/x');
  });

  it('gives the app the mount path for the links it builds', async () => {
    const res = await fetch(`${url}/fw/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' });
    assert.deepEqual(await res.json(), { body: { a: 1 }, params: null, mount: '/fw' });
  });

  it('takes a JSON body express.json() already parsed, where it answered 500 before', async () => {
    const res = await fetch(`${url}/json/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"t","n":[1,2]}' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { body: { title: 't', n: [1, 2] }, params: null, mount: '/json' });
  });

  it("still refuses a __proto__ key in a body express.json() parsed", async () => {
    const res = await fetch(`${url}/json/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"__proto__":{"admin":true}}' });
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { error: 'forbidden key in JSON body: __proto__' });
  });

  it('decodes the text express.text() read, within max_body_size', async () => {
    const res = await fetch(`${url}/text/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '[1,2]' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { body: [1, 2], params: null, mount: '/text' });
    const large = await fetch(`${url}/text/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify('x'.repeat(100)) });
    assert.equal(large.status, 413);
    assert.deepEqual(await large.json(), { error: 'request body too large' });
  });

  it('takes the form express.urlencoded() parsed into params', async () => {
    const res = await fetch(`${url}/form/echo`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1&b=2' });
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { body: null, params: { a: '1', b: '2' }, mount: '/form' });
  });

  it("closes a client that sends its headers slower than fw's headers_timeout_ms", async () => {
    assert.equal(server.headersTimeout, 300);
    assert.equal(server.requestTimeout, 600);
    const socket = connect((server.address() as AddressInfo).port, '127.0.0.1');
    socket.write('GET /fw/moved HTTP/1.1\r\nhost: x\r\n');
    const started = Date.now();
    const answer = await new Promise<string>((resolve) => {
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString()));
      socket.on('close', () => resolve(text));
    });
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.ok(Date.now() - started < 2_500, `closed after ${Date.now() - started} ms`);
  });
});

describe('fw under a Connect-style host that keeps only originalUrl', () => {
  let mounted: Mounted;
  // What connect does for `app.use('/mount', handler)`: cut the prefix off req.url, keep originalUrl.
  before(async () => {
    mounted = await mount((fw) => (req, res) => {
      const original = req.url ?? '/';
      Object.assign(req, { originalUrl: original, url: original.slice('/mount'.length) || '/' });
      fw.listener(req, res);
    });
  });
  after(() => mounted?.close());

  it('finds the mount path from originalUrl, query and all', async () => {
    const { url } = mounted;
    const moved = await fetch(`${url}/mount/moved?x=1`, { redirect: 'manual' });
    assert.equal(moved.headers.get('location'), '/mount/echo');
    const echoed = await fetch(`${url}/mount/echo?y=2`, { method: 'POST' });
    assert.deepEqual(await echoed.json(), { body: null, params: null, mount: '/mount' });
  });
});

describe('fw mounted in Express behind a middleware that observes the exchange', () => {
  let mounted: Mounted;
  const heard = Promise.withResolvers<number>();
  before(async () => {
    mounted = await mount((fw) => {
      const web = express();
      // Observing before Express strips the mount path leaves fw to read the request as mounted.
      web.use((req, res, next) => {
        observeExchange(req, res, (end) => heard.resolve(end.status));
        next();
      });
      web.use('/fw', fw.listener);
      return web;
    });
  });
  after(() => mounted?.close());

  it('routes the path Express hands it, and the observer hears the answer', async () => {
    const moved = await fetch(`${mounted.url}/fw/moved`, { redirect: 'manual' });
    assert.equal(moved.status, 302);
    assert.equal(moved.headers.get('location'), '/fw/echo');
    assert.equal(await heard.promise, 302);
  });
});
