/**
 * A batch size above the queue size (OTEL_BSP_MAX_EXPORT_BATCH_SIZE, or setupTelemetry's `batch`):
 * the SDK's batch processor takes the queue size instead and says so to the diag logger; the lean
 * path's batcher took it too, without a word (issue 36, items 4 and 6: no setting is changed
 * silently). Both paths give the same warning, once, at setup.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { setupTelemetry, type TelemetryOptions } from '../src/otel/index.ts';
import { startOtlpReceiver } from './support/otel-receiver.ts';

const CLAMPED = 'BatchSpanProcessor: maxExportBatchSize must be smaller or equal to maxQueueSize, setting maxExportBatchSize to match maxQueueSize';

/** The diag warnings setupTelemetry with `options` gives on `path`. */
async function warningsOn(path: 'lean' | 'full', options: TelemetryOptions): Promise<string[]> {
  const receiver = await startOtlpReceiver();
  const warnings: string[] = [];
  const ignore = (): void => {};
  diag.setLogger({ error: ignore, warn: (message) => void warnings.push(message), info: ignore, debug: ignore, verbose: ignore }, DiagLogLevel.WARN);
  const telemetry = await setupTelemetry({ ...options, env: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_METRICS_EXPORTER: 'none', ...(path === 'full' && { FW_OTEL_PATH: 'full' }), ...options.env } });
  try {
    assert.equal(telemetry.path, path);
    return warnings;
  } finally {
    await telemetry.shutdown();
    await receiver.close();
  }
}

describe('a batch size above the queue size', () => {
  afterEach(() => diag.disable());

  for (const path of ['lean', 'full'] as const) {
    it(`is warned about through diag on the ${path} path (OTEL_BSP_MAX_EXPORT_BATCH_SIZE over the default queue)`, async () => {
      assert.deepEqual(await warningsOn(path, { env: { OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '5000' } }), [CLAMPED]);
    });

    it(`is warned about through diag on the ${path} path (setupTelemetry's batch option)`, async () => {
      assert.deepEqual(await warningsOn(path, { batch: { maxQueueSize: 10, maxExportBatchSize: 20 } }), [CLAMPED]);
    });

    it(`is not warned about on the ${path} path when it fits the queue`, async () => {
      assert.deepEqual(await warningsOn(path, { env: { OTEL_BSP_MAX_QUEUE_SIZE: '10', OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '10' } }), []);
    });
  }
});
