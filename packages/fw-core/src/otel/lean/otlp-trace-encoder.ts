/**
 * fw's OTLP/HTTP protobuf trace encoder: an `ExportTraceServiceRequest` (opentelemetry-proto's
 * trace_service.proto and trace.proto) for finished `LeanSpanData`. Spans are encoded as they are
 * added, one buffer per scope; `take()` wraps them with lengths known in advance, so span bytes are
 * copied once. Times become fixed64 halves by exact double arithmetic, no bigint per time
 * (bench/otlp-encoder.bench.ts). Wire format: https://protobuf.dev/programming-guides/encoding/.
 */
import { Buffer } from 'node:buffer';

/** Wire types (encoding guide, "Message Structure"). */
const WIRE_VARINT = 0;
const WIRE_FIXED64 = 1;
const WIRE_LEN = 2;
const WIRE_FIXED32 = 5;

const TWO_32 = 4294967296;
// Strings up to this many UTF-16 units take at most 126 UTF-8 bytes: a one-byte length.
const SHORT_STRING = 42;
// Byte strings up to this long (trace and span ids) are copied byte by byte.
const SHORT_BYTES = 16;

/** Bytes a canonical varint of `value` (0 to 2^32 - 1) takes. */
function varintSize(value: number): number {
  if (value < 0x80) return 1;
  if (value < 0x4000) return 2;
  if (value < 0x200000) return 3;
  if (value < 0x10000000) return 4;
  return 5;
}

/** Writes protobuf fields into one buffer that doubles when full; `finish()` copies the result out. */
class ProtobufWriter {
  /** Valid bytes are [0, pos); replaced when it grows. */
  buf: Buffer;
  pos = 0;

  constructor(initialSize: number) {
    this.buf = Buffer.allocUnsafeSlow(initialSize);
  }

  ensure(n: number): void {
    const need = this.pos + n;
    if (need <= this.buf.length) return;
    let size = Math.max(this.buf.length * 2, 64);
    while (size < need) size *= 2;
    const next = Buffer.allocUnsafeSlow(size);
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** A one-byte tag (every field number below 16) is stored here: small enough to inline where uint32 is not (bench/otlp-encoder.bench.ts). */
  tag(field: number, wireType: number): void {
    const tag = field * 8 + wireType;
    if (tag < 0x80 && this.pos < this.buf.length) this.buf[this.pos++] = tag;
    else this.uint32(tag);
  }

  /** An unsigned varint, 0 to 2^32 - 1. */
  uint32(value: number): void {
    this.ensure(5);
    this.pos = storeVarint(this.buf, this.pos, value);
  }

  /** A 64-bit varint from its unsigned 32-bit halves (int64 two's complement when negative). */
  varint64(lo: number, hi: number): void {
    if (hi === 0) return this.uint32(lo);
    this.ensure(10);
    const buf = this.buf;
    let pos = this.pos;
    // The low 28 bits, then 7 bits straddling the halves, then the high bits.
    for (let i = 0; i < 4; i++) {
      buf[pos++] = (lo & 0x7f) | 0x80;
      lo >>>= 7;
    }
    let mid = (lo | (hi << 4)) & 0x7f;
    hi >>>= 3;
    while (hi !== 0) {
      buf[pos++] = mid | 0x80;
      mid = hi & 0x7f;
      hi >>>= 7;
    }
    buf[pos++] = mid;
    this.pos = pos;
  }

  /** An int64 varint from an integral number in [-2^63, 2^63). */
  int64(value: number): void {
    const hi = Math.floor(value / TWO_32);
    this.varint64(value - hi * TWO_32, hi >>> 0);
  }

  /** An int64 varint from a bigint, wrapped to 64 bits as int64 is. */
  bigint64(value: bigint): void {
    const u = BigInt.asUintN(64, value);
    this.varint64(Number(u & 0xffffffffn), Number(u >> 32n));
  }

  fixed32(value: number): void {
    this.ensure(4);
    this.pos = storeUint32(this.buf, this.pos, value);
  }

  /** A fixed64 from its unsigned 32-bit halves. */
  fixed64(lo: number, hi: number): void {
    this.ensure(8);
    this.pos = storeUint32(this.buf, storeUint32(this.buf, this.pos, lo), hi);
  }

  double(value: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(value, this.pos);
    this.pos += 8;
  }

  /** Bytes as they are, no length (a pre-encoded run of fields). */
  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  bytes(bytes: Uint8Array): void {
    const length = bytes.length;
    // Ids (8 and 16 bytes) are copied in a loop, after their one-byte length: set() costs more to call than that (bench/otlp-encoder.bench.ts).
    if (length > SHORT_BYTES) return void (this.uint32(length), this.raw(bytes));
    this.ensure(1 + length);
    const buf = this.buf;
    let pos = this.pos;
    buf[pos++] = length;
    for (let i = 0; i < length; i++) buf[pos++] = bytes[i]!;
    this.pos = pos;
  }

  /** Length-prefixed bytes from hex (two characters a byte; one that is not hex read as the SDK's serializer reads it). */
  hexBytes(hex: string): void {
    const n = hex.length >>> 1;
    this.uint32(n);
    this.ensure(n);
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < n; i++)
      buf[pos++] = (hexValue(hex.charCodeAt(2 * i)) << 4) | hexValue(hex.charCodeAt(2 * i + 1));
    this.pos = pos;
  }

