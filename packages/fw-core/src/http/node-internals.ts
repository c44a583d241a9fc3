/**
 * Every use fw makes of undocumented node:http and node:net internals, and only here: each names
 * what it relies on and the public API it makes up for ("Lacking"). test/node-internals-contract.test.ts
 * checks each on the lowest Node `engines` admits and the pinned one (docs/api.md, "Node versions").
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// process.getBuiltinModule, not an ES import of node:net: see server/start-server.ts (undici).
const { Server: NetServer } = process.getBuiltinModule('node:net');

/** A server-side socket's internal fields, as node:http and libuv leave them. */
type HttpSocket = Socket & {
  _httpMessage?: ServerResponse | null;
  _paused?: boolean;
  parser?: { resume(): void } | null;
  _handle?: { bytesWritten?: number; writeQueueSize?: number; reading?: boolean } | null;
  [PARSED]?: boolean;
};

/** Set by readWhilePaused: whether node:http's parser still has the socket's bytes (until detachHttpParser). */
const PARSED = Symbol('fw.parsedByHttp');

/** net.Server's `close()`: open connections stay. Lacking: http's close() cuts responses queued or ended. */
export function stopAccepting(server: Server, onClosed: () => void): void {
  NetServer.prototype.close.call(server, () => onClosed());
}

/** Clears the connection-check interval that keeps a process alive. Lacking: only http's close() does. */
export function stopConnectionChecks(server: Server): boolean {
  const key = ownSymbol(server, 'http.server.connectionsCheckingInterval');
  if (key === undefined) return false;
  clearInterval((server as unknown as Record<symbol, NodeJS.Timeout | undefined>)[key]);
  return true;
}

/** Sockets between two messages. Lacking: closeIdleConnections() destroys them, cannot list or FIN them. */
export function idleSockets(server: Server): Set<Socket> | undefined {
  const key = ownSymbol(server, 'http.server.connections');
  const list =
    key === undefined
      ? undefined
      : (server as unknown as Record<symbol, { idle?: () => { socket?: Socket }[] } | undefined>)[key];
  if (typeof list?.idle !== 'function') return undefined;
  return new Set(list.idle().flatMap((parser) => (parser.socket ? [parser.socket] : [])));
}

/**
 * The response being written on `socket` (`_httpMessage`; null between two). Lacking: `res.socket`
 * goes the other way, and is a getter where this is one read per request (bench/server.bench.ts).
 */
export function responseOnSocket(socket: Socket): ServerResponse | null | undefined {
  return (socket as HttpSocket)._httpMessage;
}

/** Adds a request header line to `headers` as node:http's parser does: repeats joined, set-cookie listed, content-type and the like kept once. Lacking: only the parser builds `req.headers`. */
export function addHeaderLine(req: IncomingMessage, name: string, value: string, headers: object): void {
  (req as IncomingMessage & { _addHeaderLine(name: string, value: string, headers: object): void })._addHeaderLine(
    name,
    value,
    headers,
  );
}

/** Sends `connection: close` and closes after `res`. Lacking: a set header shows in `getHeaders()`. */
export function closeAfterResponse(res: ServerResponse): void {
  res.shouldKeepAlive = false;
}

/** Replaces the close after a `connection: close` answer. Lacking: no hook for how it closes. */
export function onCloseAfterAnswer(socket: Socket, close: () => void): void {
  (socket as Socket & { destroySoon: () => void }).destroySoon = close;
}

/** Removes the 'data' listener feeding node:http's parser (and readWhilePaused's). Lacking: detached only on upgrade/connect. */
export function detachHttpParser(socket: Socket): void {
  (socket.removeAllListeners('data') as HttpSocket)[PARSED] = false;
}

/**
 * `_paused` reads true while `held()`, which keeps node:http's resumes (buffers drained, body read)
 * off (pipelining-gate.ts). Lacking: no bound on requests parsed ahead of the response written.
 */
export function holdReadingWhile(socket: Socket, held: () => boolean): void {
  let paused = (socket as HttpSocket)._paused === true;
  Object.defineProperty(socket, '_paused', {
    configurable: true,
    enumerable: true,
    get: () => paused || held(),
    set: (value: boolean) => (paused = value),
  });
}

/**
 * Keeps `socket` reading while paused, so a client that closes or resets its connection is seen at once: node:http then
 * parses from its 'data' events (its listener wrapper unconsumes the parser once anyone listens), and a pause is the
 * stream's own, the handle reading on up to the high-water mark. A resume while `_paused` reads true is undone, as
 * node:http's onSocketResume does, and a FIN (a null push) behind bytes read while paused drops them: node:http's 'end'
 * comes now, not once they are parsed, to answer none of them. Call it outside the parser's callbacks. Lacking: a
 * paused consumed socket reads nothing, so its client's FIN or reset waits until fw writes to it.
 */
export function readWhilePaused(socket: Socket): void {
  const http = socket as HttpSocket;
  http[PARSED] = true;
  const held = (): boolean => http[PARSED] === true && http._paused === true;
  socket.on('resume', () => void (held() && socket.pause())).on('data', () => {});
  const { push } = socket;
  socket.push = (chunk, encoding) => {
    if (chunk === null && held() && socket.readableLength > 0) setImmediate(dropUnparsed, http, held);
    return push.call(socket, chunk, encoding);
  };
  // A pause stopped the handle, and the stream still counts the read it started before node:http consumed it.
  if (http._handle != null && http._handle.reading !== true && socket.readable)
    http._read(socket.readableHighWaterMark);
}

/** Reads a still `held` socket's bytes to nobody; the stream then ends ('end': node:http's socketOnEnd). */
function dropUnparsed(socket: HttpSocket, held: () => boolean): void {
  if (socket.destroyed || !held()) return;
  const listeners = socket.rawListeners('data') as ((chunk: Buffer) => void)[];
  while (socket.removeAllListeners('data').read() !== null);
  for (const listener of listeners) socket.on('data', listener);
}

/** Whether node:http paused `socket` itself, and will resume it. Lacking: as holdReadingWhile. */
export function pausedByHttp(socket: Socket): boolean {
  return (socket as HttpSocket)._paused === true;
}

/** Resumes `socket`'s node:http parser, paused beside it, then the socket. Lacking: as holdReadingWhile. */
export function resumeReading(socket: Socket): void {
  (socket as HttpSocket).parser?.resume();
  socket.resume();
}

/** What `res` buffers, head included, before it has a socket. Lacking: `writableLength` counts nothing. */
export function bufferedOutput(res: ServerResponse): number {
  return (res as ServerResponse & { outputSize: number }).outputSize;
}

/**
 * Bytes handed to the kernel (`_handle.bytesWritten - writeQueueSize`); -1 without a handle.
 * Lacking: `socket.bytesWritten` also counts what libuv queues, so a client reading nothing looks busy.
 */
export function flushedBytes(socket: Socket): number {
  const handle = (socket as HttpSocket)._handle;
  if (handle == null) return -1;
  return (handle.bytesWritten ?? 0) - (handle.writeQueueSize ?? 0);
}

function ownSymbol(target: object, description: string): symbol | undefined {
  return Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === description);
}
