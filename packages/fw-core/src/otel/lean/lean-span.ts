/**
 * fw's own server span for the lean path (issue 16), implementing the API's `Span`: ids made only
 * when asked for, plain attributes (or pre-encoded blocks), one `onEnd` instead of a processor chain.
 * Limits, status and times follow the SDK's rules for every input (issue 36, item 8); its clock is an
 * SDK span's, shared with SDK children (child-span-clock.ts). Ids are bytes from a pool filled by one
 * `randomFillSync` per 16 KiB (bench/span-ids.bench.ts). On the W3C fast path `traceparent` is parsed here
 * (https://www.w3.org/TR/trace-context/#traceparent-header), `tracestate` as the official propagator does.
 */
import {
  type Attributes,
  type AttributeValue,
  type Context,
  diag,
  type Exception,
  type HrTime,
  isSpanContextValid,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  type SpanContext,
  type SpanStatus,
  SpanStatusCode,
  type TimeInput,
  trace,
  type TraceState,
} from '@opentelemetry/api';
import { randomFillSync } from 'node:crypto';
import { monotonicMs, TIME_ORIGIN_MS, wallMsAt } from '../../stream/clock.ts';
import type { SpanLimits } from '../env-config.ts';
import { traceStateOf } from '../propagation/trace-state.ts';
import {
  encodeAttributeBlock,
  keyBit,
  type LeanAttributeBlock,
  type LeanAttributes,
  type LeanEvent,
  type LeanTime,
} from './otlp-trace-encoder.ts';

/** A span's clock: its start in Unix time and the `performance.now()` reading it was taken at. */
export interface SpanClock {
  readonly start: readonly [number, number];
  readonly startMs: number;
}

/** Where fw's lean span offers its clock to the SDK spans started in it (child-span-clock.ts). */
export const SPAN_CLOCK = Symbol('fw.spanClock');

/** The clocks of this process's latest 1024 spans by span id (hex), for a span started under a context that only names one. */
export const recentClocks = new Map<string, SpanClock>();

/** Remembers the clock of span `spanId`, forgetting the oldest: a span's own clock is at most about 1 ms off, so only the latest spans matter. */
export function rememberClock(spanId: string, clock: SpanClock): void {
  if (recentClocks.set(spanId, clock).size > 1024) recentClocks.delete(recentClocks.keys().next().value!);
}

const UNSET_STATUS: SpanStatus = Object.freeze({ code: SpanStatusCode.UNSET });
const NONE: readonly never[] = Object.freeze([]);
/** The end of a span that was not sampled: no time is made for what is never exported. */
const UNSAMPLED_END: LeanTime = Object.freeze([0, 0]) as unknown as LeanTime;

/** The server span. `onEnd` receives it once, when it ends and was sampled. */
export class LeanServerSpan implements Span {
  name: string;
  /** The start as a `performance.now()` reading (the exchange's), and in Unix milliseconds (whole unless on a parent's clock). */
  readonly startMs: number;
  readonly startWallMs: number;
  endTime: LeanTime | undefined;
  /** Attributes set one by one; those of `blocks` are not among them. */
  readonly ownAttributes: Attributes = {};
  /** Attributes set pre-encoded (`setEncodedAttributes`): no key in two of them, nor in `ownAttributes`. */
  blocks: LeanAttributeBlock[] | undefined;
  droppedAttributesCount = 0;
  // Events, links and a status of its own are rare on a server span: made only when used.
  #events: Required<LeanEvent>[] | undefined;
  droppedEventsCount = 0;
  #links: Link[] | undefined;
  droppedLinksCount = 0;
  status: SpanStatus = UNSET_STATUS;
  #startTime: LeanTime | undefined;
  #clockKept = false;
  private traceIdBytes: Uint8Array | undefined;
  private spanIdBytes: Uint8Array | undefined;
  private context: SpanContext | undefined;
  private attributeCount = 0;
  /** The bits of every key the span holds, own or in a block (keyBit); undefined once it holds a key without one. */
  private heldKeys: number | undefined = 0;
  readonly parent: RemoteParent | undefined;
  readonly sampled: boolean;
  private readonly limits: SpanLimits;
  private readonly onEnd: (span: LeanServerSpan) => void;