  /** A length-prefixed UTF-8 string; a lone surrogate becomes U+FFFD, as Buffer writes it. */
  string(value: string): void {
    const length = value.length;
    if (length > SHORT_STRING) return this.longString(value);
    this.ensure(1 + length * 3);
    const buf = this.buf;
    const start = this.pos;
    let pos = start + 1;
    for (let i = 0; i < length; i++) {
      let c = value.charCodeAt(i);
      if (c < 0x80) buf[pos++] = c;
      else if (c < 0x800) {
        buf[pos++] = 0xc0 | (c >> 6);
        buf[pos++] = 0x80 | (c & 0x3f);
      } else {
        if (c >= 0xd800 && c <= 0xdfff) {
          const next = i + 1 < length ? value.charCodeAt(i + 1) : 0;
          if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
            i++;
            buf[pos++] = 0xf0 | (c >> 18);
            buf[pos++] = 0x80 | ((c >> 12) & 0x3f);
            buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
            buf[pos++] = 0x80 | (c & 0x3f);
            continue;
          }
          c = 0xfffd;
        }
        buf[pos++] = 0xe0 | (c >> 12);
        buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
        buf[pos++] = 0x80 | (c & 0x3f);
      }
    }
    buf[start] = pos - start - 1;
    this.pos = pos;
  }

  private longString(value: string): void {
    const max = value.length * 3;
    const body = this.fork(varintSize(max));
    this.ensure(max);
    this.pos += this.buf.write(value, this.pos, 'utf8');
    this.ldelim(body);
  }

  /** Starts a length-delimited body, reserving `reserve` bytes for its length; give the result to `ldelim`. */
  fork(reserve = 1): number {
    this.ensure(reserve);
    const start = this.pos;
    this.pos += reserve;
    return start * 8 + reserve;
  }

  /** Writes the length of the body begun by `fork` (moving the body if the reserve was wrong). */
  ldelim(forked: number): void {
    const reserved = forked & 7;
    const start = (forked - reserved) / 8;
    const bodyStart = start + reserved;
    const length = this.pos - bodyStart;
    const size = varintSize(length);
    if (size !== reserved) {
      this.ensure(size - reserved);
      this.buf.copyWithin(start + size, bodyStart, this.pos);
      this.pos += size - reserved;
    }
    storeVarint(this.buf, start, length);
  }

  /** A copy of what was written: a plain Uint8Array view's copy, cheaper than a Buffer's subarray (bench/otlp-encoder.bench.ts). */
  finish(): Uint8Array {
    return new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.pos).slice();
  }

  reset(): void {
    this.pos = 0;
  }
}

/** The varint of `value` (0 to 2^32 - 1) at `pos`; the position after it. */
function storeVarint(buf: Buffer, pos: number, value: number): number {
  while (value >= 0x80) {
    buf[pos++] = (value & 0x7f) | 0x80;
    value >>>= 7;
  }
  buf[pos++] = value;
  return pos;
}

