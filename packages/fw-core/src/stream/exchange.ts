/**
 * The exchange: per-request facts shared between stream handlers and fw's pipeline (request id,
 * matched route), kept on the IncomingMessage under a private symbol so any stream handler,
 * inside fw or around a plain node:http listener, reaches the same record.
 */
import type { IncomingMessage } from 'node:http';
import type { RouteInfo } from '../http/request.ts';

/** What fw knows about an exchange while it runs. */
export interface Exchange {
  /** The request id once fw's pipeline assigned it. */
  id: string | undefined;
  /** The matched route once the router found it. */
  route: RouteInfo | undefined;
  /** Route template to report to telemetry (`http.route`); set by otel_fw_plugin. */
  reportedRoute: string | undefined;
}

const EXCHANGE = Symbol('fw.exchange');

type WithExchange = IncomingMessage & { [EXCHANGE]?: Exchange };

/** The exchange record of `req`, if a stream handler asked for it (fw fills it only then). */
export function existingExchange(req: IncomingMessage): Exchange | undefined {
  return (req as WithExchange)[EXCHANGE];
}

/** The exchange record of `req`, created on first use. Stream handlers call this at the start. */
export function exchangeOf(req: IncomingMessage): Exchange {
  const holder = req as WithExchange;
  let exchange = holder[EXCHANGE];
  if (exchange === undefined) {
    exchange = { id: undefined, route: undefined, reportedRoute: undefined };
    holder[EXCHANGE] = exchange;
  }
  return exchange;
}
