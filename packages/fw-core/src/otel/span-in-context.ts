/**
 * A context holding a server span, made per request for both paths' `context.with`
 * (server-span-end.ts). The API's `trace.setSpan` copies the parent context's Map and makes three
 * closures for every request; this holds the span in a field and asks the parent for anything
 * else, so `trace.getSpan` and any code reading other keys see exactly what they would have seen.
 * Setting or deleting a key (rare: baggage, suppression) builds the API's own context first.
 *
 * The span's key is the API's (`Symbol.for`, so every copy of the API shares it); a module load
 * check confirms `trace.getSpan` finds the span here, and falls back to `trace.setSpan` if an API
 * version ever keys spans differently.
 */
import { createContextKey, ROOT_CONTEXT, trace, type Context, type Span } from '@opentelemetry/api';
import { SERVER_TELEMETRY_KEY, type ServerTelemetry } from './server-telemetry.ts';

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
