/**
 * What one connection may hold when its client pipelines and does not read (issue 35, item 13):
 * at most `max_inflight_per_connection` requests worked on at once, the rest waiting unstarted
 * with the socket not reading; answers still complete and in order once the client reads; and a
 * connection whose client takes no bytes for `send_timeout_ms` is closed, static files included.
 */
import assert from 'node:assert/strict';
import { readdirSync, readlinkSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import type { StreamHandler } from '../src/stream/stream-handler.ts';
import { getHead } from './support/keep-alive-client.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { nextTurn, until, within } from './support/until.ts';

/** Counts, around fw's pipeline, the requests started and the most responses unfinished at once. */
function exchangeCounter() {
  const counts = { started: 0, unfinished: 0, mostUnfinished: 0 };
  const handler: StreamHandler = {
    name: 'exchange_counter',
    wrap: (next) => (req, res) => {
      counts.started += 1;
      counts.unfinished += 1;
      counts.mostUnfinished = Math.max(counts.mostUnfinished, counts.unfinished);
      let open = true;
      const done = (): void => {
        if (open) counts.unfinished -= 1;
        open = false;
      };
      // First among the listeners: counted finished before anything else hears of it.
      res.prependOnceListener('finish', done);
      res.prependOnceListener('close', done);
      next(req, res);
    },
  };
  return { counts, handler };
}

/** The server side of the next connection `app` accepts. */
function nextServerSocket(app: TestApp): Promise<Socket> {
  return new Promise((resolve) => app.server.server.once('connection', resolve));
}

/** Connects, writes `count` pipelined GETs of `path(i)` in one write, and does not read. */
function pipelineWithoutReading(port: number, count: number, path: (i: number) => string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.pause();
      socket.write(Array.from({ length: count }, (_, i) => getHead(path(i))).join(''));
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Reads `count` answers off `socket` (now reading), returning their bodies in order. */
function readAnswers(socket: Socket, count: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const bodies: string[] = [];
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const headEnd = buffered.indexOf('\r\n\r\n');
        if (headEnd < 0) break;
        const length = Number(/content-length: (\d+)/i.exec(buffered.slice(0, headEnd))![1]);
        if (buffered.length < headEnd + 4 + length) break;
        bodies.push(buffered.slice(headEnd + 4, headEnd + 4 + length));
        buffered = buffered.slice(headEnd + 4 + length);
        if (bodies.length === count) resolve(bodies);
      }
    });
    socket.once('error', reject);
    socket.resume();
  });
}

