/**
 * fw's request channel for APM agents and other observers (docs/pipeline.md, "Diagnostics
 * channel"): `tracingChannel('fw.request.handler')` of node:diagnostics_channel around each call
 * of a route's handler, as Fastify publishes `fastify.request.handler`. Subscribers get `start`
 * and `end` around the call, `asyncStart` and `asyncEnd` when a returned promise settles, and
 * `error` for a throw or rejection; the context is `{req, exchange}`, with `result` or `error`
 * once known. Nothing is done, and nothing allocated, while nobody subscribes.
 */
import { tracingChannel } from 'node:diagnostics_channel';
import type { InlineHandler } from '../app/controller.ts';
import type { FwRequest } from '../http/request.ts';
import type { FwResponse } from '../http/response.ts';
import type { Exchange } from '../stream/exchange.ts';

/** What subscribers of `fw.request.handler` receive. */
export interface HandlerChannelContext {
  /** The request the handler is called with. */
  readonly req: FwRequest;
  /** The request's exchange (id, target, route). */
  readonly exchange: Exchange;
  /** What the handler answered, once it did. */
  result?: FwResponse;
  /** What the handler threw or rejected with. */
  error?: unknown;
}

/** The channel; read its `hasSubscribers` before calling traceHandler. */
export const handlerChannel = tracingChannel<unknown, HandlerChannelContext>('fw.request.handler');

/** Calls `fn(req)` inside the channel's events; the answer (or failure) is the handler's own. */
export function traceHandler(fn: InlineHandler, req: FwRequest, exchange: Exchange): FwResponse | Promise<FwResponse> {
  const context: HandlerChannelContext = { req, exchange };
  const { start, end, asyncStart, asyncEnd, error } = handlerChannel;
  return start.runStores(context, () => {
    try {
      const result = fn(req);
      if (!(result instanceof Promise)) {
        context.result = result;
        return result;
      }
      return result.then(
        (settled) => {
          context.result = settled;
          asyncStart.publish(context);
          asyncEnd.publish(context);
          return settled;
        },
        (reason: unknown) => {
          context.error = reason;
          error.publish(context);
          asyncStart.publish(context);
          asyncEnd.publish(context);
          throw reason;
        },
      );
    } catch (reason) {
      context.error = reason;
      error.publish(context);
      throw reason;
    } finally {
      end.publish(context);
    }
  });
}
