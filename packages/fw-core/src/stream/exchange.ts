/**
 * The exchange: one record per request, kept on the IncomingMessage under a symbol, opened before
 * the stream handlers run (on a server fw did not make, by the first reader) and read by the
 * pipeline, plugins, telemetry and the log: the request target and the host it names, parsed once;
 * and observeExchange, which counts an exchange's body bytes and reports its end.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { monotonicMs } from './clock.ts';
import type { ExchangeEnd } from './stream-handler.ts';

/** What the pipeline knows about the matched route, for plugins, logs and telemetry. */
export interface RouteInfo {
  /** The application the route belongs to (`bootstrap_application`). */
  readonly app: string;
  /** The route template as registered, prefix included, e.g. `/api/posts/:id`. */
  readonly template: string;
  /** Controller module name, e.g. `blog_posts_controller`; undefined for inline handlers. */
  readonly module: string | undefined;
  /** Controller function name, e.g. `show`; undefined for inline handlers. */
  readonly function: string | undefined;
  /** Extra data the route definition carried (`options.extra`), opaque to fw. */
  readonly extra: Readonly<Record<string, unknown>>;
}

/** What fw knows about an exchange, each fact computed once. */
export interface Exchange {
  /** The request id once fw's pipeline assigned it. */
  id: string | undefined;
  /** The request target; undefined for one fw cannot route (answered 400). */
  readonly target: RequestTarget | undefined;
  /** The host the request names (RFC 9112 §3.2); undefined with the target. */
  readonly host: RequestHost | undefined;
  /** The matched route once the router found it: the one source of `http.route`. */
  route: RouteInfo | undefined;
  /** When it opened, on monotonicMs(): the start of its span, its duration and its log line's. */
  readonly startedMs: number;
  /** When it ended (endedAt): its response finished or its connection closed, whichever came first. */
  endedMs: number | undefined;
  /** What the pipeline failed with once the response's head had gone (a body that failed, cut by fw; a throw after reply()). Unset otherwise. */
  failure?: unknown;
}

const EXCHANGE = Symbol('fw.exchange');

type WithExchange = IncomingMessage & { [EXCHANGE]?: Exchange | undefined };

/** The exchange record of `req`, if it was opened (on fw's server and in inject it always is). */
export function existingExchange(req: IncomingMessage): Exchange | undefined {
  return (req as WithExchange)[EXCHANGE];
}

/** The exchange record of `req`, opened on first use. */
export function exchangeOf(req: IncomingMessage): Exchange {
  return (req as WithExchange)[EXCHANGE] ?? openExchange(req);
}

/** Opens `req`'s exchange: its target parsed and its host read. */
export function openExchange(req: IncomingMessage): Exchange {
  const target = parseRequestTarget(req.url ?? '/');
  const host = target === undefined ? undefined : requestHost(req, target);
  return ((req as WithExchange)[EXCHANGE] = {
    id: undefined,
    target,
    host,
    route: undefined,
    startedMs: monotonicMs(),
    endedMs: undefined,
  });
}

/** The exchange's end on monotonicMs(): the first caller (observeExchange's report, the request log line) reads the clock and keeps it in `endedMs`, later ones read that; the clock when there is no exchange. */
export function endedAt(exchange: Exchange | undefined): number {
  return exchange === undefined ? monotonicMs() : (exchange.endedMs ??= monotonicMs());
}

/** A request target split into what fw routes on. */
export interface RequestTarget {
  /** The path, percent-encoding kept, without query or fragment. */
  readonly path: string;
  /** The query string without `?`; '' when absent. */
  readonly query: string;
  /** The authority of an absolute-form target without its userinfo (`host[:port]`); undefined for origin-form. */
  readonly authority: string | undefined;
}

