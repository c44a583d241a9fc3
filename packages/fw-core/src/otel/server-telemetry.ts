/**
 * The one seam between setupTelemetry and the server's telemetry: what setup decided travels on the
 * tracer provider it registers. The stream handler reads it when it wraps a listener and puts it in
 * each request's context, where otel_fw_plugin finds it; a tracer provider fw did not register carries
 * none (the SDK path with the defaults). Also what both paths do with a server span, otel_fw_plugin,
 * fw's W3C propagator and the span fw's log reads ids from. Loads no SDK.
 */
import {
  context,
  type Context,
  createContextKey,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanStatusCode,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
  type TimeInput,
  trace,
  type TracerProvider,
} from '@opentelemetry/api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Sampler } from '@opentelemetry/sdk-trace';
import type { FwRequest, RouteInfo } from '../http/request.ts';
import type { CorrelatedSpan } from '../log/logger.ts';
import type { FwPlugin, PluginEnv, PluginOptions, PluginResult } from '../plugins/plugin.ts';
import type { ExchangeEnd, Listener } from '../stream/stream-handler.ts';
import { DEFAULT_KNOWN_METHODS, parseKnownMethods, type SpanLimits } from './env-config.ts';
import { compileQueryRedaction, normalizeMethod, type QueryRedaction } from './http-attributes.ts';
import type { HttpMetricSeriesTable } from './http-metrics.ts';
import type { LeanServerSpan, RemoteParent } from './lean/lean-span.ts';

/**
 * How server spans are named (issue 36, item 9). `fw`, the default, is the spec's: `HTTP <method>`
 * when the span starts, and otel_fw_plugin's `<method> <controller_module>:<action>` (or `<method>
 * <route template>`) once the route is known. `semconv` gives the HTTP semantic conventions' names
 * (https://opentelemetry.io/docs/specs/semconv/http/http-spans/#name): `{method} {http.route}`,
 * `{method}` when no route matched, `HTTP` for a method that is not a known one (`_OTHER`).
 */
export type SpanNames = 'fw' | 'semconv';

/** The name a server span starts with, before any route is known; `method` is `http.request.method`. */
export function startSpanName(names: SpanNames, method: string): string {
  return names === 'fw' ? `HTTP ${method}` : method === '_OTHER' ? 'HTTP' : method;
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
  /** Where a sampled span ends up: the lean trace export. */
  readonly onEnd: (span: LeanServerSpan) => void;
  /** The HTTP metrics every reader's HttpMetricProducer reports. */
  readonly metrics: HttpMetricSeriesTable;
}

/**
 * What FwW3CPropagator extracts, and its identity array: while the registered propagator answers
 * registeredFastPath's `fields()` with that very array, the lean listener reads `traceparent` itself.
 */
export interface W3CFastPath {
  readonly fields: readonly string[];
  readonly traceContext: boolean;
  readonly baggage: boolean;
  readonly asking: { now: boolean }; // while registeredFastPath asks, fields() is the identity array; else a copy, as official ones give
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

/** `w3c` while the registered propagator is the FwW3CPropagator it came from, else undefined; asked per request, it allocates nothing. */
export function registeredFastPath(w3c: W3CFastPath | undefined): W3CFastPath | undefined {
  if (w3c === undefined) return undefined;
  w3c.asking.now = true;
  const registered = propagation.fields() === w3c.fields;
  w3c.asking.now = false;
  return registered ? w3c : undefined;
}

/** W3C trace context and/or baggage, in the order given, known by its identity array (registeredFastPath). */
export class FwW3CPropagator implements TextMapPropagator {
  readonly #inner: TextMapPropagator;
  /** How the lean path extracts what this propagator would; its `fields` is the identity array. */
  readonly fastPath: W3CFastPath;

  /** `inner`: the official W3C propagators of `names` (propagation/propagators.ts makes them: this file loads no SDK). */
  constructor(inner: TextMapPropagator, names: readonly ('tracecontext' | 'baggage')[]) {
    this.#inner = inner;
    // Frozen: the array is this propagator's identity.
    this.fastPath = Object.freeze({
      fields: Object.freeze(inner.fields()),
      traceContext: names.includes('tracecontext'),
      baggage: names.includes('baggage'),
      asking: { now: false },
    });
  }

  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    this.#inner.inject(context, carrier, setter);
  }

