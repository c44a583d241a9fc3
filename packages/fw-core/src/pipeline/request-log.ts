/**
 * The per-request log line (docs/pipeline.md, "Logging"): one JSON line once the response's
 * connection is done; the path as routed, never the query or a URL's userinfo. `client.address`
 * is the FwRequest's `clientAddress` when a plugin set it (a trusted proxy's forwarded address),
 * else the socket's peer. A route with `options.log: false` writes none.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FwRequest } from '../http/request.ts';
import type { RequestTarget } from '../http/request-target.ts';
import { recordingSpan, traceFieldsOf } from '../log/trace-correlation.ts';
import type { Runtime } from './runtime.ts';

// The request the line reports on, or false for a route that logs nothing: kept on the
// IncomingMessage (plugins may hand on a new FwRequest object, never a new message).
const LOGGED = Symbol('fw.loggedRequest');

type Tracked = IncomingMessage & { [LOGGED]?: FwRequest | false };

/** Notes `req` (the latest a phase handed on) for the line, or that its route writes no line. */
export function noteForLog(req: FwRequest, logged: boolean): void {
  (req.raw as Tracked)[LOGGED] = logged ? req : false;
}

/** Notes that `raw`'s route writes no line (set before its plugins run, in case the client leaves first). */
export function skipLog(raw: IncomingMessage): void {
  (raw as Tracked)[LOGGED] = false;
}

/**
 * Writes the line when `res` closes. The request's span and the peer address are taken now:
 * by 'close' the span may have ended, and a destroyed socket no longer knows its peer.
 */
export function logWhenDone(runtime: Runtime, raw: IncomingMessage, res: ServerResponse, id: string, target: RequestTarget | undefined): void {
  const started = process.hrtime.bigint();
  const span = recordingSpan();
  const peer = raw.socket?.remoteAddress;
  res.once('close', () => {
    const noted = (raw as Tracked)[LOGGED];
    if (noted === false) return;
    const duration = Number(process.hrtime.bigint() - started) / 1e6;
    const client = noted?.clientAddress ?? peer;
    runtime.logger.info({
      event: 'request',
      request_id: id,
      method: raw.method,
      path: target === undefined ? null : target.path,
      status: res.writableFinished ? res.statusCode : 0,
      duration_ms: Math.round(duration * 1000) / 1000,
      ...(client === undefined ? {} : { 'client.address': client }),
      ...(res.writableFinished ? {} : { aborted: true }),
      ...(span === undefined ? {} : traceFieldsOf(span)),
    });
  });
}
