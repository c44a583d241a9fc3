/**
 * inject(): one request through a listener in process, as Fastify's `inject` and Hono's `app.request` do:
 * a real IncomingMessage and ServerResponse over an in-memory socket, so stream handlers, plugins,
 * security, telemetry and the writers run exactly as behind node:http, framing included.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import type { HandlerRoute } from '../app/route-group.ts';
import type { TypedRoute } from '../app/typed-route.ts';
import { FwError } from '../errors.ts';
import { isHeaderName, isHeaderValue } from '../http/header-fields.ts';
import { addHeaderLine, closeAfterResponse } from '../http/node-internals.ts';
import type { FromSchema } from '../schema/from-schema.ts';
import type { JsonSchema, SchemaIssue } from '../schema/route-schema.ts';
import { CountedIncomingMessage, CountedServerResponse, hasRepeatedHeader, openExchange } from '../stream/exchange.ts';
import type { Listener } from '../stream/stream-handler.ts';

/** The request to inject. */
export interface InjectRequest {
  /** Default GET. */
  readonly method?: string;
  /** The request target as a client sends it: `/api/posts?limit=2` (or an absolute URL). */
  readonly url: string;
  /** Header names in any case, a list for a name sent several times, joined as node:http joins them; `host` defaults to `localhost`. */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  /** A string or bytes as they are, a stream chunked, a Blob, FormData or URLSearchParams as fetch sends it, other values as JSON (FW_ERR_INJECT_BAD_BODY). */
  readonly body?: unknown;
  /** Aborting it is a client's hang-up: the socket destroyed, the response closes unfinished (`req.signal` aborts); inject rejects with its reason. */
  readonly signal?: AbortSignal;
}

/** The response as a client would have read it; `Body`: what `json()` may return, `unknown` unless a route is named. */
export interface InjectResponse<Body = unknown> {
  /** 0 when fw wrote nothing before the response was destroyed. */
  readonly status: number;
  /** Lower-case names; `set-cookie` always a list. */
  readonly headers: Readonly<Record<string, string | string[]>> & { readonly 'set-cookie'?: string[] };
  /** The body as UTF-8 text, chunked framing removed. */
  readonly body: string;
  readonly rawBody: Buffer;
  /** False when the response was destroyed before it ended (a jsonStream that failed midway). */
  readonly complete: boolean;
  /** The body parsed as JSON; a type argument must fit `Body` (a named route's declared answers or fw's error body). */
  json<T extends Body = Body>(): T;
}

/**
 * The body of fw's own answers (the 400s of route schemas, 401, 404, 405, 415, 500): `{"error": message}`, with a schema
 * 400's `details`, `omitted` and `incomplete`, a 415's `accepted` types, or `stacktrace` (use_stacktrace). Every field is
 * declared, so `'items' in body` tells a route's answer from it.
 */
export interface FwErrorBody {
  readonly error: string;
  readonly details?: readonly SchemaIssue[];
  readonly omitted?: number;
  readonly incomplete?: boolean;
  readonly accepted?: readonly string[];
  readonly stacktrace?: readonly string[];
}

/** What `json()` of an answer of `route` is: one of its declared bodies or fw's error body; unknown when it declares none. */
export type InjectBody<R> = [BodiesOf<R>] extends [never] ? unknown : BodiesOf<R> | FwErrorBody;

/** The bodies `route` declares; of a union of routes (one taken from a list), all of theirs. */
type BodiesOf<R> = R extends TypedRoute<infer Answers> ? Answers[keyof Answers] : never;

/** The body of the app's or group's own error answers, typed by the `errorSchema` named to inject; nothing when none is. */
export type OwnErrorBody<E> = [E] extends [undefined] ? never : FromSchema<E>;

/** What inject can drive: a listener, or anything holding one (createListener's result). */
export type InjectTarget = Listener | { readonly listener: Listener };

/**
 * Runs `request` through `target` and resolves once the response is closed (logs and spans done).
 * Naming the `route()` the request reaches types `json()` from its response schemas, and naming
 * the `errorSchema` its group's or app's hooks answer with adds that body (types only: neither is
 * checked to be what answered). A body it cannot send, or a listener that throws, rejects it.
 */
