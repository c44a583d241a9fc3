/**
 * The lean path's trace export (issue 16): each LeanServerSpan is encoded when it ends, into the
 * SpanBatcher's pending batch: turned into the encoder's plain span data (times from the
 * `performance.now()` clock to Unix `[seconds, nanoseconds]`) and written by fw's OTLP protobuf
 * encoder; full batches are posted by the OtlpHttpSender. Nothing of the SDK is involved.
 */
import type { SpanContext } from '@opentelemetry/api';
import { TIME_ORIGIN_MS } from '../../stream/clock.ts';
import type { LeanAttributes, LeanResource, LeanScope, LeanSpanData, LeanTime } from './lean-span-data.ts';
import { LeanSpanKind } from './lean-span-data.ts';
import type { LeanServerSpan } from './lean-span.ts';
import { OtlpHttpSender, type OtlpSenderOptions } from './otlp-http-sender.ts';
import { OtlpTraceEncoder } from './otlp-trace-encoder.ts';
import { DEFAULT_BATCH_SETTINGS, SpanBatcher, type BatchSettings } from './span-batcher.ts';

const ORIGIN_SECONDS = Math.floor(TIME_ORIGIN_MS / 1000);
const ORIGIN_NANOSECONDS = Math.round((TIME_ORIGIN_MS - ORIGIN_SECONDS * 1000) * 1e6);

/**
 * Unix time of a `performance.now()` reading, as the API's HrTime: the origin and the reading
 * are added in seconds and nanoseconds, as the SDK adds them, since their sum in milliseconds, a
 * double near 1.8e12, keeps only about 0.25 µs; so the difference of two times is exact to 1 ns.
 */
export function unixTime(performanceMs: number): LeanTime {
  const seconds = Math.floor(performanceMs / 1000);
  const nanoseconds = ORIGIN_NANOSECONDS + Math.round((performanceMs - seconds * 1000) * 1e6);
  // Each part is below 1e9 (the rounded one at most 1e9): one carry at most.
  return nanoseconds >= 1e9 ? [ORIGIN_SECONDS + seconds + 1, nanoseconds - 1e9] : [ORIGIN_SECONDS + seconds, nanoseconds];
}

/** The encoder's view of an ended lean span. */
export function toLeanSpanData(span: LeanServerSpan, scope: LeanScope): LeanSpanData {
  const { parent } = span;
  return {
    scope,
    traceId: span.traceId,
    spanId: span.spanId,
    // What the span context carries (issue 36, item 3), not the header as received.
    traceState: parent?.traceState?.serialize(),
    parentSpanId: parent?.spanId,
    parentIsRemote: parent !== undefined,
    traceFlags: span.sampled ? 1 : 0,
    name: span.name,
    kind: LeanSpanKind.SERVER,
    startTime: unixTime(span.startMs),
    endTime: unixTime(span.endMs ?? span.startMs),
    attributeBlocks: span.blocks,
    // API attribute values (strings, numbers, booleans and their arrays) are encoder values as they are.
    attributes: span.ownAttributes as LeanAttributes,
    droppedAttributesCount: span.droppedAttributesCount,
    events: span.events.length === 0 ? undefined : span.events.map((event) => ({ name: event.name, time: unixTime(event.timeMs), attributes: event.attributes as LeanAttributes, droppedAttributesCount: event.droppedAttributesCount })),
    droppedEventsCount: span.droppedEventsCount,
    links: span.links.length === 0 ? undefined : span.links.map((link) => ({ ...linkContext(link.context), attributes: link.attributes as LeanAttributes, droppedAttributesCount: link.droppedAttributesCount })),
    droppedLinksCount: span.droppedLinksCount,
    status: span.status,
  };
}

function linkContext(context: SpanContext): { traceId: string; spanId: string; traceFlags: number; traceState: string | undefined; isRemote: boolean | undefined } {
  return { traceId: context.traceId, spanId: context.spanId, traceFlags: context.traceFlags, traceState: context.traceState?.serialize(), isRemote: context.isRemote };
}

/** What a lean trace export needs. */
export interface LeanTraceExportOptions {
  readonly resource: LeanResource;
  readonly scope: LeanScope;
  readonly sender: OtlpSenderOptions;
  readonly batch?: BatchSettings;
}

/** The export of one setupTelemetry call: `add` is the lean span's onEnd. */
export interface LeanTraceExport {
  readonly batcher: SpanBatcher<LeanServerSpan>;
  add(span: LeanServerSpan): void;
  forceFlush(): Promise<void>;
  shutdown(timeoutMs: number): Promise<void>;
}

export function createLeanTraceExport(options: LeanTraceExportOptions): LeanTraceExport {
  const encoder = new OtlpTraceEncoder(options.resource);
  const sender = new OtlpHttpSender(options.sender);
  const batcher = new SpanBatcher<LeanServerSpan>(
    {
      encode: (span) => encoder.add(toLeanSpanData(span, options.scope)),
      take: () => encoder.take(),
      send: (body) => sender.send(body),
      stop: () => sender.stop(),
    },
    options.batch ?? DEFAULT_BATCH_SETTINGS,
  );
  return {
    batcher,
    add: (span) => batcher.add(span),
    forceFlush: () => batcher.forceFlush(),
    shutdown: (timeoutMs) => batcher.shutdown(timeoutMs),
  };
}