  /** `traceId`: one a sampler drew (else the parent's or a new one); `startMs`: the exchange's start. */
  constructor(
    name: string,
    parent: RemoteParent | undefined,
    sampled: boolean,
    limits: SpanLimits,
    onEnd: (span: LeanServerSpan) => void,
    traceId?: Uint8Array,
    startMs?: number,
  ) {
    this.name = name;
    this.traceIdBytes = traceId;
    this.parent = parent;
    this.sampled = sampled;
    this.limits = limits;
    this.onEnd = onEnd;
    this.startMs = startMs ?? monotonicMs();
    // A parent of this process (an in-process call: a span here injected the traceparent) lends its clock, as to an SDK span (child-span-clock.ts).
    const clock = parent === undefined || recentClocks.size === 0 ? undefined : recentClocks.get(toHex(parent.spanId));
    if (clock !== undefined) this.#startTime = addMs(clock.start, this.startMs - clock.startMs);
    this.startWallMs =
      this.#startTime === undefined ? wallMsAt(this.startMs) : this.#startTime[0] * 1e3 + this.#startTime[1] / 1e6;
  }

  /** As recorded: every field set, at the Unix time the SDK's span would export. */
  get events(): readonly Required<LeanEvent>[] {
    return this.#events ?? NONE;
  }

  get links(): readonly Link[] {
    return this.#links ?? NONE;
  }

  get [SPAN_CLOCK](): SpanClock {
    return { start: this.startTime, startMs: this.startMs };
  }

