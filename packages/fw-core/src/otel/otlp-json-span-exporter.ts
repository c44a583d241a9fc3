/**
 * The full path's OTLP/JSON span exporter (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/json; issue
 * 36, item 6). The SDK's JSON trace exporter lives in a package fw-core does not depend on
 * (@opentelemetry/exporter-trace-otlp-http), so the spans are serialized by the SDK's own
 * ProtobufTraceSerializer (what the protobuf exporter sends), transcoded to OTLP/JSON
 * (otlp-json.ts, the same JSON the lean path sends) and posted by fw's OtlpHttpSender, as fw's
 * metric exporter posts. How each export ended goes to SpanExportOutcomes; a partial success is
 * also a diag warning, as the SDK's exporters give one.
 */
import { diag } from '@opentelemetry/api';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace';
import { OtlpHttpSender, type OtlpSenderOptions } from './lean/otlp-http-sender.ts';
import { traceRequestToJson } from './otlp-json.ts';
import { partialSuccessOf } from './otlp-partial-success.ts';
import { errorTypeOf, type SpanExportOutcomes } from './span-export-outcomes.ts';

/** Posts spans as OTLP/JSON to one endpoint. */
export class OtlpJsonSpanExporter implements SpanExporter {
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
      if (!result.ok) {
        this.#outcomes?.exportEnded(spans.length, { ok: false, errorType: errorTypeOf(undefined, result.reason), reason: result.reason });
        return resultCallback({ code: ExportResultCode.FAILED, error: new Error(`OTLP/JSON traces export failed: ${result.reason}`) });
      }
      const partial = partialSuccessOf(result.body, 'http/json');
      if (partial !== undefined) diag.warn('Received Partial Success response:', JSON.stringify({ rejectedSpans: partial.rejected, errorMessage: partial.message }));
      this.#outcomes?.exportEnded(spans.length, partial === undefined ? { ok: true } : { ok: true, rejected: partial.rejected, message: partial.message });
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
