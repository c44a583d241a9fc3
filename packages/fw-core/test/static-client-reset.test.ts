/**
 * A client that resets its connection right after asking for a static file, or while the file is
 * streaming, is a client gone: the file's descriptor is closed and nothing is logged as an error
 * (issue 35, item 12: 4,000 such requests left 978 descriptors open, each logged
 * FW_ERR_STATIC_READ_FAILED / ERR_STREAM_UNABLE_TO_PIPE). Also the same for `sendFile()`.
 * And a file cut short while it streams (a `cp` over it) cannot meet its content-length: the
 * server closes the connection, rather than leave the client waiting out the 72 s keep-alive.
 * One that grows while it streams (a log still written to) sends its content-length and no byte more:
 * the bytes it gained would reach a keep-alive client as the start of its next answer.
 */
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { appendFile, truncate, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sendFile } from '../src/http/response.ts';
import { startTestApp, type TestApp } from './support/test-app.ts';
import { until, within } from './support/until.ts';

/** Bigger than any socket buffer, so the stream is still running when the client resets. */
const BIG = Buffer.alloc(8 * 1024 * 1024, 'x');
const SOCKETS = 40;

function openDescriptors(): number {
  return readdirSync('/proc/self/fd').length;
}

/** Sends `GET path`, then resets the connection at once (`early`) or once the first body bytes arrived. */
function requestAndReset(port: number, path: string, when: 'early' | 'streaming'): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect(port, '127.0.0.1');
    socket.on('error', reject);
    socket.on('close', () => resolve());
    socket.on('connect', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`, () => {
        if (when === 'early') socket.resetAndDestroy();
      });
    });
    let seen = 0;
    socket.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      // Past the head: the file is streaming. Reset while it still is (8 MiB never fits the buffers).
      if (when === 'streaming' && seen > 64 * 1024 && !socket.destroyed) socket.resetAndDestroy();
    });
  });
}

/** The body length of `GET path` over a fresh connection that is closed (both ends) when this resolves. */
function getOnce(port: number, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      resolve(all.length - all.indexOf('\r\n\r\n') - 4);
    });
  });
}

/** Resolves once the server holds no connection (its side of each socket is closed). */
function serverIdle(app: TestApp): Promise<unknown> {
  const connections = () => new Promise<number>((resolve, reject) => app.server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))));
  return until('the server to hold no connection', async () => (await connections()) === 0);
}

/** An app serving `file` (written with `content`) three ways: in a static directory, as a static file route, and by sendFile(). */
async function startStaticApp(file: string, content: string): Promise<TestApp> {
  const app: TestApp = await startTestApp({
    groups: [
      {
        prefix: '',
        security: false,
        routes: [
          { path: '/docs/[...]', directory: '.' },
          { path: '/one', file },
          { path: '/sent', handler: () => sendFile(join(app.dir, file)), options: { methods: ['get'] } },
        ],
      },
    ],
    files: { [file]: content },
  });
  return app;
}

describe('a client that resets during a static file', () => {
  let app: TestApp;
  before(async () => {
    app = await startStaticApp('big.js', BIG.toString('latin1'));
  });
  after(() => app.close());

  for (const path of ['/docs/big.js', '/one', '/sent']) {
    for (const when of ['early', 'streaming'] as const) {
      it(`closes every file descriptor and logs no error (${path}, reset ${when})`, async () => {
        // Warm up: the first request loads lazily what later ones reuse (descriptors included).
        assert.equal(await getOnce(app.server.port, path), BIG.length);
        await serverIdle(app);
        // The warm-up's file closes after its answer: take the baseline once the count holds still.
        let last = -1;
        await until('the descriptor count to settle', () => last === (last = openDescriptors()), { everyMs: 20 });
        const baseline = last;
        const errorsBefore = app.logs.filter((line) => line.level === 'error').length;
        const closes: Promise<void>[] = [];
        for (let i = 0; i < SOCKETS; i++) closes.push(requestAndReset(app.server.port, path, when));
        await within('every client socket to close', Promise.all(closes));
        await serverIdle(app);
        // A leaked handle never closes: wait a bounded time for the count, then show it.
        await until('the descriptors to be back to the baseline', () => openDescriptors() <= baseline, { timeoutMs: 5_000 }).catch(() => undefined);
        assert.equal(openDescriptors(), baseline);
        assert.deepEqual(app.logs.filter((line) => line.level === 'error').slice(errorsBefore), []);
        // And it still serves.
        assert.equal(await getOnce(app.server.port, path), BIG.length);
      });
    }
  }
});

describe('a static file cut short while it streams', () => {
  let app: TestApp;
  before(async () => {
    app = await startStaticApp('cut.js', '');
  });
  after(() => app.close());

  for (const path of ['/docs/cut.js', '/one', '/sent']) {
    it(`closes the connection once the file ends short of its content-length (${path})`, async () => {
      await writeFile(join(app.dir, 'cut.js'), BIG);
      const socket = connect(app.server.port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`));
      let received = 0;
      const closed = once(socket, 'close');
      socket.on('error', () => undefined);
      // The head and the first bytes are out (8 MiB never fits the buffers): cut the file, then read on.
      const [first] = (await once(socket, 'data')) as [Buffer];
      socket.pause();
      assert.match(first.toString('latin1'), new RegExp(`^HTTP/1.1 200 OK\r\n[^]*content-length: ${BIG.length}\r\n`, 'i'));
      await truncate(join(app.dir, 'cut.js'), 1024);
      socket.on('data', (chunk: Buffer) => (received += chunk.length));
      socket.resume();
      await within('the server to close the connection', closed);
      assert.ok(first.length + received < BIG.length, 'the whole file arrived');
      assert.deepEqual(app.logs.filter((line) => line.level === 'error'), []);
    });
  }
});

