/**
 * otel_fw_stream_h on the lean path (issue 16): the steps of otel-stream-handler.ts with fw's own
 * span (lean-span.ts) and HTTP metrics (HttpMetricSeriesTable). The parent comes from the registered
 * propagator, or from `traceparent` while that is fw's W3C one; the sampler is the SDK path's.
 */
import { type Attributes, diag, propagation, ROOT_CONTEXT, SpanKind } from '@opentelemetry/api';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type Exchange, exchangeOf, observeExchange } from '../../stream/exchange.ts';
import type { ExchangeEnd, Listener } from '../../stream/stream-handler.ts';
import type { SamplerName } from '../env-config.ts';
import {
  normalizeMethod,
  type QueryRedaction,
  requestSpanAttributes,
  schemeOf,
  urlPathOf,
  urlQueryOf,
} from '../http-attributes.ts';
import { type ActiveRequests, activeRequestsOf, type HttpMetricSeriesTable } from '../http-metrics.ts';
import {
  endServerSpan,
  errorTypeOf,
  registeredFastPath,
  runInSpan,
  type LeanPath,
  type SamplingDecision,
  type ServerTelemetry,
  startSpanName,
} from '../server-telemetry.ts';
import { LeanServerSpan, randomId, toHex, parseTraceparent, remoteParentOf, w3cParentContext } from './lean-span.ts';
import { encodeAttributeBlock, type LeanAttributeBlock, type LeanAttributes } from './otlp-trace-encoder.ts';

/** SamplingDecision.RECORD_AND_SAMPLED of sdk-trace, which this file must not load. */
const RECORD_AND_SAMPLED = 2;

/** Wraps `next` in fw's lean server span and metrics. */
export function wrapLean(next: Listener, lean: LeanPath, server: ServerTelemetry): Listener {
  const { sampler, decide, limits, onEnd, metrics } = lean;
  const { knownMethods, spanNames: names, redaction, w3c } = server;
  return function otelLeanListener(req: IncomingMessage, res: ServerResponse): void {
    const exchange = exchangeOf(req);
    const method = normalizeMethod(req.method, knownMethods);
    const scheme = schemeOf(req);
    const headers = req.headers;
    // fw's W3C propagator still the registered one (by identity, server-telemetry.ts): the headers are read here.
    const fast = registeredFastPath(w3c);
    const read =
      fast?.traceContext === true && headers.traceparent !== undefined
        ? parseTraceparent(headers.traceparent, headers.tracestate)
        : undefined;
    const parent =
      fast === undefined
        ? propagation.extract(ROOT_CONTEXT, headers)
        : w3cParentContext(read, fast.baggage ? headers.baggage : undefined);
    const remote = fast === undefined ? remoteParentOf(parent) : read;
    const name = startSpanName(names, method);
    let span: LeanServerSpan;
    // Built here only for a sampler that reads them; setRequestAttributes builds them when it needs them.
    let attributes: Attributes | undefined;
    let samplerAttributes: Attributes | undefined;
    if (decide !== undefined)
      span = new LeanServerSpan(name, remote, decide(remote), limits, onEnd, undefined, exchange.startedMs);
    else {
      // A ratio sampler reads the trace id, so the id is made now; it sees the request's attributes.
      const traceId = remote?.traceId ?? randomId(16);
      attributes = requestSpanAttributes(req, exchange, method, scheme, redaction);
      const result = sampler.shouldSample(parent, toHex(traceId), name, SpanKind.SERVER, attributes, []);
      span = new LeanServerSpan(
        name,
        remote,
        result.decision === RECORD_AND_SAMPLED,
        limits,
        onEnd,
        traceId,
        exchange.startedMs,
      );
      samplerAttributes = result.attributes;
    }
    // Unsampled: the SDK tracer's debug line, as on the full path (otel-unsampled-span-diag.test.ts).
    if (span.isRecording()) {
      setRequestAttributes(span, req, exchange, method, scheme, redaction, attributes);
      // As the SDK's span: the sampler's attributes win over the request's.
      if (samplerAttributes !== undefined) span.setAttributes(samplerAttributes);
    } else diag.debug('Recording is off, propagating context in a non-recording span');
    const active = activeRequestsOf(method, scheme);
    active.count += 1;
    observeExchange(req, res, (end) => finish(metrics, span, exchange, active, req.httpVersion, end));
    runInSpan(span, parent, server, next, req, res);
  };
}

const parentOr =
  (root: boolean): SamplingDecision =>
  (remote) =>
    remote === undefined ? root : (remote.flags & 1) === 1;

/**
 * The decision of the built-in samplers that need neither the trace id nor the attributes, made
 * without the SDK's Sampler, so no id is made before the span needs one; none for the ratio
 * samplers. The parent-based rules are the SDK's defaults; a server span's parent is always remote.
 */
export const FIXED_SAMPLING_DECISIONS: Readonly<Partial<Record<SamplerName, SamplingDecision>>> = {
  always_on: () => true,
  always_off: () => false,
  parentbased_always_on: parentOr(true),
  parentbased_always_off: parentOr(false),
};

/**
 * The request's attributes on `span`: those its connection shares as one pre-encoded block, then its own in requestSpanAttributes'
 * order (a count limit keeps what the SDK's span keeps). A request repeating the raw inputs of its connection's block builds no others.
 */