  get startTime(): LeanTime {
    return (this.#startTime ??= millisToTime(this.startWallMs));
  }

  /** The Unix time of the `performance.now()` reading `ms`, as the SDK's span would give it. */
  timeAt(ms: number): HrTime {
    return addMs(this.startTime, ms - this.startMs);
  }

  get traceId(): Uint8Array {
    return (this.traceIdBytes ??= this.parent?.traceId ?? randomId(16));
  }

  get spanId(): Uint8Array {
    return (this.spanIdBytes ??= randomId(8));
  }

  spanContext(): SpanContext {
    // Whoever asks, but fw's log line (logContext), may hand this context on (a propagator's inject): a span started under it takes this clock.
    if (this.sampled && !this.#clockKept) rememberClock(this.logContext().spanId, this[SPAN_CLOCK]);
    this.#clockKept = true;
    return this.logContext();
  }

  /** The span context for fw's log line, which never hands it on: its clock is not kept (a map entry per request, bench/telemetry.bench.ts). */
  logContext(): SpanContext {
    return (this.context ??= {
      traceId: toHex(this.traceId),
      spanId: toHex(this.spanId),
      traceFlags: this.sampled ? 1 : 0,
      // The upstream's, parsed once (parseTraceparent); the export sends the same list.
      ...(this.parent?.traceState === undefined ? {} : { traceState: this.parent.traceState }),
    });
  }

  setAttribute(key: string, value: AttributeValue | undefined): this {
    // null is a value (an empty one), as the SDK 3 keeps it. `__proto__` is new each time, as in the SDK, whose assignment sets a prototype: counted, never kept.
    if (this.ignores() || value === undefined) return this;
    if (key.length === 0) return leftOut(this, `Invalid attribute key: ${key}`);
    const own = this.ownAttributes;
    const bit = keyBit(key);
    const held = this.heldKeys;
    // A key whose bit the span does not hold is new; else it is looked up (own keys only: `toString` is
    // not set because Object.prototype has it): one held by a block first moves that block's attributes here.
    const isNew =
      (held !== undefined && bit !== 0 && (held & bit) === 0) ||
      (!Object.hasOwn(own, key) && !(this.blocks !== undefined && this.unblock(key)));
    if (isNew && this.attributeCount >= this.limits.attributeCountLimit) {
      // No diag line, unlike the SDK's span: fw sets the request's attributes after the start (docs/telemetry.md).
      this.droppedAttributesCount += 1;
      return this;
    }
    // As the SDK 3: what OpenTelemetry has no value for (a bigint, a Date, a function) is left out.
    if (typeof value !== 'string' && !isAnyValue(value))
      return leftOut(this, `Invalid attribute value set for key: ${key}`);
    if (isNew) {
      this.attributeCount += 1;
      this.heldKeys = held === undefined || bit === 0 ? undefined : held | bit;
    }
    if (key !== '__proto__') own[key] = truncate(value, this.limits.attributeValueLengthLimit);
    return this;
  }

  /** A frozen `attributes` (otel_fw_plugin's per route) that setAttribute would keep as it is is encoded once and its bytes copied into each span (setEncodedAttributes). */
  setAttributes(attributes: Attributes): this {
    const block = attributes instanceof Object && this.isRecording() ? encodedBlockOf(attributes) : null;
    return block === null ? this.setEachAttribute(attributes) : this.setEncodedAttributes(block);
  }

  /**
   * `block.attributes`, as `setAttributes`; when all are kept as they are (no key set before, within
   * the limits) the span keeps the block, whose bytes the export copies.
   */
  setEncodedAttributes(block: LeanAttributeBlock): this {
    if (this.ignores()) return this;
    const fits =
      this.limits.attributeValueLengthLimit === Infinity &&
      this.attributeCount + block.count <= this.limits.attributeCountLimit;
    if (!fits || (this.attributeCount > 0 && this.holdsAnyOf(block)))
      return this.setEachAttribute(block.attributes as Attributes);
    // Literals for the first two (the connection's, otel_fw_plugin's): a push allocates room for 17 (bench/telemetry-instructions.bench.ts).
    const blocks = this.blocks;
    this.blocks = blocks === undefined ? [block] : blocks.length === 1 ? [blocks[0]!, block] : blocks.concat(block);
    this.attributeCount += block.count;
    const held = this.heldKeys;
    this.heldKeys = held === undefined || block.keyBits === undefined ? undefined : held | block.keyBits;
    return this;
  }

  private setEachAttribute(attributes: Attributes): this {
    for (const key in attributes) if (Object.hasOwn(attributes, key)) this.setAttribute(key, attributes[key]);
    return this;
  }

  /** Whether a key of `block` is set already: one AND when every key involved has a bit. */
  private holdsAnyOf(block: LeanAttributeBlock): boolean {
    const held = this.heldKeys;
    if (held !== undefined && block.keyBits !== undefined) return (held & block.keyBits) !== 0;
    const attributes = block.attributes;
    for (const key in attributes)
      if (attributes[key] != null && (Object.hasOwn(this.ownAttributes, key) || this.blockOf(key) !== undefined))
        return true;
    return false;
  }

  private blockOf(key: string): LeanAttributeBlock | undefined {
    // find(), not for-of (an iterator): this runs for each key that the key bits cannot answer for.
    return this.blocks?.find((block) => Object.hasOwn(block.attributes, key) && block.attributes[key] != null);
  }

  /** When a block holds `key`: its attributes become own ones (already counted) and it is dropped. */
  private unblock(key: string): boolean {
    const block = this.blockOf(key);
    if (block === undefined) return false;
    this.blocks = this.blocks!.filter((other) => other !== block);
    for (const name in block.attributes)
      if (block.attributes[name] != null) this.ownAttributes[name] = block.attributes[name] as AttributeValue;
    return true;
  }

  addEvent(name: string, attributesOrTime?: Attributes | TimeInput, time?: TimeInput): this {
    if (this.ignores()) return this;
    const events = (this.#events ??= []);
    // As the SDK's span: over the limit, the oldest makes room (none is there with a limit of 0).
    if (events.length >= this.limits.eventCountLimit) {
      if (this.droppedEventsCount++ === 0 && events.length > 0) diag.debug('Dropping extra events.');
      if (events.shift() === undefined) return leftOut(this, 'No events allowed.');
    }
    // As the SDK: a time in second place is the time unless a third argument is one.
    const isTime = isTimeInput(attributesOrTime);
    const at = isTime && !isTimeInput(time) ? attributesOrTime : time;
    const { kept, dropped } = limited(
      isTime ? {} : ((attributesOrTime as Attributes | undefined) ?? {}),
      this.limits.attributePerEventCountLimit,
      this.limits.attributeValueLengthLimit,
      isSimpleValue,
    );
    events.push({
      name,
      time: timeFromInput(this, at),
      attributes: kept as LeanAttributes,
      droppedAttributesCount: dropped,
    });
    return this;
  }

  addLink(link: Link): this {
    if (this.ignores()) return this;
    const links = (this.#links ??= []);
    if (links.length >= this.limits.linkCountLimit) {
      if (this.droppedLinksCount++ === 0 && links.length > 0) diag.debug('Dropping extra links.');
      if (links.shift() === undefined) return this;
    }
    const { kept, dropped } = limited(
      link.attributes ?? {},
      this.limits.attributePerLinkCountLimit,
      this.limits.attributeValueLengthLimit,
      isAnyValue,
    );
    links.push({ context: link.context, attributes: kept, droppedAttributesCount: dropped });
    return this;
  }

  addLinks(links: Link[]): this {
    for (const link of links) this.addLink(link);
    return this;
  }

  setStatus(status: SpanStatus): this {
    if (this.ignores()) return this;
    // The API's rule: OK is final, and UNSET never overrides a status set before.
    if (this.status.code === SpanStatusCode.OK || status.code === SpanStatusCode.UNSET) return this;
    // As the SDK's span: a description only for ERROR, and only a string.
    const message = status.code === SpanStatusCode.ERROR ? status.message : undefined;
    if (message != null && typeof message !== 'string')
      diag.warn(`Dropping invalid status.message of type '${typeof message}', expected 'string'`);
    this.status = typeof message === 'string' ? { code: status.code, message } : { code: status.code };
    return this;
  }

  updateName(name: string): this {
    if (!this.ignores()) this.name = name;
    return this;
  }

  /** Ends the span at `endTime` (the SDK's reading of a TimeInput), else now; an end before the start is the start, as in the SDK. */
  end(endTime?: TimeInput): void {
    if (!this.sampled) {
      this.endTime ??= UNSAMPLED_END;
      return;
    }
    if (this.ignores())
      return diag.error(
        `${this.name} ${toHex(this.traceId)}-${toHex(this.spanId)} - You can only call end() on a span once.`,
      );
    const time = timeFromInput(this, endTime);
    const start = this.startTime;
    this.endTime =
      time[0] < start[0] || (time[0] === start[0] && time[1] < start[1])
        ? leftOut(
            start,
            'Inconsistent start and end time, startTime > endTime. Setting span duration to 0ms.',
            start,
            time,
          )
        : time;
    if (this.droppedEventsCount > 0)
      diag.warn(`Dropped ${this.droppedEventsCount} events because eventCountLimit reached`);
    if (this.droppedLinksCount > 0) diag.warn(`Dropped ${this.droppedLinksCount} links because linkCountLimit reached`);
    this.onEnd(this);
  }

  isRecording(): boolean {
    return this.sampled && this.endTime === undefined;
  }

  /** Whether a call changes nothing: a span not sampled records nothing (the SDK's makes none); an ended one says so to diag, as the SDK's span. */
  private ignores(): boolean {
    if (this.endTime === undefined || !this.sampled) return !this.sampled;
    const ids = `{traceId: ${toHex(this.traceId)}, spanId: ${toHex(this.spanId)}}`;
    return leftOut(
      true,
      `Cannot execute the operation on ended Span ${ids}`,
      new Error(`Operation attempted on ended Span ${ids}`),
    );
  }

  recordException(exception: Exception, time?: TimeInput): void {
    // As the SDK's span: empty values count as absent; an exception with neither a type nor a message is no event, and a warning
    // when sampled. A Symbol (`throw Symbol()`) is warned of too, where the SDK's span throws a TypeError writing it: no API call throws.
    const attributes: Attributes = {};
    if (typeof exception === 'string') attributes['exception.message'] = exception;
    else if (exception) {
      const { name, message, stack, code } = exception as {
        name?: string;
        message?: string;
        stack?: string;
        code?: string | number;
      };
      if (code) attributes['exception.type'] = code.toString();
      else if (name) attributes['exception.type'] = name;
      if (message) attributes['exception.message'] = message;
      if (stack) attributes['exception.stacktrace'] = stack;
    }
    if (attributes['exception.type'] || attributes['exception.message']) this.addEvent('exception', attributes, time);
    else if (this.sampled) diag.warn(`Failed to record an exception ${String(exception)}`);
  }
}

const encodedBlocks = new WeakMap<Attributes, LeanAttributeBlock | null>();

/** The block of a frozen attributes object (kept ones are frozen: no Object.isFrozen, a runtime call), encoded on first use; null unless setAttribute keeps each as it is (a plain object, no empty key, simple values). */
function encodedBlockOf(attributes: Attributes): LeanAttributeBlock | null {
  let block = encodedBlocks.get(attributes);
  if (block === undefined) {
    if (!Object.isFrozen(attributes)) return null;
    const kept =
      [Object.prototype, null].includes(Object.getPrototypeOf(attributes)) &&
      Object.entries(attributes).every(
        ([key, value]) => key !== '' && key !== '__proto__' && (value === undefined || isSimpleValue(value)),
      );
    block = kept ? encodeAttributeBlock(attributes as LeanAttributes) : null;
    encodedBlocks.set(attributes, block);
  }
  return block;
}

/** `attributes` as the SDK's cleanAttributes: undefined left out; past `count`, an empty key or not `valid`, dropped and counted; cut to `length`; `__proto__` counted, not kept. */
function limited(
  attributes: Attributes,
  count: number,
  length: number,
  valid: (value: unknown) => boolean,
): { kept: Attributes; dropped: number } {
  const kept: Attributes = {};
  let taken = 0;
  let dropped = 0;
  for (const [key, value] of Object.entries(typeof attributes === 'object' && attributes !== null ? attributes : {})) {
    if (value === undefined) continue;
    if (taken >= count) dropped += 1;
    else if (key.length === 0 || !valid(value))
      dropped += leftOut(
        1,
        key.length === 0 ? `Invalid attribute key: ${key}` : `Invalid attribute value set for key: ${key}`,
      );
    else {
      taken += 1;
      if (key !== '__proto__') kept[key] = truncate(value, length);
    }
  }
  return { kept, dropped };
}

/** `value`, after the SDK's diag warning for what it leaves out. */
function leftOut<T>(value: T, message: string, ...args: unknown[]): T {
  diag.warn(message, ...args);
  return value;
}

/** An OpenTelemetry AnyValue, as the SDK 3's isAnyValue: a scalar, null, bytes, or an array or plain object of them, without cycles. */
function isAnyValue(value: unknown, path: readonly object[] = []): boolean {
  if (
    typeof value === 'string' ||
    typeof value === 'number' ||
    typeof value === 'boolean' ||
    value === null ||
    value instanceof Uint8Array
  )
    return true;
  if (typeof value !== 'object' || path.includes(value)) return false;
  const inner = [...path, value];
  const valid = (item: unknown): boolean => item === undefined || isAnyValue(item, inner);
  if (Array.isArray(value)) return value.every(valid);
  const { constructor } = value as { constructor?: unknown };
  return (constructor === Object || constructor === undefined) && Object.values(value).every(valid);
}

/** A value of the API's simple attributes (an event's), as the SDK's isSimpleAttributeValue: a scalar, or an array of one scalar type and nulls. */
function isSimpleValue(value: unknown): boolean {
  if (!Array.isArray(value))
    return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
  const types = new Set(value.filter((item) => item != null).map((item) => typeof item));
  return types.size <= 1 && [...types].every((type) => type === 'string' || type === 'number' || type === 'boolean');
}

/** `value` with every string cut and byte array sliced to `length`, arrays and maps copied (own keys), as the SDK 3's copyAndTruncAnyValue. */
function truncate(value: unknown, length: number): AttributeValue {
  if (typeof value === 'string' || value instanceof Uint8Array)
    return (value.length > length ? value.slice(0, length) : value) as AttributeValue;
  if (value === null || typeof value !== 'object') return value as AttributeValue;
  if (Array.isArray(value)) return value.map((item) => truncate(item, length)) as AttributeValue;
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) =>
      item === undefined || key === '__proto__' ? [] : [[key, truncate(item, length)]],
    ),
  ) as AttributeValue;
}

/** Unix milliseconds as `[seconds, nanoseconds]`, rounded to the nanosecond as the SDK's millisToHrTime. */
export function millisToTime(ms: number): HrTime {
  return [Math.trunc(ms / 1e3), Math.round((ms % 1e3) * 1e6)];
}

/** `time` plus `ms` milliseconds: the SDK's addHrTimes(time, millisToHrTime(ms)), borrowing too for a negative `ms`. */
export function addMs(time: LeanTime, ms: number): HrTime {
  const s = time[0] + Math.trunc(ms / 1e3);
  const ns = time[1] + Math.round((ms % 1e3) * 1e6);
  if (ns >= 1e9) return [s + 1, ns - 1e9];
  return ns < 0 ? [s - 1, ns + 1e9] : [s, ns];
}

/** Whether `value` is an HrTime, as the SDK's isTimeInputHrTime tells. */
export function isHrTime(value: unknown): value is LeanTime {
  return Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number';
}

/** Whether `value` is a TimeInput (HrTime, number, Date), as the SDK's isTimeInput tells. */
function isTimeInput(value: unknown): value is TimeInput {
  return isHrTime(value) || typeof value === 'number' || value instanceof Date;
}

/**
 * A TimeInput given to `span`, as the SDK's span reads it: a number up to `performance.now()` is a
 * reading (the SDK's `hrTime(input + offset)`), a larger one Unix ms; a Date, an HrTime; else now.
 */
function timeFromInput(span: LeanServerSpan, input: TimeInput | undefined): LeanTime {
  if (typeof input === 'number') {
    if (input > monotonicMs()) return millisToTime(input);
    const origin = millisToTime(TIME_ORIGIN_MS);
    const since = millisToTime(input + (span.startWallMs - (span.startMs + TIME_ORIGIN_MS)));
    // The SDK's addHrTimes: one carry, no borrow.
    return origin[1] + since[1] >= 1e9
      ? [origin[0] + since[0] + 1, origin[1] + since[1] - 1e9]
      : [origin[0] + since[0], origin[1] + since[1]];
  }
  if (input instanceof Date) return millisToTime(input.getTime());
  if (isHrTime(input)) return input;
  return span.timeAt(monotonicMs());
}

const POOL_SIZE = 16384;
let pool = new Uint8Array(0);
let offset = 0;

/** `length` fresh random bytes: a view into the pool, which is replaced when spent, never refilled. */
export function randomId(length: 8 | 16): Uint8Array {
  for (;;) {
    if (offset + length > pool.length) {
      pool = randomFillSync(new Uint8Array(POOL_SIZE));
      offset = 0;
    }
    const start = offset;
    offset += length;
    // A plain Uint8Array view: cheaper to make than a Buffer's subarray (bench/span-ids.bench.ts).
    if (!isZero(pool, start, offset)) return new Uint8Array(pool.buffer, start, length);
  }
}

function isZero(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
  for (let i = start; i < end; i += 1) if (bytes[i] !== 0) return false;
  return true;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Lowercase hex of `bytes`, as W3C Trace Context and the OpenTelemetry API write ids. */
export function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += HEX[byte];
  return text;
}

/**
 * The bytes of a lowercase hex id of `length` bytes; undefined when it is not one (wrong length,
 * uppercase, another character) or is all zeros: W3C Trace Context's rules for `traceparent`.
 */
export function fromHex(text: string, length: 8 | 16): Uint8Array | undefined {
  if (text.length !== length * 2) return undefined;
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) {
    const byte = hexByte(text, 2 * i);
    if (byte < 0) return undefined;
    bytes[i] = byte;
  }
  return isZero(bytes) ? undefined : bytes;
}