describe('pipelining bounds', () => {
  it('serves another connection between the pipelined requests of one: each waiting request starts on a turn of its own', async (t) => {
    const COUNT = 60;
    // Each answer costs the event loop 5 ms: the pipelined ones take 300 ms, if nothing comes between them.
    const busy = (): void => {
      const end = performance.now() + 5;
      while (performance.now() < end);
    };
    let startedBeforeProbe = -1;
    let onFirstItem = (): void => {};
    const { counts, handler } = exchangeCounter();
    const groups: RouteGroup[] = [
      { prefix: '', security: false, routes: [{ path: '/item/:n', handler: (req) => (onFirstItem(), busy(), json({ n: Number(req.bindings['n']) })), options: { methods: ['get'] } }] },
      { prefix: '/probe', security: false, routes: [{ path: '/', handler: () => ((startedBeforeProbe = counts.started - 1), json({ probe: true })), options: { methods: ['get'] } }] },
    ];
    const app = await startTestApp({ fw: { server_configuration: { stream_handlers: ['exchange_counter', 'fw_stream_h'] } }, streamHandlers: [handler], groups });
    t.after(() => app.close());
    const probe = await new Promise<Socket>((resolve) => {
      const socket = connect(app.server.port, '127.0.0.1', () => resolve(socket));
    });
    t.after(() => probe.destroy());
    // The probe is sent while the first pipelined request runs: what follows it shows whether it waits for the other 59.
    let sendProbe: (() => void) | undefined = () => probe.write(getHead('/probe'));
    onFirstItem = () => {
      sendProbe?.();
      sendProbe = undefined;
    };
    const pipelined = await pipelineWithoutReading(app.server.port, COUNT, (i) => `/item/${i}`);
    t.after(() => pipelined.destroy());
    await within('all the pipelined answers', readAnswers(pipelined, COUNT));
    await within("the probe's answer", readAnswers(probe, 1));
    assert.ok(startedBeforeProbe >= 1 && startedBeforeProbe < COUNT / 2, `the probe started after ${startedBeforeProbe} of ${COUNT} pipelined requests`);
  });

  for (const maxInflight of [1, 3]) {
    it(`works on ${maxInflight} pipelined request(s) at a time, stops reading, and answers all 100 in order once the client reads`, async (t) => {
      const { counts, handler } = exchangeCounter();
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const groups: RouteGroup[] = [
        { prefix: '', security: false, routes: [{ path: '/item/:n', handler: async (req) => (await released, json({ n: Number(req.bindings['n']) })), options: { methods: ['get'] } }] },
      ];
      const app = await startTestApp({
        fw: { server_configuration: { max_inflight_per_connection: maxInflight, stream_handlers: ['exchange_counter', 'fw_stream_h'] } },
        streamHandlers: [handler],
        groups,
      });
      t.after(() => app.close());
      t.after(release);
      const serverSocket = nextServerSocket(app);
      const client = await pipelineWithoutReading(app.server.port, 100, (i) => `/item/${i}`);
      t.after(() => client.destroy());
      const server = await serverSocket;
      await until('the server to stop reading the connection', () => counts.started > 0 && server.isPaused());
      assert.equal(counts.started, maxInflight, 'requests started while the first ones are unanswered');
      release();
      const bodies = await within('all 100 answers', readAnswers(client, 100));
      assert.deepEqual(bodies.map((body) => (JSON.parse(body) as { n: number }).n), Array.from({ length: 100 }, (_, i) => i));
      assert.equal(counts.started, 100);
      assert.equal(counts.mostUnfinished, maxInflight);
    });
  }

  it('closes a connection with more than 128 requests waiting after the 128th, answered whole (the client resends the rest)', async (t) => {
    const groups: RouteGroup[] = [{ prefix: '', security: false, routes: [{ path: '/item/:n', handler: (req) => json({ n: Number(req.bindings['n']) }), options: { methods: ['get'] } }] }];
    const app = await startTestApp({ groups });
    t.after(() => app.close());
    // 300 requests in one write of about 12 KB: node:http parses them in one read, before any is answered.
    const client = await pipelineWithoutReading(app.server.port, 300, (i) => `/item/${i}`);
    t.after(() => client.destroy());
    let text = '';
    client.setEncoding('latin1').on('data', (chunk: string) => (text += chunk));
    const ended = new Promise((resolve) => client.once('end', resolve));
    client.resume();
    await within('the server to close the connection', ended);
    const heads = [...text.matchAll(/HTTP\/1\.1 200 OK\r\n([\s\S]*?)\r\n\r\n/g)].map((match) => match[1]!);
    // The one started at once and the 128 that waited.
    assert.equal(heads.length, 129);
    assert.match(heads.at(-1)!, /^connection: close$/im);
    assert.doesNotMatch(heads[0]!, /^connection: close$/im);
    assert.deepEqual(JSON.parse(text.slice(text.lastIndexOf('\r\n\r\n') + 4)), { n: 128 });
  });

  const leaving: [string, (client: Socket, server: Socket) => Promise<void>][] = [
    ['closes', async (client) => void client.destroy()],
    ['resets', async (client) => void client.resetAndDestroy()],
    // Its FIN comes behind bytes the server read while paused, and would be seen once they were parsed.
    ['sends one more request and closes', async (client, server) => {
      client.write(getHead('/item/100'));
      await until('the server to read the request, paused', () => server.readableLength > 0);
      client.destroy();
    }],
  ];
  for (const [how, leave] of leaving) {
    it(`sees a pipelining client that ${how} its connection while its requests wait: the running handler's req.signal aborts, no waiting request starts`, async (t) => {
      const { counts, handler } = exchangeCounter();
      let aborted!: () => void;
      const signalAborted = new Promise<void>((resolve) => (aborted = resolve));
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const groups: RouteGroup[] = [{
        prefix: '',
        security: false,
        routes: [
          // A handler waiting on something slow (a database lock) for as long as its client is there, and then some.
          { path: '/slow', handler: async (req) => (req.signal.addEventListener('abort', aborted), await released, json({ slow: true })), options: { methods: ['get'] } },
          { path: '/item/:n', handler: (req) => json({ n: Number(req.bindings['n']) }), options: { methods: ['get'] } },
        ],
      }];
      const app = await startTestApp({ fw: { server_configuration: { stream_handlers: ['exchange_counter', 'fw_stream_h'] } }, streamHandlers: [handler], groups });
      t.after(() => app.close());
      t.after(release);
      const serverSocket = nextServerSocket(app);
      const client = await pipelineWithoutReading(app.server.port, 10, (i) => (i === 0 ? '/slow' : `/item/${i}`));
      const server = await serverSocket;
      await until('the server to stop reading the connection', () => counts.started > 0 && server.isPaused());
      await leave(client, server);
      // Before, a paused socket read nothing: the client's FIN or reset went unseen until fw wrote to it.
      await within("the slow handler's req.signal to abort", signalAborted);
      await within('the connection to close', server.closed ? Promise.resolve() : new Promise((resolve) => server.once('close', resolve)));
      release();
      await nextTurn();
      assert.equal(counts.started, 1, 'requests started for a client that had gone');
      const lines = app.logs.filter((line) => line.fields['event'] === 'request');
      assert.deepEqual(lines.map((line) => [line.fields['path'], line.fields['status'], line.fields['aborted']]), [['/slow', 0, true]]);
    });
  }

  it('answers pipelined POSTs with bodies, whole and in order, one at a time', async (t) => {
    const { counts, handler } = exchangeCounter();
    const app = await startTestApp({
      fw: {
        server_configuration: { stream_handlers: ['exchange_counter', 'fw_stream_h'] },
        plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
      },
      streamHandlers: [handler],
      groups: [{ prefix: '', security: false, routes: [{ path: '/echo', handler: async (req) => json({ echo: req.body }), options: { methods: ['post'] } }] }],
    });
    t.after(() => app.close());
    const bodies = Array.from({ length: 20 }, (_, i) => JSON.stringify({ i, pad: 'p'.repeat(i * 500) }));
    const client = await new Promise<Socket>((resolve, reject) => {
      const socket = connect(app.server.port, '127.0.0.1', () => {
        socket.pause();
        socket.write(bodies.map((body) => `POST /echo HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`).join(''));
        resolve(socket);
      });
      socket.once('error', reject);
    });
    t.after(() => client.destroy());
    const answers = await within('all 20 answers', readAnswers(client, 20));
    assert.deepEqual(answers.map((answer) => JSON.stringify((JSON.parse(answer) as { echo: unknown }).echo)), bodies);
    assert.equal(counts.mostUnfinished, 1);
  });

  it('holds one large answer at a time for a client that never reads, and closes it after send_timeout_ms', async (t) => {
    const { counts, handler } = exchangeCounter();
    const page = 'x'.repeat(1 << 20);
    const groups: RouteGroup[] = [{ prefix: '', security: false, routes: [{ path: '/page', handler: () => json({ page }), options: { methods: ['get'] } }] }];
    const app = await startTestApp({
      fw: { server_configuration: { send_timeout_ms: 300, stream_handlers: ['exchange_counter', 'fw_stream_h'] } },
      streamHandlers: [handler],
      groups,
    });
    t.after(() => app.close());
    const serverSocket = nextServerSocket(app);
    const client = await pipelineWithoutReading(app.server.port, 100, () => '/page');
    t.after(() => client.destroy());
    const server = await serverSocket;
    await within('the send timeout to close the connection', new Promise((resolve) => server.once('close', resolve)));
    assert.equal(counts.mostUnfinished, 1, 'one answer built at a time');
    assert.ok(counts.started < 100, `${counts.started} of 100 answers built for a client that read none`);
    const line = await app.waitForLog((candidate) => candidate.fields['event'] === 'send_timeout');
    assert.deepEqual(line.fields, { event: 'send_timeout', timeout_ms: 300 });
  });

  it('holds at most one file open for 300 pipelined static requests a client never reads', async (t) => {
    const { counts, handler } = exchangeCounter();
    const fileName = 'big.txt';
    const app = await startTestApp({
      fw: { server_configuration: { send_timeout_ms: 300, stream_handlers: ['exchange_counter', 'fw_stream_h'] } },
      streamHandlers: [handler],
      files: { [fileName]: 'y'.repeat(1 << 20) },
      groups: [{ prefix: '', security: false, routes: [{ path: '/big.txt', file: fileName }] }],
    });
    t.after(() => app.close());
    const file = join(app.dir, fileName);
    let openAtTimeout = -1;
    // The log line is written just before the connection is destroyed: count the file's descriptors then.
    const timedOut = app.waitForLog((line) => {
      if (line.fields['event'] !== 'send_timeout') return false;
      openAtTimeout = openDescriptorsOf(file);
      return true;
    });
    const client = await pipelineWithoutReading(app.server.port, 300, () => '/big.txt');
    t.after(() => client.destroy());
    await timedOut;
    assert.ok(openAtTimeout >= 0 && openAtTimeout <= 1, `${openAtTimeout} descriptors of the file open`);
    assert.equal(counts.mostUnfinished, 1);
    assert.ok(counts.started < 300, `${counts.started} of 300 static answers started`);
  });
});

/** How many of this process's descriptors are open on `file`. */
function openDescriptorsOf(file: string): number {
  let count = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === file) count += 1;
    } catch {
      // closed between the listing and the read
    }
  }
  return count;
}
