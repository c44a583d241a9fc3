/**
 * fw's OTLP/HTTP protobuf metric exporter, the one the periodic reader pushes through when an
 * OTLP metrics endpoint is configured (spec: Events → Activation 3). The request body is the
 * SDK's own (`ProtobufMetricsSerializer` of @opentelemetry/otlp-transformer, what
 * exporter-metrics-otlp-proto sends); it is posted by the lean trace export's OtlpHttpSender,
 * fw's HTTP/1.1 client on plain sockets, with the OTLP exporter's retry rule, timeout, headers,
 * gzip and TLS files. So no node:http client runs in the server's process: one would make node's
 * socket and stream code megamorphic and cost every request about 7 % of its instructions
 * (docs/performance.md, "The lean path, eighth round").
 *
 * A failed export is also a line of fw's log (export-problem-log.ts, rate-limited), as a failed
 * trace export is; the periodic reader reports it to diag.
 *
 * With OTEL_EXPORTER_OTLP_METRICS_PROTOCOL=http/json the same request is sent as OTLP/JSON
 * (otlp-json.ts); a partial success in the answer is a diag warning, as the SDK's exporters give.
 *
 * The temporality preference is OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE's, read from
 * setupTelemetry's `env` with the exporter specification's three choices
 * (https://opentelemetry.io/docs/specs/otel/metrics/sdk_exporters/otlp/).
 */
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { ProtobufMetricsSerializer } from '@opentelemetry/otlp-transformer';
import { diag } from '@opentelemetry/api';
import { metricsRequestToJson } from './otlp-json.ts';
import type { ExportProblemLog } from './export-problem-log.ts';
import { partialSuccessOf } from './otlp-partial-success.ts';
import { errorTypeOf } from './span-export-outcomes.ts';
import { AggregationTemporality, InstrumentType, type PushMetricExporter, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import type { TemporalityPreference } from './env-config.ts';
import { OtlpHttpSender, type OtlpSenderOptions } from './lean/otlp-http-sender.ts';

/** Instruments that stay cumulative under each preference; every other one is delta (or, for `cumulative`, none is). */
const CUMULATIVE_UNDER: Readonly<Record<TemporalityPreference, ReadonlySet<InstrumentType> | 'all'>> = {
  cumulative: 'all',
  // Up-down counters are cumulative in both: their delta would not say how many there are.
  delta: new Set([InstrumentType.UP_DOWN_COUNTER, InstrumentType.OBSERVABLE_UP_DOWN_COUNTER]),
  lowmemory: new Set([InstrumentType.UP_DOWN_COUNTER, InstrumentType.OBSERVABLE_UP_DOWN_COUNTER, InstrumentType.OBSERVABLE_COUNTER, InstrumentType.GAUGE, InstrumentType.OBSERVABLE_GAUGE]),
};

/** Pushes metrics to one OTLP/HTTP endpoint. */
export class OtlpMetricExporter implements PushMetricExporter {
  readonly #sender: OtlpHttpSender;
  readonly #url: string;
  readonly #json: boolean;
  readonly #problems: ExportProblemLog | undefined;
  readonly #cumulative: ReadonlySet<InstrumentType> | 'all';
  readonly #pending = new Set<Promise<void>>();
  #shutDown = false;

  constructor(sender: OtlpSenderOptions, temporality: TemporalityPreference, problems?: ExportProblemLog) {
    this.#problems = problems;
    this.#sender = new OtlpHttpSender(sender);
    this.#url = sender.url;
    this.#json = sender.protocol === 'http/json';
    this.#cumulative = CUMULATIVE_UNDER[temporality];
  }

  export(metrics: ResourceMetrics, resultCallback: (result: ExportResult) => void): void {
    if (this.#shutDown) return resultCallback(failed('the OTLP metric exporter is shut down'));
    let body: Uint8Array | undefined;
    try {
      body = ProtobufMetricsSerializer.serializeRequest(metrics);
      if (body !== undefined && this.#json) body = metricsRequestToJson(body);
    } catch (error) {
      return resultCallback(failed(`the metrics could not be encoded: ${(error as Error).message}`));
    }
    if (body === undefined) return resultCallback(failed('the metrics could not be encoded'));
    const sent = this.#sender.send(body).then((result) => {
      if (!result.ok) {
        const message = `OTLP metrics export to ${this.#url} failed: ${result.reason}`;
        this.#problems?.note({ event: 'otlp_export_failed', signal: 'metrics', errorType: errorTypeOf(undefined, result.reason) }, 1, message);
        return resultCallback(failed(message));
      }
      const partial = partialSuccessOf(result.body, this.#json ? 'http/json' : 'http/protobuf');
      if (partial !== undefined) diag.warn('Received Partial Success response:', JSON.stringify({ rejectedDataPoints: partial.rejected, errorMessage: partial.message }));
      resultCallback({ code: ExportResultCode.SUCCESS });
    });
    this.#pending.add(sent);
    void sent.finally(() => this.#pending.delete(sent));
  }

  selectAggregationTemporality(instrumentType: InstrumentType): AggregationTemporality {
    return this.#cumulative === 'all' || this.#cumulative.has(instrumentType) ? AggregationTemporality.CUMULATIVE : AggregationTemporality.DELTA;
  }

  /** Waits for the exports in flight (each ends within the export timeout). */
  async forceFlush(): Promise<void> {
    await Promise.all([...this.#pending]);
  }

  /** Refuses further exports, waits for those in flight, then closes the connection. */
  async shutdown(): Promise<void> {
    this.#shutDown = true;
    await this.forceFlush();
    this.#sender.stop();
  }

  /** Ends the exports in flight and their retries at once (telemetry's shutdown, after its time limit). */
  stop(): void {
    this.#shutDown = true;
    this.#sender.stop();
  }
}

function failed(message: string): ExportResult {
  return { code: ExportResultCode.FAILED, error: new Error(message) };
}
