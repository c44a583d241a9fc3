/**
 * observeExchange counts body bytes the same way on every kind of request and response: fw's own
 * classes (fw's server, inject), which count into a field, and node:http's plain ones (a listener
 * on a server fw did not create), whose methods it wraps. Observers of one exchange share one
 * count. On fw's classes nothing is added to the response, neither methods nor listeners: its shape
 * stays the one node:http's code is optimised for.
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { inject } from '../src/inject/inject.ts';
import { CountedIncomingMessage, CountedServerResponse, observeExchange } from '../src/stream/exchange.ts';
import type { ExchangeEnd, StreamHandler } from '../src/stream/stream-handler.ts';
import { startTestApp } from './support/test-app.ts';
import { until } from './support/until.ts';

const REQUEST_BODY = Buffer.alloc(1500, 'r');

/** Answers with two writes (a string of 5 characters, 6 UTF-8 bytes, then 10 bytes) and an end of 'ok'. */
function answer(req: IncomingMessage, res: ServerResponse): void {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('héllo!'.slice(0, 5));
    res.write(Buffer.alloc(10, 'b'));
    res.end('ok', 'utf8');
  });
}

/** A listener that observes every exchange twice (two nested stream handlers) and records what they saw. */
function observed(ends: ExchangeEnd[][], shapes: string[][]) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    const pair: ExchangeEnd[] = [];
    ends.push(pair);
    const listeners = (): number => res.listenerCount('finish') + res.listenerCount('close');
    const before = listeners();
    observeExchange(req, res, (end) => pair.push(end));
    observeExchange(req, res, (end) => pair.push(end));
    shapes.push([...Object.getOwnPropertyNames(res).filter((name) => ['write', 'end', 'writeHead'].includes(name)), `listeners +${listeners() - before}`]);
    answer(req, res);
  };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function postTwice(port: number): Promise<void> {
  for (const method of ['POST', 'HEAD']) {
    const response = await fetch(`http://127.0.0.1:${port}/`, { method, body: method === 'POST' ? REQUEST_BODY : undefined });
    await response.arrayBuffer();
  }
}

/** What both observers must have seen: the POST's bytes, and a HEAD that sent no body. */
function assertCounted(ends: ExchangeEnd[][]): void {
  assert.equal(ends.length, 2);
  const [post, head] = ends;
  assert.equal(post!.length, 2, 'each observer is called once');
  for (const end of post!) {
    assert.equal(end.requestBodySize, REQUEST_BODY.length);
    assert.equal(end.responseBodySize, 6 + 10 + 2, "'héllo' is 6 bytes in UTF-8");
    assert.equal(end.status, 200);
    assert.equal(end.aborted, false);
  }
  for (const end of head!) {
    assert.equal(end.requestBodySize, 0);
    assert.equal(end.responseBodySize, 0, 'a HEAD response sends no body');
  }
}

