/**
 * What both paths do with a server span (otel-stream-handler.ts, the SDK's span;
 * lean/lean-stream-listener.ts, fw's own): run the listener in its context, and at the end set
 * the response status and, for an error, `error.type` and the span status, in the spec's order.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { context, SpanStatusCode, type Context, type Span, type TimeInput } from '@opentelemetry/api';
import type { ExchangeEnd, Listener } from '../stream/stream-handler.ts';
import type { ServerTelemetry } from './server-telemetry.ts';
import { withServerSpan } from './span-in-context.ts';

/** Runs `next` in the context of `span` (a child of `parent`) and `server`, so spans the handler starts are its children. */
export function runInSpan(span: Span, parent: Context, server: ServerTelemetry, next: Listener, req: IncomingMessage, res: ServerResponse): void {
  try {
    context.with(withServerSpan(parent, span, server), next, undefined, req, res);
  } catch (error) {
    // A plain listener threw: record it and rethrow; the span ends when the exchange does.
    span.recordException(error instanceof Error ? error : String(error));
    throw error;
  }
}

/** `error.type` of an exchange: the status as text for a 5xx, `aborted` for a response that did not end. */
export function errorTypeOf(end: ExchangeEnd): string | undefined {
  return end.status >= 500 ? String(end.status) : end.aborted ? 'aborted' : undefined;
}

/** Sets the status code and error attributes on `span` and ends it (at `endTime`, else now). */
export function endServerSpan(span: Span, end: ExchangeEnd, errorType: string | undefined, endTime?: TimeInput): void {
  if (end.status > 0) span.setAttribute('http.response.status_code', end.status);
  if (errorType !== undefined) {
    // Server spans: 5xx is an error, 4xx is not (semconv); a client that went away is one too.
    // A 5xx gets no status message: the status code says it all, and semconv says to leave it out.
    span.setAttribute('error.type', errorType);
    span.setStatus(end.status >= 500 ? { code: SpanStatusCode.ERROR } : { code: SpanStatusCode.ERROR, message: 'client closed the connection before the response ended' });
  }
  span.end(endTime);
}
