/**
 * Graceful close of an http.Server: stop accepting, close idle keep-alive connections, let
 * in-flight requests finish (their responses carry `connection: close`), let the responses
 * already handed to their sockets finish sending, and after the grace period cut whatever is
 * left. The wait for requests ends on the last one's end, told by the pipeline
 * (`traffic.onRequestEnd`); the wait for responses on the server's close (every connection
 * gone), a keep-alive connection being closed as soon as its writes drain: nothing polls.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Traffic } from '../pipeline/runtime.ts';

// Not node:http's `server.close()` nor `closeIdleConnections()`: both destroy every connection
// whose response has *ended*, although a response that ended may still have megabytes queued
// for a slow reader (node:http checks `res.finished`, set by `end()`, not by the last write).
const { Server: NetServer } = process.getBuiltinModule('node:net');

/** The open connections of `server`, for its graceful close: a Set add and delete per connection, nothing per request. */
export function trackConnections(server: Server): ReadonlySet<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

/** Closes `server`, waiting up to `graceMs` for `traffic.inflight` to reach 0 and the responses to be sent. */
export async function gracefulClose(server: Server, traffic: Traffic, graceMs: number, connections: ReadonlySet<Socket>): Promise<void> {
  traffic.stopping = true;
  const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  closeIdle(connections);
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  try {
    if (traffic.inflight > 0) await Promise.race([drained(traffic, connections), graceOver]);
    // The handlers are done, but a response can still be on its way out (megabytes queued for a
    // slow reader): cutting now would truncate it. Its connection closes by itself once sent
    // (`connection: close`), or, when its keep-alive head went out before the stop, is idle
    // then: closed as its writes drain.
    for (const socket of connections) {
      if (socket.writableLength > 0) socket.once('drain', () => setImmediate(() => closeIdle(connections)));
    }
    closeIdle(connections);
    await Promise.race([closed, graceOver]);
  } finally {
    clearTimeout(timer);
    traffic.onRequestEnd = undefined;
  }
  server.closeAllConnections();
  await closed;
  stopConnectionChecks(server);
}

/**
 * Stops node:http's connection-check interval (the timer behind `headersTimeout` and
 * `requestTimeout`), which its own `close()` would have stopped: left running, it would hold the
 * closed server for as long as the process lives. Calling `close()` again for that would emit
 * the server's 'close' a second time.
 */
function stopConnectionChecks(server: Server): void {
  const key = Object.getOwnPropertySymbols(server).find((symbol) => symbol.description === 'http.server.connectionsCheckingInterval');
  if (key !== undefined) clearInterval((server as unknown as Record<symbol, NodeJS.Timeout | undefined>)[key]);
}

/**
 * Destroys the connections with no response in progress (keep-alive ones between requests): a
 * response holds its socket (`_httpMessage`, node:http's own link) until its last byte is written.
 */
function closeIdle(connections: ReadonlySet<Socket>): void {
  for (const socket of connections) if ((socket as Socket & { _httpMessage?: unknown })._httpMessage == null) socket.destroy();
}

/** Resolves when `traffic.inflight` reaches 0. */
function drained(traffic: Traffic, connections: ReadonlySet<Socket>): Promise<void> {
  return new Promise((resolve) => {
    traffic.onRequestEnd = () => {
      if (traffic.inflight <= 0) return resolve();
      // A keep-alive connection whose response began before the stop is idle now: close it
      // before it brings another request.
      closeIdle(connections);
    };
  });
}
