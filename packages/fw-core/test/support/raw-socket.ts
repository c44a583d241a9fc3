/**
 * Requests over a plain TCP socket, for what fetch cannot send: absolute-form targets with
 * userinfo (`GET http://user:pass@host/ HTTP/1.1`), query strings byte for byte, and request
 * heads that stop half-way.
 */
import { connect } from 'node:net';

/** Sends `head` (a whole request head, `\r\n\r\n` included) and resolves to everything the server sent before closing. */
export function rawExchange(port: number, head: string, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host, () => socket.write(head));
    let data = '';
    socket.on('data', (chunk: Buffer) => (data += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(data));
  });
}

/** What the server did with a stalled connection. */
export interface Stalled {
  /** What the server sent before closing ('' when nothing). */
  readonly answer: string;
  /** Milliseconds from the last byte sent to the close; undefined when still open at the deadline. */
  readonly closedAfterMs: number | undefined;
}

/**
 * Sends `bytes` and then nothing more, and waits at most `deadlineMs` for the server to close
 * the connection (a test must fail at its deadline, not wait for node:http's 60 s default).
 */
export function stallAfter(port: number, bytes: string, deadlineMs: number, host = '127.0.0.1'): Promise<Stalled> {
  return new Promise((resolve, reject) => {
    let sentAt = 0;
    let answer = '';
    const socket = connect(port, host, () => socket.write(bytes, () => (sentAt = Date.now())));
    const timer = setTimeout(() => {
      socket.removeAllListeners('close');
      socket.destroy();
      resolve({ answer, closedAfterMs: undefined });
    }, deadlineMs);
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the server's answer is a close like any other.
      if (error.code !== 'ECONNRESET') {
        clearTimeout(timer);
        reject(error);
      }
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closedAfterMs: Date.now() - sentAt });
    });
  });
}

/** Resolves to the error code of connecting to `host:port` (`ECONNREFUSED`), or 'connected'. */
export function connectOutcome(port: number, host: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve('connected');
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}
