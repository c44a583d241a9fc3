/**
 * createListener mounted in an Express 5 app. Under `app.use('/fw', listener)` Express strips
 * the mount path from `req.url` before calling the listener (keeping it in `req.originalUrl`),
 * so fw routes the path below the mount: its routes are written without `/fw`. fw answers every
 * request it is given (404 included) and never calls Express's `next`.
 */
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import express from 'express';
import type { FwListener } from '../src/server/create-listener.ts';
import { openListenerApp, type OpenedListenerApp } from './support/listener-app.ts';

describe('createListener mounted in Express', () => {
  let opened: OpenedListenerApp;
  let fw: FwListener;
  let server: Server;
  let url: string;
  before(async () => {
    opened = await openListenerApp();
    fw = opened.fw;
    const app = express();
    app.get('/express', (_req, res) => {
      res.json({ from: 'express' });
    });
    app.use('/fw', fw.listener);
    server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await opened?.close();
  });

  it('routes the path below the mount point, with plugins and body decoding', async () => {
    const headers = { 'content-type': 'application/json', 'x-request-id': 'express-1' };
    const res = await fetch(`${url}/fw/echo/x?y=2`, { method: 'POST', headers, body: '[1,2]' });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('x-stamp'), 'fw');
    assert.deepEqual(await res.json(), { path: '/echo/x', query: 'y=2', body: [1, 2], route: '/echo/[...]', id: 'express-1' });
  });

  it('leaves the routes Express owns to Express', async () => {
    const res = await fetch(`${url}/express`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { from: 'express' });
  });

  it('answers 404 itself for a path under the mount that fw does not route', async () => {
    const res = await fetch(`${url}/fw/express`);
    assert.equal(res.status, 404);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(await res.json(), { error: 'not found' });
  });

  it('serves a static file and a streamed list through Express', async () => {
    const file = await fetch(`${url}/fw/hello`);
    assert.equal(file.status, 200);
    assert.equal(await file.text(), 'hello from disk\n');
    const list = await fetch(`${url}/fw/numbers`);
    assert.equal(list.headers.get('transfer-encoding'), 'chunked');
    assert.equal(await list.text(), '{"numbers":[1,2,3]}');
  });
});
