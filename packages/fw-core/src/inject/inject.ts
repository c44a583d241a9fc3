/**
 * inject(): one request through a listener in process, without a socket, as Fastify's `inject`
 * and Hono's `app.request` do. The request is a real IncomingMessage and the response a real
 * ServerResponse over an in-memory socket (inject-socket.ts), so stream handlers, plugins,
 * security, telemetry and the writers run exactly as they do behind node:http, framing included.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { CountedIncomingMessage, CountedServerResponse, openExchange } from '../stream/exchange.ts';
import type { Listener } from '../stream/stream-handler.ts';
import { InjectSocket } from './inject-socket.ts';
import { parseResponse } from './parse-response.ts';

// The casts below hand InjectSocket where node:http's types want a net.Socket: it has every member
// node:http uses on a server-side socket, not the client ones (connect, getTypeOfService...).
/** The request to inject. */
export interface InjectRequest {
  /** Default GET. */
  readonly method?: string;
  /** The request target as a client sends it: `/api/posts?limit=2` (or an absolute URL). */
  readonly url: string;
  /** Header names in any case; `host` defaults to `localhost`. */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  /** A string or bytes as they are; anything else is sent as JSON (`content-type: application/json` unless set). */
  readonly body?: string | Uint8Array | object;
}

/** The response as a client would have read it. */
export interface InjectResponse {
  /** 0 when fw wrote nothing before the response was destroyed. */
  readonly status: number;
  /** Lower-case names; `set-cookie` as a list. */
  readonly headers: Readonly<Record<string, string | string[]>>;
  /** The body as UTF-8 text, chunked framing removed. */
  readonly body: string;
  readonly rawBody: Buffer;
  /** False when the response was destroyed before it ended (a jsonStream that failed midway). */
  readonly complete: boolean;
  /** The body parsed as JSON. */
  json<T = unknown>(): T;
}

/** What inject can drive: a listener, or anything holding one (createListener's result). */
export type InjectTarget = Listener | { readonly listener: Listener };

/** Runs `request` through `target` and resolves once the response is closed (logs and spans done). */
export function inject(target: InjectTarget, request: InjectRequest | string): Promise<InjectResponse> {
  const listener = typeof target === 'function' ? target : target.listener;
  const spec = typeof request === 'string' ? { url: request } : request;
  const socket = new InjectSocket();
  const { req, body } = incomingMessage(socket, spec);
  const res = new CountedServerResponse(req);
  res.assignSocket(socket as never);
  const closed = whenClosed(req, res, socket);
  openExchange(req);
  try {
    listener(req, res);
  } catch (error) {
    // Behind node:http a throwing listener is an uncaught exception; here the caller gets it.
    return Promise.reject(error);
  }
  // After the listener, as node:http's parser does, so stream handlers that count body bytes see them.
  if (body !== undefined) req.push(body);
  req.push(null);
  return closed.then(() => response(socket, req.method ?? 'GET', res.writableFinished));
}

function incomingMessage(socket: InjectSocket, spec: InjectRequest): { req: IncomingMessage; body: Buffer | undefined } {
  const req = new CountedIncomingMessage(socket as never);
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(spec.headers ?? {})) headers[name.toLowerCase()] = typeof value === 'string' ? value : [...value];
  headers['host'] ??= 'localhost';
  const body = encodeBody(spec.body, headers);
  if (body !== undefined && headers['transfer-encoding'] === undefined) headers['content-length'] ??= String(body.byteLength);
  req.method = (spec.method ?? 'GET').toUpperCase();
  req.url = spec.url;
  req.httpVersion = '1.1';
  req.httpVersionMajor = 1;
  req.httpVersionMinor = 1;
  req.headers = headers;
  req.rawHeaders = Object.entries(headers).flatMap(([name, value]) => (typeof value === 'string' ? [name, value] : value.flatMap((v) => [name, v])));
  // The whole body is in memory: the message is complete as soon as it is read.
  req.complete = true;
  return { req, body };
}

function encodeBody(body: InjectRequest['body'], headers: Record<string, string | string[]>): Buffer | undefined {
  if (body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  headers['content-type'] ??= 'application/json';
  return Buffer.from(JSON.stringify(body));
}

/**
 * Resolves on the response's 'close'. node:http's server, on 'finish', detaches the socket and
 * emits 'close' on the next tick (request logs and telemetry spans end there); with no server
 * here, this does the same. A destroyed response closes through its socket as it would there.
 */
function whenClosed(req: IncomingMessage, res: ServerResponse, socket: InjectSocket): Promise<void> {
  return new Promise((resolve) => {
    res.once('close', () => resolve());
    res.once('finish', () => {
      res.detachSocket(socket as never);
      // An unread body (a refused request) is discarded, as the server's _dump does.
      if (!req.readableEnded) req.resume();
      process.nextTick(() => {
        res.destroyed = true;
        res.emit('close');
      });
    });
  });
}

function response(socket: InjectSocket, method: string, complete: boolean): InjectResponse {
  const parsed = parseResponse(Buffer.concat(socket.written), method);
  const body = parsed.body.toString('utf8');
  return {
    status: parsed.status,
    headers: parsed.headers,
    body,
    rawBody: parsed.body,
    complete,
    json: <T>() => JSON.parse(body) as T,
  };
}
