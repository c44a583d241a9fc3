/**
 * Every use fw makes of undocumented node:http and node:net internals, and only here: each
 * function names what it relies on and the public API it makes up for ("Lacking").
 * test/node-internals-contract.test.ts checks each on the lowest Node `engines` admits and the
 * pinned one (docs/api.md, "Node versions").
 */
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// process.getBuiltinModule, not an ES import of node:net: see server/start-server.ts (undici).
const { Server: NetServer } = process.getBuiltinModule('node:net');

/** A server-side socket's internal fields, as node:http and libuv leave them. */
type HttpSocket = Socket & {
  _httpMessage?: ServerResponse | null;
  _paused?: boolean;
  parser?: { resume(): void } | null;
  _handle?: { bytesWritten?: number; writeQueueSize?: number } | null;
};

/**
 * Stops accepting connections and leaves the open ones alone: net.Server's `close()`. Lacking:
 * http.Server#close() also destroys every connection whose response has *ended* (`res.finished`,
 * not the last write), cutting a response queued for a slow reader or a request just arrived.
 */
export function stopAccepting(server: Server, onClosed: () => void): void {
  NetServer.prototype.close.call(server, () => onClosed());
}

/**
 * Clears node:http's connection-check interval (`server[Symbol(http.server.
 * connectionsCheckingInterval)]`), which would keep a process alive after stopAccepting; returns
 * whether it was there. Lacking: only http.Server#close() clears it, and it emits 'close' twice.
 */
export function stopConnectionChecks(server: Server): boolean {
  const key = ownSymbol(server, 'http.server.connectionsCheckingInterval');
  if (key === undefined) return false;
  clearInterval((server as unknown as Record<symbol, NodeJS.Timeout | undefined>)[key]);
  return true;
}

/**
 * The sockets whose parser is between two messages (`server[Symbol(http.server.connections)]
 * .idle()`); undefined without that list (fw then judges by responseOnSocket alone). Lacking:
 * `closeIdleConnections()` destroys them, but cannot list them nor end them with a FIN.
 */
export function idleSockets(server: Server): Set<Socket> | undefined {
  const key = ownSymbol(server, 'http.server.connections');
  const list = key === undefined ? undefined : (server as unknown as Record<symbol, { idle?: () => { socket?: Socket }[] } | undefined>)[key];
  if (typeof list?.idle !== 'function') return undefined;
  const sockets = new Set<Socket>();
  for (const parser of list.idle()) if (parser.socket) sockets.add(parser.socket);
  return sockets;
}

/**
 * The response being written on `socket` (`socket._httpMessage`): null once its last byte is
 * written, then the next pipelined one, which waits without a socket until then. Lacking:
 * `res.socket` goes the other way, and is a getter call where this is one property read (fw's
 * server reads it per request to find pipelined ones: bench/server.bench.ts).
 */
export function responseOnSocket(socket: Socket): ServerResponse | null | undefined {
  return (socket as HttpSocket)._httpMessage;
}

/**
 * Makes node:http send `connection: close` with `res` and close the connection after it
 * (`res.shouldKeepAlive = false`). Lacking: the header, set the documented way, shows in `getHeaders()`.
 */
export function closeAfterResponse(res: ServerResponse): void {
  res.shouldKeepAlive = false;
}

/**
 * Replaces node:http's close after a `connection: close` answer (the socket's `destroySoon()`),
 * for a lingering close. Lacking: no hook or option for how a connection closes after a response.
 */
export function onCloseAfterAnswer(socket: Socket, close: () => void): void {
  (socket as Socket & { destroySoon: () => void }).destroySoon = close;
}

/**
 * Detaches node:http's parser from `socket` (removes its own 'data' listener, which feeds the
 * parser), so nothing arriving is read as a request. Lacking: node:http detaches it only for 'upgrade' and 'connect'.
 */
export function detachHttpParser(socket: Socket): void {
  socket.removeAllListeners('data');
}

/**
 * node:http resumes a paused connection when its buffers drain or a request body is read, both
 * guarded by the socket's `_paused` flag: reading true while `held()` keeps those paths from
 * reading more requests in. Set only on a connection that pipelines (pipelining-gate.ts).
 * Lacking: no bound on the requests node:http parses ahead of the response being written.
 */
export function holdReadingWhile(socket: Socket, held: () => boolean): void {
  let paused = (socket as HttpSocket)._paused === true;
  Object.defineProperty(socket, '_paused', {
    configurable: true,
    enumerable: true,
    get: () => paused || held(),
    set: (value: boolean) => {
      paused = value;
    },
  });
}

/** Whether node:http paused `socket` for back-pressure itself, and will resume it itself. Lacking: as holdReadingWhile. */
export function pausedByHttp(socket: Socket): boolean {
  return (socket as HttpSocket)._paused === true;
}

/** Resumes reading `socket`: its node:http parser, paused beside it, then the socket. Lacking: as holdReadingWhile. */
export function resumeReading(socket: Socket): void {
  (socket as HttpSocket).parser?.resume();
  socket.resume();
}

/**
 * What node:http buffers of `res` while it has no socket (a pipelined response waiting), head
 * included (`res.outputSize`). Lacking: `writableLength` counts nothing until it has a socket.
 */
export function bufferedOutput(res: ServerResponse): number {
  return (res as ServerResponse & { outputSize: number }).outputSize;
}

/**
 * Bytes the socket's handle has handed to the kernel (`_handle.bytesWritten - writeQueueSize`,
 * what node's own socket timeout watches); -1 without a handle. Lacking: `socket.bytesWritten`
 * also counts what libuv still queues, so a client reading nothing looks busy.
 */
export function flushedBytes(socket: Socket): number {
  const handle = (socket as HttpSocket)._handle;
  if (handle == null) return -1;
  return (handle.bytesWritten ?? 0) - (handle.writeQueueSize ?? 0);
}

function ownSymbol(target: object, description: string): symbol | undefined {
  return Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === description);
}
