/**
 * The tracer provider setupTelemetry registers (spec: Events → Activation 2): a batch span
 * processor exporting OTLP/HTTP (protobuf or JSON bodies), its queue bounded (maxQueueSize: spans beyond
 * it are dropped) and every export timed out, so a collector that is down, failing or hanging
 * costs requests nothing and memory stays bounded.
 */
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import type { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import type { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { Resource } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  TracerProvider,
  type BatchSpanProcessorOptions,
  type ReadableSpan,
  type Sampler,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace';
import { withChildSpanClock } from './child-span-clock.ts';
import { batchSettings, type EnvConfig, type SamplerName } from './env-config.ts';
import { errorTypeOf, type SpanExportOutcomes } from './export-reporting.ts';
import { type OtlpSenderOptions, type PartialSuccess, partialSuccessIn } from './lean/otlp-socket-client.ts';
import { failed } from './metrics-pipeline.ts';
import { type OtlpExportStop, SenderExporter } from './otlp-export-stop.ts';
import { httpRefusal, requestToJson } from './otlp-json.ts';
import type { TracePipelineOptions } from './telemetry.ts';

/** fw's own OTLP trace export, on either path: the sender's settings and where its outcomes are counted. */
export interface FwTraceExport {
  readonly sender: OtlpSenderOptions;
  readonly outcomes: SpanExportOutcomes;
}

/**
 * The tracer provider for `config`; `exports` stops its OTLP exporter; `fw` is fw's export, none when spans go
 * elsewhere or nowhere; `lean`, on the lean path, takes the SDK's spans into the lean export's batches instead.
 */
export async function createTracerProvider(
  config: EnvConfig,
  resource: Resource,
  options: TracePipelineOptions,
  exports: OtlpExportStop,
  fw: FwTraceExport | undefined,
  lean?: SpanProcessor,
): Promise<TracerProvider> {
  // A child span takes its parent's clock before the processor sees it (child-span-clock.ts).
  const processor = withChildSpanClock(lean ?? (await exportingProcessor(config, options, exports, fw)));
  // The limits from the env setupTelemetry reads: this SDK reads no OTEL_*_LIMIT variable itself.
  return new TracerProvider({
    resource,
    sampler: samplerFor(config.sampler, config.samplerRatio),
    spanLimits: config.spanLimits,
    spanProcessors: [processor],
  });
}

/** The user's processor, a batch processor over the user's exporter, or over fw's OTLP exporter (reporting to its outcomes). */
async function exportingProcessor(
  config: EnvConfig,
  options: TracePipelineOptions,
  exports: OtlpExportStop,
  fw: FwTraceExport | undefined,
): Promise<SpanProcessor | undefined> {
  if (options.spanProcessor !== undefined) return options.spanProcessor;
  const settings = batchSettings(config, options);
  if (options.spanExporter !== undefined)
    return new BatchSpanProcessor({ ...settings, exporter: options.spanExporter });
  return fw === undefined
    ? undefined
    : new ReportingBatchSpanProcessor({ ...settings, exporter: await otlpExporter(config, exports, fw) }, fw.outcomes);
}

/** The exporter's compression type (its package, otlp-exporter-base, is not a peer of fw-core). */
type OtlpCompression = NonNullable<NonNullable<ConstructorParameters<typeof OTLPTraceExporter>[0]>['compression']>;

/** The full path's exporter, its 58 modules loaded only here: the lean path encodes the SDK's spans itself (bench/startup.bench.ts). */
async function otlpExporter(
  config: EnvConfig,
  exports: OtlpExportStop,
  { sender, outcomes }: FwTraceExport,
): Promise<SpanExporter> {
  if (sender.protocol === 'http/json') {
    const { ProtobufTraceSerializer } = await import('@opentelemetry/otlp-transformer');
    return exports.stops(new OtlpJsonSpanExporter(sender, outcomes, ProtobufTraceSerializer));
  }
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-proto');
  const exporter = exports.stoppable(
    new OTLPTraceExporter({
      url: sender.url,
      headers: { ...sender.headers },
      timeoutMillis: sender.timeoutMs,
      // Unset: the exporter reads OTEL_EXPORTER_OTLP_[TRACES_]COMPRESSION from process.env itself.
      ...(config.tracesCompression === undefined ? {} : { compression: config.tracesCompression as OtlpCompression }),
      httpAgentOptions: exports.agentFactory(sender.tls),
    }),
  );
  return new ReportingSpanExporter(exporter, outcomes);
}

/** The sampler OTEL_TRACES_SAMPLER (and _ARG) names; the default is parentbased_always_on. */
export function samplerFor(name: SamplerName, ratio: number): Sampler {
  const root = name.endsWith('always_on')
    ? new AlwaysOnSampler()
    : name.endsWith('always_off')
      ? new AlwaysOffSampler()
      : new TraceIdRatioBasedSampler(ratio);
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/**
 * The full path's OTLP/JSON span exporter (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json): the SDK's
 * JSON exporter lives in a package fw-core does not depend on, so the SDK's ProtobufTraceSerializer
 * output is transcoded to OTLP/JSON (otlp-json.ts) and posted by fw's OtlpHttpSender.
 */
class OtlpJsonSpanExporter extends SenderExporter implements SpanExporter {
  readonly #outcomes: SpanExportOutcomes;
  readonly #serializer: typeof ProtobufTraceSerializer;

  constructor(sender: OtlpSenderOptions, outcomes: SpanExportOutcomes, serializer: typeof ProtobufTraceSerializer) {
    super(sender);
    this.#outcomes = outcomes;
    this.#serializer = serializer;
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    let body: Uint8Array;
    try {
      body = requestToJson(this.#serializer.serializeRequest(spans) ?? new Uint8Array(), 'TraceRequest');
    } catch (error) {
      return resultCallback({ code: ExportResultCode.FAILED, error: error as Error });
    }
    this.post(body, (result) => {
      this.#outcomes.sent(spans.length, result);
      if (!result.ok) return resultCallback(failed(`OTLP/JSON traces export failed: ${result.reason}`));
      resultCallback({ code: ExportResultCode.SUCCESS });
    });
  }
}

/**
 * The SDK's OTLP exporter observed so that fw's log and self-metrics count its exports as the lean
 * path counts its own. The partial success is read where the exporter hands its answer to
 * `_delegate._responseHandler` (otlp-exporter-base 0.301, found by shape as otlp-export-stop.ts
 * finds the retry); without it, exports are still counted.
 */
class ReportingSpanExporter implements SpanExporter {
  readonly #inner: SpanExporter;
  readonly #outcomes: SpanExportOutcomes;
  /** The partial success of the answer being handled, taken by the export's result callback. */
  #partial: PartialSuccess | undefined;

  constructor(inner: SpanExporter, outcomes: SpanExportOutcomes) {
    this.#inner = inner;
    this.#outcomes = outcomes;
    const delegate = (inner as { _delegate?: { _responseHandler?: { handleResponse(response: unknown): void } } })
      ._delegate;
    const handler = delegate?._responseHandler;
    if (delegate !== undefined && typeof handler?.handleResponse === 'function') {
      delegate._responseHandler = {
        handleResponse: (response) => {
          handler.handleResponse(response);
          this.#partial = partialSuccessIn(response as Parameters<typeof partialSuccessIn>[0]);
        },
      };
    }
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    this.#inner.export(spans, (result) => {
      const partial = this.#partial;
      this.#partial = undefined;
      const ok = result.code === ExportResultCode.SUCCESS;
      this.#outcomes.exportEnded(spans.length, ok ? { ok: true, ...partial } : failure(result.error));
      resultCallback(result);
    });
  }

  shutdown(): Promise<void> {
    return this.#inner.shutdown();
  }

  forceFlush(): Promise<void> {
    return this.#inner.forceFlush?.() ?? Promise.resolve();
  }
}

function failure(error: Error | undefined): { ok: false; errorType: string; reason: string } {
  // The SDK's OTLPExporterError: an HTTP status's `code`, the collector's answer in `data`.
  const { code, data } = (error ?? {}) as { code?: unknown; data?: unknown };
  const reason =
    typeof code === 'number'
      ? httpRefusal(code, typeof data === 'string' ? data : '')
      : error?.message || 'the export failed';
  // The processor writes the error to diag (a timer's export) or rejects forceFlush with it: its data the lean path's bounded reason, not the whole answer (up to 4 MiB).
  if (typeof code === 'number') Object.assign(error!, { data: reason });
  return {
    ok: false,
    errorType: errorTypeOf(
      typeof code === 'number' ? code : undefined,
      reason,
      typeof code === 'string' ? code : undefined,
    ),
    reason,
  };
}

/**
 * The SDK's batch processor, counting the spans it drops from a full queue, reported as the lean
 * path does: when the queue takes a span again, when the self-metrics are read, at flush and shutdown.
 */
class ReportingBatchSpanProcessor extends BatchSpanProcessor {
  readonly #outcomes: SpanExportOutcomes;
  #unreported = 0;

  constructor(options: BatchSpanProcessorOptions, outcomes: SpanExportOutcomes) {
    super(options);
    this.#outcomes = outcomes;
    outcomes.queueSize = () => this.#queue()?.length ?? 0;
    outcomes.refresh = () => this.#report();
  }

  override onEnd(span: ReadableSpan): void {
    const queue = this.#queue();
    const max = (this as unknown as { _maxQueueSize?: number })._maxQueueSize;
    // As the processor decides: sampled spans only, not after shutdown.
    const shut = (this as unknown as { _shutdownOnce?: { isCalled?: boolean } })._shutdownOnce?.isCalled === true;
    if (queue !== undefined && max !== undefined && !shut && (span.spanContext().traceFlags & 1) === 1) {
      if (queue.length >= max) this.#unreported += 1;
      else this.#report();
    }
    super.onEnd(span);
  }

  override forceFlush(): Promise<void> {
    this.#report();
    return super.forceFlush();
  }

  override shutdown(): Promise<void> {
    this.#report();
    return super.shutdown();
  }

  #report(): void {
    const dropped = this.#unreported;
    this.#unreported = 0;
    this.#outcomes.dropped(dropped);
  }

  #queue(): unknown[] | undefined {
    const queue = (this as unknown as { _finishedSpans?: unknown[] })._finishedSpans;
    return Array.isArray(queue) ? queue : undefined;
  }
}
