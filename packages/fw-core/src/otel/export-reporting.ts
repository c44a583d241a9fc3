/**
 * The reporting side of one setupTelemetry call (issue 36, items 4 and 6): the diag logger
 * OTEL_LOG_LEVEL asks for, fw's rate-limited log of export problems, the counts of fw's OTLP trace
 * export and their self-metrics. Built before the tracer provider (whose exporter reports into
 * it), attached to the meter provider once the path is chosen, stopped at shutdown.
 */
import {
  type Attributes,
  type BatchObservableCallback,
  type BatchObservableResult,
  diag,
  DiagConsoleLogger,
  type DiagLogger,
  DiagLogLevel,
  type Meter,
  type Observable,
  ValueType,
} from '@opentelemetry/api';
import type { MeterProvider } from '@opentelemetry/sdk-metrics';
import { batchSettings, type EnvConfig } from './env-config.ts';
import { ANSWER_TIMEOUT_ERROR, CLIENT_CLOSED_ERROR, type SendResult } from './lean/otlp-socket-client.ts';
import { EXPORT_STOPPED_CODE } from './otlp-export-stop.ts';
import { SCOPE_NAME, SCOPE_VERSION, type TelemetryOptions } from './telemetry.ts';

/** Starts the reporting for `config`: what registerTelemetry holds of it. */
export function startExportReporting(config: EnvConfig, options: TelemetryOptions) {
  // OTEL_LOG_LEVEL as NodeSDK honours it: set, a diag logger at that level replaces any other (fw's
  // log when setupTelemetry was given one, event `otel_diag`, else the console); unset, none.
  if (config.logLevel !== undefined) {
    const logger = options.logger === undefined ? new DiagConsoleLogger() : throughLog(options.logger);
    diag.setLogger(logger, { logLevel: DiagLogLevel[config.logLevel], suppressOverrideMessage: true });
  }
  const problems = new ExportProblemLog(options.logger);
  const exporterType =
    config.tracesProtocol === 'http/json' ? 'otlp_http_json_span_exporter' : 'otlp_http_span_exporter';
  const fwExports =
    config.tracesEndpoint !== undefined && options.spanExporter === undefined && options.spanProcessor === undefined;
  const outcomes = fwExports
    ? new SpanExportOutcomes({
        problems,
        endpoint: config.tracesEndpoint,
        exporterType,
        queueCapacity: batchSettings(config, options).maxQueueSize,
      })
    : undefined;
  let removeSelfMetrics = (): void => {};
  return {
    /** The counts of fw's OTLP trace export; undefined when spans go elsewhere (none, or a user's exporter or processor). */
    outcomes,
    /** fw's rate-limited log of export problems (the metric exporter's failures go there too). */
    problems,
    /** Registers the self-metrics on `meterProvider`. */
    attach: (meterProvider: MeterProvider): void => {
      if (outcomes === undefined) return;
      removeSelfMetrics = registerSpanSelfMetrics(meterProvider.getMeter(SCOPE_NAME, SCOPE_VERSION), outcomes);
    },
    /** Logs what the open intervals hold, removes the self-metrics and the diag logger fw registered. */
    stop: (): void => {
      problems.flush();
      removeSelfMetrics();
      if (config.logLevel !== undefined) diag.disable();
    },
  };
}

function throughLog(logger: ProblemLogger): DiagLogger {
  const write =
    (level: string, loud: boolean) =>
    (message: string, ...args: unknown[]): void => {
      // At most 2000 characters: the SDK's error for a refused export carries the collector's whole answer (up to 4 MiB).
      const text = cut([message, ...args.map(shown)].join(' '), 2000);
      (loud ? (logger.warn ?? logger.info) : logger.info).call(logger, { event: 'otel_diag', diag_level: level }, text);
    };
  return {
    error: write('error', true),
    warn: write('warn', true),
    info: write('info', false),
    debug: write('debug', false),
    verbose: write('verbose', false),
  };
}