describe('observeExchange counting body bytes', () => {
  it("counts in fields on fw's request and response classes, adding no own methods nor listeners to the response", async () => {
    const ends: ExchangeEnd[][] = [];
    const shapes: string[][] = [];
    const server = createServer({ IncomingMessage: CountedIncomingMessage, ServerResponse: CountedServerResponse }, observed(ends, shapes));
    try {
      await postTwice(await listen(server));
    } finally {
      server.close();
    }
    assertCounted(ends);
    // The end is heard in their emit: no 'finish' and 'close' listeners per exchange.
    assert.deepEqual(shapes, [['listeners +0'], ['listeners +0']]);
  });

  it("wraps node:http's plain request and response, once for both observers", async () => {
    const ends: ExchangeEnd[][] = [];
    const shapes: string[][] = [];
    const server = createServer(observed(ends, shapes));
    try {
      await postTwice(await listen(server));
    } finally {
      server.close();
    }
    assertCounted(ends);
    assert.deepEqual(shapes, [['write', 'end', 'writeHead', 'listeners +2'], ['write', 'end', 'writeHead', 'listeners +2']]);
  });

  it("is what fw's server hands its stream handlers", async () => {
    const classes: boolean[] = [];
    const probe: StreamHandler = { name: 'probe_h', wrap: (next) => (req, res) => {
      classes.push(req instanceof CountedIncomingMessage && res instanceof CountedServerResponse);
      next(req, res);
    } };
    const app = await startTestApp({ streamHandlers: [probe], fw: { server_configuration: { stream_handlers: ['probe_h', 'fw_stream_h'] } }, groups: [] });
    try {
      await (await fetch(`${app.url}/nothing-here`)).arrayBuffer();
    } finally {
      await app.close();
    }
    assert.deepEqual(classes, [true]);
  });

  it('reports to nested observers innermost first, each with its own duration', async () => {
    const order: string[] = [];
    const durations: number[] = [];
    const listener = (req: IncomingMessage, res: ServerResponse): void => {
      observeExchange(req, res, (end) => (order.push('outer'), durations.push(end.durationMs)));
      observeExchange(req, res, (end) => (order.push('inner'), durations.push(end.durationMs)));
      res.on('finish', () => order.push('the code observed'));
      answer(req, res);
    };
    await inject(listener, { method: 'POST', url: '/', body: REQUEST_BODY });
    assert.deepEqual(order, ['inner', 'outer', 'the code observed']);
    assert.ok(durations[1]! >= durations[0]!, 'the outer observer started first');
  });

  it('reports when the exchange ended, on the clock its duration is read from, and starts it when the caller read that clock', async () => {
    const ends: ExchangeEnd[] = [];
    const startedMs = performance.now() - 1000;
    const listener = (req: IncomingMessage, res: ServerResponse): void => {
      observeExchange(req, res, (end) => ends.push(end), startedMs);
      observeExchange(req, res, (end) => ends.push(end));
      answer(req, res);
    };
    const before = performance.now();
    await inject(listener, { method: 'POST', url: '/', body: REQUEST_BODY });
    const [inner, outer] = ends;
    assert.ok(inner!.endedMs >= before && inner!.endedMs <= performance.now(), 'endedMs is a performance.now() reading taken during the exchange');
    assert.equal(outer!.endedMs, inner!.endedMs, 'one end for every observer');
    assert.equal(outer!.durationMs, outer!.endedMs - startedMs, 'the given start is the start');
    assert.ok(outer!.durationMs >= 1000);
    assert.ok(inner!.durationMs < 1000, 'the other observer read the clock itself');
  });

  it("counts fw's own replies once, by the byte length measured for content-length, and still calls an end that something replaced", async () => {
    const ends: ExchangeEnd[] = [];
    const replacedEnds: number[] = [];
    const observer: StreamHandler = { name: 'observer_h', wrap: (next) => (req, res) => {
      observeExchange(req, res, (end) => ends.push(end));
      if (req.url === '/replaced') {
        const end = res.end;
        res.end = function replacedEnd(this: ServerResponse, ...args: unknown[]) {
          replacedEnds.push(args.length);
          return (end as (...args: unknown[]) => ServerResponse).apply(this, args);
        } as ServerResponse['end'];
      }
      next(req, res);
    } };
    const body = { text: 'déjà vu, 日本語, 🎉' };
    const app = await startTestApp({
      streamHandlers: [observer],
      fw: { server_configuration: { stream_handlers: ['observer_h', 'fw_stream_h'] } },
      groups: [{ prefix: '', security: false, routes: ['/plain', '/replaced'].map((path) => ({ path, handler: () => json(body), options: { methods: ['get'] } })) }],
    });
    try {
      for (const path of ['/plain', '/replaced']) {
        const response = await fetch(`${app.url}${path}`);
        const bytes = Buffer.from(await response.arrayBuffer());
        assert.deepEqual(JSON.parse(bytes.toString('utf8')), body);
        await until(`the end of ${path}`, () => ends.length === (path === '/plain' ? 1 : 2));
        const end = ends.at(-1)!;
        assert.equal(end.responseBodySize, bytes.length, `${path}: every UTF-8 byte counted once`);
        assert.equal(String(end.responseBodySize), response.headers.get('content-length'));
        assert.ok(bytes.length > JSON.stringify(body).length, 'the body has characters of more than one byte');
      }
    } finally {
      await app.close();
    }
    assert.deepEqual(replacedEnds, [1], 'the replaced end ran once, with the body');
  });

  it("still runs node:http's end when something patched it after fw loaded (an APM agent, say)", async () => {
    const http = process.getBuiltinModule('node:http');
    const original = http.ServerResponse.prototype.end;
    let patchedEnds = 0;
    http.ServerResponse.prototype.end = function patchedEnd(this: ServerResponse, ...args: unknown[]) {
      patchedEnds += 1;
      return (original as (...args: unknown[]) => ServerResponse).apply(this, args);
    } as ServerResponse['end'];
    const ends: ExchangeEnd[] = [];
    const observer: StreamHandler = { name: 'observer_h', wrap: (next) => (req, res) => (observeExchange(req, res, (end) => ends.push(end)), next(req, res)) };
    try {
      const app = await startTestApp({
        streamHandlers: [observer],
        fw: { server_configuration: { stream_handlers: ['observer_h', 'fw_stream_h'] } },
        groups: [{ prefix: '', security: false, routes: [{ path: '/x', handler: () => json({ ok: 'é' }), options: { methods: ['get'] } }] }],
      });
      try {
        const response = await fetch(`${app.url}/x`);
        assert.deepEqual(await response.json(), { ok: 'é' });
        await until('the end of /x', () => ends.length === 1);
      } finally {
        await app.close();
      }
    } finally {
      http.ServerResponse.prototype.end = original;
    }
    assert.equal(patchedEnds, 1, 'the patched end ran for the reply');
    assert.equal(ends[0]!.responseBodySize, Buffer.byteLength(JSON.stringify({ ok: 'é' })));
  });

  it('counts the same through inject', async () => {
    const ends: ExchangeEnd[][] = [];
    const shapes: string[][] = [];
    const listener = observed(ends, shapes);
    const post = await inject(listener, { method: 'POST', url: '/', body: REQUEST_BODY });
    assert.equal(post.body, `héllo${'b'.repeat(10)}ok`);
    await inject(listener, { method: 'HEAD', url: '/' });
    assertCounted(ends);
    // The end is heard in their emit: no 'finish' and 'close' listeners per exchange.
    assert.deepEqual(shapes, [['listeners +0'], ['listeners +0']]);
  });
});
