/**
 * Seeded differential fuzz of fw's OTLP/JSON trace body (OTEL_EXPORTER_OTLP_PROTOCOL=http/json:
 * fw's protobuf request transcoded by otlp-json.ts) against the official JsonTraceSerializer of
 * @opentelemetry/otlp-transformer, the body the official OTLP/HTTP JSON exporter posts, for the
 * same spans: SDK spans (the children an app starts, encoded through sdkSpanData) and fw's lean
 * server span given the same calls as an SDK span with the same ids, parent and times. Random
 * attributes of every kind (int64 beyond 2^53, doubles, NaN and infinities, nested arrays and
 * maps, bytes, empty strings, null), events, links with trace states, statuses, span limits
 * that drop and count, and times up to 2^64 ns. Both bodies are read as an OTLP/JSON receiver
 * reads them (the proto3 JSON mapping): a field at its default is the same as a field left out,
 * 64-bit integers as strings or numbers are the same integer, ids in either case the same bytes.
 * FW_FUZZ_SEED=<seed> replays a run.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Attributes, type AttributeValue, type Link, ROOT_CONTEXT, type Span, type SpanContext, SpanKind, trace } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import { JsonTraceSerializer } from '@opentelemetry/otlp-transformer';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AlwaysOnSampler, type ReadableSpan, TracerProvider } from '@opentelemetry/sdk-trace';
import { readEnvConfig } from '../src/otel/env-config.ts';
import { LeanServerSpan } from '../src/otel/lean/lean-span.ts';
import { toLeanSpanData } from '../src/otel/lean/lean-trace-export.ts';
import type { LeanAttributes } from '../src/otel/lean/otlp-trace-encoder.ts';
import { sdkSpanData } from '../src/otel/lean/sdk-span-data.ts';
import { requestToJson } from '../src/otel/otlp-json.ts';
import { type Random, seededRandom } from '../../../tests/e2e/support/seeded-random.ts';
import { encodeTraceRequest } from './support/otel-lean-trace-request.ts';

const SEED = Number(process.env.FW_FUZZ_SEED ?? 0x15_2026);
const BATCHES = 400;

const CHARS = ['a', 'é', '€', '中', '😀', '"', '\\', '\n', '\0', '\u2028', '\ud800', '\udfff'];

function text(r: Random): string {
  if (r.chance(0.1)) return '';
  return Array.from({ length: r.chance(0.05) ? r.int(40, 300) : r.int(1, 10) }, () => (r.chance(0.8) ? String.fromCharCode(r.int(0x20, 0x7e)) : r.pick(CHARS))).join('');
}

function number(r: Random): number {
  switch (r.int(0, 6)) {
    case 0:
      return r.int(-1000, 1000);
    case 1:
      return r.pick([2 ** 53, 2 ** 53 + 2, -(2 ** 53) - 2, 2 ** 62, 2 ** 63 - 1024, -(2 ** 63), 2 ** 63, 2 ** 70, -(2 ** 64), 1e21, -0]);
    case 2:
      return Math.trunc((r.next() - 0.5) * 2 ** 64);
    case 3:
      return r.pick([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE, Number.MIN_VALUE, Number.EPSILON]);
    default:
      return (r.next() - 0.5) * 10 ** r.int(-8, 30);
  }
}

function value(r: Random, depth = 0): unknown {
  switch (r.int(0, depth > 1 ? 5 : 7)) {
    case 0:
      return text(r);
    case 1:
      return r.chance(0.5);
    case 2:
    case 3:
      return number(r);
    case 4:
      return r.chance(0.5) ? new Uint8Array(r.bytes(r.int(0, 12))) : r.bytes(r.int(1, 20)).subarray(r.int(0, 1));
    case 5:
      return r.pick([null, '', 0, false]);
    case 6: {
      // An array of one kind (simple: events' and links' attributes take only these), or of any.
      const kind = r.int(0, 3);
      return Array.from({ length: r.int(0, 4) }, () => (kind === 0 ? text(r) : kind === 1 ? number(r) : kind === 2 ? r.chance(0.5) : value(r, depth + 1)));
    }
    default:
      return Object.fromEntries(Array.from({ length: r.int(0, 3) }, (_, i) => [`${text(r)}#${i}`, value(r, depth + 1)]));
  }
}

function attributes(r: Random, most: number): Attributes {
  return Object.fromEntries(Array.from({ length: r.int(0, most) }, (_, i) => [r.chance(0.9) ? `${text(r)}.${i}` : r.pick(['', 'k', '__proto__', 'toString']), value(r)])) as Attributes;
}

function hex(r: Random, bytes: number): string {
  return r.bytes(bytes).toString('hex');
}

function time(r: Random): [number, number] {
  return [r.chance(0.1) ? r.int(0, 18_446_744_072) : 1_700_000_000 + r.int(0, 10 ** 8), r.int(0, 999_999_999)];
}

function spanContext(r: Random): SpanContext {
  return {
    traceId: hex(r, 16),
    spanId: hex(r, 8),
    traceFlags: r.int(0, 3),
    ...(r.chance(0.3) ? { isRemote: r.chance(0.5) } : {}),
    ...(r.chance(0.3) ? { traceState: new TraceState(r.pick(['a=1', 'congo=t61,rojo=00f067aa0ba902b7', 'UPPER=1,k=v'])) } : {}),
  };
}

function links(r: Random): Link[] {
  return Array.from({ length: r.chance(0.3) ? r.int(1, 3) : 0 }, () => ({ context: spanContext(r), ...(r.chance(0.6) ? { attributes: attributes(r, 3) } : {}) }));
}

/** The same random calls on `span`: attributes (one by one and several), events, links, a status, an exception, the end. */
function calls(r: Random, end: [number, number]): (span: Span) => void {
  const steps: ((span: Span) => void)[] = [];
  for (let i = r.int(0, 6); i > 0; i -= 1) {
    const step = r.int(0, 5);
    if (step === 0) {
      const key = `${text(r)}!`;
      const item = value(r) as AttributeValue;
      steps.push((span) => span.setAttribute(key, item));
    } else if (step === 1) {
      const many = attributes(r, 4);
      steps.push((span) => span.setAttributes(many));
    } else if (step === 2) {
      const [name, at, extra] = [text(r), time(r), r.chance(0.6) ? attributes(r, 3) : undefined];
      steps.push((span) => span.addEvent(name, extra, at));
    } else if (step === 3) {
      const added = links(r);
      steps.push((span) => span.addLinks(added));
    } else if (step === 4) {
      const status = { code: r.int(0, 2), ...(r.chance(0.5) ? { message: text(r) } : {}) };
      steps.push((span) => span.setStatus(status));
    } else {
      const [error, at] = [Object.assign(new Error(text(r)), { name: text(r) || 'Error' }), time(r)];
      steps.push((span) => span.recordException(error, at));
    }
  }
  return (span) => {
    for (const step of steps) step(span);
    span.end(end);
  };
}

