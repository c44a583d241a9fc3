/**
 * The per-request log line (docs/pipeline.md, "Logging"): one JSON line once the response's
 * connection is done; the path as routed, never the query or a URL's userinfo. `client.address`
 * is the FwRequest's `clientAddress` when a plugin set it (a trusted proxy's forwarded address),
 * else the socket's peer. A route with `options.log: false` writes none.
 */
import { recordingSpan, traceFieldsOf } from '../log/trace-correlation.ts';
import type { Flow } from './stages.ts';

/**
 * Writes the line for `flow` when its response closes, from the request the stages handed on
 * last. The request's span and the peer address are taken now: by 'close' the span may have
 * ended, and a destroyed socket no longer knows its peer.
 */
export function logWhenDone(flow: Flow): void {
  const { raw, res, runtime } = flow;
  const started = process.hrtime.bigint();
  const span = recordingSpan();
  const peer = raw.socket?.remoteAddress;
  res.once('close', () => {
    if (!flow.log) return;
    const duration = Number(process.hrtime.bigint() - started) / 1e6;
    const client = flow.req?.clientAddress ?? peer;
    const target = flow.exchange.target;
    runtime.logger.info({
      event: 'request',
      request_id: flow.id,
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
