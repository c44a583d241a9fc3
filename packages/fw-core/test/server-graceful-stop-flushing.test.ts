/**
 * A graceful stop does not cut a response that is still on its way out: the handler is done
 * (the pipeline no longer counts the request) but the socket has megabytes left to send to a
 * client reading slowly. The stop waits, within the grace period, for those connections to
 * finish, and closes a keep-alive connection as soon as its response has gone.
 */
import assert from 'node:assert/strict';
import { connect, type Socket } from 'node:net';
import { describe, it } from 'node:test';
import { status } from '../src/http/response.ts';
import { startTestApp } from './support/test-app.ts';
import { until, within } from './support/until.ts';

const BIG = Buffer.alloc(16 * 1024 * 1024, 'b');

/** Sends GET `path` on a raw socket that reads nothing until told: the server's writes back up. */
function slowReader(port: number, path: string): { socket: Socket; headed: Promise<void>; received: () => number; ended: Promise<void> } {
  const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: t\r\n\r\n`));
  let bytes = 0;
  let head = '';
  let bodyStart = -1;
  let headed!: () => void;
  const headedP = new Promise<void>((resolve) => (headed = resolve));
  socket.on('data', (chunk: Buffer) => {
    if (bodyStart < 0) {
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end < 0) return;
      bodyStart = end + 4;
      bytes = Buffer.byteLength(head, 'latin1') - bodyStart;
      socket.pause();
      headed();
      return;
    }
    bytes += chunk.length;
  });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => {});
  return { socket, headed: headedP, received: () => bytes, ended };
}

describe('graceful stop with responses still being sent', () => {
  it('lets a response whose handler is done finish sending before the connections are closed', async () => {
    const app = await startTestApp({
      fw: { server_configuration: { shutdown_grace_ms: 30_000 } },
      groups: [{ prefix: '', security: false, routes: [{ path: '/big', handler: () => status(200, { 'content-type': 'application/octet-stream' }, BIG), options: { methods: ['get'] } }] }],
    });
    const client = slowReader(app.server.port, '/big');
    await within('the response head', client.headed);
    const stopped = app.server.stop();
    await until('the server to stop listening', () => !app.server.server.listening);
    client.socket.resume();
    await within('the connection to end', client.ended);
    assert.equal(client.received(), BIG.length, 'every byte of the body arrived');
    await within('the stop to finish', stopped);
    await app.close();
  });

  it('closes a keep-alive connection once its response has gone, without waiting for the grace period', async () => {
    const app = await startTestApp({
      fw: { server_configuration: { shutdown_grace_ms: 60_000, keep_alive_timeout_ms: 60_000 } },
      groups: [{ prefix: '', security: false, routes: [{ path: '/big', handler: () => status(200, {}, BIG), options: { methods: ['get'] } }] }],
    });
    const client = slowReader(app.server.port, '/big');
    await within('the response head', client.headed);
    const stopped = app.server.stop();
    await until('the server to stop listening', () => !app.server.server.listening);
    client.socket.resume();
    await within('the stop to finish well before the 60 s grace period', stopped, 20_000);
    await within('the connection to end', client.ended);
    assert.equal(client.received(), BIG.length);
    await app.close();
  });
});

describe('graceful stop, afterwards', () => {
  it("emits the server's 'close' once and leaves no connection-check timer running", async () => {
    const app = await startTestApp({ groups: [] });
    const server = app.server.server;
    let closes = 0;
    server.on('close', () => (closes += 1));
    const interval = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === 'http.server.connectionsCheckingInterval');
    assert.ok(interval, 'node:http keeps its connection-check timer under this symbol');
    await app.server.stop();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(closes, 1);
    assert.equal((server as unknown as Record<symbol, { _destroyed: boolean }>)[interval]!._destroyed, true);
    await app.close();
  });
});