/** 0–15 for `0-9a-f`, else -1 (uppercase is invalid in traceparent). */
function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}

/** The upstream span a valid `traceparent` names. */
export interface RemoteParent {
  readonly traceId: Uint8Array;
  readonly spanId: Uint8Array;
  /** The trace flags byte (bit 0: sampled). */
  readonly flags: number;
  /** The parsed `tracestate`, when there was one; a propagator's own TraceState on the general path. */
  readonly traceState: TraceState | undefined;
  /** Whether its span context is marked remote (traceparent's always is; an application's propagator may leave `isRemote` out): the export's span flags carry it, as the SDK's do. */
  readonly isRemote: boolean;
}

const TRACEPARENT_LENGTH = 55;
/** What the official pattern's `.` does not match, in a future version's fields. */
const LINE_TERMINATOR = /[\n\r\u2028\u2029]/;

/** The parent in `traceparent` (with `tracestate` kept), or undefined when it is not valid; of an array (inject's repeated header), the first, as the official propagator. */
export function parseTraceparent(
  header: string | string[] | undefined,
  tracestate?: string | string[],
): RemoteParent | undefined {
  if (typeof header !== 'string') return Array.isArray(header) ? parseTraceparent(header[0], tracestate) : undefined;
  // The official propagator's `^\s?…\s?$`: one whitespace character at each end (node:http trims spaces and tabs, not U+00A0).
  const at = isSpace(header.charCodeAt(0)) ? 1 : 0;
  const length = header.length - at - (isSpace(header.charCodeAt(header.length - 1)) ? 1 : 0);
  const version = hexByte(header, at);
  if (length < TRACEPARENT_LENGTH || version < 0 || version === 0xff) return undefined;
  if (
    version === 0
      ? length !== TRACEPARENT_LENGTH
      : length > TRACEPARENT_LENGTH &&
        (header.charCodeAt(at + TRACEPARENT_LENGTH) !== 45 /* - */ ||
          LINE_TERMINATOR.test(header.slice(at, at + length)))
  )
    return undefined;
  if (header.charCodeAt(at + 2) !== 45 || header.charCodeAt(at + 35) !== 45 || header.charCodeAt(at + 52) !== 45)
    return undefined;
  const traceId = fromHex(header.slice(at + 3, at + 35), 16);
  const spanId = fromHex(header.slice(at + 36, at + 52), 8);
  const flags = hexByte(header, at + 53);
  if (traceId === undefined || spanId === undefined || flags < 0) return undefined;
  return { traceId, spanId, flags, traceState: traceStateOf(tracestate), isRemote: true };
}