function shown(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** `text` cut at `limit` characters, with how long it was: a collector's text can be megabytes. */
const cut = (text: string, limit: number): string =>
  text.length > limit ? `${text.slice(0, limit)}… (${text.length} characters)` : text;

/** How often, at most, one kind of problem is logged. */
const PROBLEM_LOG_INTERVAL_MS = 10_000;

/** The logger given to setupTelemetry. */
export type ProblemLogger = NonNullable<TelemetryOptions['logger']>;

/** One kind of problem. */
export interface ProblemKind {
  readonly event: 'otlp_export_failed' | 'otlp_export_partial_success' | 'otel_spans_dropped';
  readonly signal: 'traces' | 'metrics';
  readonly errorType: string;
}

type Window = { kind: ProblemKind; timer?: NodeJS.Timeout; pending: number; detail: string };

/**
 * fw's log of export problems: the first of a kind (event, signal, `error.type`, an HTTP status by its class: a
 * collector answering a random 4xx each time is one kind) at once, the rest of its interval summed into one line when it
 * ends (or at flush()): a collector down for an hour writes 360 lines, not one per batch. A detail is cut at 500 characters.
 */
export class ExportProblemLog {
  readonly #logger: ProblemLogger | undefined;
  readonly #intervalMs: number;
  readonly #windows = new Map<string, Window>();
  /** After the last flush (shutdown), whose exports the SDK's exporter may still end, each problem is written at once. */
  #flushed = false;

  constructor(logger: ProblemLogger | undefined, intervalMs = PROBLEM_LOG_INTERVAL_MS) {
    this.#logger = logger;
    this.#intervalMs = intervalMs;
  }

  /** Notes `count` items lost or rejected; `detail` says why (the last one of an interval is logged). */
  note(kind: ProblemKind, count: number, detail: string): void {
    if (this.#logger === undefined || count < 0) return;
    const key = `${kind.event}\u0000${kind.signal}\u0000${/^\d{3}$/.test(kind.errorType) ? `${kind.errorType[0]}xx` : kind.errorType}`;
    const window = this.#windows.get(key) ?? { kind, timer: undefined, pending: 0, detail };
    this.#windows.set(key, window);
    [window.kind, window.detail] = [kind, detail];
    if (window.timer !== undefined) window.pending += count;
    else {
      this.#write(kind, count, detail, false);
      if (!this.#flushed) this.#open(window);
    }
  }

  /** Logs what the open intervals hold and closes them for good (telemetry's shutdown). */
  flush(): void {
    this.#flushed = true;
    for (const window of this.#windows.values()) {
      clearTimeout(window.timer);
      window.timer = undefined;
      this.#writePending(window);
    }
  }

  /** Sums the window's problems until the interval ends, then logs them; an empty interval closes it. */
  #open(window: Window): void {
    window.timer = setTimeout(() => {
      window.timer = undefined;
      if (window.pending === 0) return;
      this.#writePending(window);
      this.#open(window);
    }, this.#intervalMs).unref();
  }

  #writePending(window: Window): void {
    if (window.pending > 0) this.#write(window.kind, window.pending, window.detail, true);
    window.pending = 0;
  }

  #write(kind: ProblemKind, count: number, text: string, summed: boolean): void {
    const detail = cut(text, 500);
    const when = summed ? ` in the last ${this.#intervalMs / 1000} s` : '';
    const what =
      kind.event === 'otel_spans_dropped'
        ? `${count} spans dropped${when}: the batch queue was full`
        : kind.event === 'otlp_export_partial_success'
          ? `${count} spans rejected by the collector${when}: ${detail}`
          : `${count} ${kind.signal === 'traces' ? 'spans not exported' : 'metrics exports failed'}${when}: ${detail}`;
    const fields = {
      event: kind.event,
      signal: kind.signal,
      'error.type': kind.errorType,
      count,
      interval_ms: this.#intervalMs,
    };
    (this.#logger!.warn ?? this.#logger!.info).call(this.#logger, fields, what);
  }
}

/** How one export of `count` spans ended. */
export type ExportEnd =
  | { readonly ok: true; readonly rejected?: number; readonly message?: string }
  | { readonly ok: false; readonly errorType: string; readonly reason: string };

/** Where the counts are shown, and what the export is called there. */
export interface OutcomeOptions {
  readonly problems: ExportProblemLog;
  readonly endpoint: string;
  /** `otlp_http_span_exporter` or `otlp_http_json_span_exporter` (the conventions' component types). */
  readonly exporterType: string;
  readonly queueCapacity: number;
}

/**
 * What became of the spans fw's trace export was given, on both paths: counted per batch (and per
 * dropped span), never per request, as the SDK self-observability conventions name them, and
 * reported through diag and fw's log. `error.type`: the HTTP status of a refused export (`400`,
 * `503` after the retries), `timeout`, `connection_error`, `stopped` (ended by shutdown),
 * `rejected` (by a partial success), `queue_full`, `export_failed` (anything else).
 */
export class SpanExportOutcomes {
  /** otel.sdk.exporter.span.exported by error.type ('' for success). */
  readonly exported = new Map<string, number>();
  /** otel.sdk.processor.span.processed by error.type ('' for success). */
  readonly processed = new Map<string, number>();
  readonly options: OutcomeOptions;
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
      this.#ended('', count - rejected);
      if (end.rejected === undefined && end.message === undefined) return;
      this.#ended('rejected', rejected);
      const detail = `partial success from ${this.options.endpoint}: ${rejected} rejected${end.message ? `: ${end.message}` : ''}`;
      // A partial success rejecting nothing is a warning from the collector: logged, with count 0.
      this.options.problems.note(
        { event: 'otlp_export_partial_success', signal: 'traces', errorType: 'rejected' },
        rejected,
        detail,
      );
      return;
    }
    this.#ended(end.errorType, count);
    const detail = exportFailure('traces', this.options.endpoint, end.reason);
    // On both paths: the SDK's exporter writes none with the collector's message when a flush drove the export.
    diag.error(detail);
    this.options.problems.note(
      { event: 'otlp_export_failed', signal: 'traces', errorType: end.errorType },
      count,
      detail,
    );
  }

  /** An export of `count` spans by fw's sender ended with `result`; its partial success is said to diag as the SDK's exporter says its own. */
  sent(count: number, result: SendResult): void {
    if (result.ok && result.partial !== undefined)
      diag.warn(
        'Received Partial Success response:',
        JSON.stringify({ rejectedSpans: result.partial.rejected, errorMessage: result.partial.message }),
      );
    if (result.ok) this.exportEnded(count, { ok: true, ...result.partial });
    else
      this.exportEnded(count, { ok: false, errorType: errorTypeOf(undefined, result.reason), reason: result.reason });
  }

  /** `count` ended spans were dropped: the batch queue was full. */
  dropped(count: number): void {
    if (count <= 0) return;
    add(this.processed, 'queue_full', count);
    this.options.problems.note(
      { event: 'otel_spans_dropped', signal: 'traces', errorType: 'queue_full' },
      count,
      'the batch queue was full',
    );
  }

  /** `count` spans went through both the exporter and the processor. */
  #ended(errorType: string, count: number): void {
    add(this.exported, errorType, count);
    add(this.processed, errorType, count);
  }
}

