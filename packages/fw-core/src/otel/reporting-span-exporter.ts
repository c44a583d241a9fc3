/**
 * The full path's side of export reporting (issue 36, item 4): the SDK's OTLP exporter and batch
 * processor, observed so that fw's log and self-metrics count what they do exactly as the lean
 * path counts its own export (span-export-outcomes.ts). The SDK reports to the diag logger itself
 * (a failed export through the global error handler, a partial success and dropped spans as
 * warnings), so nothing here writes to diag.
 *
 * The partial success is read where the exporter hands its answer to its response handler,
 * `_delegate._responseHandler.handleResponse` (@opentelemetry/otlp-exporter-base 0.301, found by
 * shape as otlp-export-stop.ts finds the retry); the full queue where the batch processor keeps
 * it (`_finishedSpans`, `_maxQueueSize`). Without them, exports are still counted; only those
 * details are missing.
 */
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { BatchSpanProcessor, type BatchSpanProcessorOptions, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace';
import type { PartialSuccess } from './otlp-partial-success.ts';
import { errorTypeOf, type SpanExportOutcomes } from './span-export-outcomes.ts';

interface ResponseHandler {
  handleResponse(response: unknown): void;
}

/** A span exporter that reports how each export of the one it wraps ended. */
export class ReportingSpanExporter implements SpanExporter {
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
      if (result.code === ExportResultCode.SUCCESS) this.#outcomes.exportEnded(spans.length, partial === undefined ? { ok: true } : { ok: true, ...partial });
      else this.#outcomes.exportEnded(spans.length, failure(result.error));
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
 * The SDK's batch processor, counting the spans it drops from a full queue. Drops are reported as
 * the lean path reports them: when the queue takes a span again (where the SDK warns), when the
 * self-metrics are read, and at flush and shutdown.
 */
export class ReportingBatchSpanProcessor extends BatchSpanProcessor {
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