const ABSOLUTE_FORM = /^https?:\/\/[^/?#\\]*(?=[/?#]|$)/i;

/**
 * Splits `url` (IncomingMessage.url): undefined for `*`, authority-form, another scheme or an authority (up to `/`, `?`, `#`)
 * that does not parse. An absolute-form target's authority, userinfo dropped (so it never reaches a log or span), wins over the
 * Host header (RFC 9112 §3.2.2); its path is the raw text after it, as origin-form's: URL.parse's pathname drops dot segments
 * and reads `\` as `/`, routing `http://h/files/../secret` to `/secret` past a proxy that allows `/files/*` only.
 */
function parseRequestTarget(url: string): RequestTarget | undefined {
  if (url.charCodeAt(0) === 47 /* '/' */) return splitPathAndQuery(url, undefined);
  const origin = ABSOLUTE_FORM.exec(url)?.[0] ?? '';
  if (origin === '' || URL.parse(origin) === null) return undefined;
  // The authority as sent, as a Host header would be: URL.parse's host decodes `%61dmin` to `admin`, past a proxy's rule on the text.
  const authority = origin.slice(origin.indexOf('//') + 2).replace(/^.*@/, '');
  return splitPathAndQuery(url.slice(origin.length).replace(/^(?!\/)/, '/'), authority);
}

/** Splits an origin-form target (`/path?query#fragment`) into path and query, dropping the fragment. */
export function splitPathAndQuery(target: string, authority?: string): RequestTarget {
  const hash = target.indexOf('#');
  const bare = hash === -1 ? target : target.slice(0, hash);
  const q = bare.indexOf('?');
  return q === -1
    ? { path: bare, query: '', authority }
    : { path: bare.slice(0, q), query: bare.slice(q + 1), authority };
}

// RFC 3986 §3.2.2 host with an optional port (§3.2.3); empty is valid (RFC 9112 §3.2).
const VALID_HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9\-._~!$&'()*+,;=%]*)(?::[0-9]*)?$/;

/** The host a request names, or `invalid` when RFC 9112 §3.2 says to answer 400. */
type RequestHost = { readonly host: string | undefined } | 'invalid';

/** The host to route by: the target's authority, else the Host header (`invalid` if repeated or bad). */
export function requestHost(raw: IncomingMessage, target: RequestTarget): RequestHost {
  const host = raw.headers.host;
  if ((host !== undefined && !VALID_HOST.test(host)) || hasRepeatedHeader(raw.rawHeaders, 'host')) return 'invalid';
  return { host: target.authority ?? host };
}

/** Whether header `name` (lowercase) is repeated: node:http keeps only the first of a Host, Authorization or Content-Type in `headers`. */
export function hasRepeatedHeader(rawHeaders: readonly string[], name: string): boolean {
  let seen = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const field = rawHeaders[i] as string;
    if (field.length === name.length && field.toLowerCase() === name) seen += 1;
  }
  return seen > 1;
}

// process.getBuiltinModule, not an ES import of node:http: see server/start-server.ts (undici).
const http = process.getBuiltinModule('node:http');

/** What the observers of one exchange share: the counts, writeHead's headers, and themselves. */
interface ExchangeCounts {
  requestBytes: number;
  responseBytes: number;
  /** writeHead's headers (an object or node:http's flat array: those never reach getHeader). */
  headHeaders: unknown;
  /** A HEAD response sends no body, whatever is written to it. */
  readonly bodyless: boolean;
  readonly observers: { readonly started: number; readonly onEnd: (end: ExchangeEnd) => void }[];
  reported: boolean;
}

/** Where an observed exchange's counts live on its request and response. */
const COUNTS = Symbol('fw.exchangeCounts');

type Counted = { [COUNTS]?: ExchangeCounts | undefined };

/** Where fw's writers (write-response.ts) note a body's byte length, so it is not encoded twice: -1 none noted, absent where bytes are not counted. */
export const KNOWN_LENGTH = Symbol('fw.knownLength');

