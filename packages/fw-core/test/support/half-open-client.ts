/**
 * A raw client that, like an upload tool, keeps sending after the server has shut its write
 * side (allowHalfOpen), for tests of what a server does with a body it refused.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';

/** A client that, like an upload tool, keeps sending after the server's end of writing. */
export async function halfOpenClient(port: number): Promise<{ socket: Socket; errors: string[]; received: () => string }> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  await once(socket, 'connect');
  const errors: string[] = [];
  socket.on('error', (error: NodeJS.ErrnoException) => errors.push(error.code ?? error.message));
  let received = '';
  socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
  return { socket, errors, received: () => received };
}

/** Writes `total` bytes in 64 KiB chunks, stopping early if the socket goes; returns the bytes written. */
export async function upload(socket: Socket, total: number): Promise<number> {
  const chunk = Buffer.alloc(64 * 1024, 0x78);
  let sent = 0;
  while (sent < total && !socket.destroyed && socket.writable) {
    sent += chunk.length;
    if (!socket.write(chunk)) await writable(socket);
  }
  return sent;
}

/** Resolves when `socket` drains, closes or fails (a reset is an answer here, not an exception). */
function writable(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      socket.off('drain', done).off('close', done).off('error', done);
      resolve();
    };
    socket.on('drain', done).on('close', done).on('error', done);
  });
}

