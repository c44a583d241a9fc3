/**
 * Lingering close, as nginx's `lingering_close`: an answer that refuses a body it never read (a
 * 413, a refused upload) ends with `connection: close` while the client may still be sending.
 * Closing the socket then would answer the client's next segment with a reset, which makes its
 * stack drop the unread answer ("connection reset" instead of the 413, seen in the blog's fuzz
 * suite under load). So once node:http has written the answer, the socket shuts only its write
 * side and reads and drops what arrives (node:http's parser detached), until the client closes
 * its side, LINGER_MAX_BYTES have arrived or LINGER_MAX_MS have passed; then it is destroyed.
 */
import type { Socket } from 'node:net';
import { detachHttpParser, onCloseAfterAnswer } from './node-internals.ts';

/** Longest a refused upload is read and dropped after the answer. */
const LINGER_MAX_MS = 5_000;
/** Most bytes read and dropped after the answer. */
const LINGER_MAX_BYTES = 8 * 1024 * 1024;

/**
 * Makes node:http's close of `socket` after the current answer (it calls `destroySoon()` once
 * an answer with `connection: close` is written) a lingering close.
 */
export function lingerAfterAnswer(socket: Socket): void {
  onCloseAfterAnswer(socket, () => lingeringEnd(socket, LINGER_MAX_MS));
}

/**
 * Closes a connection with nothing in progress the same way (graceful-close.ts): its FIN goes
 * out, and a request the client sent before it saw the FIN is dropped, not answered with a reset
 * that could make the client's stack discard what it already received. `maxMs` bounds the wait
 * for the client's own close.
 */
export function lingeringEnd(socket: Socket, maxMs: number): void {
  socket.end();
  if (socket.destroyed) return;
  detachHttpParser(socket); // then only drop bytes
  let received = 0;
  const timer = setTimeout(() => socket.destroy(), maxMs);
  timer.unref();
  socket.on('data', (chunk: Buffer) => {
    received += chunk.length;
    if (received > LINGER_MAX_BYTES) socket.destroy();
  });
  socket.once('end', () => socket.destroy());
  socket.once('close', () => clearTimeout(timer));
  socket.resume();
}