/** `value`'s low 32 bits, little-endian, at `pos`; the position after them. */
function storeUint32(buf: Buffer, pos: number, value: number): number {
  buf[pos] = value;
  buf[pos + 1] = value >>> 8;
  buf[pos + 2] = value >>> 16;
  buf[pos + 3] = value >>> 24;
  return pos + 4;
}

/** A hex digit's value, as the SDK's serializer reads one (hexToBinary): another character gives what its `code - 55` gives there. */
function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return code - 55;
}

// Field numbers, from the official definitions.
const REQUEST_RESOURCE_SPANS = 1;
const RESOURCE_SPANS = { resource: 1, scopeSpans: 2, schemaUrl: 3 } as const;
const RESOURCE = { attributes: 1 } as const;
const SCOPE_SPANS = { scope: 1, spans: 2, schemaUrl: 3 } as const;
const SCOPE = { name: 1, version: 2 } as const;
const SPAN = {
  traceId: 1,
  spanId: 2,
  traceState: 3,
  parentSpanId: 4,
  name: 5,
  kind: 6,
  start: 7,
  end: 8,
  attributes: 9,
  droppedAttributes: 10,
  events: 11,
  droppedEvents: 12,
  links: 13,
  droppedLinks: 14,
  status: 15,
  flags: 16,
} as const;
const EVENT = { time: 1, name: 2, attributes: 3, droppedAttributes: 4 } as const;
const LINK = { traceId: 1, spanId: 2, traceState: 3, attributes: 4, droppedAttributes: 5, flags: 6 } as const;
const STATUS = { message: 2, code: 3 } as const;
const KEY_VALUE = { key: 1, value: 2 } as const;
const ANY = { string: 1, bool: 2, int: 3, double: 4, array: 5, kvlist: 6, bytes: 7 } as const;
const LIST_VALUES = 1; // ArrayValue.values and KeyValueList.values

// SpanFlags (trace.proto): the W3C flags, then whether the parent's (or link's) is_remote is known, and its value.
const TRACE_FLAGS_MASK = 0xff;
const HAS_IS_REMOTE = 0x100;
const IS_REMOTE = 0x200;

const INT64_LIMIT = 9223372036854775808; // 2^63
// A span is usually 128 to 16383 bytes: a two-byte length saves moving its body.
const SPAN_LENGTH_RESERVE = 2;

/** Encodes `attributes` once as span attributes, to pass in `LeanSpanData.attributeBlocks`; freezes them. */
export function encodeAttributeBlock(attributes: LeanAttributes): LeanAttributeBlock {
  blockWriter.reset();
  const count = writeKeyValues(blockWriter, SPAN.attributes, attributes);
  return { bytes: blockWriter.finish(), count, attributes: Object.freeze(attributes), keyBits: keyBitsOf(attributes) };
}

/** Where blocks are written before `finish()` copies them out: a writer's buffer costs more to allocate than a block to encode (bench/otlp-encoder.bench.ts). */
const blockWriter = new ProtobufWriter(1024);

/** A scope's encoded ScopeSpans fields and the spans of the pending batch. */
interface ScopeBatch {
  readonly parts: EncodedParts;
  readonly spans: ProtobufWriter;
  count: number;
}

/** Collects spans into one OTLP `ExportTraceServiceRequest` for `resource`. */
export class OtlpTraceEncoder {
  readonly #resource: EncodedParts;
  readonly #scopes = new Map<LeanScope, ScopeBatch>();
  /** The scopes with spans in this batch, in order of their first span. */
  #order: ScopeBatch[] = [];

  constructor(resource: LeanResource) {
    this.#resource = encodeResource(resource);
  }

  /** Encodes `span` into the pending batch. */
  add(span: LeanSpanData): void {
    let scope = this.#scopes.get(span.scope);
    if (scope === undefined) {
      scope = { parts: encodeScopeParts(span.scope), spans: new ProtobufWriter(4096), count: 0 };
      this.#scopes.set(span.scope, scope);
    }
    const before = scope.spans.pos;
    try {
      writeSpan(scope.spans, span);
    } catch (error) {
      // Nothing half-written stays in the batch.
      scope.spans.pos = before;
      throw error;
    }
    if (scope.count++ === 0) this.#order.push(scope);
  }