export async function inject<
  R extends HandlerRoute | undefined = undefined,
  const E extends JsonSchema | undefined = undefined,
>(
  target: InjectTarget,
  request: InjectRequest | string,
  route?: R,
  errorSchema?: E,
): Promise<InjectResponse<InjectBody<R> | OwnErrorBody<E>>> {
  const { signal, ...spec } = typeof request === 'string' ? { url: request, signal: undefined } : request;
  const socket = new InjectSocket();
  const { req, body } = await incomingMessage(socket, spec);
  signal?.throwIfAborted();
  const res = new CountedServerResponse(req);
  // node:http's parser keeps a connection unless the request says `connection: close` (RFC 9112 §9.6), and its answer says so.
  if (/(?:^|,)[\t ]*close[\t ]*(?:,|$)/i.test(String(req.headers.connection))) closeAfterResponse(res);
  // A response cut aborts its request as node:http's abortIncoming does, before the response's own listener on the socket closes it.
  socket.once(
    'close',
    () => void (res.writableFinished || req.destroy(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))),
  );
  res.assignSocket(socket as never);
  const closed = new Promise((resolve) => res.once('close', resolve));
  res.once('finish', () => {
    // An unread body (a refused request) is discarded, as the server's _dump does.
    req.resume();
    socket.destroy();
  });
  openExchange(req);
  // What node:http's parser refuses never reaches fw: its 400 and close, as startServer sends it (answerClientErrors).
  if (unparsable(req))
    Object.assign(res, { sendDate: false, useChunkedEncodingByDefault: false })
      .writeHead(400, ['connection', 'close'])
      .end();
  else (typeof target === 'function' ? target : target.listener)(req, res);
  // After the listener, as node:http's parser does, so stream handlers that count body bytes see them.
  if (body.bytes !== undefined) req.push(body.bytes);
  if (body.chunks === undefined) req.push(null);
  // A stream that fails is a client's hang-up mid-upload: the handler sees it leave, the answer is incomplete.
  else void upload(req, body.chunks, socket).catch(() => socket.destroy());
  const leave = (): void => void (res.writableFinished || socket.destroy());
  signal?.addEventListener('abort', leave, { once: true });
  await closed.finally(() => signal?.removeEventListener('abort', leave));
  if (signal?.aborted && !res.writableFinished) throw signal.reason;
  const { status, headers, rawBody } = parseResponse(Buffer.concat(socket.written), req.method!);
  return {
    status,
    headers,
    body: rawBody.toString(),
    rawBody,
    complete: res.writableFinished,
    json: <T>() => JSON.parse(rawBody.toString()) as T,
  };
}

/**
 * A WHATWG `fetch` answered by `target` through inject (Hono's `app.fetch`), for clients that take one: openapi-fetch's
 * `createClient({baseUrl, fetch})`. A relative URL is against http://localhost; a stream body goes chunked, a response cut rejects, as fetch does.
 */
export function injectFetch(
  target: InjectTarget,
): (input: Request | string | URL, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const request = new Request(input instanceof Request ? input : new URL(input, 'http://localhost'), init);
    const url = new URL(request.url);
    const body =
      request.body === null
        ? undefined
        : init?.body instanceof ReadableStream
          ? request.body
          : new Uint8Array(await request.arrayBuffer());
    const { method, signal, headers: sent } = request;
    const answer = await inject(target, {
      method,
      url: url.pathname + url.search,
      headers: { ...Object.fromEntries(sent), host: url.host },
      body,
      signal,
    });
    if (!answer.complete)
      throw new TypeError(`fetch failed: the response to ${request.method} ${url.pathname} was cut`);
    const headers = new Headers(
      Object.entries(answer.headers).flatMap(([name, value]) => [value].flat().map((item) => [name, item])),
    );
    return new Response(
      request.method === 'HEAD' || [101, 204, 205, 304].includes(answer.status) ? null : answer.rawBody,
      { status: answer.status, headers },
    );
  };
}