function setRequestAttributes(
  span: LeanServerSpan,
  req: IncomingMessage,
  exchange: Exchange,
  method: string,
  scheme: string,
  redaction: QueryRedaction,
  attributes?: Attributes,
): void {
  let block = attributes === undefined ? repeatedRequestBlock(req, method, scheme) : undefined;
  if (block === undefined) {
    attributes ??= requestSpanAttributes(req, exchange, method, scheme, redaction);
    block = sharedRequestBlock(req.socket, attributes);
    if (block === undefined) return void span.setAttributes(attributes);
    // The raw fields they came from (origin-form: the host is the Host header's).
    if (req.url?.charCodeAt(0) === 47 /* '/' */) {
      (req.socket as Connection)[REMEMBERED]!.inputs = {
        method,
        scheme,
        host: req.headers.host,
        userAgent: req.headers['user-agent'],
        version: req.httpVersion,
      };
    }
  }
  span.setEncodedAttributes(block);
  const target = exchange.target;
  // Read where the request's attributes were built (a ratio sampler's, a connection's first requests), not made again.
  span.setAttribute('url.path', attributes === undefined ? urlPathOf(req.url ?? '/', target) : attributes['url.path']);
  if (method === '_OTHER') span.setAttribute('http.request.method_original', req.method);
  span.setAttribute('url.query', attributes === undefined ? urlQueryOf(target, redaction) : attributes['url.query']);
}

/** The end of the exchange, in the spec's order (as otel-stream-handler.ts). */
function finish(
  table: HttpMetricSeriesTable,
  span: LeanServerSpan,
  exchange: Exchange,
  active: ActiveRequests,
  version: string,
  end: ExchangeEnd,
): void {
  const errorType = errorTypeOf(end);
  // The span lasts exactly what the duration metric records: its end is the exchange's, on the span's clock (a time made only for a span that is exported).
  endServerSpan(span, end, errorType, span.isRecording() ? span.timeAt(end.endedMs) : undefined);
  try {
    const { attributes } = active;
    const series = table.seriesOf(
      table.routeOf(exchange.route?.template),
      table.methodKey(attributes['http.request.method'] as string),
      attributes['url.scheme'] === 'https' ? 1 : 0,
      table.protocolKey(version),
      end.status > 0 ? end.status : 0,
      table.errorTypeKey(errorType),
    );
    table.recordExchange(series, end.durationMs / 1000, end.requestBodySize, end.responseBodySize);
  } catch {
    // Over 256 methods or 16 protocol versions: the exchange goes unmeasured rather than failing the response's end.
  } finally {
    active.count -= 1;
  }
}

/**
 * The attributes of requestSpanAttributes a keep-alive connection repeats, in its order: encoded once
 * per connection, from its second request on, and copied into the export as a block.
 */
const SHARED_KEYS: readonly string[] = [
  'http.request.method',
  'url.scheme',
  'server.address',
  'server.port',
  'client.address',
  'network.peer.address',
  'network.peer.port',
  'network.protocol.version',
  'user_agent.original',
];

/** The raw fields of an origin-form request that its shared attributes are computed from. */
type SharedInputs = {
  readonly method: string;
  readonly scheme: string;
  readonly host: string | undefined;
  readonly userAgent: string | undefined;
  readonly version: string;
};

/** A connection's last shared values, and their block once a second request repeats them. */
interface Remembered {
  readonly values: Attributes;
  block: LeanAttributeBlock | undefined;
  /** What `values` came from, when the request was origin-form (its host from the Host header). */
  inputs: SharedInputs | undefined;
}

/** Kept on the socket, cheaper than a WeakMap insert per connection (bench/telemetry.bench.ts). */
const REMEMBERED = Symbol('fw.sharedRequestAttributes');

type Connection = object & { [REMEMBERED]?: Remembered };

/** The block of `attributes`'s shared keys on `connection`, or undefined for a first request with them (a one-request connection never pays for one). */
export function sharedRequestBlock(connection: Connection, attributes: Attributes): LeanAttributeBlock | undefined {
  const last = connection[REMEMBERED];
  if (last !== undefined && SHARED_KEYS.every((key) => last.values[key] === attributes[key])) {
    return (last.block ??= encodeAttributeBlock(
      Object.fromEntries(SHARED_KEYS.map((key) => [key, attributes[key]])) as LeanAttributes,
    ));
  }
  connection[REMEMBERED] = { values: attributes, block: undefined, inputs: undefined };
  return undefined;
}

/** The connection's block when this origin-form request repeats the raw inputs its shared attributes came from (a socket's addresses do not change). */
function repeatedRequestBlock(req: IncomingMessage, method: string, scheme: string): LeanAttributeBlock | undefined {
  const last = (req.socket as Connection)[REMEMBERED];
  const inputs = last?.inputs;
  if (inputs === undefined || last!.block === undefined || req.url?.charCodeAt(0) !== 47 /* '/' */) return undefined;
  const headers = req.headers;
  const same =
    inputs.method === method &&
    inputs.scheme === scheme &&
    inputs.host === headers.host &&
    inputs.userAgent === headers['user-agent'] &&
    inputs.version === req.httpVersion;
  return same ? last!.block : undefined;
}