  /** The request for the spans added since the last call (none: an empty request), and starts a new batch. */
  take(): Uint8Array {
    let scopesLength = 0;
    for (const scope of this.#order) {
      const length = scope.parts.size + scope.spans.pos;
      scopesLength += 1 + varintSize(length) + length;
    }
    const length = this.#resource.size + scopesLength;
    // Sized exactly, so the buffer is the request and needs no copy.
    const out = new ProtobufWriter(this.#order.length > 0 ? 1 + varintSize(length) + length : 0);
    if (this.#order.length > 0) {
      out.tag(REQUEST_RESOURCE_SPANS, WIRE_LEN);
      out.uint32(length);
      out.raw(this.#resource.head);
      for (const scope of this.#order) {
        out.tag(RESOURCE_SPANS.scopeSpans, WIRE_LEN);
        out.uint32(scope.parts.size + scope.spans.pos);
        out.raw(scope.parts.head);
        out.raw(scope.spans.buf.subarray(0, scope.spans.pos));
        out.raw(scope.parts.tail);
        scope.spans.reset();
      }
      out.raw(this.#resource.tail);
    }
    // A scope without spans since the last batch is forgotten, so scopes cannot pile up.
    for (const [key, scope] of this.#scopes) if (scope.count === 0) this.#scopes.delete(key);
    for (const scope of this.#order) scope.count = 0;
    this.#order = [];
    return out.buf;
  }
}

/** The fields of a message before and after its repeated children, in field-number order as canonical encoders write them. */
interface EncodedParts {
  readonly head: Uint8Array;
  readonly tail: Uint8Array;
  readonly size: number;
}

/** `head`'s bytes, and the schema_url `field` that follows the children. */
function parts(head: ProtobufWriter, field: number, schemaUrl: string | undefined): EncodedParts {
  const tail = new ProtobufWriter(64);
  writeOptionalString(tail, field, schemaUrl);
  return { head: head.finish(), tail: tail.finish(), size: head.pos + tail.pos };
}

/** ResourceSpans.resource (before the scopes) and ResourceSpans.schema_url (after). */
function encodeResource(resource: LeanResource): EncodedParts {
  const w = new ProtobufWriter(512);
  w.tag(RESOURCE_SPANS.resource, WIRE_LEN);
  const body = w.fork(2);
  writeKeyValues(w, RESOURCE.attributes, resource.attributes);
  w.ldelim(body);
  return parts(w, RESOURCE_SPANS.schemaUrl, resource.schemaUrl);
}

/** ScopeSpans.scope (before the spans) and ScopeSpans.schema_url (after). */
function encodeScopeParts(scope: LeanScope): EncodedParts {
  const w = new ProtobufWriter(256);
  w.tag(SCOPE_SPANS.scope, WIRE_LEN);
  const body = w.fork();
  writeOptionalString(w, SCOPE.name, scope.name);
  writeOptionalString(w, SCOPE.version, scope.version);
  w.ldelim(body);
  return parts(w, SCOPE_SPANS.schemaUrl, scope.schemaUrl);
}

/** One `ScopeSpans.spans` field. Hot path: field by field, no intermediate objects (bench/otlp-encoder.bench.ts). */
function writeSpan(w: ProtobufWriter, span: LeanSpanData): void {
  w.tag(SCOPE_SPANS.spans, WIRE_LEN);
  const body = w.fork(SPAN_LENGTH_RESERVE);
  writeId(w, SPAN.traceId, span.traceId);
  writeId(w, SPAN.spanId, span.spanId);
  writeOptionalString(w, SPAN.traceState, span.traceState);
  if (span.parentSpanId !== undefined) writeId(w, SPAN.parentSpanId, span.parentSpanId);
  writeKept(w, keptSpanNames, SPAN.name, span.name);
  w.tag(SPAN.kind, WIRE_VARINT);
  w.uint32(span.kind + 1);
  writeTime(w, SPAN.start, span.startTime);
  writeTime(w, SPAN.end, span.endTime);
  const blocks = span.attributeBlocks;
  if (blocks !== undefined) for (let i = 0; i < blocks.length; i++) w.raw(blocks[i]!.bytes);
  if (span.attributes !== undefined) writeKeyValues(w, SPAN.attributes, span.attributes);
  writeCount(w, SPAN.droppedAttributes, span.droppedAttributesCount);
  const events = span.events;
  if (events !== undefined) for (let i = 0; i < events.length; i++) writeEvent(w, events[i]!);
  writeCount(w, SPAN.droppedEvents, span.droppedEventsCount);
  const links = span.links;
  if (links !== undefined) for (let i = 0; i < links.length; i++) writeLink(w, links[i]!);
  writeCount(w, SPAN.droppedLinks, span.droppedLinksCount);
  // Always present, as the SDK's exporter writes it; an empty message means unset.
  w.tag(SPAN.status, WIRE_LEN);
  const status = w.fork();
  if (span.status !== undefined) {
    writeOptionalString(w, STATUS.message, span.status.message);
    writeCount(w, STATUS.code, span.status.code);
  }
  w.ldelim(status);
  w.tag(SPAN.flags, WIRE_FIXED32);
  w.fixed32(spanFlags(span.traceFlags, span.parentIsRemote));
  w.ldelim(body);
}

function writeEvent(w: ProtobufWriter, event: LeanEvent): void {
  w.tag(SPAN.events, WIRE_LEN);
  const body = w.fork();
  writeTime(w, EVENT.time, event.time);
  writeOptionalString(w, EVENT.name, event.name);
  if (event.attributes !== undefined) writeKeyValues(w, EVENT.attributes, event.attributes);
  writeCount(w, EVENT.droppedAttributes, event.droppedAttributesCount);
  w.ldelim(body);
}

function writeLink(w: ProtobufWriter, link: LeanLink): void {
  w.tag(SPAN.links, WIRE_LEN);
  const body = w.fork();
  writeId(w, LINK.traceId, link.traceId);
  writeId(w, LINK.spanId, link.spanId);
  writeOptionalString(w, LINK.traceState, link.traceState);
  if (link.attributes !== undefined) writeKeyValues(w, LINK.attributes, link.attributes);
  writeCount(w, LINK.droppedAttributes, link.droppedAttributesCount);
  w.tag(LINK.flags, WIRE_FIXED32);
  w.fixed32(spanFlags(link.traceFlags, link.isRemote));
  w.ldelim(body);
}

/** As the SDK's exporter: is_remote is always "known", false when not given. */
function spanFlags(traceFlags: number, isRemote: boolean | undefined): number {
  return (traceFlags & TRACE_FLAGS_MASK) | HAS_IS_REMOTE | (isRemote === true ? IS_REMOTE : 0);
}

function writeId(w: ProtobufWriter, field: number, id: LeanId): void {
  w.tag(field, WIRE_LEN);
  if (typeof id === 'string') w.hexBytes(id);
  else w.bytes(id);
}

/**
 * A fixed64 of nanoseconds from [seconds, nanoseconds] without bigint, as the SDK's serializer computes it (writeHrTimeAsFixed64):
 * exact for whole numbers, the full path's bits for any other (a fraction of a second, a negative one, NaN).
 */
function writeTime(w: ProtobufWriter, field: number, [seconds, nanos]: LeanTime): void {
  const lower = (seconds & 0xffff) * 1e9;
  const upper = ((seconds / 65536) >>> 0) * 1e9;
  const low = (lower >>> 0) + (((upper & 0xffff) * 65536) >>> 0) + nanos;
  w.tag(field, WIRE_FIXED64);
  w.fixed64(low >>> 0, (Math.floor(lower / TWO_32) + ((upper / 65536) >>> 0) + Math.floor(low / TWO_32)) >>> 0);
}

/** A uint32 field, left out when zero or absent (proto3 default). */
function writeCount(w: ProtobufWriter, field: number, value: number | undefined): void {
  if (value === undefined || value === 0) return;
  w.tag(field, WIRE_VARINT);
  w.uint32(value);
}

/** A string field, left out when empty or absent (proto3 default). */
function writeOptionalString(w: ProtobufWriter, field: number, value: string | undefined): void {
  if (value === undefined || value === '') return;
  w.tag(field, WIRE_LEN);
  w.string(value);
}

/** `attributes` as repeated KeyValue `field`; returns how many. A null value is a key with an empty AnyValue (the SDK keeps it), undefined is left out. */
function writeKeyValues(w: ProtobufWriter, field: number, attributes: LeanAttributes): number {
  // The SDK's assignment turns a `__proto__` key (JSON.parse makes one) into its attributes object's prototype, whose keys the
  // official serializers (Object.keys) do not export: own keys only, checked once per object rather than per key.
  const proto: unknown = Object.getPrototypeOf(attributes);
  if (proto !== Object.prototype && proto !== null) attributes = { ...attributes };
  let count = 0;
  for (const key in attributes) {
    const value = attributes[key];
    if (value === undefined) continue;
    w.tag(field, WIRE_LEN);
    const body = w.fork();
    writeKept(w, keptKeys, KEY_VALUE.key, key);
    w.tag(KEY_VALUE.value, WIRE_LEN);
    const any = w.fork();
    writeAnyValue(w, value);
    w.ldelim(any);
    w.ldelim(body);
    count++;
  }
  return count;
}

/**
 * A string field whose bytes (tag, length, UTF-8) are kept in `kept` for the first MAX_KEPT values of up to
 * MAX_KEPT_LENGTH characters: attribute keys and span names repeat on every span, and copying bytes
 * costs less than encoding characters (bench/otlp-encoder.bench.ts). Bounded, as user code sets both.
 */
function writeKept(w: ProtobufWriter, kept: Map<string, Uint8Array>, field: number, value: string): void {
  let bytes = kept.get(value);
  if (bytes === undefined) {
    if (kept.size >= MAX_KEPT || value.length > MAX_KEPT_LENGTH) {
      w.tag(field, WIRE_LEN);
      return w.string(value);
    }
    keptWriter.reset();
    keptWriter.tag(field, WIRE_LEN);
    keptWriter.string(value);
    bytes = keptWriter.finish();
    kept.set(value, bytes);
  }
  w.raw(bytes);
}

const MAX_KEPT = 512;
const MAX_KEPT_LENGTH = 64;
const keptWriter = new ProtobufWriter(256);
const keptKeys = new Map<string, Uint8Array>();
const keptSpanNames = new Map<string, Uint8Array>();

/** The body of an AnyValue: the one field of its `value` oneof, or nothing for null and undefined. */
function writeAnyValue(w: ProtobufWriter, value: LeanAnyValue): void {
  switch (typeof value) {
    case 'string':
      w.tag(ANY.string, WIRE_LEN);
      return w.string(value);
    case 'boolean':
      w.tag(ANY.bool, WIRE_VARINT);
      return w.uint32(value ? 1 : 0);
    case 'number':
      if (Number.isInteger(value) && value >= -INT64_LIMIT && value < INT64_LIMIT) {
        w.tag(ANY.int, WIRE_VARINT);
        return w.int64(value);
      }
      w.tag(ANY.double, WIRE_FIXED64);
      return w.double(value);
    case 'bigint':
      w.tag(ANY.int, WIRE_VARINT);
      return w.bigint64(value);
    case 'object':
      if (value === null) return;
      if (value instanceof Uint8Array) {
        w.tag(ANY.bytes, WIRE_LEN);
        return w.bytes(value);
      }
      return Array.isArray(value) ? writeArrayValue(w, value) : writeKvlistValue(w, value as LeanAttributes);
    default:
      return;
  }
}

function writeArrayValue(w: ProtobufWriter, values: readonly LeanAnyValue[]): void {
  w.tag(ANY.array, WIRE_LEN);
  const body = w.fork();
  for (let i = 0; i < values.length; i++) {
    w.tag(LIST_VALUES, WIRE_LEN);
    const item = w.fork();
    writeAnyValue(w, values[i]);
    w.ldelim(item);
  }
  w.ldelim(body);
}

function writeKvlistValue(w: ProtobufWriter, values: LeanAttributes): void {
  w.tag(ANY.kvlist, WIRE_LEN);
  const body = w.fork();
  writeKeyValues(w, LIST_VALUES, values);
  w.ldelim(body);
}

/**
 * One bit per attribute key for the first 30 keys (small integers: masks stay unboxed), so a span
 * tells whether it holds a key with one AND (bench/telemetry-instructions.bench.ts); a later key gets 0.
 */
const MAX_KEYS = 30;
const bits = new Map<string, number>();

/** `key`'s bit, or 0 when the 30 bits are taken by other keys. */
export function keyBit(key: string): number {
  const bit = bits.get(key);
  if (bit !== undefined) return bit;
  if (bits.size >= MAX_KEYS) return 0;
  const next = 1 << bits.size;
  bits.set(key, next);
  return next;
}

/** The bits of the keys of `attributes` that are written (all but undefined ones), or undefined when one of them has no bit. */
function keyBitsOf(attributes: Readonly<Record<string, unknown>>): number | undefined {
  let mask = 0;
  for (const key in attributes) {
    if (attributes[key] === undefined) continue;
    const bit = keyBit(key);
    if (bit === 0) return undefined;
    mask |= bit;
  }
  return mask;
}

/** A trace or span id: raw bytes, or lowercase or uppercase hex. */
export type LeanId = Uint8Array | string;

/** `[seconds, nanoseconds]` since the Unix epoch, as the API's HrTime. */
export type LeanTime = readonly [seconds: number, nanoseconds: number];

/**
 * An OTLP AnyValue: an integer in int64 range is an int_value, any other number a double_value, a bigint
 * an int_value wrapped to 64 bits; `null`/`undefined` are an empty AnyValue in an array; `null` is one as a key's value too, where `undefined` leaves the key out.
 */
export type LeanAnyValue =
  string | number | boolean | bigint | Uint8Array | null | undefined | readonly LeanAnyValue[] | LeanAttributes;

/** Attributes (or a kvlist) by key. */
export interface LeanAttributes {
  readonly [key: string]: LeanAnyValue;
}

/** Span attributes encoded once (`Span.attributes` fields) and copied into every span that carries them. */
export interface LeanAttributeBlock {
  readonly bytes: Uint8Array;
  /** How many attributes the block holds (its undefined values are left out). */
  readonly count: number;
  /** The attributes it was encoded from, frozen. */
  readonly attributes: LeanAttributes;
  /** The bits of its keys (keyBit); undefined when a key has none. */
  readonly keyBits?: number | undefined;
}

/** The instrumentation scope spans are grouped under; spans share it by identity. */
export interface LeanScope {
  readonly name: string;
  readonly version?: string | undefined;
  readonly schemaUrl?: string | undefined;
}

/** The resource every span of a request belongs to. */
export interface LeanResource {
  readonly attributes: LeanAttributes;
  readonly schemaUrl?: string | undefined;
}

/** An event (an exception is an event named `exception`). */
export interface LeanEvent {
  readonly name: string;
  readonly time: LeanTime;
  readonly attributes?: LeanAttributes | undefined;
  readonly droppedAttributesCount?: number | undefined;
}

/** A link to another span context. */
export interface LeanLink {
  readonly traceId: LeanId;
  readonly spanId: LeanId;
  readonly traceState?: string | undefined;
  readonly traceFlags: number;
  /** Whether the linked context came from another process; undefined when not known. */
  readonly isRemote?: boolean | undefined;
  readonly attributes?: LeanAttributes | undefined;
  readonly droppedAttributesCount?: number | undefined;
}

/** A finished span. */
export interface LeanSpanData {
  readonly scope: LeanScope;
  readonly traceId: LeanId;
  readonly spanId: LeanId;
  readonly traceState?: string | undefined;
  readonly parentSpanId?: LeanId | undefined;
  /** Whether the parent came from another process (`traceparent`); false for a root span. */
  readonly parentIsRemote?: boolean | undefined;
  readonly traceFlags: number;
  readonly name: string;
  /** The API's SpanKind value (OTLP numbers kinds one higher). */
  readonly kind: number;
  readonly startTime: LeanTime;
  readonly endTime: LeanTime;
  /** Pre-encoded attributes, written before `attributes`. */
  readonly attributeBlocks?: readonly LeanAttributeBlock[] | undefined;
  readonly attributes?: LeanAttributes | undefined;
  readonly droppedAttributesCount?: number | undefined;
  readonly events?: readonly LeanEvent[] | undefined;
  readonly droppedEventsCount?: number | undefined;
  readonly links?: readonly LeanLink[] | undefined;
  readonly droppedLinksCount?: number | undefined;
  /** The API's status codes: 0 unset, 1 ok, 2 error (the same numbers as OTLP). */
  readonly status?: { readonly code: number; readonly message?: string | undefined } | undefined;
}
