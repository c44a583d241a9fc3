/**
 * The lean path (docs/telemetry.md "Lean and full paths"): fw's own span, OTLP encoder and metric
 * aggregation with the SDK path's output, chosen when it hides nothing the user asked for. Its export
 * encodes each ended span into the pending batch at once (the queue holds bytes, so span objects die
 * young), posts batches with OtlpHttpSender and reports to SpanExportOutcomes. Loaded with the SDK.
 */
import { diag, SpanKind } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { IMetricReader } from '@opentelemetry/sdk-metrics';
import type { ReadableSpan, SpanProcessor } from '@opentelemetry/sdk-trace';
import { withTimeout } from '../../promises.ts';
import { batchSettings, type EnvConfig } from '../env-config.ts';
import type { SpanExportOutcomes } from '../export-reporting.ts';
import { HttpMetricSeriesTable } from '../http-metrics.ts';
import { requestToJson } from '../otlp-json.ts';
import type { LeanPath } from '../server-telemetry.ts';
import { SCOPE_NAME, SCOPE_VERSION, type TelemetryOptions, type TracePipelineOptions } from '../telemetry.ts';
import { type FwTraceExport, samplerFor } from '../trace-pipeline.ts';
import { aggregatesAsLeanMetrics } from './http-metric-producer.ts';
import type { LeanServerSpan } from './lean-span.ts';
import { FIXED_SAMPLING_DECISIONS } from './lean-stream-listener.ts';
import { OtlpHttpSender, type OtlpSenderOptions, type SendResult } from './otlp-socket-client.ts';
import {
  type LeanAttributes,
  type LeanResource,
  type LeanScope,
  type LeanSpanData,
  OtlpTraceEncoder,
} from './otlp-trace-encoder.ts';
import { leanLink, sdkSpanData } from './sdk-span-data.ts';

/** The path for `config`, `options` and the metric readers built for them, and why when it is full. */
export function chooseTelemetryPath(
  config: EnvConfig,
  options: TelemetryOptions,
  readers: readonly IMetricReader[],
): { path: 'lean' | 'full'; reason?: string } {
  if (config.path === 'full') return { path: 'full', reason: 'FW_OTEL_PATH=full' };
  // Their exporter or processor would not see fw's spans.
  if (options.spanProcessor !== undefined) return { path: 'full', reason: 'a spanProcessor was given' };
  if (options.spanExporter !== undefined) return { path: 'full', reason: 'a spanExporter was given' };
  // A push reader aggregates as its exporter says (the user's, or OTLP's histogram preference).
  if (!readers.every(aggregatesAsLeanMetrics))
    return { path: 'full', reason: 'a metric reader chooses another aggregation' };
  return { path: 'lean' };
}

/**
 * The lean path and its export, with fw's trace export settings (the full path's too), the SDK's batch settings and the full
 * path's sampler. Without `fw` (OTEL_TRACES_EXPORTER=none: metrics only) spans are made, for trace context and log lines, and
 * go nowhere, as the SDK's do with no span processor.
 */
export function createLeanSetup(
  config: EnvConfig,
  resource: Resource,
  options: TracePipelineOptions,
  fw: FwTraceExport | undefined,
): { path: LeanPath; export: LeanTraceExport | undefined } {
  const path = {
    sampler: samplerFor(config.sampler, config.samplerRatio),
    decide: FIXED_SAMPLING_DECISIONS[config.sampler],
    limits: config.spanLimits,
    metrics: new HttpMetricSeriesTable(),
  };
  if (fw === undefined) return { path: { ...path, onEnd: () => {} }, export: undefined };
  const batch = batchSettings(config, options);
  const exported = createLeanTraceExport({
    resource: { attributes: resource.attributes as LeanAttributes, schemaUrl: resource.schemaUrl },
    // The full path's tracer's scope.
    scope: { name: SCOPE_NAME, version: SCOPE_VERSION },
    // The batch processor gives up an export after its own timeout too (OTEL_BSP_EXPORT_TIMEOUT).
    sender: { ...fw.sender, timeoutMs: Math.min(fw.sender.timeoutMs, batch.exportTimeoutMillis ?? Infinity) },
    outcomes: fw.outcomes,
    batch: { ...batch, scheduledDelayMs: batch.scheduledDelayMillis },
  });
  return { path: { ...path, onEnd: exported.add }, export: exported };
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
    parentIsRemote: parent?.isRemote === true,
    traceFlags: span.sampled ? 1 : 0,
    name: span.name,
    kind: SpanKind.SERVER,
    startTime: span.startTime,
    endTime: span.endTime ?? span.startTime,
    attributeBlocks: span.blocks,
    // API attribute values (strings, numbers, booleans and their arrays) are encoder values as they are.
    attributes: span.ownAttributes as LeanAttributes,
    droppedAttributesCount: span.droppedAttributesCount,
    events: span.events,
    droppedEventsCount: span.droppedEventsCount,
    links: span.links.length === 0 ? undefined : span.links.map(leanLink),
    droppedLinksCount: span.droppedLinksCount,
    status: span.status,
  };
}

/** What a lean trace export needs. */
export interface LeanTraceExportOptions {
  readonly resource: LeanResource;
  readonly scope: LeanScope;
  readonly sender: OtlpSenderOptions;
  readonly batch: BatchSettings;
  /** Where export results and drops are reported; none in unit tests of the export alone. */
  readonly outcomes?: SpanExportOutcomes;
}

/** The export of one setupTelemetry call: `add` is the lean span's onEnd. */
export type LeanTraceExport = ReturnType<typeof createLeanTraceExport>;