/** node:http's IncomingMessage (fw's server, inject), counting pushed body bytes once observed. */
export class CountedIncomingMessage extends http.IncomingMessage {
  [EXCHANGE]?: Exchange | undefined = undefined;
  [COUNTS]?: ExchangeCounts | undefined = undefined;

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    const counts = this[COUNTS];
    if (counts !== undefined && chunk !== null && chunk !== undefined)
      counts.requestBytes += byteLength(chunk, encoding);
    return super.push(chunk, encoding);
  }
}

/**
 * node:http's ServerResponse, counting written body bytes once observed; fw's writers note the
 * length of a body they measured (KNOWN_LENGTH), so it is not encoded twice. The overloads'
 * arguments are passed on as they came: node:http reads an undefined argument as a missing one.
 */
export class CountedServerResponse extends http.ServerResponse {
  [COUNTS]?: ExchangeCounts | undefined = undefined;
  [KNOWN_LENGTH]?: number = -1;

  override write(chunk: any, encoding?: any, callback?: any): boolean {
    const counts = this[COUNTS];
    if (counts !== undefined && !counts.bodyless) counts.responseBytes += byteLength(chunk, encoding);
    return super.write(chunk, encoding, callback);
  }

  override end(chunk?: any, encoding?: any, callback?: any): this {
    const counts = this[COUNTS];
    const known = this[KNOWN_LENGTH] ?? -1;
    this[KNOWN_LENGTH] = -1;
    if (counts !== undefined && !counts.bodyless && typeof chunk !== 'function')
      counts.responseBytes += known >= 0 ? known : byteLength(chunk, encoding);
    return super.end(chunk, encoding, callback);
  }

  override writeHead(statusCode: number, reason?: any, headers?: any): this {
    const counts = this[COUNTS];
    if (counts !== undefined) counts.headHeaders = headers ?? (typeof reason === 'string' ? undefined : reason);
    return super.writeHead(statusCode, reason, headers);
  }

  /** An observed exchange's end, heard before any listener: no two listeners per exchange (bench/telemetry-instructions.bench.ts). */
  override emit(event: string | symbol, ...args: any[]): boolean {
    if (this[COUNTS] !== undefined && (event === 'finish' || event === 'close'))
      (event === 'finish' ? onFinish : onClose).call(this);
    return super.emit(event, ...args);
  }
}

/** The bytes of a body chunk as node:http sends it: strings in their encoding (UTF-8 unless write's or end's argument is one). */
function byteLength(chunk: unknown, encoding: unknown): number {
  if (typeof chunk === 'string')
    return Buffer.byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return chunk instanceof Uint8Array ? chunk.byteLength : 0;
}

/**
 * Calls `onEnd` once with the exchange's status, sizes and duration from `startedMs` (on monotonicMs(); default the start of
 * the exchange fw opened, else now): request body bytes as the parser pushes them (read or not), response body bytes as
 * written, the end when the response finishes or the connection closes first. fw's server and inject() count in the Counted
 * classes; on a server fw did not make the methods are wrapped per exchange (closures per request, megamorphic node:http
 * accesses: bench/telemetry.bench.ts), and no exchange is opened here: that server may rewrite req.url (a mount path) first.
 */
export function observeExchange(
  req: IncomingMessage,
  res: ServerResponse,
  onEnd: (end: ExchangeEnd) => void,
  startedMs?: number,
): void {
  const observer = { started: startedMs ?? existingExchange(req)?.startedMs ?? monotonicMs(), onEnd };
  const existing = (res as Counted)[COUNTS];
  // Observers of one exchange (nested stream handlers) share its counts and its one report of the end.
  if (existing !== undefined) return void existing.observers.push(observer);
  const counts: ExchangeCounts = {
    requestBytes: 0,
    responseBytes: 0,
    headHeaders: undefined,
    bodyless: req.method === 'HEAD',
    observers: [observer],
    reported: false,
  };
  if (!(req instanceof CountedIncomingMessage && res instanceof CountedServerResponse)) wrapToCount(req, res, counts);
  (req as Counted)[COUNTS] = counts;
  (res as Counted)[COUNTS] = counts;
  if (res instanceof CountedServerResponse) return;
  // Prepended: reported before the observed code hears of the end. Plain functions: no closures per exchange.
  res.prependListener('finish', onFinish);
  res.prependListener('close', onClose);
}

