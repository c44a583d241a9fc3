/**
 * What both paths do with a server span (otel-stream-handler.ts, the SDK's span;
 * lean/lean-stream-listener.ts, fw's own): run the listener in its context, and at the end set
 * the response status and, for an error, `error.type` and the span status, in the spec's order.
 */
import { context, type Context, createContextKey, ROOT_CONTEXT, type Span, SpanStatusCode, type TimeInput, trace } from '@opentelemetry/api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExchangeEnd, Listener } from '../stream/stream-handler.ts';
import { SERVER_TELEMETRY_KEY, type ServerTelemetry } from './server-telemetry.ts';

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

const SPAN_KEY = createContextKey('OpenTelemetry Context Key SPAN');

class ServerSpanContext implements Context {
  readonly #parent: Context;
  readonly #span: Span;
  readonly #server: ServerTelemetry;

  constructor(parent: Context, span: Span, server: ServerTelemetry) {
    this.#parent = parent;
    this.#span = span;
    this.#server = server;
  }

  getValue(key: symbol): unknown {
    return key === SPAN_KEY ? this.#span : key === SERVER_TELEMETRY_KEY ? this.#server : this.#parent.getValue(key);
  }

  setValue(key: symbol, value: unknown): Context {
    return apiContext(this.#parent, this.#span, this.#server).setValue(key, value);
  }

  deleteValue(key: symbol): Context {
    return apiContext(this.#parent, this.#span, this.#server).deleteValue(key);
  }
}

function apiContext(parent: Context, span: Span, server: ServerTelemetry): Context {
  return trace.setSpan(parent, span).setValue(SERVER_TELEMETRY_KEY, server);
}

const PROBE = trace.wrapSpanContext({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 });
const keyedAsTheApi = trace.getSpan(new ServerSpanContext(ROOT_CONTEXT, PROBE, {} as ServerTelemetry)) === PROBE;

/** `parent` with `span` as its active span (as `trace.setSpan(parent, span)`) and `server` under SERVER_TELEMETRY_KEY. */
export function withServerSpan(parent: Context, span: Span, server: ServerTelemetry): Context {
  return keyedAsTheApi ? new ServerSpanContext(parent, span, server) : apiContext(parent, span, server);
}
