/**
 * The contract of src/http/node-internals.ts: each undocumented node:http or node:net behaviour
 * fw relies on, shown on a real server on port 0. node-internals-contract.test.ts runs this suite
 * on the pinned Node and, type-stripped, on the lowest Node fw-core's `engines` admits, so it
 * imports nothing but Node's modules and the module under test.
 */
import assert from 'node:assert/strict';
import { createServer, Server as HttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, Server as NetServer, Socket } from 'node:net';
import { after, describe, it } from 'node:test';
import {
  addHeaderLine,
  bufferedOutput,
  closeAfterResponse,
  detachHttpParser,
  flushedBytes,
  holdReadingWhile,
  idleSockets,
  onCloseAfterAnswer,
  pausedByHttp,
  readWhilePaused,
  responseOnSocket,
  resumeReading,
  stopAccepting,
  stopConnectionChecks,
} from '../../src/http/node-internals.ts';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const servers: HttpServer[] = [];
after(() => {
  for (const server of servers) {
    server.closeAllConnections();
    if (server.listening) server.close();
  }
});

/** A server on 127.0.0.1, port 0, whose requests go to `handler`. */
async function serve(handler: Handler): Promise<{ server: HttpServer; port: number }> {
  const server = createServer((req, res) => handler(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

/** A raw client connection: `received(text)` resolves once the bytes read so far include `text`. */
async function client(port: number): Promise<{ socket: Socket; received: (text: string) => Promise<string>; closed: Promise<void> }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let data = '';
  const waiting: [string, (all: string) => void][] = [];
  socket.on('data', (chunk: Buffer) => {
    data += chunk.toString('latin1');
    for (const [text, resolve] of waiting.splice(0)) {
      if (data.includes(text)) resolve(data);
      else waiting.push([text, resolve]);
    }
  });
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const received = (text: string): Promise<string> => (data.includes(text) ? Promise.resolve(data) : new Promise((resolve) => waiting.push([text, resolve])));
  return { socket, received, closed };
}

/** One turn of the event loop: what process.nextTick queued has run. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const get = (path: string): string => `GET ${path} HTTP/1.1\r\nHost: t\r\n\r\n`;

describe(`node internals contract on Node ${process.version}`, () => {
  it('stopAccepting stops listening and leaves an idle keep-alive connection open, as http.Server#close does not', async () => {
    assert.notEqual(HttpServer.prototype.close, NetServer.prototype.close, 'http.Server overrides close');
    const { server, port } = await serve((req, res) => res.end(req.url));
    const c = await client(port);
    c.socket.write(get('/a'));
    await c.received('/a');
    let closed = false;
    stopAccepting(server, () => (closed = true));
    assert.equal(server.listening, false);
    c.socket.write(get('/b'));
    assert.match(await c.received('\r\n\r\n/b'), /keep-alive/i);
    c.socket.end();
    await new Promise((resolve) => server.once('close', resolve));
    await turn();
    assert.equal(closed, true);
  });

  it('stopConnectionChecks finds and clears the connection-check interval', async () => {
    const { server } = await serve((_req, res) => res.end());
    const key = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === 'http.server.connectionsCheckingInterval');
    assert.ok(key, 'the server holds the interval under its symbol');
    const timer = (server as unknown as Record<symbol, unknown>)[key];
    assert.equal(typeof (timer as NodeJS.Timeout).refresh, 'function', 'the interval is a Timeout');
    assert.equal(stopConnectionChecks(server), true);
    server.close();
  });

  it('idleSockets lists a connection between two requests, not one whose request is still arriving', async () => {
    let sawArriving: boolean | undefined;
    let sawComplete: boolean | undefined;
    const { server, port } = await serve((req, res) => {
      sawArriving = idleSockets(server)?.has(req.socket);
      req.resume();
      req.once('end', () => {
        sawComplete = idleSockets(server)?.has(req.socket);
        res.end('done');
      });
      c.socket.write('67890');
    });
    const c = await client(port);
    c.socket.write('POST /p HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\n12345');
    await c.received('done');
    assert.equal(sawArriving, false);
    assert.equal(sawComplete, true);
    c.socket.destroy();
    server.close();
  });

  it('responseOnSocket is the response being written; a pipelined one waits without the socket, buffering, and gets it next', async () => {
    const seen: { first?: boolean; second?: boolean; afterFinish?: unknown; buffered?: [number, number] } = {};
    let first: ServerResponse | undefined;
    let second: ServerResponse | undefined;
    const { server, port } = await serve((req, res) => {
      if (req.url === '/1') {
        seen.first = responseOnSocket(req.socket) === res;
        first = res;
        res.once('finish', () => (seen.afterFinish = responseOnSocket(req.socket)));
        return;
      }
      seen.second = responseOnSocket(req.socket) === first;
      second = res;
      res.setHeader('content-length', '10');
      res.write('hello');
      const before = bufferedOutput(res);
      res.write('hello');
      seen.buffered = [before, bufferedOutput(res)];
      res.end();
      first!.end('one');
    });
    const c = await client(port);
    c.socket.write(get('/1') + get('/2'));
    await c.received('hellohello');
    assert.equal(seen.first, true);
    assert.equal(seen.second, true);
    assert.equal(seen.afterFinish, second, 'the finished response handed the socket to the next one');
    const [before, later] = seen.buffered!;
    assert.ok(before > 5, `the head is buffered too (${before} bytes)`);
    assert.equal(later - before, 5);
    c.socket.destroy();
    server.close();
  });

  it('addHeaderLine builds the headers node:http\'s parser builds from the same lines', async () => {
    const lines = [['X-Tag', 'a'], ['x-tag', 'b'], ['Cookie', 'a=1'], ['cookie', 'b=2'], ['Set-Cookie', 's=1'], ['set-cookie', 's=2'], ['Content-Type', 'text/plain'], ['content-type', 'text/html'], ['User-Agent', 'one'], ['user-agent', 'two']];
    let parsed: unknown;
    let built: Record<string, unknown> = {};
    const { server, port } = await serve((req, res) => {
      parsed = req.headers;
      built = { host: 't', connection: 'close' };
      for (const [name, value] of lines) addHeaderLine(req, name!, value!, built);
      res.end('done');
    });
    const c = await client(port);
    c.socket.write(`GET / HTTP/1.1\r\nHost: t\r\nConnection: close\r\n${lines.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`);
    await c.received('done');
    assert.deepEqual(built, { host: 't', connection: 'close', 'x-tag': 'a, b', cookie: 'a=1; b=2', 'set-cookie': ['s=1', 's=2'], 'content-type': 'text/plain', 'user-agent': 'one' });
    assert.deepEqual({ ...(parsed as object) }, built);
    server.close();
  });

  it('closeAfterResponse makes node:http answer with connection: close and close, without a header of fw\'s', async () => {
    let header: unknown = 'unset';
    const { server, port } = await serve((_req, res) => {
      closeAfterResponse(res);
      res.end('bye');
      header = res.getHeader('connection');
    });
    const c = await client(port);
    c.socket.write(get('/'));
    await c.closed;
    assert.match(await c.received('bye'), /^connection: close\r$/im);
    assert.equal(header, undefined);
    server.close();
  });

  it('onCloseAfterAnswer replaces the close node:http makes after an answer with connection: close', async () => {
    let replaced = false;
    const { server, port } = await serve((req, res) => {
      onCloseAfterAnswer(req.socket, () => {
        replaced = true;
        req.socket.destroy();
      });
      res.setHeader('connection', 'close');
      res.end('bye');
    });
    const c = await client(port);
    c.socket.write(get('/'));
    await c.closed;
    assert.equal(replaced, true);
    server.close();
  });

  it('detachHttpParser leaves the bytes that follow to fw: no further request is parsed', async () => {
    let requests = 0;
    let dropped = '';
    let gotBytes!: () => void;
    const bytes = new Promise<void>((resolve) => (gotBytes = resolve));
    const { server, port } = await serve((req, res) => {
      requests += 1;
      detachHttpParser(req.socket);
      req.socket.on('data', (chunk: Buffer) => {
        dropped += chunk.toString('latin1');
        gotBytes();
      });
      res.end('first');
    });
    const c = await client(port);
    c.socket.write(get('/1'));
    await c.received('first');
    c.socket.write(get('/2'));
    await bytes;
    await turn();
    assert.equal(requests, 1);
    assert.equal(dropped, get('/2'));
    c.socket.destroy();
    server.close();
  });

  it('holdReadingWhile keeps node:http from resuming a socket it reads as paused; the parser and the flag are there', async () => {
    const results: Record<string, boolean> = {};
    const { server, port } = await serve((req, res) => {
      const held = req.url === '/held';
      results[`${req.url} paused by node:http`] = pausedByHttp(req.socket);
      results[`${req.url} has a parser`] = typeof (req.socket as Socket & { parser?: { resume?: unknown } }).parser?.resume === 'function';
      req.socket.pause();
      if (held) holdReadingWhile(req.socket, () => true);
      req.resume(); // reading the body asks node:http to resume the socket
      setImmediate(() => {
        results[`${req.url} still paused`] = req.socket.isPaused();
        resumeReading(req.socket);
        results[`${req.url} resumed`] = !req.socket.isPaused();
        req.socket.destroy();
        res.destroy();
      });
    });
    for (const path of ['/held', '/free']) {
      const c = await client(port);
      c.socket.write(`POST ${path} HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\n12345`);
      await c.closed;
    }
    assert.deepEqual(results, {
      '/held paused by node:http': false,
      '/held has a parser': true,
      '/held still paused': true,
      '/held resumed': true,
      '/free paused by node:http': false,
      '/free has a parser': true,
      '/free still paused': false,
      '/free resumed': true,
    });
    server.close();
  });

  it('readWhilePaused keeps a paused socket reading: bytes wait unparsed while held, are parsed once resumed, and a close is seen', async () => {
    const seen: string[] = [];
    const holds: { socket: Socket; res: ServerResponse; release: () => void }[] = [];
    let holding!: () => void;
    const { server, port } = await serve((req, res) => {
      seen.push(req.url!);
      if (req.url !== '/hold') return void res.end(`answer ${req.url}`);
      let held = true;
      const socket = req.socket;
      holdReadingWhile(socket, () => held);
      socket.pause();
      holds.push({ socket, res, release: () => ((held = false), resumeReading(socket)) });
      setImmediate(() => (readWhilePaused(socket), holding()));
    });
    // Held, the socket reads what follows into its buffer, unparsed, and stays paused when node:http resumes it.
    for (const leave of [false, true]) {
      seen.length = 0;
      const c = await client(port);
      const held = new Promise<void>((resolve) => (holding = resolve));
      c.socket.write(get('/hold'));
      await held;
      const { socket, res, release } = holds.at(-1)!;
      c.socket.write(get('/next'));
      while (socket.readableLength < get('/next').length) await turn();
      socket.resume(); // as node:http resumes a socket whose buffers drained
      await turn();
      assert.deepEqual([seen, socket.isPaused()], [['/hold'], true], 'held: read, not parsed');
      if (!leave) {
        res.end('answer /hold');
        release();
        await c.received('answer /next');
        assert.deepEqual(seen, ['/hold', '/next']);
        c.socket.destroy();
        continue;
      }
      // The client leaves while held: its close is seen, and the response waiting for its answer closes with it.
      const closed = new Promise<string>((resolve) => {
        const timer = setTimeout(() => resolve('still open after 5 s'), 5_000);
        res.once('close', () => (clearTimeout(timer), resolve(res.writableEnded ? 'closed, ended' : 'closed')));
      });
      c.socket.destroy();
      assert.equal(await closed, 'closed');
      assert.equal(socket.destroyed, true);
    }
    server.close();
  });

  it('flushedBytes counts what the handle gave the kernel: all of a finished response', async () => {
    let counts: [number, number] | undefined;
    const { server, port } = await serve((req, res) => {
      res.once('finish', () => (counts = [flushedBytes(req.socket), req.socket.bytesWritten]));
      res.end('x'.repeat(1000));
    });
    const c = await client(port);
    c.socket.write(get('/'));
    await c.received('x'.repeat(1000));
    const [flushed, written] = counts!;
    assert.ok(flushed > 1000, `flushed ${flushed}`);
    assert.equal(flushed, written);
    assert.equal(flushedBytes(new Socket()), -1, 'a socket without a handle');
    c.socket.destroy();
    server.close();
  });
});
