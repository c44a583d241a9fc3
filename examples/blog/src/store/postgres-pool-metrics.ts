/**
 * The PostgreSQL pool's metrics under the OpenTelemetry semantic conventions for database client
 * connection pools (https://opentelemetry.io/docs/specs/semconv/database/database-metrics/):
 * `db.client.connection.count` by `db.client.connection.state` (idle, used),
 * `db.client.connection.max`, `db.client.connection.pending_requests` and
 * `db.client.connection.timeouts`, each with `db.client.connection.pool.name`. They are
 * observable instruments read from pg's own counters at collection time (a /metrics scrape, an
 * OTLP export), so a query costs nothing more; only a timeout adds one to a number.
 *
 * They go through @opentelemetry/api's global meter, which is fw's once setupTelemetry ran:
 * fw-core/otel serves every API instrument on /metrics. The API hands out no-op meters before
 * that, so the app calls `observe()` after telemetry has started (app.ts).
 */
import { metrics, type BatchObservableCallback } from '@opentelemetry/api';
import type { DbServer } from './statement-spans.ts';
import { STORE_SCOPE_NAME } from './statement-spans.ts';

/** What the metrics read from a pool: pg.Pool's own counters and its size. */
export interface PgPoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** A pool's metrics: counts timeouts now, reports once observed. */
export interface PgPoolMetrics {
  /** `db.client.connection.pool.name`. */
  readonly poolName: string;
  /** Adds one to `db.client.connection.timeouts`. */
  countTimeout(): void;
  /** Registers the instruments on the global meter provider; returns what unregisters them. */
  observe(): () => void;
}

/** The semconv pool name for a pool on `server`: `address:port/database`. */
export function pgPoolName(server: DbServer): string {
  return `${server.address}:${server.port}/${server.database ?? ''}`;
}

/** Metrics of `pool` (at most `max` connections) named `poolName`. */
export function createPgPoolMetrics(pool: PgPoolCounts, max: number, poolName: string): PgPoolMetrics {
  let timeouts = 0;
  const name = { 'db.client.connection.pool.name': poolName };
  const idle = { ...name, 'db.client.connection.state': 'idle' };
  const used = { ...name, 'db.client.connection.state': 'used' };
  return {
    poolName,
    countTimeout: () => {
      timeouts += 1;
    },
    observe() {
      const meter = metrics.getMeter(STORE_SCOPE_NAME);
      const count = meter.createObservableUpDownCounter('db.client.connection.count', {
        unit: '{connection}',
        description: 'The number of connections that are currently in the state described by the state attribute.',
      });
      const limit = meter.createObservableUpDownCounter('db.client.connection.max', {
        unit: '{connection}',
        description: 'The maximum number of open connections allowed.',
      });
      const pending = meter.createObservableUpDownCounter('db.client.connection.pending_requests', {
        unit: '{request}',
        description: 'The number of current pending requests for an open connection.',
      });
      const timedOut = meter.createObservableCounter('db.client.connection.timeouts', {
        unit: '{timeout}',
        description:
          'The number of connection timeouts that have occurred trying to obtain a connection from the pool.',
      });
      const callback: BatchObservableCallback = (result) => {
        const idleCount = pool.idleCount;
        result.observe(count, idleCount, idle);
        result.observe(count, Math.max(0, pool.totalCount - idleCount), used);
        result.observe(limit, max, name);
        result.observe(pending, pool.waitingCount, name);
        result.observe(timedOut, timeouts, name);
      };
      const observables = [count, limit, pending, timedOut];
      meter.addBatchObservableCallback(callback, observables);
      return () => meter.removeBatchObservableCallback(callback, observables);
    },
  };
}