/** Random span limits, small at times so attributes, events, links and their attributes are dropped and counted. */
function limits(r: Random): ReturnType<typeof readEnvConfig>['spanLimits'] {
  const small = (): string => String(r.int(0, 4));
  return readEnvConfig({
    ...(r.chance(0.3) ? { OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: small() } : {}),
    ...(r.chance(0.2) ? { OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: String(r.int(0, 8)) } : {}),
    ...(r.chance(0.2) ? { OTEL_SPAN_EVENT_COUNT_LIMIT: small() } : {}),
    ...(r.chance(0.2) ? { OTEL_SPAN_LINK_COUNT_LIMIT: small() } : {}),
    ...(r.chance(0.2) ? { OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT: small() } : {}),
    ...(r.chance(0.2) ? { OTEL_LINK_ATTRIBUTE_COUNT_LIMIT: small() } : {}),
  }).spanLimits;
}

/** Ids the next SDK span takes: the lean span's, so both are the same span. */
const nextIds = { traceId: '', spanId: '' };
const ended: ReadableSpan[] = [];
const keep = { onStart() {}, onEnd: (span: ReadableSpan) => void ended.push(span), forceFlush: async () => {}, shutdown: async () => {} };

function provider(resource: Attributes, spanLimits: ReturnType<typeof limits>): TracerProvider {
  return new TracerProvider({
    resource: resourceFromAttributes(resource),
    spanLimits,
    // Every span exported, as the lean span under test is (a parent not sampled would make the SDK's non-recording).
    sampler: new AlwaysOnSampler(),
    idGenerator: { generateTraceId: () => nextIds.traceId || hex(seededRandom(ended.length), 16), generateSpanId: () => nextIds.spanId || hex(seededRandom(ended.length + 1), 8) },
    spanProcessors: [keep],
  });
}

