/**
 * The lean path's trace export (issue 16): each ended LeanServerSpan is encoded into the batcher's
 * pending batch by fw's OTLP encoder; batches are posted by the OtlpHttpSender (OTLP/JSON with
 * OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json). How each batch ended and the spans a full queue
 * dropped go to SpanExportOutcomes (issue 36, item 4). Nothing of the SDK is involved.
 *
 * The SpanBatcher has the SDK BatchSpanProcessor's settings (OTEL_BSP_*): a batch leaves when
 * `maxExportBatchSize` spans wait or `scheduledDelayMs` after the first, one export at a time; a
 * full queue drops and counts new spans. Unlike the SDK's, a span is encoded as it is added: the
 * queue holds bytes, so span objects die young.
 */
import { type SpanContext, SpanKind } from '@opentelemetry/api';
import { type BatchSettings, DEFAULT_BATCH_SETTINGS } from '../env-config.ts';
import type { SpanExportOutcomes } from '../export-reporting.ts';
import { traceRequestToJson } from '../otlp-json.ts';
import type { LeanServerSpan } from './lean-span.ts';
import { OtlpHttpSender, type OtlpSenderOptions, type SendResult } from './otlp-socket-client.ts';
import { type LeanAttributes, type LeanResource, type LeanScope, type LeanSpanData, OtlpTraceEncoder } from './otlp-trace-encoder.ts';

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
    kind: SpanKind.SERVER,
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

/** Where spans go: encode one into the pending batch, take that batch's bytes, send them (`count` spans), stop for good. */
export interface BatchSink<T> {
  encode(item: T): void;
  take(): Uint8Array;
  send(body: Uint8Array, count: number): Promise<SendResult>;
  stop(): void;
}

/** Counts for diagnostics and tests. */
export interface BatchCounts {
  exported: number;
  failed: number;
  dropped: number;
}

/** An encoded batch waiting for its export. */
interface SealedBatch {
  readonly body: Uint8Array;
  readonly count: number;
}

/** The lean path's batch span processor: OTEL_BSP_*'s rules over spans encoded as they are added. */
export class SpanBatcher<T> {
  readonly counts: BatchCounts = { exported: 0, failed: 0, dropped: 0 };
  readonly #settings: BatchSettings;
  readonly #sink: BatchSink<T>;
  /** Spans encoded into the sink's pending batch. */
  #pending = 0;
  /** Full batches waiting for the export running now. */
  #sealed: SealedBatch[] = [];
  /** Spans in `#sealed`. */
  #sealedCount = 0;
  #timer: NodeJS.Timeout | undefined;
  #exporting: Promise<void> | undefined;
  #stopped = false;

  constructor(sink: BatchSink<T>, settings: BatchSettings = DEFAULT_BATCH_SETTINGS) {
    this.#sink = sink;
    this.#settings = { ...settings, maxExportBatchSize: Math.min(settings.maxExportBatchSize, settings.maxQueueSize) };
  }

  /** Encodes an ended span into the pending batch; dropped (and counted) when the queue is full or after shutdown. */
  add(item: T): void {
    if (this.#stopped || this.#pending + this.#sealedCount >= this.#settings.maxQueueSize) {
      this.counts.dropped += 1;
      return;
    }
    try {
      this.#sink.encode(item);
    } catch {
      // A span the encoder cannot write is lost, not the response it ends with.
      this.counts.failed += 1;
      return;
    }
    this.#pending += 1;
    if (this.#pending >= this.#settings.maxExportBatchSize) {
      this.#seal();
      this.#kick();
    } else this.#timer ??= setTimeout(() => this.#kick(true), this.#settings.scheduledDelayMs).unref();
  }

  /** Exports everything queued now; resolves when those exports have ended. */
  async forceFlush(): Promise<void> {
    while (this.#pending > 0 || this.#sealed.length > 0 || this.#exporting !== undefined) {
      this.#kick(true);
      await this.#exporting;
    }
  }

  /** Spans waiting for an export now (otel.sdk.processor.span.queue.size). */
  get queued(): number {
    return this.#pending + this.#sealedCount;
  }

  /** Flushes within `timeoutMs`, then stops the sink: nothing is left running. */
  async shutdown(timeoutMs: number): Promise<void> {
    if (this.#stopped) return;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs).unref()));
    await Promise.race([this.forceFlush(), limit]);
    clearTimeout(timer);
    this.#stopped = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.counts.dropped += this.#pending + this.#sealedCount;
    if (this.#pending > 0) this.#sink.take();
    this.#pending = 0;
    this.#sealed = [];
    this.#sealedCount = 0;
    this.#sink.stop();
  }

  /** Moves the pending batch to the export queue. */
  #seal(): void {
    if (this.#pending === 0) return;
    this.#sealed.push({ body: this.#sink.take(), count: this.#pending });
    this.#sealedCount += this.#pending;
    this.#pending = 0;
  }

  /** Starts exporting sealed batches (first sealing a partial one when `partial`) unless an export is running. */
  #kick(partial = false): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (partial && this.#exporting === undefined) this.#seal();
    this.#exporting ??= this.#drain().finally(() => {
      this.#exporting = undefined;
      if (this.#stopped) return;
      if (this.#sealed.length > 0) this.#kick();
      else if (this.#pending > 0) this.#timer ??= setTimeout(() => this.#kick(true), this.#settings.scheduledDelayMs).unref();
    });
  }

  async #drain(): Promise<void> {
    for (let batch = this.#sealed.shift(); batch !== undefined && !this.#stopped; batch = this.#sealed.shift()) {
      this.#sealedCount -= batch.count;
      let result: SendResult;
      try {
        result = await this.#sink.send(batch.body, batch.count);
      } catch (error) {
        result = { ok: false, reason: error instanceof Error ? error.message : String(error) };
      }
      if (result.ok) this.counts.exported += batch.count;
      else this.counts.failed += batch.count;
    }
  }
}
