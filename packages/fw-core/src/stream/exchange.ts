/**
 * The exchange: one record per request, made once before the stream handlers run (fw's server
 * and inject open it; on a server fw did not make, the first reader does) and read by everyone:
 * the pipeline, plugins, telemetry and the log. It is kept on the IncomingMessage under a
 * private symbol, so any stream handler, inside fw or around a plain node:http listener,
 * reaches the same record.
 */
import type { IncomingMessage } from 'node:http';
import type { RouteInfo } from '../http/request.ts';
import { parseRequestTarget, requestHost, type RequestHost, type RequestTarget } from '../http/request-target.ts';

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

/** Where the exchange lives on its IncomingMessage. */
export const EXCHANGE = Symbol('fw.exchange');

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