describe('a static file that grows while it streams', () => {
  let app: TestApp;
  before(async () => {
    app = await startStaticApp('log.txt', '');
  });
  after(() => app.close());

  for (const path of ['/docs/log.txt', '/one', '/sent']) {
    it(`sends exactly its content-length, then answers the next request on the connection (${path})`, async () => {
      await writeFile(join(app.dir, 'log.txt'), BIG);
      const socket = connect(app.server.port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`));
      socket.on('error', () => undefined);
      const chunks: Buffer[] = [];
      // The head and the first bytes are out (8 MiB never fits the buffers): the file grows by 1 MiB of 'y', then read on.
      const [first] = (await once(socket, 'data')) as [Buffer];
      socket.pause();
      chunks.push(first);
      await appendFile(join(app.dir, 'log.txt'), Buffer.alloc(1024 * 1024, 'y'));
      const head = first.subarray(0, first.indexOf('\r\n\r\n') + 4);
      const whole = head.length + BIG.length;
      let asked = false;
      const answered = new Promise<void>((resolve) => {
        socket.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          // The first answer is in: ask for the next on the same connection (its 404 must come next, nothing before it).
          if (asked || Buffer.concat(chunks).length < whole) return;
          asked = true;
          socket.write(`GET /docs/none HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        });
        socket.on('close', () => resolve());
      });
      socket.resume();
      await within('both answers and the close', answered);
      const all = Buffer.concat(chunks);
      assert.match(head.toString('latin1'), new RegExp(`^HTTP/1.1 200 OK\r\n[^]*content-length: ${BIG.length}\r\n`, 'i'));
      assert.ok(all.subarray(head.length, whole).equals(BIG), 'the body is not the file as it was');
      assert.equal(all.subarray(whole, whole + 24).toString('latin1'), 'HTTP/1.1 404 Not Found\r\n');
      assert.deepEqual(app.logs.filter((line) => line.level === 'error'), []);
    });
  }
});