function onFinish(this: ServerResponse): void {
  report(this, false);
}

/**
 * 'close' can come before 'finish' for a complete answer (the client read every byte and hung up
 * while the last write's callback was pending): one that ended, or wrote its declared
 * content-length, is not aborted.
 */
function onClose(this: ServerResponse): void {
  if (this.writableEnded || !this.headersSent) return report(this, !this.writableEnded);
  const counts = (this as Counted)[COUNTS]!;
  const declared =
    contentLengthOf(counts.headHeaders) ?? contentLengthOf({ 'content-length': this.getHeader('content-length') });
  report(this, declared === undefined || counts.responseBytes < declared);
}

/** The end, once, to every observer: the innermost (the last installed) first, like a call stack. */
function report(res: ServerResponse, aborted: boolean): void {
  const counts = (res as Counted)[COUNTS]!;
  if (counts.reported) return;
  counts.reported = true;
  const exchange = existingExchange(res.req);
  const now = endedAt(exchange);
  const status = aborted && !res.headersSent ? 0 : res.statusCode;
  const { observers } = counts;
  for (let i = observers.length - 1; i >= 0; i -= 1) {
    const { started, onEnd } = observers[i]!;
    onEnd({
      status,
      requestBodySize: counts.requestBytes,
      responseBodySize: counts.responseBytes,
      durationMs: now - started,
      endedMs: now,
      aborted,
      failure: exchange?.failure,
    });
  }
}

/** Counting for node:http's plain request and response: their methods wrapped, per exchange. */
function wrapToCount(req: IncomingMessage, res: ServerResponse, counts: ExchangeCounts): void {
  const { push } = req;
  req.push = function countedPush(this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding): boolean {
    if (chunk !== null && chunk !== undefined) counts.requestBytes += byteLength(chunk, encoding);
    return push.call(this, chunk, encoding);
  };
  const write = res.write as (...args: unknown[]) => boolean;
  res.write = function countedWrite(this: ServerResponse, chunk: unknown, ...rest: unknown[]): boolean {
    if (!counts.bodyless) counts.responseBytes += byteLength(chunk, rest[0]);
    return write.call(this, chunk, ...rest);
  } as ServerResponse['write'];
  const end = res.end as (...args: unknown[]) => ServerResponse;
  res.end = function countedEnd(this: ServerResponse, chunk?: unknown, ...rest: unknown[]): ServerResponse {
    if (!counts.bodyless && chunk !== undefined && typeof chunk !== 'function')
      counts.responseBytes += byteLength(chunk, rest[0]);
    return end.call(this, chunk, ...rest);
  } as ServerResponse['end'];
  const writeHead = res.writeHead as (...args: unknown[]) => ServerResponse;
  res.writeHead = function observedWriteHead(
    this: ServerResponse,
    statusCode: number,
    ...rest: unknown[]
  ): ServerResponse {
    counts.headHeaders = rest[rest.length - 1];
    return writeHead.call(this, statusCode, ...rest);
  } as ServerResponse['writeHead'];
}

/** The content-length among writeHead's headers (an object or a flat name/value array), if any. */
function contentLengthOf(headers: unknown): number | undefined {
  const pairs: unknown[] = Array.isArray(headers)
    ? headers
    : typeof headers === 'object' && headers !== null
      ? Object.entries(headers).flat()
      : [];
  let value: unknown;
  for (let i = 0; i + 1 < pairs.length; i += 2)
    if (String(pairs[i]).toLowerCase() === 'content-length') value = pairs[i + 1];
  const length = Number(value);
  return value !== undefined && value !== '' && Number.isSafeInteger(length) && length >= 0 ? length : undefined;
}
