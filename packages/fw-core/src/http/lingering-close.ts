/**
 * Lingering close, as nginx's `lingering_close`: an answer refusing a body it never read (a 413)
 * ends with `connection: close` while the client may still be sending; closing the socket then
 * would answer its next segment with a reset, and its stack would drop the unread answer (seen in
 * the blog's fuzz suite under load). So the socket shuts only its write side and drops what
 * arrives until the client closes, LINGER_MAX_BYTES have arrived or LINGER_MAX_MS have passed.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { closeAfterResponse, detachHttpParser, onCloseAfterAnswer } from './node-internals.ts';

const LINGER_MAX_MS = 5_000;
const LINGER_MAX_BYTES = 8 * 1024 * 1024;

/** Sends `connection: close` on `res`, an answer that leaves its request's body unread, and makes node:http's close after it a lingering one. */
export function closeLingering(res: ServerResponse): void {
  closeAfterResponse(res);
  onCloseAfterAnswer(res.req.socket, () => lingeringEnd(res.req.socket, LINGER_MAX_MS));
}

/**
 * Closes a connection the same way (also graceful-close.ts, for idle ones): a request sent before
 * the client saw the FIN is dropped, not answered with a reset. `maxMs` bounds the wait.
 */
export function lingeringEnd(socket: Socket, maxMs: number): void {
  socket.end();
  if (socket.destroyed) return;
  detachHttpParser(socket);
  let received = 0;
  const timer = setTimeout(() => socket.destroy(), maxMs).unref();
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > LINGER_MAX_BYTES) socket.destroy();
  });
  socket.once('end', () => socket.destroy());
  socket.once('close', () => clearTimeout(timer));
  socket.resume();
}
