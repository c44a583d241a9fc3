/**
 * Every use fw makes of node:http's and node:net's undocumented internals, in one place. Each
 * function says what it relies on and which public API would make it unnecessary; none of them
 * is used anywhere else. test/node-internals-contract.test.ts checks each one on the lowest Node
 * that fw-core's `engines` admits and on the pinned Node (docs/operations.md, "Node versions").
 * Where an internal may be missing, the function says what fw does without it.
 */
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

// process.getBuiltinModule, not an ES import of node:net: see server/start-server.ts (undici).
const { Server: NetServer } = process.getBuiltinModule('node:net');

/** A server-side socket as node:http leaves it; every field is internal. */
type HttpSocket = Socket & {
  /** The response being written on this socket (node:http's `socket._httpMessage`). */
  _httpMessage?: ServerResponse | null;
  /** node:http's "paused for back-pressure" flag, read before it resumes the socket. */
  _paused?: boolean;
  /** The llhttp parser node:http attached to the connection. */
  parser?: { resume(): void } | null;
  /** libuv's stream handle: bytes handed to it, bytes it still queues. */
  _handle?: { bytesWritten?: number; writeQueueSize?: number } | null;
};

/**
 * Stops accepting connections without touching the open ones: net.Server's `close()`, not
 * http.Server's. Public API lacking: http.Server#close() also destroys every connection whose
 * response has *ended* (`closeIdleConnections()`), though an ended response may still be queued
 * for a slow reader (node:http checks `res.finished`, not the last write), and a connection a
 * request has just reached is reset under the client.
 */
export function stopAccepting(server: Server, onClosed: () => void): void {
  NetServer.prototype.close.call(server, () => onClosed());
}

/**
 * Stops node:http's connection-check interval (the timer behind `headersTimeout` and
 * `requestTimeout`, `server[Symbol(http.server.connectionsCheckingInterval)]`), which
 * http.Server#close() would have stopped: left running, it holds the closed server for as long
 * as the process lives. Public API lacking: only http.Server#close() stops it, and calling it
 * after stopAccepting would emit 'close' twice. Returns whether the interval was there.
 */
export function stopConnectionChecks(server: Server): boolean {
  const key = ownSymbol(server, 'http.server.connectionsCheckingInterval');
  if (key === undefined) return false;
  clearInterval((server as unknown as Record<symbol, NodeJS.Timeout | undefined>)[key]);
  return true;
}

/**
 * The sockets whose parser node:http's connection list holds as idle, between two messages
 * (`server[Symbol(http.server.connections)].idle()`); undefined when that list is not there, and
 * then fw takes a connection with no response in progress as idle. Public API lacking:
 * `closeIdleConnections()` destroys those connections but cannot list them, nor end them with a
 * FIN instead of a reset.
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
 * The response node:http is writing on `socket` (`socket._httpMessage`): set when a response
 * gets the socket, null once its last byte is written; a pipelined response waits without one.
 * Public API lacking: `res.socket` goes the other way, and is a getter call where this is one
 * property read (the pipelining gate reads it on every request: bench/server.bench.ts).
 */
export function responseOnSocket(socket: Socket): ServerResponse | null | undefined {
  return (socket as HttpSocket)._httpMessage;
}

/**
 * Makes node:http close the connection after `res` and say so (`connection: close`), by
 * clearing `res.shouldKeepAlive` before the head is written. Public API lacking: the only
 * documented way is setting the header, which then shows in `getHeaders()` as if the app had.
 */
export function closeAfterResponse(res: ServerResponse): void {
  res.shouldKeepAlive = false;
}

/**
 * Replaces how node:http closes `socket` after an answer with `connection: close`: it calls the
 * socket's `destroySoon()` once the answer is written. Public API lacking: no hook or option for
 * the close after a response (fw wants a lingering close: http/lingering-close.ts).
 */
export function onCloseAfterAnswer(socket: Socket, close: () => void): void {
  (socket as Socket & { destroySoon: () => void }).destroySoon = close;
}

/**
 * Detaches node:http's parser from `socket`, so nothing that arrives is read as another request:
 * node:http feeds its parser from a 'data' listener once any other listener is added (its socket
 * wrapper stops handing the parser the stream directly then). Public API lacking: node:http
 * detaches its parser only for 'upgrade' and 'connect' requests.
 */
export function detachHttpParser(socket: Socket): void {
  socket.removeAllListeners('data');
}

/**
 * node:http resumes a paused connection when its own buffers drain or a request body is read,
 * both guarded by the socket's `_paused` flag: reading it as true while `held()` keeps those
 * paths from reading more requests in. A per-connection property, set only on a connection that
 * pipelines. Public API lacking: no limit on the requests node:http parses ahead of the response
 * being written (pipelining-gate.ts).
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

/** Whether node:http paused `socket` for back-pressure itself (and will resume it itself). Public API lacking: as holdReadingWhile. */
export function pausedByHttp(socket: Socket): boolean {
  return (socket as HttpSocket)._paused === true;
}

/** Resumes the parser of `socket`, which node:http pauses beside the socket. Public API lacking: as holdReadingWhile. */
export function resumeHttpParser(socket: Socket): void {
  (socket as HttpSocket).parser?.resume();
}

/**
 * Bytes of `res` node:http buffers while the response has no socket (a pipelined response
 * waiting for its turn), head included (`res.outputSize`). Public API lacking: `writableLength`
 * of a response counts nothing until it has a socket.
 */
export function bufferedOutput(res: ServerResponse): number {
  return (res as ServerResponse & { outputSize: number }).outputSize;
}

/**
 * Bytes the socket's handle has handed to the kernel: written to the handle, less what libuv
 * still queues (`socket._handle.bytesWritten - writeQueueSize`, what node's own socket timeout
 * watches for progress); -1 without a handle. Public API lacking: `socket.bytesWritten` counts
 * the bytes libuv still queues too, so a client that reads nothing still looks like progress.
 */
export function flushedBytes(socket: Socket): number {
  const handle = (socket as HttpSocket)._handle;
  if (handle == null) return -1;
  return (handle.bytesWritten ?? 0) - (handle.writeQueueSize ?? 0);
}

function ownSymbol(target: object, description: string): symbol | undefined {
  return Object.getOwnPropertySymbols(target).find((symbol) => symbol.description === description);
}
