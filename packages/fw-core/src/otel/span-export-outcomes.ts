/**
 * What became of the spans fw's trace export was given (issue 36, item 4), on both paths: counted
 * as the OpenTelemetry SDK self-observability conventions name them
 * (https://opentelemetry.io/docs/specs/semconv/otel/sdk-metrics/), reported through the diag
 * logger as the SDK's exporters and batch processor report, and through fw's log, rate-limited
 * (export-problem-log.ts). Counting happens per batch (and per dropped span), never per request.
 *
 * `error.type` values: the HTTP status of a refused export (`400`, `500`, `503` after the
 * retries), `timeout`, `connection_error`, `stopped` (ended by shutdown), `rejected` (the spans a
 * partial success rejected, as the conventions ask), `queue_full` (dropped by the processor),
 * `export_failed` (anything else: an answer that cannot be read, say).
 */
import { diag } from '@opentelemetry/api';
import type { ExportProblemLog } from './export-problem-log.ts';
import { ANSWER_TIMEOUT_ERROR, CLIENT_CLOSED_ERROR } from './lean/otlp-socket-client.ts';

/** How one export of `count` spans ended. */
export type ExportEnd = { readonly ok: true; readonly rejected?: number; readonly message?: string } | { readonly ok: false; readonly errorType: string; readonly reason: string };

/** Where the counts are shown, and what the export is called there. */
export interface OutcomeOptions {
  readonly problems: ExportProblemLog;
  readonly endpoint: string;
  /** `otlp_http_span_exporter` or `otlp_http_json_span_exporter` (the conventions' component types). */
  readonly exporterType: string;
  readonly queueCapacity: number;
}

/** The counts of one trace export, read by the self-metrics (self-metrics.ts) when collected. */
export class SpanExportOutcomes {
  /** otel.sdk.exporter.span.exported by error.type ('' for success). */
  readonly exported = new Map<string, number>();
  /** otel.sdk.processor.span.processed by error.type ('' for success). */
  readonly processed = new Map<string, number>();
  readonly options: OutcomeOptions;
  /** Whether this side writes to diag: true on the lean path, set once the path is chosen (on the full path the SDK already does). */
  diag = false;
  /** The processor's queue now (spans waiting for an export). */
  queueSize: () => number = () => 0;
  /** Brings the counts up to date before they are read (the lean path reports drops lazily). */
  refresh: () => void = () => {};

  constructor(options: OutcomeOptions) {
    this.options = options;
  }

  /** An export of `count` spans ended. */
  exportEnded(count: number, end: ExportEnd): void {
    if (end.ok) {
      const rejected = Math.min(count, Math.max(0, end.rejected ?? 0));
      add(this.exported, '', count - rejected);
      add(this.processed, '', count - rejected);
      if (end.rejected === undefined && end.message === undefined) return;
      add(this.exported, 'rejected', rejected);
      add(this.processed, 'rejected', rejected);
      const detail = `partial success from ${this.options.endpoint}: ${rejected} rejected${end.message ? `: ${end.message}` : ''}`;
      if (this.diag) diag.warn('Received Partial Success response:', JSON.stringify({ rejectedSpans: rejected, errorMessage: end.message ?? '' }));
      // A partial success rejecting nothing is a warning from the collector: logged, with count 0.
      this.options.problems.note({ event: 'otlp_export_partial_success', signal: 'traces', errorType: 'rejected' }, rejected, detail);
      return;
    }
    add(this.exported, end.errorType, count);
    add(this.processed, end.errorType, count);
    const detail = `OTLP traces export to ${this.options.endpoint} failed: ${end.reason}`;
    if (this.diag) diag.error(detail);
    this.options.problems.note({ event: 'otlp_export_failed', signal: 'traces', errorType: end.errorType }, count, detail);
  }

  /** `count` ended spans were dropped: the batch queue was full. */
  dropped(count: number): void {
    if (count <= 0) return;
    add(this.processed, 'queue_full', count);
    if (this.diag) diag.warn(`Dropped ${count} spans because maxQueueSize reached`);
    this.options.problems.note({ event: 'otel_spans_dropped', signal: 'traces', errorType: 'queue_full' }, count, 'the batch queue was full');
  }
}

function add(counts: Map<string, number>, key: string, count: number): void {
  if (count > 0) counts.set(key, (counts.get(key) ?? 0) + count);
}

/**
 * The `error.type` of a failed export from what fw's sender (`HTTP 400`, its client's errors) or
 * the SDK's exporter (an error with the status or a system error code) said.
 */
export function errorTypeOf(status: number | undefined, reason: string, code?: string): string {
  const refused = /^HTTP (\d{3})$/.exec(reason);
  if (status !== undefined || refused !== null) return String(status ?? refused![1]);
  if (reason === 'stopped' || reason === CLIENT_CLOSED_ERROR || /shut down|given up/.test(reason)) return 'stopped';
  if (reason === ANSWER_TIMEOUT_ERROR || reason === 'timed out' || /timed out/i.test(reason)) return 'timeout';
  if (code !== undefined || /\bE[A-Z]{3,}\b|closed the connection|socket hang up/.test(reason)) return 'connection_error';
  return 'export_failed';
}
