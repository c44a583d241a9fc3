/**
 * One log line per second at most while the rate-limit store is failing, so an outage under load
 * is visible without flooding the log; `suppressed` says how many failures the line stands for.
 */
import type { Logger } from 'fw-core';

/** Minimum gap between two store-error lines, in ms. */
const LOG_INTERVAL_MS = 1000;

/** Logs store failures, throttled. */
export interface StoreErrorLog {
  report(logger: Logger, error: unknown, fields: Record<string, unknown>): void;
}

/** A throttled store-error log. */
export function createStoreErrorLog(): StoreErrorLog {
  let lastAt = Number.NEGATIVE_INFINITY;
  let suppressed = 0;
  return {
    report(logger, error, fields) {
      const now = Date.now();
      if (now - lastAt < LOG_INTERVAL_MS) {
        suppressed += 1;
        return;
      }
      lastAt = now;
      const message = error instanceof Error ? error.message : String(error);
      logger.error({ event: 'rate_limit_store_error', ...fields, error: message, suppressed }, `rate limit store failed: ${message}`);
      suppressed = 0;
    },
  };
}
