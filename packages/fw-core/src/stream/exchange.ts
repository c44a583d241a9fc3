/**
 * The exchange: one record per request, made once before the stream handlers run (fw's server
 * and inject open it; on a server fw did not make, the first reader does) and read by everyone:
 * the pipeline, plugins, telemetry and the log. It is kept on the IncomingMessage under a
 * private symbol, so any stream handler, inside fw or around a plain node:http listener,
 * reaches the same record.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { END_MEASURED } from '../http/measured-end.ts';
import type { RouteInfo } from '../http/request.ts';
import { parseRequestTarget, requestHost, type RequestHost, type RequestTarget } from '../http/request-target.ts';
import type { ExchangeEnd } from './stream-handler.ts';

/** What fw knows about an exchange, each fact computed once. */
export interface Exchange {
  /** The request id once fw's pipeline assigned it. */
  id: string | undefined;
  /** The request target, parsed once; undefined for one fw cannot route (answered 400). */
  readonly target: RequestTarget | undefined;
  /** The host the request names (RFC 9112 §3.2), read once; undefined with the target. */
  readonly host: RequestHost | undefined;
  /** The matched route once the router found it: the one source of `http.route`. */
  route: RouteInfo | undefined;
  /** Route template to report to telemetry (`http.route`); set by otel_fw_plugin. */
  reportedRoute: string | undefined;
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

/** Opens `req`'s exchange: its target parsed and its host read, once. */
export function openExchange(req: IncomingMessage): Exchange {
  const target = parseRequestTarget(req.url ?? '/');
  const host = target === undefined ? undefined : requestHost(req, target);
  const exchange: Exchange = { id: undefined, target, host, route: undefined, reportedRoute: undefined };
  (req as WithExchange)[EXCHANGE] = exchange;
  return exchange;
}

/**
 * The request and response classes of fw's server and of inject(): node:http's own, which count
 * an exchange's body bytes once observeExchange has given them the exchange's counts. A request
 * and response of node:http's plain classes (a listener mounted on a server fw did not create)
 * are counted by wrapping their methods instead (observe-exchange.ts), which costs four closures
 * per request and gives every response own `write`, `end` and `writeHead` properties: node:http's
 * code then meets responses of two shapes and its property accesses go megamorphic. Here the
 * cost is one field read per push and write, and nothing when no observer is installed.
 */
// process.getBuiltinModule, not an ES import of node:http: see server/start-server.ts (undici).
const http = process.getBuiltinModule('node:http');

/** One observeExchange call: when it started, whom to tell. */
export interface ExchangeObserver {
  readonly started: number;
  readonly onEnd: (end: ExchangeEnd) => void;
}

/** What observers of one exchange share: the body bytes so far, writeHead's headers, and themselves. */
export interface ExchangeCounts {
  requestBytes: number;
  responseBytes: number;
  /** writeHead's headers (an object or node:http's flat array: those never reach getHeader). */
  headHeaders: unknown;
  /** A HEAD response sends no body, whatever is written to it. */
  readonly bodyless: boolean;
  readonly observers: ExchangeObserver[];
  /** Whether the end has been reported (it is, once). */
  reported: boolean;
}

/** The property the counts live under on a request and its response. */
export const EXCHANGE_COUNTS = Symbol('fw.exchangeCounts');

/** node:http's IncomingMessage, counting the body bytes the parser pushes when observed. */
export class CountedIncomingMessage extends http.IncomingMessage {
  [EXCHANGE]?: Exchange | undefined = undefined;
  [EXCHANGE_COUNTS]?: ExchangeCounts | undefined = undefined;

  override push(chunk: unknown, encoding?: BufferEncoding): boolean {
    const counts = this[EXCHANGE_COUNTS];
    if (counts !== undefined && chunk !== null && chunk !== undefined) counts.requestBytes += byteLength(chunk, encoding);
    return super.push(chunk, encoding);
  }
}

/**
 * node:http's ServerResponse, counting the body bytes written when observed. Both of write's and
 * end's overloads are passed on as they came: node:http reads an undefined argument as a missing one.
 */
export class CountedServerResponse extends http.ServerResponse {
  [EXCHANGE_COUNTS]?: ExchangeCounts | undefined = undefined;

  override write(chunk: any, encoding?: any, callback?: any): boolean {
    const counts = this[EXCHANGE_COUNTS];
    if (counts !== undefined && !counts.bodyless) counts.responseBytes += byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined);
    return super.write(chunk, encoding, callback);
  }

  override end(chunk?: any, encoding?: any, callback?: any): this {
    const counts = this[EXCHANGE_COUNTS];
    if (counts !== undefined && !counts.bodyless && typeof chunk !== 'function') {
      counts.responseBytes += byteLength(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : undefined);
    }
    return super.end(chunk, encoding, callback);
  }

  override writeHead(statusCode: number, reason?: any, headers?: any): this {
    const counts = this[EXCHANGE_COUNTS];
    if (counts !== undefined) counts.headHeaders = headers ?? (typeof reason === 'string' ? undefined : reason);
    return super.writeHead(statusCode, reason, headers);
  }
}

// fw's replies hand over the byte length they measured for content-length (http/measured-end.ts),
// unless something replaced the response's `end`, which is then called as usual. Defined on the
// prototype, not in the class: a method there changes how TypeScript compares fw's Server type.
Object.defineProperty(CountedServerResponse.prototype, END_MEASURED, {
  value: function endMeasured(this: CountedServerResponse, body: string | Uint8Array, byteLength: number): void {
    if (this.end !== CountedServerResponse.prototype.end) return void this.end(body);
    const counts = this[EXCHANGE_COUNTS];
    if (counts !== undefined && !counts.bodyless) counts.responseBytes += byteLength;
    // Read when called, as `super.end` is: something may have patched it since (an APM agent).
    (httpResponse.end as (this: ServerResponse, body: string | Uint8Array) => unknown).call(this, body);
  },
});

const httpResponse: ServerResponse = http.ServerResponse.prototype;

/** Whether `req` and `res` count into fields (fw's server, inject) rather than needing wrappers. */
export function countsInFields(req: IncomingMessage, res: ServerResponse): req is CountedIncomingMessage {
  return req instanceof CountedIncomingMessage && res instanceof CountedServerResponse;
}

/** The bytes of a body chunk as node:http sends it: strings in their encoding (UTF-8 by default). */
export function byteLength(chunk: unknown, encoding: BufferEncoding | undefined): number {
  if (typeof chunk === 'string') return Buffer.byteLength(chunk, encoding ?? 'utf8');
  if (chunk instanceof Uint8Array) return chunk.byteLength;
  return 0;
}
