/**
 * jsonStream(): a JSON array written item by item with backpressure. It must produce exactly the
 * JSON a json() answer would, pull no more items than the client reads (plus a chunk), and stop
 * pulling, closing the iterator, as soon as the client goes away: also one that is waiting for its
 * next item then (a feed, a subscription), which nothing else would ever wake.
 */
import assert from 'node:assert/strict';
import { EventEmitter, on } from 'node:events';
import { request, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { jsonStream } from '../src/http/response.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { nextTurn, until } from './support/until.ts';

const ITEM = { text: 'x'.repeat(1000) };
const TOTAL = 100_000; // 100 MB if it were all encoded

/** What the endless generator did for the latest request. */
const source: { produced: number; closed: boolean; starts: number; res?: ServerResponse } = { produced: 0, closed: false, starts: 0 };

/** An array of ARRAY_LENGTH items (20 MB encoded), each counting its encodings through toJSON. */
const encoded: { count: number; res?: ServerResponse } = { count: 0 };
const ARRAY_LENGTH = 20_000;
const COUNTED_ITEM = { toJSON: () => ((encoded.count += 1), ITEM) };
const ARRAY = Array.from({ length: ARRAY_LENGTH }, () => COUNTED_ITEM);

async function* large(): AsyncGenerator<unknown> {
  source.starts += 1;
  source.produced = 0;
  source.closed = false;
  try {
    for (let i = 0; i < TOTAL; i += 1) {
      source.produced += 1;
      yield ITEM;
    }
  } finally {
    source.closed = true;
  }
}

/** Fails before a first chunk is full: no byte of the answer went out. */
async function* failingEarly(): AsyncGenerator<unknown> {
  yield ITEM;
  throw new Error('cursor lost early');
}

async function* failing(): AsyncGenerator<unknown> {
  for (let i = 0; i < 200; i += 1) yield ITEM;
  throw new Error('cursor lost');
}

describe('jsonStream', () => {
  let app: TestApp;
  before(async () => {
    const get = { methods: ['get' as const] };
    app = await startTestApp({
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/bare', handler: () => jsonStream([1, 'two', { three: [3] }, null, undefined]), options: get },
            { path: '/keyed', handler: () => jsonStream(new Set([{ id: 1 }, { id: 2 }]), { key: 'posts', headers: { link: '<next>' } }), options: get },
            { path: '/none', handler: () => jsonStream([], { key: 'posts' }), options: get },
            {
              path: '/large-array',
              handler: (req) => {
                encoded.res = req.res;
                encoded.count = 0;
                return jsonStream(ARRAY, { key: 'items' });
              },
              options: get,
            },
            {
              path: '/large',
              handler: (req) => {
                source.res = req.res;
                return jsonStream(large(), { key: 'items' });
              },
              options: get,
            },
            { path: '/failing', handler: () => jsonStream(failing()), options: get },
            { path: '/failing-early', handler: () => jsonStream(failingEarly()), options: get },
            // An item that is an array where the schema says object: its projection refuses it (it would leave whole).
            { path: '/mismatch', handler: () => jsonStream([{ id: 1 }, [{ id: 2, secret: 's' }]]), options: { ...get, schema: { response: { 200: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } } } } },
            { path: '/created', handler: () => jsonStream([1], { status: 201 }), options: { methods: ['post' as const] } },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it('writes the same JSON as JSON.stringify, undefined items as null', async () => {
    const res = await fetch(`${app.url}/bare`);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.equal(res.headers.get('transfer-encoding'), 'chunked');
    assert.equal(await res.text(), JSON.stringify([1, 'two', { three: [3] }, null, undefined]));
  });

  it('wraps the array under its key, keeps the own headers and status, and writes an empty list', async () => {
    const keyed = await fetch(`${app.url}/keyed`);
    assert.equal(keyed.headers.get('link'), '<next>');
    assert.equal(await keyed.text(), '{"posts":[{"id":1},{"id":2}]}');
    assert.equal(await (await fetch(`${app.url}/none`)).text(), '{"posts":[]}');
    const created = await fetch(`${app.url}/created`, { method: 'POST' });
    assert.equal(created.status, 201);
    assert.equal(await created.text(), '[1]');
  });

  it('reads a large stream whole and in order when the client reads it all', async () => {
    const res = await fetch(`${app.url}/large`);
    const body = (await res.json()) as { items: unknown[] };
    assert.equal(body.items.length, TOTAL);
    assert.deepEqual(body.items[TOTAL - 1], ITEM);
    assert.equal(source.closed, true);
  });

  it('pulls only what a client that stopped reading can hold, then stops when it goes away', async () => {
    const socket = connect(app.server.port, '127.0.0.1');
    socket.write('GET /large HTTP/1.1\r\nHost: x\r\n\r\n');
    socket.once('data', () => socket.pause()); // read the first bytes, then nothing more
    // jsonStream pulls until a write finds Node's buffer full, then waits for 'drain', which a
    // client that reads nothing never brings: from then on, nothing more may be pulled.
    await until('the stream to wait for a drain', () => source.res?.writableNeedDrain);
    const held = source.produced;
    assert.ok(held > 0 && held < 20_000, `pulled ${held} of ${TOTAL} items for a client that reads nothing`);
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(source.produced, held, 'nothing more is pulled while the client does not read');
    socket.destroy();
    await until('the iterator to close', () => source.closed);
    assert.equal(source.produced, held);
  });

  it('writes a large array whole and in order, in chunks', async () => {
    const res = await fetch(`${app.url}/large-array`);
    assert.equal(res.headers.get('transfer-encoding'), 'chunked');
    assert.equal(await res.text(), JSON.stringify({ items: ARRAY }));
    assert.equal(encoded.count, 2 * ARRAY_LENGTH, 'each item encoded once by fw, once by the expected text');
  });

  it('encodes only what a client that stopped reading can hold of an array, and nothing after it goes away', async () => {
    const socket = connect(app.server.port, '127.0.0.1');
    socket.write('GET /large-array HTTP/1.1\r\nHost: x\r\n\r\n');
    socket.once('data', () => socket.pause());
    await until('the array to wait for a drain', () => encoded.res?.writableNeedDrain);
    const held = encoded.count;
    assert.ok(held > 0 && held < ARRAY_LENGTH / 2, `encoded ${held} of ${ARRAY_LENGTH} items for a client that reads nothing`);
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(encoded.count, held, 'nothing more is encoded while the client does not read');
    socket.destroy();
    await until('the response to close', () => encoded.res?.destroyed);
    for (let i = 0; i < 20; i += 1) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(encoded.count, held);
    assert.equal((await fetch(`${app.url}/none`)).status, 200);
  });

  it('cuts the response when the iterator fails midway, logs it, and keeps serving', async () => {
    const outcome = await new Promise<string>((resolve) => {
      const req = request({ host: '127.0.0.1', port: app.server.port, path: '/failing' }, (res) => {
        res.on('data', () => {});
        res.on('end', () => resolve('complete'));
        res.on('error', () => resolve('cut'));
      });
      req.on('error', () => resolve('cut'));
      req.end();
    });
    assert.equal(outcome, 'cut');
    const failed = app.logs.filter((l) => l.fields.event === 'request_failed');
    assert.equal(failed.length, 1);
    assert.equal((failed[0]?.fields.err as Error).message, 'cursor lost');
    assert.equal((await fetch(`${app.url}/none`)).status, 200);
  });

  it("answers 500 when the iterator or an item's projection fails before the first chunk went out, not a cut (an interop audit)", async () => {
    for (const path of ['/failing-early', '/mismatch']) {
      const res = await fetch(`${app.url}${path}`);
      assert.equal(res.status, 500, path);
      assert.deepEqual(await res.json(), { error: 'internal server error' }, path);
    }
    const failed = app.logs.filter((l) => l.fields.event === 'request_failed').map((l) => (l.fields.err as { code?: string; message: string }).code ?? (l.fields.err as Error).message);
    assert.deepEqual(failed.slice(-2), ['cursor lost early', 'FW_ERR_RESPONSE_NOT_PROJECTABLE']);
  });

  it('sends headers and no body for HEAD, and never pulls an item', async () => {
    const starts = source.starts;
    const status = await new Promise<number>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: app.server.port, method: 'HEAD', path: '/large' }, (res) => {
        res.resume().on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject).end();
    });
    assert.equal(status, 200);
    assert.equal(source.starts, starts);
  });
});

describe('jsonStream of an iterator waiting for its next item', () => {
  const feed = new EventEmitter();
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      groups: [{ prefix: '', security: false, routes: [{ path: '/feed', handler: () => jsonStream(on(feed, 'post')), options: { methods: ['get'] } }] }],
    });
  });
  after(() => app.close());

  it('returns it when the client goes away, which ends the wait and the request', async () => {
    const socket = connect(app.server.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('GET /feed HTTP/1.1\r\nHost: x\r\n\r\n');
    await until('the stream to wait for a post', () => feed.listenerCount('post') === 1);
    socket.destroy();
    // on()'s return() removes its listener and settles the pending next() as done.
    await until('the iterator to be returned', () => feed.listenerCount('post') === 0);
    await nextTurn();
    await app.server.stop();
    const stopping = app.logs.find((line) => line.fields.event === 'stopping');
    assert.equal(stopping?.fields.inflight, 0, 'the request is still in flight');
  });

});

