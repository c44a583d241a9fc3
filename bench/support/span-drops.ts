/**
 * Spans a traced server dropped, counted the only way that sees them: requests it answered
 * against the SERVER spans the sink decoded (otlp-sink.ts), after the server flushed its
 * telemetry at the end of each run. The requests in flight when a run stopped (at most one per
 * connection) are read, answered and traced by the server too, but the load generator no longer
 * counts them: a server may export up to that many SERVER spans more than the requests counted.
 * Fewer spans than answered requests are drops; more than that allowance, spans exported twice.
 */
import type { ExportCounts } from './otlp-sink.ts';

/** One contender's figures over all its runs. */
export interface DropTally {
  /** Responses the load generator read (warm-ups included). */
  answered: number;
  /** Most requests in flight when its runs stopped. */
  inFlightAtStop: number;
  /** SERVER spans received, and all spans. */
  serverSpans: number;
  spans: number;
  /** Trace exports the sink could not decode. */
  rejected: number;
}

/** An empty tally. */
export function newDropTally(): DropTally {
  return { answered: 0, inFlightAtStop: 0, serverSpans: 0, spans: 0, rejected: 0 };
}

/** Adds one run: its load figures and what reached the sink for it since `before`. */
export function addRun(tally: DropTally, load: { answered: number; inFlightAtStop: number }, before: ExportCounts, after: ExportCounts): void {
  tally.answered += load.answered;
  tally.inFlightAtStop += load.inFlightAtStop;
  tally.serverSpans += after.serverSpans - before.serverSpans;
  tally.spans += after.spans - before.spans;
  tally.rejected += after.rejected - before.rejected;
}

/** Answered requests with no SERVER span (0 when every one has one). */
export function dropped(tally: DropTally): number {
  return Math.max(0, tally.answered - tally.serverSpans);
}

/** More SERVER spans than requests can explain (a server exporting a span twice), else 0. */
export function surplus(tally: DropTally): number {
  return Math.max(0, tally.serverSpans - tally.answered - tally.inFlightAtStop);
}

/** `| name | requests | SERVER spans received | dropped | % dropped |`. */
export function dropRow(name: string, tally: DropTally): string {
  const lost = dropped(tally);
  const share = tally.answered === 0 ? 'n/a' : `${((lost / tally.answered) * 100).toFixed(3)} %`;
  return `| ${name} | ${tally.answered} | ${tally.serverSpans} | ${lost} | ${share} |`;
}

/** What the table cannot show: exports the sink rejected, spans beyond the requests. */
export function dropNotes(name: string, tally: DropTally): string[] {
  const notes: string[] = [];
  if (tally.rejected > 0) notes.push(`${name}: ${tally.rejected} trace exports did not decode (their spans are missing above)`);
  if (surplus(tally) > 0) notes.push(`${name}: ${surplus(tally)} SERVER spans more than requests sent`);
  return notes;
}
