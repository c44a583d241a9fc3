/**
 * `otel_fw_stream_h` (spec: Events → Activation 1, Signals): wraps any node:http listener, fw's
 * pipeline or a plain one, in a SERVER span and records the four HTTP metrics, in the spec's order:
 *   start: extract trace context, create span with the request attributes, active requests + 1;
 *   end: status code, error for >= 500, end span, duration and both sizes, active requests - 1.
 * The listener runs in the span's context. What setupTelemetry decided (server-telemetry.ts) is
 * read at wrap time (server start); the lean path is lean/lean-stream-listener.ts, the same steps.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  metrics,
  propagation,
  ProxyTracerProvider,
  ROOT_CONTEXT,
  SpanKind,
  trace,
  type Span,
} from '@opentelemetry/api';
import { exchangeOf, observeExchange, type Exchange } from '../stream/exchange.ts';
import type { ExchangeEnd, Listener, StreamHandler } from '../stream/stream-handler.ts';
import { normalizeMethod, requestSpanAttributes, schemeOf } from './http-attributes.ts';
import {
  activeRequestsOf,
  type ActiveRequests,
  createHttpServerMetrics,
  type HttpServerMetrics,
  metricAttributes,
} from './http-metrics.ts';
import { SCOPE_NAME, SCOPE_VERSION } from './telemetry.ts';
import { wrapLean } from './lean/lean-stream-listener.ts';
import {
  endServerSpan,
  errorTypeOf,
  lastSetup,
  runInSpan,
  registeredServerTelemetry,
  startSpanName,
  type ServerTelemetry,
} from './server-telemetry.ts';

/** The stream handler's name in `server_configuration.stream_handlers`. */
export const OTEL_STREAM_HANDLER_NAME = 'otel_fw_stream_h';

/** Tracing and HTTP metrics around a listener. */
export const otelStreamHandler: StreamHandler = {
  name: OTEL_STREAM_HANDLER_NAME,
  wrap(next) {
    // Taken at wrap time (server start), like the tracer: setupTelemetry runs before.
    const server = registeredServerTelemetry();
    return server.lean === undefined ? wrapWithSdk(next, server) : wrapLean(next, server.lean, server);
  },
};

/** The full path: the global API's tracer and meter (setupTelemetry's SDK, or the user's own). */
function wrapWithSdk(next: Listener, server: ServerTelemetry): Listener {
  // Nothing registered (no setupTelemetry, no SDK of the app's own), nor switched off: every span would be a no-op, silently.
  const off = lastSetup.disabled || process.env['OTEL_SDK_DISABLED']?.trim().toLowerCase() === 'true';
  if (
    !off &&
    (trace.getTracerProvider() as ProxyTracerProvider).getDelegate?.() === new ProxyTracerProvider().getDelegate()
  ) {
    process.emitWarning(
      `${OTEL_STREAM_HANDLER_NAME} is listed but no tracer provider is registered: nothing is traced. Call setupTelemetry in the app's start hook, or register an SDK before the server starts (docs/telemetry.md)`,
      { code: 'FW_OTEL_NOT_SET_UP' },
    );
  }
  const tracer = trace.getTracer(SCOPE_NAME, SCOPE_VERSION);
  const instruments = createHttpServerMetrics(metrics.getMeter(SCOPE_NAME, SCOPE_VERSION));
  const { knownMethods, spanNames: names, redaction } = server;
  return function otelListener(req: IncomingMessage, res: ServerResponse): void {
    const exchange = exchangeOf(req);
    const method = normalizeMethod(req.method, knownMethods);
    const scheme = schemeOf(req);
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    // Given to startSpan so that a sampler sees them (semconv: attributes known at creation SHOULD be).
    const span = tracer.startSpan(
      startSpanName(names, method),
      { kind: SpanKind.SERVER, attributes: requestSpanAttributes(req, exchange, method, scheme, redaction) },
      parent,
    );
    const active = activeRequestsOf(method, scheme);
    active.count += 1;
    observeExchange(req, res, (end) => finish(instruments, span, exchange, active, req.httpVersion, end));
    runInSpan(span, parent, server, next, req, res);
  };
}

/** The end of the exchange, in the spec's order. */
function finish(
  instruments: HttpServerMetrics,
  span: Span,
  exchange: Exchange,
  active: ActiveRequests,
  version: string,
  end: ExchangeEnd,
): void {
  const errorType = errorTypeOf(end);
  const attributes = metricAttributes(
    active.attributes['http.request.method'],
    active.attributes['url.scheme'],
    version,
    end.status,
    exchange.route?.template,
    errorType,
  );
  endServerSpan(span, end, errorType);
  instruments.duration.record(end.durationMs / 1000, attributes);
  instruments.requestBodySize.record(end.requestBodySize, attributes);
  instruments.responseBodySize.record(end.responseBodySize, attributes);
  active.count -= 1;
}