/** Builds the export `options` describe. */
export function createLeanTraceExport(options: LeanTraceExportOptions) {
  const encoder = new OtlpTraceEncoder(options.resource);
  const sender = new OtlpHttpSender(options.sender);
  const json = options.sender.protocol === 'http/json';
  const { outcomes } = options;
  let reportedDrops = 0;
  /** Reports the spans dropped since the last report: after each export, not on the request path. */
  const reportDrops = (): void => {
    const dropped = batcher.counts.dropped - reportedDrops;
    reportedDrops += dropped;
    // As the SDK's batch processor says its drops on the full path.
    if (dropped > 0) diag.warn(`Dropped ${dropped} spans because maxQueueSize reached`);
    outcomes?.dropped(dropped);
  };
  const send = async (body: Uint8Array, count: number): Promise<SendResult> => {
    const result = await sender.send(json ? requestToJson(body, 'TraceRequest') : body);
    outcomes?.sent(count, result);
    reportDrops();
    return result;
  };
  const encode = (span: LeanServerSpan | ReadableSpan): void =>
    encoder.add('instrumentationScope' in span ? sdkSpanData(span) : toLeanSpanData(span, options.scope));
  const batcher = new SpanBatcher<LeanServerSpan | ReadableSpan>(
    { encode, take: () => encoder.take(), send, stop: () => sender.stop() },
    options.batch,
  );
  if (outcomes !== undefined) {
    outcomes.queueSize = () => batcher.queued;
    outcomes.refresh = reportDrops;
  }
  return {
    add: (span: LeanServerSpan): void => batcher.add(span),
    /** The tracer provider's processor: the SDK's spans (an app's child spans) go into the same batches, as one batch processor takes all spans. */
    sdkSpans: {
      onStart() {},
      // Sampled spans only, as the SDK's batch processor takes them.
      onEnd: (span) => {
        if ((span.spanContext().traceFlags & 1) === 1) batcher.add(span);
      },
      forceFlush: () => batcher.forceFlush(),
      // The export's own shutdown (setupTelemetry's) flushes them.
      shutdown: async () => {},
    } satisfies SpanProcessor,
    shutdown: async (timeoutMs: number): Promise<void> => {
      reportDrops();
      await batcher.shutdown(timeoutMs);
      // What shutdown gave up (queued past its time limit) was not dropped by a full queue.
      const abandoned = batcher.counts.dropped - reportedDrops;
      reportedDrops += abandoned;
      if (abandoned > 0)
        outcomes?.exportEnded(abandoned, {
          ok: false,
          errorType: 'stopped',
          reason: 'telemetry shut down before they were exported',
        });
    },
  };
}

/** The lean batcher's OTEL_BSP_* settings. */
export type BatchSettings = {
  readonly maxQueueSize: number;
  readonly maxExportBatchSize: number;
  readonly scheduledDelayMs: number;
};

/** Where spans go: encode one into the pending batch, take that batch's bytes, send them (`count` spans), stop for good. */
export interface BatchSink<T> {
  encode(item: T): void;
  take(): Uint8Array;
  send(body: Uint8Array, count: number): Promise<SendResult>;
  stop(): void;
}

/** The lean path's batch span processor: OTEL_BSP_*'s rules over spans encoded as they are added. */
export class SpanBatcher<T> {
  /** Counts for diagnostics and tests. */
  readonly counts = { exported: 0, failed: 0, dropped: 0 };
  readonly #settings: BatchSettings;
  readonly #sink: BatchSink<T>;
  /** Spans encoded into the sink's pending batch. */
  #pending = 0;
  /** Full batches, encoded, waiting for the export running now. */
  #sealed: { readonly body: Uint8Array; readonly count: number }[] = [];
  #sealedCount = 0;
  #timer: NodeJS.Timeout | undefined;
  #exporting: Promise<void> | undefined;
  #stopped = false;

  constructor(sink: BatchSink<T>, settings: BatchSettings) {
    this.#sink = sink;
    if (settings.maxExportBatchSize > settings.maxQueueSize)
      diag.warn(
        'BatchSpanProcessor: maxExportBatchSize must be smaller or equal to maxQueueSize, setting maxExportBatchSize to match maxQueueSize',
      );
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

  /** Exports everything queued now; resolves when those exports have ended, rejects when a span of them was lost, as the SDK's batch processor. */
  async forceFlush(): Promise<void> {
    const failed = this.counts.failed;
    while (this.#pending > 0 || this.#sealed.length > 0 || this.#exporting !== undefined) {
      this.#kick(true);
      await this.#exporting;
    }
    if (this.counts.failed > failed) throw new Error('BatchSpanProcessor: span export failed');
  }

  /** Spans waiting for an export now (otel.sdk.processor.span.queue.size). */
  get queued(): number {
    return this.#pending + this.#sealedCount;
  }

  /** Flushes within `timeoutMs`, then stops the sink: nothing is left running. */
  async shutdown(timeoutMs: number): Promise<void> {
    if (this.#stopped) return;
    await withTimeout(this.forceFlush(), timeoutMs);
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
      else if (this.#pending > 0)
        this.#timer ??= setTimeout(() => this.#kick(true), this.#settings.scheduledDelayMs).unref();
    });
  }

  async #drain(): Promise<void> {
    for (let batch = this.#sealed.shift(); batch !== undefined && !this.#stopped; batch = this.#sealed.shift()) {
      this.#sealedCount -= batch.count;
      // A send that throws has failed, as one whose answer says so.
      const ok = await this.#sink.send(batch.body, batch.count).then(
        (result) => result.ok,
        () => false,
      );
      if (ok) this.counts.exported += batch.count;
      else this.counts.failed += batch.count;
    }
  }
}
