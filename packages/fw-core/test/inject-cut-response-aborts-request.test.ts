/**
 * A response cut before its end (destroyed by its handler, or the inject caller's signal aborted) aborts
 * its request through inject as node:http does on a socket: 'aborted', an ECONNRESET error, then 'close'.
 * Before, the request of a cut inject emitted none of them, so a listener that cleans up on the
 * request's 'close' (or stops reading its body on its error) ran it on a socket and never through inject.
 */
import assert from 'node:assert/strict';
import type { RequestListener, Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { inject } from '../src/inject/inject.ts';
import { serveOnLoopback } from './support/listener-app.ts';
import { within } from './support/until.ts';

/** The next exchange: resolved when its request arrives, and with what its request and response emitted once the request closed. */
let next = { arrived: Promise.withResolvers<void>(), events: Promise.withResolvers<string[]>() };

/** `/destroy` destroys its response after a first write; `/never` never answers. */
const listener: RequestListener = (req, res) => {
  const { arrived, events: done } = next;
  const events: string[] = [];
  req.on('aborted', () => events.push('req aborted')).on('error', (error: NodeJS.ErrnoException) => events.push(`req error ${error.code} ${error.message}`));
  req.on('close', () => done.resolve([...events, 'req close']));
  res.on('close', () => events.push('res close'));
  if (req.url === '/destroy') res.write('partial', () => res.destroy());
  arrived.resolve();
};

describe('a cut response aborts its request through inject as on a socket', () => {
  let server: Server;
  let port: number;
  before(async () => {
    const served = await serveOnLoopback(listener);
    server = served.server;
    port = Number(new URL(served.url).port);
  });
  after(() => new Promise((resolve) => server.close(resolve)));

  const expected = ['req aborted', 'res close', 'req error ECONNRESET aborted', 'req close'];
  /** Sends `GET path` on a new connection; resolves to the socket once the request has reached the listener. */
  async function sent(path: string): Promise<Socket> {
    next = { arrived: Promise.withResolvers(), events: Promise.withResolvers() };
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nhost: localhost\r\n\r\n`)).on('error', () => {});
    await next.arrived.promise;
    return socket;
  }

  it('emits aborted, an ECONNRESET error and close on the request of a response its handler destroyed', async () => {
    const socket = await sent('/destroy');
    assert.deepEqual(await next.events.promise, expected);
    socket.destroy();
    next = { arrived: Promise.withResolvers(), events: Promise.withResolvers() };
    const res = await inject(listener, '/destroy');
    assert.deepEqual([res.status, res.body, res.complete, await within("the request's close", next.events.promise)], [200, 'partial', false, expected]);
  });

  it('emits them on the request of a handler that never answers when the caller gives up, as when a client hangs up', async () => {
    (await sent('/never')).destroy();
    assert.deepEqual(await next.events.promise, expected);
    next = { arrived: Promise.withResolvers(), events: Promise.withResolvers() };
    const controller = new AbortController();
    const injected = inject(listener, { url: '/never', signal: controller.signal });
    await next.arrived.promise;
    controller.abort();
    await assert.rejects(injected, { name: 'AbortError' });
    assert.deepEqual(await within("the request's close", next.events.promise), expected);
  });
});
