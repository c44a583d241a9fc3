/**
 * setupTelemetry's `exportIntervalMs` and `shutdownTimeoutMs` are checked at setup, as its other
 * options are. Unchecked, an interval of 0 failed with the SDK's own uncoded error, and a value
 * past a timer's limit (2147483647 ms) turned into 1 ms: the push reader exported every
 * millisecond, and shutdown() gave up on the last exports at once.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AggregationTemporality, InMemoryMetricExporter } from '@opentelemetry/sdk-metrics';
import { setupTelemetry, type TelemetryOptions } from '../src/otel/index.ts';
import { setupFailureOf } from './support/otel-app.ts';

/** Options with a push reader (an in-memory exporter) and no trace export: only the option under test differs. */
const withPushReader = (options: TelemetryOptions): TelemetryOptions => ({ metricExporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE), env: { OTEL_TRACES_EXPORTER: 'none' }, ...options });

describe('setupTelemetry timer options', () => {
  const refused: readonly (readonly [string, TelemetryOptions, string])[] = [
    ['an exportIntervalMs of 0', { exportIntervalMs: 0 }, 'exportIntervalMs 0 is not an export interval; give an integer number of milliseconds from 1 to 2147483647'],
    ['a negative exportIntervalMs', { exportIntervalMs: -5 }, 'exportIntervalMs -5 is not an export interval; give an integer number of milliseconds from 1 to 2147483647'],
    ['an exportIntervalMs past a timer\'s limit', { exportIntervalMs: 2 ** 31 }, 'exportIntervalMs 2147483648 is not an export interval; give an integer number of milliseconds from 1 to 2147483647'],
    ['a fractional exportIntervalMs', { exportIntervalMs: 2.5 }, 'exportIntervalMs 2.5 is not an export interval; give an integer number of milliseconds from 1 to 2147483647'],
    ['a shutdownTimeoutMs past a timer\'s limit', { shutdownTimeoutMs: 2 ** 31 }, 'shutdownTimeoutMs 2147483648 is not a timeout; give an integer number of milliseconds from 0 to 2147483647'],
    ['a negative shutdownTimeoutMs', { shutdownTimeoutMs: -1 }, 'shutdownTimeoutMs -1 is not a timeout; give an integer number of milliseconds from 0 to 2147483647'],
    ['a shutdownTimeoutMs that is not a number', { shutdownTimeoutMs: '5000' as unknown as number }, 'shutdownTimeoutMs 5000 is not a timeout; give an integer number of milliseconds from 0 to 2147483647'],
  ];
  for (const [name, options, message] of refused) {
    it(`refuses ${name} with FW_ERR_OTEL_BAD_OPTION naming the option and the range`, async () => {
      const error = await setupFailureOf(withPushReader(options));
      assert.equal(error.code, 'FW_ERR_OTEL_BAD_OPTION');
      assert.equal(error.message, `setupTelemetry: ${message}`);
    });
  }

  it('accepts the ends of each range: an interval of 1 and of 2147483647 ms, a shutdown timeout of 0 and of 2147483647 ms', async () => {
    for (const options of [{ exportIntervalMs: 1, shutdownTimeoutMs: 0 }, { exportIntervalMs: 2_147_483_647, shutdownTimeoutMs: 2_147_483_647 }]) {
      const telemetry = await setupTelemetry(withPushReader(options));
      assert.equal(telemetry.enabled, true);
      await telemetry.shutdown();
    }
  });
});
