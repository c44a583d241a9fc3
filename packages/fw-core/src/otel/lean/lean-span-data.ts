/**
 * What fw's OTLP trace encoder takes: finished spans as plain data, not the SDK's ReadableSpan,
 * so fw's own span can be encoded as it ends without building SDK objects.
 *
 * Choices made for speed:
 * - Ids are `Uint8Array` (16 or 8 bytes), written as they are: fw's span draws them from a pooled
 *   random buffer and needs hex only when asked. A hex string is accepted too (a parent from
 *   `traceparent`, a link from an API SpanContext) and decoded while it is written, with no
 *   intermediate array.
 * - Times are the API's `HrTime`, `[seconds, nanoseconds]`: what `performance`-based clocks and
 *   `Span.end(time)` give, and it splits into fixed64's two 32-bit halves with exact double
 *   arithmetic. A bigint in nanoseconds would be allocated per time and need bigint shifts to
 *   split: about 42 ns a time against 8.6 ns (bench/otlp-encoder.bench.ts, its last line).
 * - Attributes that repeat across spans (the route's, the socket's) can come pre-encoded as
 *   `LeanAttributeBlock`s (`encodeAttributeBlock`), copied as bytes into every span.
 */

/** A trace or span id: raw bytes, or lowercase or uppercase hex. */
export type LeanId = Uint8Array | string;

/** `[seconds, nanoseconds]` since the Unix epoch, as the API's HrTime. */
export type LeanTime = readonly [seconds: number, nanoseconds: number];

/**
 * An OTLP AnyValue: string, boolean, number (an integer in int64 range is an int_value, any
 * other number a double_value), bigint (int_value, wrapped to 64 bits), bytes, an array
 * (array_value) or a plain object (kvlist_value). `null` and `undefined` in an array are an
 * empty AnyValue; as the value of a key they leave the key out, as the API drops them. Values
 * are trees: a value that contains itself is not supported.
 */
export type LeanAnyValue = string | number | boolean | bigint | Uint8Array | null | undefined | readonly LeanAnyValue[] | LeanAttributes;

/** Attributes (or a kvlist) by key. */
export interface LeanAttributes {
  readonly [key: string]: LeanAnyValue;
}

/** Span attributes encoded once and copied into every span that carries them (`encodeAttributeBlock`). */
export interface LeanAttributeBlock {
  /** The encoded `Span.attributes` fields (field 9), each with its key. */
  readonly bytes: Uint8Array;
  /** How many attributes the block holds (its null and undefined values are left out). */
  readonly count: number;
  /** The attributes it was encoded from, frozen. */
  readonly attributes: LeanAttributes;
  /** The bits of its keys (attribute-key-bits.ts); undefined when a key has none. */
  readonly keyBits?: number | undefined;
}

/** The instrumentation scope spans are grouped under; spans share it by identity. */
export interface LeanScope {
  readonly name: string;
  readonly version?: string | undefined;
  readonly attributes?: LeanAttributes | undefined;
  readonly schemaUrl?: string | undefined;
}

/** The resource every span of a request belongs to. */
export interface LeanResource {
  readonly attributes: LeanAttributes;
  readonly droppedAttributesCount?: number | undefined;
  readonly schemaUrl?: string | undefined;
}

/** The API's span kinds, by their API values (OTLP numbers them one higher). */
export const LeanSpanKind = { INTERNAL: 0, SERVER: 1, CLIENT: 2, PRODUCER: 3, CONSUMER: 4 } as const;

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
  /** W3C trace flags (8 bits). */
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
  /** W3C trace flags (8 bits). */
  readonly traceFlags: number;
  readonly name: string;
  /** The API's SpanKind value (`LeanSpanKind`). */
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