/** fw's OTLP/JSON body for `spans` and the official one, each read as a receiver reads it. */
function bothBodies(sdk: readonly ReadableSpan[], lean: readonly LeanServerSpan[]): { fw: unknown; official: unknown } {
  const { instrumentationScope: scope, resource } = sdk[0]!;
  const fw = requestToJson(
    encodeTraceRequest({ attributes: resource.attributes as LeanAttributes, schemaUrl: resource.schemaUrl }, [
      ...sdk.slice(0, sdk.length - lean.length).map(sdkSpanData),
      ...lean.map((span) => toLeanSpanData(span, scope)),
    ]),
    'TraceRequest',
  );
  const official = JsonTraceSerializer.serializeRequest([...sdk])!;
  return { fw: received(JSON.parse(Buffer.from(fw).toString())), official: received(JSON.parse(Buffer.from(official).toString())) };
}

const INT64_LIMIT = 2n ** 63n;
const ID_KEYS = new Set(['traceId', 'spanId', 'parentSpanId']);
const TIME_KEYS = new Set(['startTimeUnixNano', 'endTimeUnixNano', 'timeUnixNano']);

/**
 * An OTLP/JSON request as a receiver reads it (https://protobuf.dev/programming-guides/json/): a field at its default
 * (0, '', [], false outside a value) is absent; 64-bit integers as strings or numbers are one integer (a number exactly as
 * JSON.parse reads it); ids in either case are the same bytes; strings are UTF-8 on the wire, so a lone surrogate
 * (JSON.stringify escapes it) is U+FFFD; bytes the same base64. The official serializer writes an integer outside int64
 * (2^70) as an intValue no int64 reader takes, where its protobuf serializer writes a doubleValue: read as the latter.
 * `Resource.schemaUrl` is no field of the proto's Resource (the official serializer adds it; receivers ignore it).
 */
function received(json: unknown, key = ''): unknown {
  if (Array.isArray(json)) {
    const items = json.map((item) => received(item, key));
    return items.length === 0 ? undefined : items;
  }
  if (key === 'value' || key === 'arrayValueItem') return anyValue(json as Record<string, unknown>);
  if (json !== null && typeof json === 'object') {
    const entries = Object.entries(json)
      .filter(([name]) => !(key === 'resource' && name === 'schemaUrl'))
      .map(([name, item]) => [name, received(item, name)] as const)
      .filter(([, item]) => item !== undefined);
    return entries.length === 0 && key !== '' ? undefined : Object.fromEntries(entries);
  }
  if (ID_KEYS.has(key)) return json === '' ? undefined : String(json).toLowerCase();
  if (TIME_KEYS.has(key)) return BigInt(json as string | number) === 0n ? undefined : String(BigInt(json as string | number));
  if (typeof json === 'string') return json === '' ? undefined : json.toWellFormed();
  if (json === 0 || json === false || json === null) return undefined;
  return json;
}

function anyValue(value: Record<string, unknown>): unknown {
  const [[kind, item] = []] = Object.entries(value).filter(([, v]) => v !== undefined);
  if (kind === undefined) return {};
  if (kind === 'stringValue') return { stringValue: (item as string).toWellFormed() };
  if (kind === 'intValue') {
    const integer = BigInt(item as string | number);
    return integer >= INT64_LIMIT || integer < -INT64_LIMIT ? { doubleValue: item } : { intValue: String(integer) };
  }
  if (kind === 'bytesValue') return { bytesValue: Buffer.from(item as string, 'base64').toString('base64') };
  if (kind === 'arrayValue') return { arrayValue: { values: ((item as { values?: unknown[] }).values ?? []).map((v) => received(v, 'arrayValueItem')) } };
  if (kind === 'kvlistValue') return { kvlistValue: { values: ((item as { values?: unknown[] }).values ?? []).map((v) => received(v, 'kv') ?? {}) } };
  return { [kind]: item };
}

