/**
 * setupTelemetry's `batch` option is held to the ranges OTEL_BSP_* is (env-config.ts), as its other
 * options are checked: unchecked, a scheduledDelayMillis past a timer's limit (or negative) made the
 * lean batcher export after 1 ms, a maxQueueSize of 0 dropped every span, NaN or a string was taken
 * as it came (`pending >= '5'`), and a misspelt key (`maxQueueLength`) was ignored.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setupTelemetry, type TelemetryOptions } from '../src/otel/index.ts';
import { setupFailureOf } from './support/otel-app.ts';

/** No export, no listener: only the option under test matters. */
const ENV = { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' };
const KEYS = 'maxQueueSize, maxExportBatchSize, scheduledDelayMillis, exportTimeoutMillis';

describe("setupTelemetry's batch option", () => {
  const refused: readonly (readonly [unknown, string])[] = [
    [{ scheduledDelayMillis: 2 ** 31 }, 'batch.scheduledDelayMillis 2147483648 is not valid; give an integer from 0 to 2147483647'],
    [{ scheduledDelayMillis: -1 }, 'batch.scheduledDelayMillis -1 is not valid; give an integer from 0 to 2147483647'],
    [{ exportTimeoutMillis: 0 }, 'batch.exportTimeoutMillis 0 is not valid; give an integer from 1 to 2147483647'],
    [{ maxQueueSize: 0 }, 'batch.maxQueueSize 0 is not valid; give an integer from 1 up'],
    [{ maxExportBatchSize: Number.NaN }, 'batch.maxExportBatchSize NaN is not valid; give an integer from 1 up'],
    [{ maxExportBatchSize: '5' }, 'batch.maxExportBatchSize "5" is not valid; give an integer from 1 up'],
    [{ maxQueueSize: 2.5 }, 'batch.maxQueueSize 2.5 is not valid; give an integer from 1 up'],
    [{ maxQueueLength: 100 }, `batch.maxQueueLength is not a batch setting (${KEYS})`],
    ['big', `batch "big" is not an object of batch settings (${KEYS})`],
    [[1], `batch [1] is not an object of batch settings (${KEYS})`],
  ];
  for (const [batch, message] of refused) {
    it(`refuses ${JSON.stringify(batch)} with FW_ERR_OTEL_BAD_OPTION naming the key and its range`, async () => {
      const error = await setupFailureOf({ env: ENV, batch: batch as TelemetryOptions['batch'] });
      assert.equal(error.code, 'FW_ERR_OTEL_BAD_OPTION');
      assert.equal(error.message, `setupTelemetry: ${message}`);
    });
  }

  it('accepts the ends of each range, and keys left undefined', async () => {
    for (const batch of [{ maxQueueSize: 1, maxExportBatchSize: 1, scheduledDelayMillis: 0, exportTimeoutMillis: 1 }, { maxQueueSize: 1_000_000, scheduledDelayMillis: 2_147_483_647, exportTimeoutMillis: 2_147_483_647, maxExportBatchSize: undefined }]) {
      const telemetry = await setupTelemetry({ env: ENV, batch });
      assert.equal(telemetry.enabled, true);
      await telemetry.shutdown();
    }
  });
});
