/**
 * The rate-limit store's outage, in a few log lines instead of one a second: an `error` line when
 * the store starts failing (the first error), a `warn` summary at most once a minute while it
 * keeps failing (failures since the previous line, the latest error), and an `info` line when it
 * answers again (failures and duration of the whole outage). A 10 s Redis cut under load is then
 * two lines, not one per second or per request.
 */
import type { Logger } from 'fw-core';

/** Shortest gap between two summary lines of one outage, in ms. */
export const SUMMARY_INTERVAL_MS = 60_000;

/** Logs store failures and the recovery, summarised. */
export interface StoreErrorLog {
  /** True while the store is failing (from a failure to the next success). */
  readonly failing: boolean;
  /** One failed store call; `fields` describe the plugin and the request. */
  report(logger: Logger, error: unknown, fields: Record<string, unknown>): void;
  /** The store answered again: ends the outage. Only called while `failing`. */
  recovered(logger: Logger, fields: Record<string, unknown>): void;
}

/** An outage log whose intervals run on `now` (ms since the epoch). */
export function createStoreErrorLog(now: () => number = Date.now): StoreErrorLog {
  let failing = false;
  let startedAt = 0;
  let lastLineAt = 0;
  let failures = 0;
  let sinceLine = 0;
  return {
    get failing() {
      return failing;
    },
    report(logger, error, fields) {
      const at = now();
      const message = error instanceof Error ? error.message : String(error);
      if (!failing) {
        // The outage begins: this failure is its first, and the error line stands for it.
        [failing, startedAt, lastLineAt, failures, sinceLine] = [true, at, at, 1, 0];
        logger.error(
          { event: 'rate_limit_store_error', ...fields, error: message },
          `rate limit store failed: ${message}`,
        );
        return;
      }
      failures += 1;
      sinceLine += 1;
      if (at - lastLineAt >= SUMMARY_INTERVAL_MS) {
        const line = {
          event: 'rate_limit_store_still_failing',
          ...fields,
          error: message,
          failures: sinceLine,
          since_ms: at - startedAt,
        };
        logger.warn(
          line,
          `rate limit store still failing: ${sinceLine} failures since the last line; latest: ${message}`,
        );
        [lastLineAt, sinceLine] = [at, 0];
      }
    },
    recovered(logger, fields) {
      const duration = now() - startedAt;
      failing = false;
      logger.info(
        { event: 'rate_limit_store_recovered', ...fields, failures, outage_ms: duration },
        `rate limit store answers again after ${duration} ms and ${failures} failures`,
      );
    },
  };
}
