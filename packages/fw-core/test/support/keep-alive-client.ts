/**
 * One raw keep-alive connection, for tests where the socket matters: send a request head on it
 * when the test says (same tick as a server's stop, half a head at a time), read each answer
 * whole by its content-length, and see how the connection ended (the server's close, or a reset).
 */
import { connect, type Socket } from 'node:net';

/** One answer read off the connection. */
export interface RawAnswer {
  readonly status: number;
  /** Header names lower-cased; a repeated header keeps its last value. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** How the connection ended: the server's FIN ('end'), or a socket error's code (ECONNRESET). */
export type ConnectionEnd = 'end' | string;

/** A connection under the test's control. */
export interface KeepAliveConnection {
  readonly socket: Socket;
  /** Writes `head` now, synchronously (into the kernel, when the socket can take it). */
  send(head: string): void;
  /** The next whole answer on the connection; rejects if the connection ends first. */
  answer(): Promise<RawAnswer>;
  /** Resolves once the connection has ended, with how. */
  readonly ended: Promise<ConnectionEnd>;
}

/** `GET path` with keep-alive (HTTP/1.1's default), as a head. */
export function getHead(path: string): string {
  return `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`;
}

/** Opens a connection to 127.0.0.1:`port`. */
export function openConnection(port: number): Promise<KeepAliveConnection> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let buffered = Buffer.alloc(0);
    let waiter: { resolve: (answer: RawAnswer) => void; reject: (error: Error) => void } | undefined;
    let endedWith: ConnectionEnd | undefined;
    let markEnded!: (end: ConnectionEnd) => void;
    const ended = new Promise<ConnectionEnd>((settle) => (markEnded = settle));
    const deliver = (): void => {
      if (waiter === undefined) return;
      const parsed = parseAnswer(buffered);
      if (parsed !== undefined) {
        buffered = buffered.subarray(parsed.length);
        const { resolve: give } = waiter;
        waiter = undefined;
        give(parsed.answer);
      } else if (endedWith !== undefined) {
        const { reject: fail } = waiter;
        waiter = undefined;
        fail(new Error(`the connection ended (${endedWith}) before a whole answer; got ${JSON.stringify(buffered.toString('latin1'))}`));
      }
    };
    const end = (how: ConnectionEnd): void => {
      endedWith ??= how;
      markEnded(endedWith);
      deliver();
    };
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      deliver();
    });
    socket.on('end', () => end('end'));
    socket.on('error', (error: NodeJS.ErrnoException) => end(error.code ?? error.message));
    socket.on('close', () => end('end'));
    socket.once('connect', () =>
      resolve({
        socket,
        send: (head) => void socket.write(head),
        answer: () =>
          new Promise<RawAnswer>((give, fail) => {
            waiter = { resolve: give, reject: fail };
            deliver();
          }),
        ended,
      }),
    );
    socket.once('error', reject);
  });
}

/** The first whole answer in `bytes` and its length in bytes, or undefined when it is not all there. */
function parseAnswer(bytes: Buffer): { answer: RawAnswer; length: number } | undefined {
  const headEnd = bytes.indexOf('\r\n\r\n');
  if (headEnd < 0) return undefined;
  const [statusLine, ...lines] = bytes.subarray(0, headEnd).toString('latin1').split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const total = headEnd + 4 + length;
  if (bytes.length < total) return undefined;
  const status = Number(statusLine!.split(' ')[1]);
  return { answer: { status, headers, body: bytes.subarray(headEnd + 4, total).toString('utf8') }, length: total };
}