test(`fw's OTLP/JSON trace body reads as the official JSON serializer's for the same spans (seed ${SEED})`, () => {
  const r = seededRandom(SEED);
  for (let batch = 0; batch < BATCHES; batch += 1) {
    const resource = attributes(r, 4);
    const spanLimits = limits(r);
    const tracer = provider(resource, spanLimits).getTracer(text(r) || 'scope', r.chance(0.5) ? text(r) || undefined : undefined);
    ended.length = 0;
    nextIds.traceId = nextIds.spanId = '';
    // SDK spans: children an app starts, some under a remote parent with a trace state.
    for (let i = r.int(1, 3); i > 0; i -= 1) {
      const parent = r.chance(0.5) ? trace.setSpanContext(ROOT_CONTEXT, { ...spanContext(r), isRemote: r.chance(0.5) }) : ROOT_CONTEXT;
      const span = tracer.startSpan(text(r), { kind: r.int(0, 4) as SpanKind, startTime: time(r), attributes: attributes(r, 5), links: links(r) }, parent);
      calls(r, time(r))(span);
    }
    // fw's lean server span, and an SDK span with its ids, parent, times and calls.
    const leanSpans: LeanServerSpan[] = [];
    if (r.chance(0.7)) {
      const upstream = r.chance(0.6) ? spanContext(r) : undefined;
      const remote = upstream === undefined ? undefined : { traceId: Buffer.from(upstream.traceId, 'hex'), spanId: Buffer.from(upstream.spanId, 'hex'), flags: upstream.traceFlags, traceState: upstream.traceState, isRemote: upstream.isRemote === true };
      const name = text(r);
      let lean: LeanServerSpan | undefined;
      const leanSpan = new LeanServerSpan(name, remote, true, spanLimits, (span) => (lean = span));
      nextIds.traceId = leanSpan.spanContext().traceId;
      nextIds.spanId = leanSpan.spanContext().spanId;
      const parent = upstream === undefined ? ROOT_CONTEXT : trace.setSpanContext(ROOT_CONTEXT, upstream);
      const sdkSpan = tracer.startSpan(name, { kind: SpanKind.SERVER, startTime: leanSpan.startTime as [number, number], root: upstream === undefined }, parent);
      const same = calls(r, time(r));
      same(sdkSpan);
      same(leanSpan);
      assert.ok(lean !== undefined, 'the lean span ended');
      leanSpans.push(lean);
    }
    const { fw, official } = bothBodies(ended, leanSpans);
    assert.deepEqual(fw, official, `batch ${batch} of seed ${SEED} (FW_FUZZ_SEED=${SEED})`);
  }
});

test('attributes given as parsed JSON with a "__proto__" key: the SDK span makes it the prototype, whose keys are no attributes, as in the official body', () => {
  // The SDK's assignment `attributes[key] = value` turns the key into the prototype of the span's (or event's, link's, map's) attributes.
  const parsed = (): Attributes => JSON.parse('{"kept": 1, "__proto__": {"inherited": 2, "also": [3]}, "map": {"__proto__": ["x"], "inner": true}}');
  const tracer = provider({ 'service.name': 'proto' }, readEnvConfig({}).spanLimits).getTracer('proto-keys');
  ended.length = 0;
  nextIds.traceId = nextIds.spanId = '';
  const other = tracer.startSpan('other');
  other.end();
  const span = tracer.startSpan('parsed', { attributes: parsed(), links: [{ context: other.spanContext(), attributes: parsed() }] });
  span.setAttributes(parsed());
  span.addEvent('parsed', parsed());
  span.end();
  const { fw, official } = bothBodies(ended, []);
  assert.deepEqual(fw, official);
  const exported = (official as any).resourceSpans[0].scopeSpans[0].spans[1];
  assert.deepEqual(exported.attributes.map((kv: { key: string }) => kv.key), ['kept', 'map']);
  assert.deepEqual(exported.attributes[1].value, { kvlistValue: { values: [{ key: 'inner', value: { boolValue: true } }] } });
});
