/**
 * The lean path's trace export (issue 16): each ended LeanServerSpan is encoded into the batcher's
 * pending batch by fw's OTLP encoder; batches are posted by the OtlpHttpSender (OTLP/JSON with
 * OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json). How each batch ended and the spans a full queue
 * dropped go to SpanExportOutcomes (issue 36, item 4). Nothing of the SDK is involved.
 */
import type { SpanContext } from '@opentelemetry/api';
import type { SpanExportOutcomes } from '../export-reporting.ts';
import { traceRequestToJson } from '../otlp-json.ts';
import type { LeanServerSpan } from './lean-span.ts';
import { OtlpHttpSender, type OtlpSenderOptions, type SendResult } from './otlp-socket-client.ts';
import { type LeanAttributes, type LeanResource, type LeanScope, type LeanSpanData, LeanSpanKind, OtlpTraceEncoder } from './otlp-trace-encoder.ts';
import { type BatchSettings, DEFAULT_BATCH_SETTINGS, SpanBatcher } from './span-batcher.ts';

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
  /** Where export results and drops are reported; none in unit tests of the export alone. */
  readonly outcomes?: SpanExportOutcomes;
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
  const json = options.sender.protocol === 'http/json';
  const { outcomes } = options;
  let reportedDrops = 0;
  /** Reports the spans dropped since the last report: after each export, not on the request path. */
  const reportDrops = (): void => {
    const dropped = batcher.counts.dropped - reportedDrops;
    reportedDrops += dropped;
    outcomes?.dropped(dropped);
  };
  const send = async (body: Uint8Array, count: number): Promise<SendResult> => {
    const result = await sender.send(json ? traceRequestToJson(body) : body);
    outcomes?.sent(count, result);
    reportDrops();
    return result;
  };
  const batcher = new SpanBatcher<LeanServerSpan>(
    { encode: (span) => encoder.add(toLeanSpanData(span, options.scope)), take: () => encoder.take(), send, stop: () => sender.stop() },
    options.batch ?? DEFAULT_BATCH_SETTINGS,
  );
  if (outcomes !== undefined) {
    outcomes.queueSize = () => batcher.queued;
    outcomes.refresh = reportDrops;
  }
  return {
    batcher,
    add: (span) => batcher.add(span),
    forceFlush: () => batcher.forceFlush(),
    shutdown: async (timeoutMs) => {
      reportDrops();
      await batcher.shutdown(timeoutMs);
      // What shutdown gave up (queued past its time limit) was not dropped by a full queue.
      const abandoned = batcher.counts.dropped - reportedDrops;
      reportedDrops += abandoned;
      if (abandoned > 0) outcomes?.exportEnded(abandoned, { ok: false, errorType: 'stopped', reason: 'telemetry shut down before they were exported' });
    },
  };
}
