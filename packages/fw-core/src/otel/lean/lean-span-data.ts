/**
 * What fw's OTLP trace encoder takes: finished spans as plain data, not the SDK's ReadableSpan.
 * Ids are bytes (fw's span draws them from a pooled buffer) or hex (a `traceparent` parent, a
 * link), written without an intermediate array. Times are the API's HrTime, which splits into
 * fixed64's halves with exact double arithmetic (a bigint would be allocated per time:
 * bench/otlp-encoder.bench.ts). Attributes that repeat across spans can come pre-encoded as blocks.
 */

/** A trace or span id: raw bytes, or lowercase or uppercase hex. */
export type LeanId = Uint8Array | string;

/** `[seconds, nanoseconds]` since the Unix epoch, as the API's HrTime. */
export type LeanTime = readonly [seconds: number, nanoseconds: number];

/**
 * An OTLP AnyValue: an integer in int64 range is an int_value, any other number a double_value,
 * a bigint an int_value wrapped to 64 bits, an array an array_value, a plain object a
 * kvlist_value. `null`/`undefined` are an empty AnyValue in an array and leave a key out.
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
