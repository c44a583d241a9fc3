/**
 * OTLP/JSON (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding; issue 36, item 6):
 * an encoded OTLP/protobuf request transcoded per batch, off the request path, to the proto3 JSON
 * mapping (lowerCamelCase keys, ids as hex, enums as integers, 64-bit integers as strings), so the
 * JSON carries exactly what the protobuf body would. The schema is the messages fw's encoders write:
 * no exponential histogram, since fw's metric exporter chooses no aggregation (explicit buckets).
 */

/** How one field's value is written. A string naming another entry of SCHEMA is that message. */
type FieldKind = 'string' | 'hex' | 'base64' | 'int64' | 'uint64' | 'fixed64' | 'number' | 'bool' | 'double' | string;

type FieldSpec = readonly [name: string, kind: FieldKind, repeated?: true];

const R = true as const;

const SCHEMA: Readonly<Record<string, Readonly<Record<number, FieldSpec>>>> = {
  TraceRequest: { 1: ['resourceSpans', 'ResourceSpans', R] },
  MetricsRequest: { 1: ['resourceMetrics', 'ResourceMetrics', R] },
  // An export's answer: rejected_spans and rejected_data_points are both field 1 of the partial success.
  Response: { 1: ['partialSuccess', 'PartialSuccess'] },
  PartialSuccess: { 1: ['rejectedSpans', 'int64'], 2: ['errorMessage', 'string'] },
  RpcStatus: { 1: ['code', 'number'], 2: ['message', 'string'] }, // google.rpc.Status, a refusal's body (https://opentelemetry.io/docs/specs/otlp/#failures-1)
  ResourceSpans: { 1: ['resource', 'Resource'], 2: ['scopeSpans', 'ScopeSpans', R], 3: ['schemaUrl', 'string'] },
  ResourceMetrics: { 1: ['resource', 'Resource'], 2: ['scopeMetrics', 'ScopeMetrics', R], 3: ['schemaUrl', 'string'] },
  Resource: { 1: ['attributes', 'KeyValue', R], 2: ['droppedAttributesCount', 'number'] },
  Scope: {
    1: ['name', 'string'],
    2: ['version', 'string'],
    3: ['attributes', 'KeyValue', R],
    4: ['droppedAttributesCount', 'number'],
  },
  ScopeSpans: { 1: ['scope', 'Scope'], 2: ['spans', 'Span', R], 3: ['schemaUrl', 'string'] },
  ScopeMetrics: { 1: ['scope', 'Scope'], 2: ['metrics', 'Metric', R], 3: ['schemaUrl', 'string'] },
  Span: {
    1: ['traceId', 'hex'],
    2: ['spanId', 'hex'],
    3: ['traceState', 'string'],
    4: ['parentSpanId', 'hex'],
    16: ['flags', 'number'],
    5: ['name', 'string'],
    6: ['kind', 'number'],
    7: ['startTimeUnixNano', 'uint64'],
    8: ['endTimeUnixNano', 'uint64'],
    9: ['attributes', 'KeyValue', R],
    10: ['droppedAttributesCount', 'number'],
    11: ['events', 'Event', R],
    12: ['droppedEventsCount', 'number'],
    13: ['links', 'Link', R],
    14: ['droppedLinksCount', 'number'],
    15: ['status', 'Status'],
  },
  Event: {
    1: ['timeUnixNano', 'uint64'],
    2: ['name', 'string'],
    3: ['attributes', 'KeyValue', R],
    4: ['droppedAttributesCount', 'number'],
  },
  Link: {
    1: ['traceId', 'hex'],
    2: ['spanId', 'hex'],
    3: ['traceState', 'string'],
    4: ['attributes', 'KeyValue', R],
    5: ['droppedAttributesCount', 'number'],
    6: ['flags', 'number'],
  },
  Status: { 2: ['message', 'string'], 3: ['code', 'number'] },
  KeyValue: { 1: ['key', 'string'], 2: ['value', 'AnyValue'] },
  AnyValue: {
    1: ['stringValue', 'string'],
    2: ['boolValue', 'bool'],
    3: ['intValue', 'int64'],
    4: ['doubleValue', 'double'],
    5: ['arrayValue', 'ArrayValue'],
    6: ['kvlistValue', 'KeyValueList'],
    7: ['bytesValue', 'base64'],
  },
  ArrayValue: { 1: ['values', 'AnyValue', R] },
  KeyValueList: { 1: ['values', 'KeyValue', R] },
  Metric: {
    1: ['name', 'string'],
    2: ['description', 'string'],
    3: ['unit', 'string'],
    5: ['gauge', 'Gauge'],
    7: ['sum', 'Sum'],
    9: ['histogram', 'Histogram'],
  },
  Gauge: { 1: ['dataPoints', 'NumberDataPoint', R] },
  Sum: { 1: ['dataPoints', 'NumberDataPoint', R], 2: ['aggregationTemporality', 'number'], 3: ['isMonotonic', 'bool'] },
  Histogram: { 1: ['dataPoints', 'HistogramDataPoint', R], 2: ['aggregationTemporality', 'number'] },
  NumberDataPoint: {
    7: ['attributes', 'KeyValue', R],
    2: ['startTimeUnixNano', 'uint64'],
    3: ['timeUnixNano', 'uint64'],
    4: ['asDouble', 'double'],
    6: ['asInt', 'int64'],
    8: ['flags', 'number'],
  },
  HistogramDataPoint: {
    9: ['attributes', 'KeyValue', R],
    2: ['startTimeUnixNano', 'uint64'],
    3: ['timeUnixNano', 'uint64'],
    4: ['count', 'uint64'],
    5: ['sum', 'double'],
    6: ['bucketCounts', 'fixed64', R],
    7: ['explicitBounds', 'double', R],
    10: ['flags', 'number'],
    11: ['min', 'double'],
    12: ['max', 'double'],
  },
};

