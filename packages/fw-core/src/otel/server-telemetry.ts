/**
 * The one seam between setupTelemetry and the server's telemetry (issue 37, item 5): what setup
 * decided (the lean path or the SDK's, the known methods, the span names, the query redaction, the
 * W3C fast path) travels on the tracer provider it registers through the global API. The stream
 * handler reads it when it wraps a listener (server start) and puts it in each request's context,
 * where otel_fw_plugin finds it. A tracer provider fw did not register (a user's own SDK, none at
 * all) carries none: the SDK path with the defaults and OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS.
 * Nothing here loads the SDK: the sampler is only a type.
 */
import { createContextKey, trace, type Context, type TracerProvider } from '@opentelemetry/api';
import type { Sampler } from '@opentelemetry/sdk-trace';
import { DEFAULT_KNOWN_METHODS, parseKnownMethods, type SpanLimits } from './env-config.ts';
import { compileQueryRedaction, type QueryRedaction } from './http-attributes.ts';
import type { HttpMetricSeriesTable } from './lean/http-metric-series.ts';
import type { LeanServerSpan } from './lean/lean-span.ts';
import type { RemoteParent } from './lean/traceparent.ts';

/**
 * How server spans are named (issue 36, item 9). `fw`, the default, is the spec's: `HTTP <method>`
 * when the span starts, and otel_fw_plugin's `<method> <controller_module>:<action>` (or `<method>
 * <route template>`) once the route is known. `semconv` gives the HTTP semantic conventions' names
 * (https://opentelemetry.io/docs/specs/semconv/http/http-spans/#name): `{method} {http.route}`,
 * `{method}` when no route matched, `HTTP` for a method that is not a known one (`_OTHER`).
 */
export type SpanNames = 'fw' | 'semconv';

/** Whether `value` names a style. */
export function isSpanNames(value: unknown): value is SpanNames {
  return value === 'fw' || value === 'semconv';
}

/** The name a server span starts with, before any route is known; `method` is `http.request.method`. */
export function startSpanName(names: SpanNames, method: string): string {
  if (names === 'fw') return `HTTP ${method}`;
  return method === '_OTHER' ? 'HTTP' : method;
}

/** The semantic conventions' name of a routed request: `{method} {http.route}`, `HTTP {http.route}` for an unknown method. */
export function semconvRouteSpanName(method: string, route: string): string {
  return `${method === '_OTHER' ? 'HTTP' : method} ${route}`;
}

/** Whether a span with `remote` as its parent is sampled, for the samplers that need no trace id. */
export type SamplingDecision = (remote: RemoteParent | undefined) => boolean;

/** The lean path of one setupTelemetry call: fw's own span, export and metric aggregation. */
export interface LeanPath {
  /** The sampler the SDK path's TracerProvider would use (OTEL_TRACES_SAMPLER). */
  readonly sampler: Sampler;
  /** Its decision when it needs neither ids nor attributes; undefined: ask `sampler`. */
  readonly decide: SamplingDecision | undefined;
  readonly limits: SpanLimits;
  /** Where a sampled span goes when it ends: the lean trace export. */
  readonly onEnd: (span: LeanServerSpan) => void;
  /** The HTTP metrics every reader's HttpMetricProducer reports. */
  readonly metrics: HttpMetricSeriesTable;
}

/**
 * What fw's W3C propagator extracts, and its `fields()` array: while the registered propagator
 * answers `fields()` with that very array, the lean listener reads `traceparent` itself
 * (propagation/propagators.ts), so a propagator registered later is followed from the next request.
 */
export interface W3CFastPath {
  readonly fields: readonly string[];
  readonly traceContext: boolean;
  readonly baggage: boolean;
}

/** What setupTelemetry decided for fw's server spans and HTTP metrics. */
export interface ServerTelemetry {
  /** undefined: the SDK path (the global API's tracer and meter). */
  readonly lean: LeanPath | undefined;
  readonly knownMethods: ReadonlySet<string>;
  readonly spanNames: SpanNames;
  readonly redaction: QueryRedaction;
  readonly w3c: W3CFastPath | undefined;
}

const CARRIED = Symbol.for('fw.otel.serverTelemetry');

/** The context key a request's ServerTelemetry is kept under (server-span-end.ts). */
export const SERVER_TELEMETRY_KEY = createContextKey('fw server telemetry');

type Carrier = TracerProvider & { [CARRIED]?: ServerTelemetry };

/** `provider`, to be registered globally, carrying what `server()` returns (set before any listener is wrapped). */
export function carrying(provider: TracerProvider, server: () => ServerTelemetry): TracerProvider {
  const carrier: Carrier = {
    getTracer: (name, version, options) => provider.getTracer(name, version, options),
    get [CARRIED]() {
      return server();
    },
  };
  return carrier;
}

/** What the registered tracer provider carries, else the SDK path with the defaults. */
export function registeredServerTelemetry(): ServerTelemetry {
  const registered = trace.getTracerProvider() as TracerProvider & { getDelegate?: () => Carrier };
  return registered.getDelegate?.()[CARRIED] ?? sdkDefaults();
}

/** The ServerTelemetry of the request whose context is `context`, when otel_fw_stream_h wraps it. */
export function serverTelemetryIn(context: Context): ServerTelemetry | undefined {
  return context.getValue(SERVER_TELEMETRY_KEY) as ServerTelemetry | undefined;
}

const DEFAULT_REDACTION = compileQueryRedaction();

function sdkDefaults(): ServerTelemetry {
  const knownMethods = parseKnownMethods(process.env['OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS']) ?? DEFAULT_KNOWN_METHODS;
  return { lean: undefined, knownMethods, spanNames: 'fw', redaction: DEFAULT_REDACTION, w3c: undefined };
}
