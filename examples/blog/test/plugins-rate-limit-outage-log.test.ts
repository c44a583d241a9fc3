/**
 * A rate-limit store outage is logged in a few lines, not one a second: an error line when it
 * starts, a warn summary at most once a minute while it lasts (failures since the last line),
 * an info line when the store answers again (all failures, outage length). Runs on a clock the
 * test drives, so a minute-long outage takes no time.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { Logger } from 'fw-core';
import { createStoreErrorLog, SUMMARY_INTERVAL_MS } from '../src/plugins/rate-limit/store-error-log.ts';

interface Line {
  readonly level: string;
  readonly fields: Record<string, unknown>;
  readonly message: string | undefined;
}

function recording(): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message?: string) => lines.push({ level, fields, message });
  return { lines, logger: { trace: at('trace'), debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error'), fatal: at('fatal') } };
}

const FIELDS = { plugin: 'rate_limit_plugin', store: 'redis', on_store_error: 'allow' };

describe('the rate-limit store outage log', () => {
  test('a 10 s outage with a failure every 10 ms: one error line, then one recovery line with the count', () => {
    let now = 1_000_000;
    const { logger, lines } = recording();
    const log = createStoreErrorLog(() => now);
    assert.equal(log.failing, false);
    for (let i = 0; i < 1000; i += 1) {
      log.report(logger, new Error('Command timed out'), { ...FIELDS, request_id: `r${i}` });
      now += 10;
    }
    assert.equal(log.failing, true);
    log.recovered(logger, FIELDS);
    assert.equal(log.failing, false);
    assert.deepEqual(lines, [
      {
        level: 'error',
        fields: { event: 'rate_limit_store_error', ...FIELDS, request_id: 'r0', error: 'Command timed out' },
        message: 'rate limit store failed: Command timed out',
      },
      {
        level: 'info',
        fields: { event: 'rate_limit_store_recovered', ...FIELDS, failures: 1000, outage_ms: 10_000 },
        message: 'rate limit store answers again after 10000 ms and 1000 failures',
      },
    ]);
  });

  test('a long outage: a warn summary once a minute with the failures since the previous line', () => {
    let now = 0;
    const { logger, lines } = recording();
    const log = createStoreErrorLog(() => now);
    // One failure a second for 150 s: lines at 0 s (start), 60 s and 120 s (summaries).
    for (let second = 0; second < 150; second += 1) {
      now = second * 1000;
      log.report(logger, new Error(second < 100 ? 'Command timed out' : 'Connection is closed.'), FIELDS);
    }
    const summaries = lines.filter((line) => line.level === 'warn');
    assert.equal(SUMMARY_INTERVAL_MS, 60_000);
    assert.deepEqual(summaries, [
      {
        level: 'warn',
        fields: { event: 'rate_limit_store_still_failing', ...FIELDS, error: 'Command timed out', failures: 60, since_ms: 60_000 },
        message: 'rate limit store still failing: 60 failures since the last line; latest: Command timed out',
      },
      {
        level: 'warn',
        fields: { event: 'rate_limit_store_still_failing', ...FIELDS, error: 'Connection is closed.', failures: 60, since_ms: 120_000 },
        message: 'rate limit store still failing: 60 failures since the last line; latest: Connection is closed.',
      },
    ]);
    assert.equal(lines.length, 3);
  });

  test('a second outage starts afresh with its own error line and counts', () => {
    let now = 0;
    const { logger, lines } = recording();
    const log = createStoreErrorLog(() => now);
    log.report(logger, new Error('first'), FIELDS);
    now = 500;
    log.recovered(logger, FIELDS);
    now = 10_000;
    log.report(logger, new Error('second'), FIELDS);
    now = 10_200;
    log.report(logger, new Error('second'), FIELDS);
    log.recovered(logger, FIELDS);
    assert.deepEqual(
      lines.map((line) => [line.level, line.fields.event, line.fields.failures, line.fields.outage_ms]),
      [
        ['error', 'rate_limit_store_error', undefined, undefined],
        ['info', 'rate_limit_store_recovered', 1, 500],
        ['error', 'rate_limit_store_error', undefined, undefined],
        ['info', 'rate_limit_store_recovered', 2, 200],
      ],
    );
  });
});