/** An export request's protobuf bytes (an ExportTraceServiceRequest, an ExportMetricsServiceRequest) as OTLP/JSON bytes. */
export function requestToJson(protobuf: Uint8Array, type: 'TraceRequest' | 'MetricsRequest'): Uint8Array {
  return Buffer.from(JSON.stringify(message(protobuf, type)));
}

/** An export's protobuf answer (ExportTraceServiceResponse, ExportMetricsServiceResponse) as its OTLP/JSON object; a field its end cuts short (fw keeps an answer's first 64 KiB) taken as far as it goes. */
export function exportResponseToJson(protobuf: Uint8Array): Record<string, unknown> {
  return message(protobuf, 'Response', true);
}

/** What a collector said (a refusal's, a partial success's message) on one line, controls and format characters as spaces, at most 300 characters. */
export function oneLine(said: string): string {
  const line = said.replace(/[\p{C}\s]+/gu, ' ').trim();
  return line.length > 300 ? `${[...line].slice(0, 300).join('')}…` : line;
}

/** A refused export's reason for fw's log and diag: `HTTP <status>`, then what the collector said (its OTLP Status's message, protobuf or JSON, else its text) as oneLine() has it. */
export function httpRefusal(status: number, body: Uint8Array | string = ''): string {
  const bytes = Buffer.from(typeof body === 'string' ? body.slice(0, 65_536) : body);
  let said: unknown = bytes;
  try {
    // A Status in protobuf begins with a field tag (a control character), in JSON with `{`.
    said = (bytes[0]! < 0x20 ? message(bytes, 'RpcStatus').message : JSON.parse(bytes.toString()).message) ?? bytes;
  } catch {
    // Neither: the collector's text as it is.
  }
  const line = oneLine(String(said));
  return line === '' ? `HTTP ${status}` : `HTTP ${status}: ${line}`;
}

/** The JSON object of one message of type `type`; unknown fields are left out, as a reader of the proto would. */
function message(bytes: Uint8Array, type: string, cut = false): Record<string, unknown> {
  const spec = SCHEMA[type]!;
  const out: Record<string, unknown> = {};
  for (const wire of readFields(bytes, cut)) {
    const field = spec[wire.field];
    if (field === undefined) continue;
    const [name, kind, repeated] = field;
    const values =
      SCHEMA[kind] !== undefined
        ? [message(wire.value as Uint8Array, kind, cut)]
        : scalars(wire, kind, repeated === true);
    if (repeated) ((out[name] ??= []) as unknown[]).push(...values);
    else out[name] = values[0];
  }
  return out;
}