async function incomingMessage(socket: InjectSocket, spec: InjectRequest) {
  const req = new CountedIncomingMessage(socket as never);
  // Each line as node:http's parser leaves it: the name as sent in rawHeaders, the value without the blanks around it (RFC 9110 §5.5).
  const lines = Object.entries(spec.headers ?? {}).flatMap(([name, value]) =>
    [value].flat().map((text) => [name, String(text).replace(/^[\t ]+|[\t ]+$/g, '')] as const),
  );
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of lines) addHeaderLine(req, name, value, headers);
  headers['host'] ??= 'localhost';
  const body = await encodeBody(spec.body, headers);
  // A streamed body goes chunked unless its length is given, as fetch sends one; a body in memory is whole (complete once read).
  if (body.bytes !== undefined && headers['transfer-encoding'] === undefined)
    headers['content-length'] ??= String(body.bytes.byteLength);
  else if (body.chunks !== undefined && headers['content-length'] === undefined)
    headers['transfer-encoding'] ??= 'chunked';
  Object.assign(req, {
    method: (spec.method ?? 'GET').toUpperCase(),
    url: spec.url,
    headers,
    httpVersion: '1.1',
    httpVersionMajor: 1,
    httpVersionMinor: 1,
  });
  req.rawHeaders = [
    ...lines,
    ...Object.entries(headers).filter(([name]) => !lines.some(([given]) => given.toLowerCase() === name)),
  ].flat() as string[];
  req.complete = body.chunks === undefined;
  return { req, body };
}

// process.getBuiltinModule, not an ES import of node:http: see server/start-server.ts (undici).
const { METHODS } = process.getBuiltinModule('node:http');

