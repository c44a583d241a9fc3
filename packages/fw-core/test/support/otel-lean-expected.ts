/**
 * What the official definitions should decode fw's lean spans to: the input spans rewritten,
 * independently of the encoder, into the plain objects that `decodeTraceRequest` gives
 * (protobufjs toObject: defaults filled in, 64-bit numbers as decimal strings, enums by name,
 * the AnyValue oneof named in `value`), with bytes as lowercase hex.
 */
import type { LeanAnyValue, LeanAttributeBlock, LeanAttributes, LeanEvent, LeanId, LeanLink, LeanResource, LeanScope, LeanSpanData, LeanTime } from '../../src/otel/lean/otlp-trace-encoder.ts';

type Obj = Record<string, unknown>;

const KINDS = ['SPAN_KIND_INTERNAL', 'SPAN_KIND_SERVER', 'SPAN_KIND_CLIENT', 'SPAN_KIND_PRODUCER', 'SPAN_KIND_CONSUMER'];
const STATUS = ['STATUS_CODE_UNSET', 'STATUS_CODE_OK', 'STATUS_CODE_ERROR'];

/** The decoded request with every Uint8Array replaced by its hex. */
export function withHexBytes(value: unknown): unknown {
  if (value instanceof Uint8Array) return Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex');
  if (Array.isArray(value)) return value.map(withHexBytes);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withHexBytes(v)]));
  return value;
}

/**
 * The request as decoded for `spans` in order, grouped by scope in order of first appearance.
 * `blockAttributes` gives the attributes each pre-encoded block was made from.
 */
export function expectedRequest(resource: LeanResource, spans: readonly LeanSpanData[], blockAttributes: Map<LeanAttributeBlock, LeanAttributes>): Obj {
  if (spans.length === 0) return { resourceSpans: [] };
  const scopes = new Map<LeanScope, Obj[]>();
  for (const span of spans) {
    const list = scopes.get(span.scope) ?? [];
    list.push(expectedSpan(span, blockAttributes));
    scopes.set(span.scope, list);
  }
  return {
    resourceSpans: [
      {
        resource: { attributes: keyValues(resource.attributes), droppedAttributesCount: 0, entityRefs: [] },
        scopeSpans: [...scopes].map(([scope, list]) => ({
          scope: { name: scope.name.toWellFormed(), version: (scope.version ?? '').toWellFormed(), attributes: [], droppedAttributesCount: 0 },
          spans: list,
          schemaUrl: (scope.schemaUrl ?? '').toWellFormed(),
        })),
        schemaUrl: (resource.schemaUrl ?? '').toWellFormed(),
      },
    ],
  };
}

function expectedSpan(span: LeanSpanData, blockAttributes: Map<LeanAttributeBlock, LeanAttributes>): Obj {
  const fromBlocks = (span.attributeBlocks ?? []).flatMap((block) => keyValues(blockAttributes.get(block)!));
  return {
    traceId: hex(span.traceId),
    spanId: hex(span.spanId),
    traceState: (span.traceState ?? '').toWellFormed(),
    parentSpanId: span.parentSpanId === undefined ? '' : hex(span.parentSpanId),
    flags: (span.traceFlags & 0xff) | 0x100 | (span.parentIsRemote === true ? 0x200 : 0),
    name: span.name.toWellFormed(),
    kind: KINDS[span.kind],
    startTimeUnixNano: nanos(span.startTime),
    endTimeUnixNano: nanos(span.endTime),
    attributes: [...fromBlocks, ...keyValues(span.attributes ?? {})],
    droppedAttributesCount: span.droppedAttributesCount ?? 0,
    events: (span.events ?? []).map(expectedEvent),
    droppedEventsCount: span.droppedEventsCount ?? 0,
    links: (span.links ?? []).map(expectedLink),
    droppedLinksCount: span.droppedLinksCount ?? 0,
    status: { code: STATUS[span.status?.code ?? 0], message: (span.status?.message ?? '').toWellFormed() },
  };
}

function expectedEvent(event: LeanEvent): Obj {
  return { name: event.name.toWellFormed(), timeUnixNano: nanos(event.time), attributes: keyValues(event.attributes ?? {}), droppedAttributesCount: event.droppedAttributesCount ?? 0 };
}

function expectedLink(link: LeanLink): Obj {
  return {
    traceId: hex(link.traceId),
    spanId: hex(link.spanId),
    traceState: (link.traceState ?? '').toWellFormed(),
    flags: (link.traceFlags & 0xff) | 0x100 | (link.isRemote === true ? 0x200 : 0),
    attributes: keyValues(link.attributes ?? {}),
    droppedAttributesCount: link.droppedAttributesCount ?? 0,
  };
}

function keyValues(attributes: LeanAttributes): Obj[] {
  return Object.entries(attributes)
    // A null value is a key with an empty AnyValue, as the SDK 3's serializer writes it.
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => ({ key: key.toWellFormed(), value: anyValue(value) }));
}

/** An AnyValue as decoded. */
export function anyValue(value: LeanAnyValue): Obj {
  if (value === null || value === undefined) return {};
  if (typeof value === 'string') return { stringValue: value.toWellFormed(), value: 'stringValue' };
  if (typeof value === 'boolean') return { boolValue: value, value: 'boolValue' };
  if (typeof value === 'bigint') return { intValue: String(BigInt.asIntN(64, value)), value: 'intValue' };
  if (typeof value === 'number') {
    if (Number.isInteger(value) && value >= -(2 ** 63) && value < 2 ** 63) return { intValue: String(BigInt(value)), value: 'intValue' };
    return { doubleValue: value, value: 'doubleValue' };
  }
  if (value instanceof Uint8Array) return { bytesValue: hex(value), value: 'bytesValue' };
  if (Array.isArray(value)) return { arrayValue: { values: value.map(anyValue) }, value: 'arrayValue' };
  return { kvlistValue: { values: keyValues(value as LeanAttributes) }, value: 'kvlistValue' };
}

function hex(id: LeanId): string {
  return typeof id === 'string' ? id.toLowerCase() : Buffer.from(id).toString('hex');
}

/** Nanoseconds since the epoch, as a decimal string. */
export function nanos(time: LeanTime): string {
  return String(BigInt(time[0]) * 1_000_000_000n + BigInt(time[1]));
}
