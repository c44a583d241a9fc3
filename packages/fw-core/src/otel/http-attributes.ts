/**
 * The OpenTelemetry HTTP server attributes of one request
 * (https://opentelemetry.io/docs/specs/semconv/http/http-spans/#http-server), and which `url.query`
 * values a span may carry: semconv says `AWSAccessKeyId`, `Signature`, `sig` and `X-Goog-Signature`
 * SHOULD be `REDACTED` (https://opentelemetry.io/docs/specs/semconv/attributes-registry/url/); fw
 * also redacts parameters that commonly carry credentials. A deployment adds names, never removes
 * the defaults; names match case-insensitively, percent-decoded.
 */
import type { Attributes } from '@opentelemetry/api';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { portColon } from '../router/radix-router.ts';
import { requestHost, type Exchange, type RequestTarget } from '../stream/exchange.ts';

/** `http.request.method`: the method when it is among `known`, else `_OTHER`. */
export function normalizeMethod(method: string | undefined, known: ReadonlySet<string>): string {
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
function serverOf(
  req: IncomingMessage,
  exchange: Exchange,
  scheme: string,
): { address: string | undefined; port: number | undefined } {
  const named = exchange.host ?? requestHost(req, NO_AUTHORITY);
  const host = named === 'invalid' ? undefined : named.host;
  if (host === undefined || host === '') return { address: req.socket.localAddress, port: req.socket.localPort };
  const colon = portColon(host);
  const name = colon === -1 ? host : host.slice(0, colon);
  const address = name.charCodeAt(0) === 91 /* '[' */ && name.endsWith(']') ? name.slice(1, -1) : name;
  const parsed = colon === -1 ? (scheme === 'https' ? 443 : 80) : Number(host.slice(colon + 1));
  return { address, port: Number.isInteger(parsed) && parsed > 0 && parsed < 65536 ? parsed : undefined };
}

/** A target that names no authority, for requests whose target fw cannot parse. */
const NO_AUTHORITY: RequestTarget = { path: '', query: '', authority: undefined };

/**
 * The span attributes known when the request starts. Path, query and host come from the exchange's
 * parsed target, so userinfo (`user:password@`) never reaches a span; a target it cannot parse
 * (`*`, another scheme, a broken URL) may hold credentials too and is not copied: `url.path` is
 * then `*` for asterisk-form and absent otherwise.
 */
export function requestSpanAttributes(
  req: IncomingMessage,
  exchange: Exchange,
  method: string,
  scheme: string,
  redaction: QueryRedaction,
): Attributes {
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
  const path = urlPathOf(req.url ?? '/', target);
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

/** What replaces a redacted value (the semantic conventions' word). */
export const REDACTED = 'REDACTED';

/** The names redacted by default, by group; docs/telemetry.md says why each is there. */
const DEFAULT_REDACTED_QUERY_PARAMETERS: readonly string[] = Object.freeze([
  'AWSAccessKeyId',
  'Signature',
  'sig',
  'X-Goog-Signature',
  'X-Amz-Credential',
  'X-Amz-Security-Token',
  'X-Amz-Signature',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'client_secret',
  'token',
  'api_key',
  'apikey',
  'key',
  'password',
]);

/** A compiled set of names: lowercase, built once at setup. */
export interface QueryRedaction {
  readonly names: ReadonlySet<string>;
  /** The longest name, so that longer keys are skipped without lowercasing them. */
  readonly longest: number;
}

/** Compiles the defaults plus `extra` names (blank ones ignored). */
export function compileQueryRedaction(extra: readonly string[] = []): QueryRedaction {
  const names = new Set(
    [...DEFAULT_REDACTED_QUERY_PARAMETERS, ...extra]
      .map((name) => name.trim().toLowerCase())
      .filter((name) => name !== ''),
  );
  return { names, longest: Math.max(0, ...[...names].map((name) => name.length)) };
}

/**
 * `query` (no `?`) with the value of every listed parameter replaced by REDACTED, the rest as sent.
 * Per request: a new string only when a name matches, lowercasing only keys short enough to match.
 */
function redactQuery(query: string, redaction: QueryRedaction): string {
  let out: string | undefined;
  let copied = 0;
  let start = 0;
  while (start < query.length) {
    let end = query.indexOf('&', start);
    if (end === -1) end = query.length;
    const eq = query.indexOf('=', start);
    if (eq !== -1 && eq < end && isRedacted(query, start, eq, redaction)) {
      out = (out ?? '') + query.slice(copied, eq + 1) + REDACTED;
      copied = end;
    }
    start = end + 1;
  }
  return out === undefined ? query : out + query.slice(copied);
}

function isRedacted(query: string, start: number, end: number, redaction: QueryRedaction): boolean {
  const length = end - start;
  if (length === 0) return false;
  const raw = query.slice(start, end);
  if (raw.indexOf('%') === -1) return length <= redaction.longest && redaction.names.has(raw.toLowerCase());
  // A percent-encoded key (`access%5Ftoken`) names the same parameter as the plain one.
  try {
    return redaction.names.has(decodeURIComponent(raw).toLowerCase());
  } catch {
    return false;
  }
}
