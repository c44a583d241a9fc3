/**
 * fw's log of export problems is rate-limited per kind (issue 36, item 4): the first problem of
 * a kind is one line at once with its count, the rest of the interval one line at its end with
 * their sum, an interval without problems closes the window (the next problem is again logged at
 * once), kinds do not share windows, and shutdown's flush logs what an open interval holds. And
 * the `error.type` each failure reason gets, from fw's sender and from the SDK's exporter.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ExportProblemLog, type ProblemKind } from '../src/otel/export-reporting.ts';
import { ANSWER_TIMEOUT_ERROR, CLIENT_CLOSED_ERROR } from '../src/otel/lean/otlp-socket-client.ts';
import { errorTypeOf } from '../src/otel/export-reporting.ts';

const FAILED_500: ProblemKind = { event: 'otlp_export_failed', signal: 'traces', errorType: '500' };
const DROPPED: ProblemKind = { event: 'otel_spans_dropped', signal: 'traces', errorType: 'queue_full' };

describe("fw's log of export problems", () => {
  it('logs the first of a kind at once and sums the rest of the interval into one line at its end', (t) => {
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const lines: unknown[] = [];
    const logger = { info: () => assert.fail('export problems are warnings'), warn: (fields: Record<string, unknown>, message?: string) => void lines.push([fields.event, fields['error.type'], fields.count, message]) };
    const problems = new ExportProblemLog(logger, 10_000);
    problems.note(FAILED_500, 2, 'HTTP 500');
    problems.note(DROPPED, 7, 'full');
    problems.note(FAILED_500, 3, 'HTTP 500');
    problems.note(FAILED_500, 4, 'HTTP 500 again');
    assert.deepEqual(lines, [
      ['otlp_export_failed', '500', 2, '2 spans not exported: HTTP 500'],
      ['otel_spans_dropped', 'queue_full', 7, '7 spans dropped: the batch queue was full'],
    ]);
    t.mock.timers.tick(9_999);
    assert.equal(lines.length, 2, 'nothing before the interval ends');
    t.mock.timers.tick(1);
    assert.deepEqual(lines.at(-1), ['otlp_export_failed', '500', 7, '7 spans not exported in the last 10 s: HTTP 500 again']);
    // An interval without problems closes the window: the next one is logged at once.
    t.mock.timers.tick(10_000);
    assert.equal(lines.length, 3);
    problems.note(FAILED_500, 1, 'HTTP 500');
    assert.deepEqual(lines.at(-1), ['otlp_export_failed', '500', 1, '1 spans not exported: HTTP 500']);
    problems.note(FAILED_500, 5, 'HTTP 500');
    problems.flush();
    assert.deepEqual(lines.at(-1), ['otlp_export_failed', '500', 5, '5 spans not exported in the last 10 s: HTTP 500']);
    assert.equal(lines.length, 5);
  });

  it('takes HTTP statuses of one class as one kind, and cuts a long detail (a collector must not set the log volume)', (t) => {
    // A red team's collector answered a random 4xx each time (134 lines in 8 s, one per status) and a 60 KB partial-success text.
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const lines: unknown[][] = [];
    const logger = { info: () => assert.fail('export problems are warnings'), warn: (fields: Record<string, unknown>, message?: string) => void lines.push([fields['error.type'], fields.count, message]) };
    const problems = new ExportProblemLog(logger, 10_000);
    for (let status = 400; status < 450; status += 1) problems.note({ event: 'otlp_export_failed', signal: 'traces', errorType: String(status) }, 1, `HTTP ${status}`);
    problems.note(FAILED_500, 1, 'HTTP 500');
    t.mock.timers.tick(10_000);
    assert.deepEqual(lines, [
      ['400', 1, '1 spans not exported: HTTP 400'],
      ['500', 1, '1 spans not exported: HTTP 500'],
      ['449', 49, '49 spans not exported in the last 10 s: HTTP 449'],
    ]);
    problems.note({ event: 'otlp_export_partial_success', signal: 'traces', errorType: 'partial_success' }, 3, 'x'.repeat(60_000));
    assert.equal(lines.at(-1)?.[2], `3 spans rejected by the collector: ${'x'.repeat(500)}… (60000 characters)`);
  });

  it('logs nothing without a logger', () => {
    const problems = new ExportProblemLog(undefined, 50);
    problems.note(FAILED_500, 2, 'HTTP 500');
    problems.flush();
  });
});

describe('error.type of a failed export', () => {
  const cases: [status: number | undefined, reason: string, code: string | undefined, expected: string][] = [
    [undefined, 'HTTP 400', undefined, '400'],
    [500, 'Internal Server Error', undefined, '500'],
    [undefined, ANSWER_TIMEOUT_ERROR, undefined, 'timeout'],
    [undefined, 'timed out', undefined, 'timeout'],
    [undefined, 'Request timed out', undefined, 'timeout'],
    [undefined, 'connect ECONNREFUSED 127.0.0.1:4318', undefined, 'connection_error'],
    [undefined, 'connect ECONNREFUSED 127.0.0.1:4318', 'ECONNREFUSED', 'connection_error'],
    [undefined, 'the collector closed the connection without answering', undefined, 'connection_error'],
    [undefined, CLIENT_CLOSED_ERROR, undefined, 'stopped'],
    [undefined, 'stopped', undefined, 'stopped'],
    [undefined, 'stopped while retrying after connect ECONNREFUSED 127.0.0.1:4318', undefined, 'stopped'],
    [undefined, "the answer's body is over 4194304 bytes: its Content-Length is 100000000", undefined, 'export_failed'],
  ];
  for (const [status, reason, code, expected] of cases) {
    it(`${JSON.stringify(reason)}${code ? ` (${code})` : ''} is ${expected}`, () => assert.equal(errorTypeOf(status, reason, code), expected));
  }
});
