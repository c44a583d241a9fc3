/**
 * Stream handlers wrap any Node `(req, res)` listener, inside fw or around a plain node:http
 * server. `server_configuration.stream_handlers` lists them outermost first; `fw_stream_h` (fw's
 * pipeline) is last.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { FwError, provideHint } from '../errors.ts';

/** A plain Node request listener. */
export type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/** A named wrapper of a listener. */
export interface StreamHandler {
  readonly name: string;
  wrap(next: Listener): Listener;
}

/** What a stream handler learns when an exchange ends. */
export interface ExchangeEnd {
  /** Status written, or 0 when the connection closed before a response. */
  readonly status: number;
  /** Request body bytes received. */
  readonly requestBodySize: number;
  /** Response body bytes sent (headers excluded). */
  readonly responseBodySize: number;
  /** Milliseconds from the start of the exchange to its end, high resolution. */
  readonly durationMs: number;
  /** When it ended, in `performance.now()` milliseconds. */
  readonly endedMs: number;
  /** True when the response did not complete: the client went away, or fw cut it (`failure` then says why). */
  readonly aborted: boolean;
  /** What fw's pipeline failed with after the response's head went out (its body failed, or a throw after reply()). */
  readonly failure?: unknown;
}

/** The handlers `names` lists before `fw_stream_h`, not yet wrapped (wrap() may take a tracer). */
export function namedStreamHandlers(names: readonly string[], available: readonly StreamHandler[]): StreamHandler[] {
  const byName = new Map(available.map((handler) => [handler.name, handler] as const));
  return names.slice(0, -1).map((name) => {
    const handler = byName.get(name);
    if (handler) return handler;
    const problem = `server_configuration.stream_handlers names ${name}, which neither fw nor the app provides; known: ${['fw_stream_h', ...byName.keys()].join(', ')}`;
    throw new FwError('FW_ERR_STREAM_HANDLER_UNKNOWN', `${problem}; to fix, ${provideHint('streamHandlers', name)}`, {
      details: { name },
    });
  });
}
