/**
 * The tracer provider setupTelemetry registers (spec: Events → Activation 2): a batch span
 * processor exporting OTLP/HTTP with protobuf bodies, its queue bounded (maxQueueSize: spans beyond
 * it are dropped) and every export timed out, so a collector that is down, failing or hanging
 * costs requests nothing and memory stays bounded.
 */
import { diag } from '@opentelemetry/api';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { Resource } from '@opentelemetry/resources';
import { AlwaysOffSampler, AlwaysOnSampler, BatchSpanProcessor, ParentBasedSampler, TraceIdRatioBasedSampler, TracerProvider, type BatchSpanProcessorOptions, type ReadableSpan, type Sampler, type SpanExporter, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { withChildSpanClock } from './child-span-clock.ts';
import { readTlsFiles, type EnvConfig, type SamplerName } from './env-config.ts';
import { errorTypeOf, type SpanExportOutcomes } from './export-reporting.ts';
import { OtlpHttpSender, type OtlpSenderOptions, type PartialSuccess } from './lean/otlp-socket-client.ts';
import type { OtlpExportStop } from './otlp-export-stop.ts';
import { traceRequestToJson } from './otlp-json.ts';
import type { TracePipelineOptions } from './telemetry.ts';

/**
 * The tracer provider for `config` (no exporting processor when OTEL_TRACES_EXPORTER is none);
 * `exports` stops its OTLP exporter; `outcomes` counts what fw's OTLP export did.
 */
export function createTracerProvider(config: EnvConfig, resource: Resource, options: TracePipelineOptions, exports: OtlpExportStop, outcomes?: SpanExportOutcomes): TracerProvider {
  // A child span takes its parent's clock before the processor sees it (child-span-clock.ts).
  const processors: SpanProcessor[] = [withChildSpanClock(exportingProcessor(config, options, exports, outcomes))];
  // The limits from the env setupTelemetry reads: this SDK reads no OTEL_*_LIMIT variable itself.
  return new TracerProvider({ resource, sampler: samplerFor(config.sampler, config.samplerRatio), spanLimits: config.spanLimits, spanProcessors: processors });
}

/** The user's processor, a batch processor over the user's exporter, or over fw's OTLP exporter (reporting to `outcomes`). */
function exportingProcessor(config: EnvConfig, options: TracePipelineOptions, exports: OtlpExportStop, outcomes: SpanExportOutcomes | undefined): SpanProcessor | undefined {
  if (options.spanProcessor !== undefined) return options.spanProcessor;
  const settings = { ...options.batch, ...config.batch };
  if (options.spanExporter !== undefined) return new BatchSpanProcessor({ ...settings, exporter: options.spanExporter });
  const exporter = otlpExporter(config, exports, outcomes);
  if (exporter === undefined) return undefined;
  return outcomes === undefined ? new BatchSpanProcessor({ ...settings, exporter }) : new ReportingBatchSpanProcessor({ ...settings, exporter }, outcomes);
}

/** The exporter's compression type (its package, otlp-exporter-base, is not a peer of fw-core). */
type OtlpCompression = NonNullable<NonNullable<ConstructorParameters<typeof OTLPTraceExporter>[0]>['compression']>;

function otlpExporter(config: EnvConfig, exports: OtlpExportStop, outcomes: SpanExportOutcomes | undefined): SpanExporter | undefined {
  if (config.tracesEndpoint === undefined) return undefined;
  const tls = readTlsFiles(config.tracesEndpoint, config.tracesTls);
  if (config.tracesProtocol === 'http/json') {
    return exports.stops(new OtlpJsonSpanExporter({ url: config.tracesEndpoint, headers: { ...config.tracesHeaders }, timeoutMs: config.tracesTimeoutMs, compression: config.tracesCompression ?? 'none', tls }, outcomes));
  }
  const exporter = exports.stoppable(
    new OTLPTraceExporter({
      url: config.tracesEndpoint,
      headers: { ...config.tracesHeaders },
      timeoutMillis: config.tracesTimeoutMs,
      // Unset: the exporter reads OTEL_EXPORTER_OTLP_[TRACES_]COMPRESSION from process.env itself.
      ...(config.tracesCompression === undefined ? {} : { compression: config.tracesCompression as OtlpCompression }),
      httpAgentOptions: exports.agentFactory(tls),
    }),
  );
  return outcomes === undefined ? exporter : new ReportingSpanExporter(exporter, outcomes);
}

/** The sampler OTEL_TRACES_SAMPLER (and _ARG) names; the default is parentbased_always_on. */
export function samplerFor(name: SamplerName, ratio: number): Sampler {
  const root = name.endsWith('always_on')
    ? new AlwaysOnSampler()
    : name.endsWith('always_off') ? new AlwaysOffSampler() : new TraceIdRatioBasedSampler(ratio);
  return name.startsWith('parentbased_') ? new ParentBasedSampler({ root }) : root;
}

/**
 * The full path's OTLP/JSON span exporter (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json): the SDK's
 * JSON exporter lives in a package fw-core does not depend on, so the SDK's ProtobufTraceSerializer
 * output is transcoded to OTLP/JSON (otlp-json.ts) and posted by fw's OtlpHttpSender.
 */
class OtlpJsonSpanExporter implements SpanExporter {
  readonly #sender: OtlpHttpSender;
  readonly #outcomes: SpanExportOutcomes | undefined;
  readonly #pending = new Set<Promise<void>>();

  constructor(sender: OtlpSenderOptions, outcomes: SpanExportOutcomes | undefined) {
    this.#sender = new OtlpHttpSender({ ...sender, protocol: 'http/json' });
    this.#outcomes = outcomes;
  }

  export(spans: ReadableSpan[], resultCallback: (result: ExportResult) => void): void {
    let body: Uint8Array;
    try {
      body = traceRequestToJson(ProtobufTraceSerializer.serializeRequest(spans) ?? new Uint8Array());
    } catch (error) {
      return resultCallback({ code: ExportResultCode.FAILED, error: error as Error });
    }
    const sent = this.#sender.send(body).then((result) => {
      this.#outcomes?.sent(spans.length, result);
      if (!result.ok) return resultCallback({ code: ExportResultCode.FAILED, error: new Error(`OTLP/JSON traces export failed: ${result.reason}`) });
      if (result.partial !== undefined) diag.warn('Received Partial Success response:', JSON.stringify({ rejectedSpans: result.partial.rejected, errorMessage: result.partial.message }));
      resultCallback({ code: ExportResultCode.SUCCESS });
    });
    this.#pending.add(sent);
    void sent.finally(() => this.#pending.delete(sent));
  }

  async forceFlush(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  async shutdown(): Promise<void> {
    await this.forceFlush();
    this.#sender.stop();
  }

  /** Ends the exports in flight and their retries at once (OtlpExportStop). */
  stop(): void {
    this.#sender.stop();
  }
}

interface ResponseHandler {
  handleResponse(response: unknown): void;
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
    const delegate = (inner as { _delegate?: { _responseHandler?: ResponseHandler } })._delegate;
    const handler = delegate?._responseHandler;
    if (delegate !== undefined && handler !== undefined && typeof handler.handleResponse === 'function') {
      delegate._responseHandler = {
        handleResponse: (response) => {
          handler.handleResponse(response);
          const partial = (response as { partialSuccess?: { rejectedSpans?: unknown; errorMessage?: unknown } } | null)?.partialSuccess;
          if (partial === undefined || partial === null || Object.keys(partial).length === 0) return;
          this.#partial = { rejected: Number(partial.rejectedSpans ?? 0), message: typeof partial.errorMessage === 'string' ? partial.errorMessage : '' };
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
  const { code } = (error ?? {}) as { code?: unknown };
  const reason = error?.message || 'the export failed';
  return { ok: false, errorType: errorTypeOf(typeof code === 'number' ? code : undefined, reason, typeof code === 'string' ? code : undefined), reason: typeof code === 'number' ? `HTTP ${code}` : reason };
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
