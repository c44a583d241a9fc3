/**
 * The lean path's trace export (issue 16): each LeanServerSpan is encoded when it ends, into the
 * SpanBatcher's pending batch: turned into the encoder's plain span data (its times are Unix
 * `[seconds, nanoseconds]` already, lean-span.ts) and written by fw's OTLP protobuf
 * encoder; full batches are posted by the OtlpHttpSender. Nothing of the SDK is involved.
 */
import type { SpanContext } from '@opentelemetry/api';
import type { LeanAttributes, LeanResource, LeanScope, LeanSpanData } from './lean-span-data.ts';
import { LeanSpanKind } from './lean-span-data.ts';
import type { LeanServerSpan } from './lean-span.ts';
import { OtlpHttpSender, type OtlpSenderOptions } from './otlp-http-sender.ts';
import { OtlpTraceEncoder } from './otlp-trace-encoder.ts';
import { DEFAULT_BATCH_SETTINGS, SpanBatcher, type BatchSettings } from './span-batcher.ts';

/** The encoder's view of an ended lean span. */
export function toLeanSpanData(span: LeanServerSpan, scope: LeanScope): LeanSpanData {
  const { parent } = span;
  return {
    scope,
    traceId: span.traceId,
    spanId: span.spanId,
    traceState: parent?.traceState,
    parentSpanId: parent?.spanId,
    parentIsRemote: parent !== undefined,
    traceFlags: span.sampled ? 1 : 0,
    name: span.name,
    kind: LeanSpanKind.SERVER,
    startTime: span.startTime,
    endTime: span.endTime ?? span.startTime,
    attributeBlocks: span.blocks,
    // API attribute values (strings, numbers, booleans and their arrays) are encoder values as they are.
    attributes: span.ownAttributes as LeanAttributes,
    droppedAttributesCount: span.droppedAttributesCount,
    events: span.events.length === 0 ? undefined : span.events.map((event) => ({ name: event.name, time: event.time, attributes: event.attributes as LeanAttributes, droppedAttributesCount: event.droppedAttributesCount })),
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