// What llhttp refuses (400): a method it does not know (or CONNECT, fw's 400), a target but `/…`, `*…` or `scheme://…` or with a space,
// control or non-ASCII character, a header name no token or a value with a control character, a Content-Length repeated, not digits
// or beside a Transfer-Encoding, and a Transfer-Encoding whose last coding is not chunked (RFC 9112 §3.2, §6.1, §6.3).
function unparsable({ method, url, rawHeaders: lines, headers }: IncomingMessage): boolean {
  if (
    !METHODS.includes(method!) ||
    method === 'CONNECT' ||
    /[^\x21-\x7e]/.test(url!) ||
    !/^(?:[/*]|[a-z]+:\/\/)/i.test(url!)
  )
    return true;
  for (let i = 0; i < lines.length; i += 2) if (!isHeaderName(lines[i]!) || !isHeaderValue(lines[i + 1]!)) return true;
  const [length, coding] = [headers['content-length'], headers['transfer-encoding']];
  if (
    length !== undefined &&
    (!/^\d+$/.test(length) || coding !== undefined || hasRepeatedHeader(lines, 'content-length'))
  )
    return true;
  return coding !== undefined && !/(?:^|,)[\t ]*chunked$/i.test(coding);
}

/** The bytes of `body`, or the chunks of one sent as it is read; sets the content-type that goes with it unless `headers` has one. */
async function encodeBody(
  body: unknown,
  headers: Record<string, string | string[]>,
): Promise<{ bytes?: Buffer; chunks?: AsyncIterable<unknown> }> {
  if (body === undefined) return {};
  if (typeof body === 'string') return { bytes: Buffer.from(body) };
  if (ArrayBuffer.isView(body)) return { bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength) };
  if (typeof body === 'object' && body !== null && Symbol.asyncIterator in body)
    return { chunks: body as AsyncIterable<unknown> };
  // Encoded as fetch encodes them, with the content-type it gives (FormData's boundary, URLSearchParams' form type).
  if ([ArrayBuffer, Blob, FormData, URLSearchParams].some((type) => body instanceof type)) {
    const encoded = new Response(body as ConstructorParameters<typeof Response>[0]);
    const type = encoded.headers.get('content-type');
    if (type !== null) headers['content-type'] ??= type;
    return { bytes: Buffer.from(await encoded.arrayBuffer()) };
  }
  let json: string | undefined;
  let cause: unknown;
  try {
    json = JSON.stringify(body);
  } catch (error) {
    cause = error;
  }
  if (json === undefined) {
    const found =
      cause instanceof Error
        ? `refuses this ${typeof body}: ${cause.message}`
        : `gives nothing for this ${typeof body}`;
    throw new FwError(
      'FW_ERR_INJECT_BAD_BODY',
      `inject's body is a string, bytes, a stream, a fetch body or a value JSON.stringify encodes (an object, an array, a number, a boolean, null); JSON.stringify ${found}`,
      { cause, details: { type: typeof body } },
    );
  }
  headers['content-type'] ??= 'application/json';
  return { bytes: Buffer.from(json) };
}

/** Pushes a streamed body's chunks into `req` as they come, until the exchange closes (a refusal: a socket's client stops sending). */
async function upload(req: IncomingMessage, chunks: AsyncIterable<unknown>, socket: InjectSocket): Promise<void> {
  for await (const chunk of chunks) {
    if (socket.destroyed) return;
    req.push(chunk);
  }
  req.complete = true;
  req.push(null);
}

/**
 * The socket of one injected exchange: keeps what the ServerResponse writes, reads nothing, and answers
 * the properties fw and telemetry read with loopback values. Destroyed only with the response, so the
 * pipeline's `res.destroyed` checks see a client still there. Cast where node:http's types want a
 * net.Socket: it has every member node:http uses on a server-side socket.
 */
class InjectSocket extends Duplex {
  readonly remoteAddress = '127.0.0.1';
  readonly remoteFamily = 'IPv4';
  readonly localAddress = '127.0.0.1';
  readonly localPort = 80;
  readonly written: Buffer[] = [];

  constructor() {
    // Writes land in memory at once, and node:http relays a socket's 'drain' only from its server, which there is none of:
    // a limit no response reaches keeps every write() answering true. Nothing is read: the request body is pushed into req.
    super({ writableHighWaterMark: 2 ** 40, decodeStrings: true, read() {} });
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.written.push(chunk);
    callback();
  }
}

// node:http calls these on real sockets (timeouts, Nagle, keep-alive); they mean nothing in memory.
for (const name of ['setTimeout', 'setNoDelay', 'setKeepAlive', 'ref', 'unref'])
  Object.defineProperty(InjectSocket.prototype, name, {
    value: function returnThis(this: unknown) {
      return this;
    },
  });

/**
 * Reads back the bytes node:http wrote for one response (RFC 9112): skips interim 1xx heads, takes the
 * status (0 when nothing was written) and header fields, and removes chunked framing (§7.1).
 * A response cut midway yields the bytes that were written. HEAD answers have no body.
 */
function parseResponse(raw: Buffer, method: string): Pick<InjectResponse, 'status' | 'headers' | 'rawBody'> {
  let offset = 0;
  for (;;) {
    const end = raw.indexOf('\r\n\r\n', offset);
    if (end === -1) return { status: 0, headers: {}, rawBody: Buffer.alloc(0) };
    const lines = raw.toString('latin1', offset, end).split('\r\n');
    const status = Number(lines[0]?.slice(9, 12));
    offset = end + 4;
    // 100 Continue and 103 Early Hints come before the final response (RFC 9110 §15.2).
    if (status >= 100 && status < 200) continue;
    // Repeated fields but set-cookie are joined with `, ` as fetch's Headers joins them.
    const fields = new Headers(
      lines.slice(1).map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
    );
    const headers: InjectResponse['headers'] = {
      ...Object.fromEntries(fields),
      ...(fields.has('set-cookie') && { 'set-cookie': fields.getSetCookie() }),
    };
    const rest = method === 'HEAD' || status === 204 || status === 304 ? Buffer.alloc(0) : raw.subarray(offset);
    return { status, headers, rawBody: headers['transfer-encoding'] === 'chunked' ? unchunk(rest) : rest };
  }
}

// chunk = size [; ext] CRLF data CRLF, ending with a zero-size chunk and optional trailers.
function unchunk(framed: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = framed.indexOf('\r\n', offset);
    if (lineEnd === -1) break;
    const size = Number.parseInt(framed.toString('latin1', offset, lineEnd).split(';')[0] ?? '', 16);
    if (!(size > 0)) break;
    parts.push(framed.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 4 + size;
  }
  return Buffer.concat(parts);
}