  extract(context: Context, carrier: unknown, getter: TextMapGetter): Context {
    return this.#inner.extract(context, carrier, getter);
  }

  fields(): string[] {
    return this.fastPath.asking.now ? (this.fastPath.fields as string[]) : [...this.fastPath.fields];
  }
}

const CARRIED = Symbol.for('fw.otel.serverTelemetry');

/** What the last setupTelemetry found: `disabled` when its env said OTEL_SDK_DISABLED=true, so otel_fw_stream_h wraps without its warning. */
export const lastSetup = { disabled: false };

/** The context key a request's ServerTelemetry is kept under (withServerSpan). */
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

const DEFAULT_REDACTION = compileQueryRedaction();

/** What the registered tracer provider carries, else the SDK path with the defaults. */
export function registeredServerTelemetry(): ServerTelemetry {
  const registered = trace.getTracerProvider() as TracerProvider & { getDelegate?: () => Carrier };
  const carried = registered.getDelegate?.()[CARRIED];
  if (carried !== undefined) return carried;
  const knownMethods =
    parseKnownMethods(process.env['OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS']) ?? DEFAULT_KNOWN_METHODS;
  return { lean: undefined, knownMethods, spanNames: 'fw', redaction: DEFAULT_REDACTION, w3c: undefined };
}

/** Runs `next` in the context of `span` (a child of `parent`) and `server`, so spans the handler starts are its children. */
export function runInSpan(
  span: Span,
  parent: Context,
  server: ServerTelemetry,
  next: Listener,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  try {
    context.with(withServerSpan(parent, span, server), next, undefined, req, res);
  } catch (error) {
    // A plain listener threw: record it and rethrow; the span ends when the exchange does.
    span.recordException(error instanceof Error ? error : String(error));
    throw error;
  }
}

/** `error.type` of an exchange: the status as text for a 5xx; for a response that did not end, `aborted` (the client left) or, fw having cut it, its failure's type as recordException names it (semconv). */
export function errorTypeOf(end: ExchangeEnd): string | undefined {
  if (end.status >= 500) return String(end.status);
  if (!end.aborted) return undefined;
  const { code, name } = Object(end.failure) as { code?: unknown; name?: unknown };
  return end.failure === undefined ? 'aborted' : String(code || name || '_OTHER');
}

/** Sets the status code and error attributes on `span` and ends it (at `endTime`, else now). */
export function endServerSpan(span: Span, end: ExchangeEnd, errorType: string | undefined, endTime?: TimeInput): void {
  if (end.status > 0) span.setAttribute('http.response.status_code', end.status);
  // A failure after the head: recorded as the SDK's instrumentations record a handler's, the status the client got kept.
  if (end.failure !== undefined) span.recordException(end.failure instanceof Error ? end.failure : String(end.failure));
  if (errorType !== undefined) {
    // Server spans: 5xx is an error, 4xx is not (semconv); a client that went away is one too.
    // A 5xx gets no status message: the status code says it all, and semconv says to leave it out.
    span.setAttribute('error.type', errorType);
    span.setStatus(
      end.status >= 500 || end.failure !== undefined
        ? { code: SpanStatusCode.ERROR }
        : { code: SpanStatusCode.ERROR, message: 'client closed the connection before the response ended' },
    );
  }
  span.end(endTime);
}

const SPAN_KEY = createContextKey('OpenTelemetry Context Key SPAN');

/** A request's context as one object, not the API's two; used if the API keys spans so (probed below). */
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

const PROBE = trace.wrapSpanContext({
  traceId: '0af7651916cd43dd8448eb211c80319c',
  spanId: 'b7ad6b7169203331',
  traceFlags: 1,
});
const keyedAsTheApi = trace.getSpan(new ServerSpanContext(ROOT_CONTEXT, PROBE, {} as ServerTelemetry)) === PROBE;

