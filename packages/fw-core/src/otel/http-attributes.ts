/**
 * The OpenTelemetry HTTP server attributes of one request (semantic conventions, stable since
 * v1.23: https://opentelemetry.io/docs/specs/semconv/http/http-spans/#http-server). Pure
 * functions of the IncomingMessage, so the stream handler stays a thin sequence of steps.
 */
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Attributes } from '@opentelemetry/api';

/** The methods semconv knows; any other is recorded as `_OTHER` (keeps metric cardinality bounded). */
const KNOWN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE', 'QUERY']);

/** `http.request.method`: the method when semconv knows it, else `_OTHER`. */
export function normalizeMethod(method: string | undefined): string {
  return method !== undefined && KNOWN_METHODS.has(method) ? method : '_OTHER';
}

/** `url.scheme` of the connection the request came on. */
export function schemeOf(req: IncomingMessage): 'http' | 'https' {
  return (req.socket as Partial<TLSSocket>).encrypted === true ? 'https' : 'http';
}

/** `server.address` and `server.port` from the Host header (semconv), else the local socket. */
export function serverOf(req: IncomingMessage, scheme: string): { address: string | undefined; port: number | undefined } {
  const host = req.headers.host;
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

/** Splits a request target into `url.path` and `url.query` (undefined when there is none). */
export function splitUrl(url: string): { path: string; query: string | undefined } {
  const hash = url.indexOf('#');
  const target = hash === -1 ? url : url.slice(0, hash);
  const q = target.indexOf('?');
  return q === -1 ? { path: target, query: undefined } : { path: target.slice(0, q), query: target.slice(q + 1) };
}

/** The span attributes known when the request starts; one object per request. */
export function requestSpanAttributes(req: IncomingMessage, method: string, scheme: string): Attributes {
  const { path, query } = splitUrl(req.url ?? '/');
  const server = serverOf(req, scheme);
  const socket = req.socket;
  const attributes: Attributes = {
    'http.request.method': method,
    'url.path': path,
    'url.scheme': scheme,
    'server.address': server.address,
    'server.port': server.port,
    'client.address': socket.remoteAddress,
    'network.peer.address': socket.remoteAddress,
    'network.peer.port': socket.remotePort,
    'network.protocol.version': req.httpVersion,
    'user_agent.original': req.headers['user-agent'],
  };
  if (method === '_OTHER' && req.method !== undefined) attributes['http.request.method_original'] = req.method;
  if (query !== undefined && query !== '') attributes['url.query'] = query;
  return attributes;
}
