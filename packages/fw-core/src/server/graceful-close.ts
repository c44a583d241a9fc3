/**
 * Graceful close of an http.Server: stop accepting, close idle keep-alive connections, let
 * in-flight requests finish (their responses carry `connection: close`) and the responses handed
 * to their sockets finish sending, then cut whatever is left after the grace period. Nothing
 * polls: the pipeline tells the last request's end (`traffic.onRequestEnd`), the server's close
 * tells the last connection's, and a keep-alive connection closes as soon as its writes drain.
 *
 * An idle connection is never destroyed while a request may be on its way in: the check waits
 * one turn of the event loop's I/O poll (a request already received is then being answered),
 * skips a connection whose parser holds part of a request, and ends the others with a lingering
 * close (a FIN, not a reset).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { lingeringEnd } from '../http/lingering-close.ts';
import { idleSockets, responseOnSocket, stopAccepting, stopConnectionChecks } from '../http/node-internals.ts';
import type { Traffic } from '../pipeline/stages.ts';

/** Longest wait for a client's own close after fw ended its idle connection. */
const IDLE_LINGER_MS = 2_000;

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
  // Not node:http's `server.close()` nor `closeIdleConnections()`: both destroy every connection
  // whose response has ended, though it may still be queued for a slow reader (node-internals.ts).
  const closed = new Promise<void>((resolve) => stopAccepting(server, resolve));
  const endIdle = idleCloser(server, connections);
  endIdle();
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  try {
    if (traffic.inflight > 0) await Promise.race([drained(traffic, endIdle), graceOver]);
    // The handlers are done, but a response can still be on its way out (megabytes queued for a
    // slow reader): cutting now would truncate it. Its connection closes by itself once sent
    // (`connection: close`), or, when its keep-alive head went out before the stop, is idle
    // then: ended as its writes drain.
    for (const socket of connections) {
      if (socket.writableLength > 0) socket.once('drain', endIdle);
    }
    endIdle();
    await Promise.race([closed, graceOver]);
  } finally {
    clearTimeout(timer);
    traffic.onRequestEnd = undefined;
  }
  server.closeAllConnections();
  await closed;
  stopConnectionChecks(server); // which server.close() would have stopped
}

/**
 * A function that ends the idle connections after the event loop's next I/O poll: two
 * setImmediate hops always have a poll between them, and a request already in the socket's
 * receive buffer is read and dispatched there. Calls while one is pending share it.
 */
function idleCloser(server: Server, connections: ReadonlySet<Socket>): () => void {
  const ended = new WeakSet<Socket>();
  let pending = false;
  const run = (): void => {
    pending = false;
    const idle = idleSockets(server);
    for (const socket of connections) {
      if (ended.has(socket) || socket.writableEnded || !isIdle(socket, idle)) continue;
      ended.add(socket);
      lingeringEnd(socket, IDLE_LINGER_MS);
    }
  };
  return () => {
    if (pending) return;
    pending = true;
    setImmediate(() => setImmediate(run));
  };
}

/** No response in progress (a response holds its socket until its last byte is written) and, where node:http says so, no part of a request received. */
function isIdle(socket: Socket, idle: ReadonlySet<Socket> | undefined): boolean {
  if (responseOnSocket(socket) != null) return false;
  return idle === undefined || idle.has(socket);
}

/** Resolves when `traffic.inflight` reaches 0. */
function drained(traffic: Traffic, endIdle: () => void): Promise<void> {
  return new Promise((resolve) => {
    traffic.onRequestEnd = () => {
      if (traffic.inflight <= 0) return resolve();
      // A keep-alive connection whose response began before the stop is idle now: end it
      // before it brings another request.
      endIdle();
    };
  });
}