/** Where the bytes of a message name each kind of `bytes` field as a JSON string. */
const BYTES_AS = { string: 'utf8', hex: 'hex', base64: 'base64' } as const;

/** A scalar field's values: one, or (a packed repeated field) all its elements. */
function scalars(wire: WireField, kind: FieldKind, repeated: boolean): unknown[] {
  const encoding = BYTES_AS[kind as keyof typeof BYTES_AS];
  if (encoding !== undefined) return [Buffer.from(wire.value as Uint8Array).toString(encoding)];
  if (wire.wire === 2 && repeated) return unpack(wire.value, kind);
  if (kind === 'double') return [Buffer.from((wire as { bytes: Uint8Array }).bytes).readDoubleLE(0)];
  return [number(wire.value as bigint | number, kind)];
}

/** A varint or fixed value as its JSON: 64-bit integers as decimal strings (proto3 JSON mapping). */
function number(value: bigint | number, kind: FieldKind): unknown {
  const big = BigInt(value);
  if (kind === 'int64') return BigInt.asIntN(64, big).toString();
  if (kind === 'uint64' || kind === 'fixed64') return big.toString();
  if (kind === 'bool') return big !== 0n;
  // uint32, fixed32 and enums as they are; a negative int32 is a 10-byte varint.
  return Number(BigInt.asIntN(64, big));
}

/** The elements of a packed repeated field: a histogram's bucket counts (fixed64) or bounds (doubles). */
function unpack(bytes: Uint8Array, kind: FieldKind): unknown[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: buffer.length >> 3 }, (_, i) =>
    kind === 'double' ? buffer.readDoubleLE(i * 8) : buffer.readBigUInt64LE(i * 8).toString(),
  );
}

/** One field: its number, wire type and value (varint and fixed64 as bigint, length-delimited as bytes). */
type WireField =
  | { readonly field: number; readonly wire: 0; readonly value: bigint }
  | { readonly field: number; readonly wire: 1; readonly value: bigint; readonly bytes: Uint8Array }
  | { readonly field: number; readonly wire: 5; readonly value: number; readonly bytes: Uint8Array }
  | { readonly field: number; readonly wire: 2; readonly value: Uint8Array };

/** The fields of one message, in order; with `cut`, a length-delimited field past its end taken as far as it goes. */
function readFields(bytes: Uint8Array, cut = false): WireField[] {
  const fields: WireField[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const cursor = { at: 0 };
  while (cursor.at < bytes.length) {
    const key = Number(varint(bytes, cursor));
    const field = key >>> 3;
    const wire = key & 7;
    const at = cursor.at;
    if (wire === 0) fields.push({ field, wire, value: varint(bytes, cursor) });
    else if (wire === 1 || wire === 5) {
      const size = wire === 1 ? 8 : 4;
      if (at + size > bytes.length) throw new Error(`protobuf: truncated fixed${size * 8}`);
      const raw = bytes.subarray(at, at + size);
      fields.push(
        wire === 1
          ? { field, wire, value: view.getBigUint64(at, true), bytes: raw }
          : { field, wire, value: view.getUint32(at, true), bytes: raw },
      );
      cursor.at += size;
    } else if (wire === 2) {
      const length = Number(varint(bytes, cursor));
      if (cursor.at + length > bytes.length && !cut) throw new Error('protobuf: truncated length-delimited field');
      fields.push({ field, wire, value: bytes.subarray(cursor.at, cursor.at + length) });
      cursor.at += length;
    } else throw new Error(`protobuf: unsupported wire type ${wire}`);
  }
  return fields;
}

/** The varint at the cursor, which moves past it. */
function varint(bytes: Uint8Array, cursor: { at: number }): bigint {
  let value = 0n;
  for (let shift = 0n; ; shift += 7n) {
    if (cursor.at >= bytes.length || shift > 63n) throw new Error('protobuf: truncated or overlong varint');
    const byte = bytes[cursor.at++]!;
    value |= BigInt(byte & 0x7f) << shift;
    if (byte < 0x80) return value;
  }
}