/** `parent` with `span` as its active span (as `trace.setSpan(parent, span)`) and `server` under SERVER_TELEMETRY_KEY. */
export function withServerSpan(parent: Context, span: Span, server: ServerTelemetry): Context {
  return keyedAsTheApi ? new ServerSpanContext(parent, span, server) : apiContext(parent, span, server);
}

/** The span the request log reads ids from (log/logger.ts): the active one, any tracer's, if recording. */
export function activeRecordingSpan(): CorrelatedSpan | undefined {
  const span = trace.getSpan(context.active());
  return span !== undefined && span.isRecording() ? span : undefined;
}

/**
 * `otel_fw_plugin` (spec: Events → Activation 4, "Enriched span"): a `pre_request` plugin that names the request's
 * span as SpanNames says and adds `fw.app`, `fw.controller`, `fw.action` and `http.route`. The request metrics take
 * `http.route` from the exchange's route, whether or not a group lists this plugin.
 */
export const OTEL_PLUGIN_NAME = 'otel_fw_plugin';

/** Span name and attributes of one route, computed once per route. */
interface Enrichment {
  readonly method: string;
  /** The naming style and known methods the name was made for. */
  readonly names: SpanNames;
  readonly known: ReadonlySet<string> | undefined;
  readonly name: string;
  /** Frozen: fw's lean span encodes a frozen object once and copies its bytes into every span. */
  readonly attributes: Readonly<Record<string, string>>;
}

const enrichments = new WeakMap<RouteInfo, Enrichment>();

/** Renames and enriches the active span; takes no options. */
export const otelFwPlugin: FwPlugin<undefined, PluginOptions> = {
  name: OTEL_PLUGIN_NAME,
  plugin_info: () => ({
    title: 'OpenTelemetry span enrichment',
    version: '0.1.0',
    url: 'https://opentelemetry.io/docs/specs/semconv/http/http-spans/',
    description:
      'Names the server span after the controller and action and adds fw.app, fw.controller, fw.action and http.route',
    authors: ['fw'],
    options: [],
  }),
  // A router miss has no route to name the span after: its span keeps `HTTP <method>`.
  matchedRoutesOnly: true,
  pre_request: enrich,
};

function enrich(req: FwRequest, _env: PluginEnv, _options: PluginOptions, state: undefined): PluginResult<undefined> {
  const active = context.active();
  const span = trace.getSpan(active);
  if (span !== undefined && span.isRecording()) {
    const enrichment = enrichmentOf(req.route, req.method, active);
    span.updateName(enrichment.name);
    span.setAttributes(enrichment.attributes);
  }
  return ['ok', req, state];
}

function enrichmentOf(route: RouteInfo, method: string, active: Context): Enrichment {
  let enrichment = enrichments.get(route);
  // The stream handler's settings; under another instrumentation, those setupTelemetry registered.
  const server = (active.getValue(SERVER_TELEMETRY_KEY) as ServerTelemetry | undefined) ?? registeredServerTelemetry();
  const names = server.spanNames;
  // Only semconv names tell known methods from others.
  const known = names === 'semconv' ? server.knownMethods : undefined;
  // One entry per route, rebuilt when the method, the naming style or the known methods change.
  if (
    enrichment === undefined ||
    enrichment.method !== method ||
    enrichment.names !== names ||
    enrichment.known !== known
  ) {
    const target = route.module === undefined ? route.template : `${route.module}:${route.function ?? ''}`;
    const attributes: Record<string, string> = { 'fw.app': route.app, 'http.route': route.template };
    if (route.module !== undefined) attributes['fw.controller'] = route.module;
    if (route.function !== undefined) attributes['fw.action'] = route.function;
    const name =
      known === undefined
        ? `${method} ${target}`
        : `${startSpanName('semconv', normalizeMethod(method, known))} ${route.template}`;
    enrichment = { method, names, known, name, attributes: Object.freeze(attributes) };
    enrichments.set(route, enrichment);
  }
  return enrichment;
}
