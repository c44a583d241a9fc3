/**
 * Stream handlers wrap the whole request lifecycle around any Node `(req, res)` listener, so
 * they work inside fw and around plain node:http servers alike. `server_configuration.
 * stream_handlers` lists them outermost first; `fw_stream_h` (the one that runs fw's pipeline)
 * is last.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

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
  /** When it ended: `performance.now()` milliseconds (Unix time less `performance.timeOrigin`). */
  readonly endedMs: number;
  /** True when the client went away before the response was complete. */
  readonly aborted: boolean;
}