/** Whether `code` is in the regular expression class `\s`; a regular expression only past Latin-1, which node:http never gives. */
function isSpace(code: number): boolean {
  return (
    code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || (code > 0xff && /\s/.test(String.fromCharCode(code)))
  );
}

/** The byte written as two lowercase hex digits at `at`, or -1. */
function hexByte(text: string, at: number): number {
  const high = nibble(text.charCodeAt(at));
  const low = nibble(text.charCodeAt(at + 1));
  return high < 0 || low < 0 ? -1 : (high << 4) | low;
}

/** The context of the upstream span fw parsed, and of the baggage when the request carried it; ROOT_CONTEXT else. */
export function w3cParentContext(remote: RemoteParent | undefined, baggage: string | string[] | undefined): Context {
  // Baggage is rare: the registered propagator handles it, only when the header is there.
  const parent = baggage === undefined ? ROOT_CONTEXT : propagation.extract(ROOT_CONTEXT, { baggage });
  if (remote === undefined) return parent;
  return trace.setSpanContext(parent, {
    traceId: toHex(remote.traceId),
    spanId: toHex(remote.spanId),
    traceFlags: remote.flags,
    isRemote: true,
    ...(remote.traceState === undefined ? {} : { traceState: remote.traceState }),
  });
}

/** The upstream span in a context a propagator extracted, or undefined when it holds no valid one. */
export function remoteParentOf(context: Context): RemoteParent | undefined {
  const parent = trace.getSpanContext(context);
  if (parent === undefined || !isSpanContextValid(parent)) return undefined;
  // Valid ids: hex of either case, not all zeros; kept as bytes, written lowercase as the API's SpanContext has them (docs/telemetry.md: B3, Jaeger).
  return {
    traceId: fromHex(parent.traceId.toLowerCase(), 16)!,
    spanId: fromHex(parent.spanId.toLowerCase(), 8)!,
    flags: parent.traceFlags,
    traceState: parent.traceState,
    isRemote: parent.isRemote === true,
  };
}