describe('jsonStream of an async generator waiting inside', () => {
  /** What the generator did: it waits (on a timer, a query) until `release`. */
  const inside = { waiting: false, finished: false, release: () => {} };
  async function* waitingInside(): AsyncGenerator<unknown> {
    try {
      yield ITEM;
      inside.waiting = true;
      await new Promise<void>((resolve) => (inside.release = resolve));
      yield ITEM;
    } finally {
      inside.finished = true;
    }
  }
  let app: TestApp;
  before(async () => {
    app = await startTestApp({
      groups: [{ prefix: '', security: false, routes: [{ path: '/inside', handler: () => jsonStream(waitingInside()), options: { methods: ['get'] } }] }],
    });
  });
  after(() => app.close());
  after(() => inside.release());

  it("ends the request when the client goes away, though return() cannot end the wait: a stop does not wait for it", async () => {
    const socket = connect(app.server.port, '127.0.0.1');
    socket.on('error', () => {});
    socket.write('GET /inside HTTP/1.1\r\nHost: x\r\n\r\n');
    await until('the generator to wait inside', () => inside.waiting);
    socket.destroy();
    await app.waitForLog((line) => line.fields.event === 'request' && line.fields.path === '/inside');
    await nextTurn();
    await app.server.stop();
    const stopping = app.logs.find((line) => line.fields.event === 'stopping');
    assert.equal(stopping?.fields.inflight, 0, 'the request is still in flight');
    // The generator takes the return() it was asked once its wait ends: at its next yield, its finally runs.
    assert.equal(inside.finished, false);
    inside.release();
    await until('the generator to finish', () => inside.finished);
  });
});