/** A failed export's line; a 404 most often means the endpoint variable held a full URL, to which the signal's path was added again. */
export const exportFailure = (signal: 'traces' | 'metrics', url: string, reason: string): string =>
  `OTLP ${signal} export to ${url} failed: ${reason}${
    /^HTTP 404\b/.test(reason)
      ? `; OTEL_EXPORTER_OTLP_ENDPOINT is the collector's base URL, to which fw adds /v1/${signal} (a full URL goes in OTEL_EXPORTER_OTLP_${signal.toUpperCase()}_ENDPOINT)`
      : reason.includes('ECONNREFUSED')
        ? `; no collector listens there: start one, set OTEL_EXPORTER_OTLP_ENDPOINT to yours, or OTEL_${signal.toUpperCase()}_EXPORTER=none to export nothing`
        : ''
  }`;

function add(counts: Map<string, number>, key: string, count: number): void {
  if (count > 0) counts.set(key, (counts.get(key) ?? 0) + count);
}

/**
 * The `error.type` of a failed export: the SDK exporter's error carries a `status` or a `code` (a
 * system error's, or EXPORT_STOPPED_CODE); fw's sender gives only its `reason` text (`HTTP 400`, its client's errors).
 */
export function errorTypeOf(status: number | undefined, reason: string, code?: string): string {
  const refused = /^HTTP (\d{3})(?::|$)/.exec(reason);
  if (status !== undefined || refused !== null) return String(status ?? refused![1]);
  if (code === EXPORT_STOPPED_CODE || reason.startsWith('stopped') || reason === CLIENT_CLOSED_ERROR) return 'stopped';
  if (reason === ANSWER_TIMEOUT_ERROR || /timed out/i.test(reason)) return 'timeout';
  if (code !== undefined || /\bE[A-Z]{3,}\b|closed the connection|socket hang up/.test(reason))
    return 'connection_error';
  return 'export_failed';
}

/** Components numbered per type, as the SDK numbers its own (`batching_span_processor/0`...). */
const componentCounts = new Map<string, number>();

/** The attributes of the next component of `type`: its type and numbered name. */
function componentAttributes(type: string): Attributes {
  const n = componentCounts.get(type) ?? 0;
  componentCounts.set(type, n + 1);
  return { 'otel.component.type': type, 'otel.component.name': `${type}/${n}` };
}

/**
 * Registers fw's self-metrics of its trace export on `meter`, as the SDK self-observability
 * conventions name them (https://opentelemetry.io/docs/specs/semconv/otel/sdk-metrics/): observable
 * integer instruments reading SpanExportOutcomes when a reader collects. The SDK's own (opt-in)
 * self-metrics stay off, so nothing is counted twice. Returns what removes their callbacks.
 */
function registerSpanSelfMetrics(meter: Meter, outcomes: SpanExportOutcomes): () => void {
  const exporter = componentAttributes(outcomes.options.exporterType);
  const processor = componentAttributes('batching_span_processor');
  const spans = { unit: '{span}', valueType: ValueType.INT } as const;
  const exported = meter.createObservableCounter('otel.sdk.exporter.span.exported', {
    ...spans,
    description: 'The number of spans for which the export has finished, either successful or failed.',
  });
  const processed = meter.createObservableCounter('otel.sdk.processor.span.processed', {
    ...spans,
    description: 'The number of spans for which the processing has finished, either successful or failed.',
  });
  const capacity = meter.createObservableUpDownCounter('otel.sdk.processor.span.queue.capacity', {
    ...spans,
    description: 'The maximum number of spans the queue of a given instance of an SDK span processor can hold.',
  });
  const size = meter.createObservableUpDownCounter('otel.sdk.processor.span.queue.size', {
    ...spans,
    description: 'The number of spans in the queue of a given instance of an SDK span processor.',
  });
  const instruments = [exported, processed, capacity, size];
  const observe: BatchObservableCallback = (result) => {
    observeCounts(result, exported, outcomes.exported, exporter);
    outcomes.refresh();
    observeCounts(result, processed, outcomes.processed, processor);
    result.observe(capacity, outcomes.options.queueCapacity, processor);
    result.observe(size, outcomes.queueSize(), processor);
  };
  meter.addBatchObservableCallback(observe, instruments);
  return () => meter.removeBatchObservableCallback(observe, instruments);
}

/** A series of `instrument` per `error.type` of `counts` ('' for success, without the attribute). */
function observeCounts(
  result: BatchObservableResult,
  instrument: Observable,
  counts: ReadonlyMap<string, number>,
  attributes: Attributes,
): void {
  for (const [errorType, count] of counts)
    result.observe(instrument, count, errorType === '' ? attributes : { ...attributes, 'error.type': errorType });
}
