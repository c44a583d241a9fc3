/**
 * The OpenTelemetry HTTP server attributes of one request (semantic conventions, stable since
 * v1.23: https://opentelemetry.io/docs/specs/semconv/http/http-spans/#http-server). Functions
 * of the IncomingMessage (and of the query redaction setupTelemetry compiled), so the stream
 * handler stays a thin sequence of steps.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Attributes } from '@opentelemetry/api';
import { requestHost, type RequestTarget } from '../http/request-target.ts';
import type { Exchange } from '../stream/exchange.ts';
import { DEFAULT_KNOWN_METHODS } from './env-config.ts';
import { redactQuery, type QueryRedaction } from './query-redaction.ts';

/** `http.request.method`: the method when it is among `known`, else `_OTHER`. */
export function normalizeMethod(method: string | undefined, known: ReadonlySet<string> = DEFAULT_KNOWN_METHODS): string {
  return method !== undefined && known.has(method) ? method : '_OTHER';
}

/** `url.scheme` of the connection the request came on. */
export function schemeOf(req: IncomingMessage): 'http' | 'https' {
  return (req.socket as Partial<TLSSocket>).encrypted === true ? 'https' : 'http';
}

/**
 * `server.address` and `server.port` of the host the request names (semconv): the
 * absolute-form target's authority, else the Host header (RFC 9112 §3.2.2, requestHost), else,
 * with no Host or an invalid one, the local socket. The port defaults to the scheme's.
 */
function serverOf(req: IncomingMessage, exchange: Exchange, scheme: string): { address: string | undefined; port: number | undefined } {
  const named = exchange.host ?? requestHost(req, NO_AUTHORITY);
  const host = named === 'invalid' ? undefined : named.host;
  if (host === undefined || host === '') return { address: req.socket.localAddress, port: req.socket.localPort };
  let address = host;
  let portText: string | undefined;
  if (host.charCodeAt(0) === 91 /* '[' */) {
    const close = host.indexOf(']');
    address = close === -1 ? host : host.slice(1, close);
    if (close !== -1 && host.charCodeAt(close + 1) === 58 /* ':' */) portText = host.slice(close + 2);
  } else {
    const colon = host.lastIndexOf(':');
    if (colon !== -1) {
      address = host.slice(0, colon);
      portText = host.slice(colon + 1);
    }
  }
  const parsed = portText === undefined ? (scheme === 'https' ? 443 : 80) : Number(portText);
  return { address, port: Number.isInteger(parsed) && parsed > 0 && parsed < 65536 ? parsed : undefined };
}

/** A target that names no authority, for requests whose target fw cannot parse. */
const NO_AUTHORITY: RequestTarget = { path: '', query: '', authority: undefined };

/**
 * The span attributes known when the request starts; one object per request. Path, query and
 * host come from the exchange's parsed target, so userinfo (`user:password@`) never reaches a span; a
 * target it cannot parse (`*`, another scheme, a broken URL) is not copied, since it may hold
 * credentials too: `url.path` is then `*` for asterisk-form and absent otherwise.
 */
export function requestSpanAttributes(req: IncomingMessage, exchange: Exchange, method: string, scheme: string, redaction: QueryRedaction): Attributes {
  const url = req.url ?? '/';
  const target = exchange.target;
  const server = serverOf(req, exchange, scheme);
  const socket = req.socket;
  const attributes: Attributes = {
    'http.request.method': method,
    'url.scheme': scheme,
    'server.address': server.address,
    'server.port': server.port,
    'client.address': socket.remoteAddress,
    'network.peer.address': socket.remoteAddress,
    'network.peer.port': socket.remotePort,
    'network.protocol.version': req.httpVersion,
    'user_agent.original': req.headers['user-agent'],
  };
  const path = urlPathOf(url, target);
  if (path !== undefined) attributes['url.path'] = path;
  if (method === '_OTHER' && req.method !== undefined) attributes['http.request.method_original'] = req.method;
  const query = urlQueryOf(target, redaction);
  if (query !== undefined) attributes['url.query'] = query;
  return attributes;
}

/** `url.path`: the parsed target's path, `*` for asterisk-form, else none (see requestSpanAttributes). */
export function urlPathOf(url: string, target: RequestTarget | undefined): string | undefined {
  return target?.path ?? (url === '*' ? '*' : undefined);
}

/** `url.query`, redacted as configured; none when the target has no query. */
export function urlQueryOf(target: RequestTarget | undefined, redaction: QueryRedaction): string | undefined {
  return target !== undefined && target.query !== '' ? redactQuery(target.query, redaction) : undefined;
}
