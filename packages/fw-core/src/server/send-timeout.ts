/**
 * The send timeout, as nginx's `send_timeout`: a connection holding response bytes the client takes
 * none of for `send_timeout_ms` is closed, file handle included. One sweep per period, nothing per
 * request: a connection with bytes buffered is stalled while its bytes handed to the kernel do not move.
 */
import type { Socket } from 'node:net';
import { flushedBytes } from '../http/node-internals.ts';

/** Calls `onStall(socket)` for each connection of `connections` stalled for `timeoutMs`; returns the function that stops watching. */
export function watchSendStalls(connections: ReadonlySet<Socket>, timeoutMs: number, onStall: (socket: Socket) => void): () => void {
  // Where each stalled connection's progress stood, and since when.
  const progress = new WeakMap<Socket, { readonly flushed: number; readonly since: number }>();
  // A quarter of the timeout, at most a second: a stall is caught within 25% of it (at most 1 s late).
  const period = Math.max(1, Math.min(1_000, Math.floor(timeoutMs / 4)));
  const timer = setInterval(() => {
    const now = performance.now();
    for (const socket of connections) {
      if (socket.writableLength === 0 || socket.destroyed) {
        progress.delete(socket);
        continue;
      }
      const flushed = flushedBytes(socket);
      const last = progress.get(socket);
      if (last === undefined || last.flushed !== flushed) progress.set(socket, { flushed, since: now });
      else if (now - last.since >= timeoutMs) {
        progress.delete(socket);
        onStall(socket);
      }
    }
  }, period);
  timer.unref();
  return () => clearInterval(timer);
}
