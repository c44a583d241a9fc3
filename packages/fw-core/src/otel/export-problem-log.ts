/**
 * fw's log of export problems (issue 36, item 4): failed OTLP exports, partial successes and
 * spans dropped from a full batch queue, one line per kind per interval (10 s) with the count,
 * so a collector down for an hour writes 360 lines, not one per batch. A kind is the event with
 * its signal and `error.type`. The first problem of a kind is logged at once; the rest of its
 * interval is summed and logged when the interval ends (and at shutdown, by flush()). fw-core's
 * JSON logger also folds repeated identical lines (log/), but the counts would be lost there.
 */
import type { Logger } from '../log/logger.ts';

/** How often, at most, one kind of problem is logged. */
export const PROBLEM_LOG_INTERVAL_MS = 10_000;

/** The logger given to setupTelemetry. */
export type ProblemLogger = Pick<Logger, 'info'> & Partial<Pick<Logger, 'warn'>>;

/** The events fw logs. */
export type ProblemEvent = 'otlp_export_failed' | 'otlp_export_partial_success' | 'otel_spans_dropped';

/** One kind of problem. */
export interface ProblemKind {
  readonly event: ProblemEvent;
  readonly signal: 'traces' | 'metrics';
  readonly errorType: string;
}

interface Window {
  timer: NodeJS.Timeout | undefined;
  pending: number;
  detail: string;
}

/** The rate-limited log of one setupTelemetry call. */
export class ExportProblemLog {
  readonly #logger: ProblemLogger | undefined;
  readonly #intervalMs: number;
  readonly #windows = new Map<string, Window>();

  constructor(logger: ProblemLogger | undefined, intervalMs = PROBLEM_LOG_INTERVAL_MS) {
    this.#logger = logger;
    this.#intervalMs = intervalMs;
  }

  /** Notes `count` items lost or rejected; `detail` says why (the last one of an interval is logged). */
  note(kind: ProblemKind, count: number, detail: string): void {
    if (this.#logger === undefined || count < 0) return;
    const key = `${kind.event}\u0000${kind.signal}\u0000${kind.errorType}`;
    let window = this.#windows.get(key);
    if (window === undefined) {
      window = { timer: undefined, pending: 0, detail };
      this.#windows.set(key, window);
    }
    window.detail = detail;
    if (window.timer !== undefined) {
      window.pending += count;
      return;
    }
    this.#write(kind, count, detail, false);
    this.#open(key, kind, window);
  }

  /** Logs what the open intervals hold and closes them (telemetry's shutdown). */
  flush(): void {
    for (const [key, window] of this.#windows) {
      clearTimeout(window.timer);
      window.timer = undefined;
      if (window.pending > 0) this.#write(kindOf(key), window.pending, window.detail, true);
      window.pending = 0;
    }
  }

  #open(key: string, kind: ProblemKind, window: Window): void {
    window.timer = setTimeout(() => {
      window.timer = undefined;
      if (window.pending === 0) return;
      this.#write(kind, window.pending, window.detail, true);
      window.pending = 0;
      this.#open(key, kind, window);
    }, this.#intervalMs).unref();
  }

  #write(kind: ProblemKind, count: number, detail: string, summed: boolean): void {
    const when = summed ? ` in the last ${this.#intervalMs / 1000} s` : '';
    const what =
      kind.event === 'otel_spans_dropped'
        ? `${count} spans dropped${when}: the batch queue was full`
        : kind.event === 'otlp_export_partial_success'
          ? `${count} spans rejected by the collector${when}: ${detail}`
          : `${count} ${kind.signal === 'traces' ? 'spans not exported' : 'metrics exports failed'}${when}: ${detail}`;
    const fields = { event: kind.event, signal: kind.signal, 'error.type': kind.errorType, count, interval_ms: this.#intervalMs };
    (this.#logger!.warn ?? this.#logger!.info).call(this.#logger, fields, what);
  }
}

function kindOf(key: string): ProblemKind {
  const [event, signal, errorType] = key.split('\u0000') as [ProblemEvent, 'traces' | 'metrics', string];
  return { event, signal, errorType };
}
