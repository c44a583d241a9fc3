/**
 * Graceful close of an http.Server: stop accepting, end idle keep-alive connections (a lingering FIN, never mid-request),
 * let in-flight requests finish and their responses go, then cut the rest after the grace period. Nothing polls.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { lingeringEnd } from '../http/lingering-close.ts';
import { idleSockets, responseOnSocket, stopAccepting, stopConnectionChecks } from '../http/node-internals.ts';
import type { Traffic } from '../pipeline/stages.ts';

/** The open connections of `server`: a Set add and delete per connection, nothing per request. */
export function trackConnections(server: Server): ReadonlySet<Socket> {
  const sockets = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  return sockets;
}

/** Closes `server` (traffic.stopping set), waiting up to `graceMs` for in-flight requests and responses; resolves with how many connections it then cut. */
export async function gracefulClose(
  server: Server,
  traffic: Traffic,
  graceMs: number,
  connections: ReadonlySet<Socket>,
): Promise<number> {
  // Not node:http's `server.close()` nor `closeIdleConnections()`: both destroy every connection
  // whose response has ended, though it may still be queued for a slow reader (node-internals.ts).
  const closed = new Promise<void>((resolve) => stopAccepting(server, resolve));
  const endIdle = idleCloser(server, connections);
  endIdle();
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)));
  try {
    if (traffic.inflight > 0) {
      // After each request, a keep-alive connection whose response began before the stop is idle: ended.
      const drained = new Promise<void>(
        (resolve) => (traffic.onRequestEnd = () => (traffic.inflight <= 0 ? resolve() : endIdle())),
      );
      await Promise.race([drained, graceOver]);
    }
    // A response can still be on its way out to a slow reader: its connection closes once it is
    // sent (`connection: close`), or, when its head went out before the stop, ends as it drains.
    for (const socket of connections) if (socket.writableLength > 0) socket.once('drain', endIdle);
    endIdle();
    await Promise.race([closed, graceOver]);
  } finally {
    clearTimeout(timer);
    traffic.onRequestEnd = undefined;
  }
  // What is still open once the grace ran out (a request, an answer to a slow reader) is cut by fw.
  const cut = [...connections].filter((socket) => !socket.writableFinished).length;
  traffic.cut = cut > 0;
  server.closeAllConnections();
  await closed;
  stopConnectionChecks(server); // which server.close() would have stopped
  return cut;
}

/**
 * Ends the idle connections after the next I/O poll (two setImmediate hops have one between them), where a request
 * already received is dispatched; calls while one is pending share it.
 */
function idleCloser(server: Server, connections: ReadonlySet<Socket>): () => void {
  let pending = false;
  const run = (): void => {
    pending = false;
    const idle = idleSockets(server);
    for (const socket of connections) {
      if (socket.writableEnded) continue; // by an earlier run (lingeringEnd ends first), or closing after a `connection: close` answer
      // A response holds its socket until its last byte is written; where node:http tells, no request began.
      if (responseOnSocket(socket) != null || (idle !== undefined && !idle.has(socket))) continue;
      lingeringEnd(socket, 2_000); // the longest wait for the client's own close
    }
  };
  return () => {
    if (pending) return;
    pending = true;
    setImmediate(() => setImmediate(run));
  };
}
