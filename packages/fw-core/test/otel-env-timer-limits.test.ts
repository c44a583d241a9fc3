/**
 * Telemetry settings past what Node's timers hold (2147483647 ms, 24.8 days): a longer delay is
 * silently 1 ms (TimeoutOverflowWarning), so an OTEL_METRIC_EXPORT_INTERVAL of 3000000000 pushed
 * metrics every millisecond, and an OTLP timeout that long ended each export at once. The interval
 * and the span batcher's delay and timeout (OTEL_BSP_SCHEDULE_DELAY, OTEL_BSP_EXPORT_TIMEOUT) are refused at start; a timeout is read, as the SDK reads a bad one, with a warning, as the limit.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_TIMER_MS } from '../src/config/validate-config.ts';
import { readEnvConfig } from '../src/otel/env-config.ts';
import { setupTelemetry } from '../src/otel/index.ts';
import { setupFailureOf } from './support/otel-app.ts';

describe('telemetry timers past 2147483647 ms', () => {
  it('refuse an OTEL_METRIC_EXPORT_INTERVAL Node cannot wait for, naming it, rather than push every millisecond', async () => {
    const env = { OTEL_EXPORTER_OTLP_METRICS_ENDPOINT: 'http://127.0.0.1:4318/v1/metrics', OTEL_TRACES_EXPORTER: 'none' };
    const error = await setupFailureOf({ env: { ...env, OTEL_METRIC_EXPORT_INTERVAL: '3000000000' } });
    assert.equal(error.code, 'FW_ERR_OTEL_BAD_ENV');
    assert.match(error.message, /^OTEL_METRIC_EXPORT_INTERVAL="3000000000" is not valid: expected an integer from 1 to 2147483647/);
    // The longest interval Node's timers hold is still taken.
    assert.equal(readEnvConfig({ OTEL_METRIC_EXPORT_INTERVAL: String(MAX_TIMER_MS) }).metricExportIntervalMs, MAX_TIMER_MS);
  });

  for (const name of ['OTEL_BSP_SCHEDULE_DELAY', 'OTEL_BSP_EXPORT_TIMEOUT']) {
    it(`refuse an ${name} Node cannot wait for, rather than export spans every millisecond (or end each export at once)`, async () => {
      const error = await setupFailureOf({ env: { OTEL_METRICS_EXPORTER: 'none', [name]: '3000000000' } });
      assert.equal(error.code, 'FW_ERR_OTEL_BAD_ENV');
      assert.match(error.message, new RegExp(`^${name}="3000000000" is not valid: expected an integer from \\d to 2147483647`));
      assert.equal(readEnvConfig({ [name]: String(MAX_TIMER_MS) }).batch[name === 'OTEL_BSP_SCHEDULE_DELAY' ? 'scheduledDelayMillis' : 'exportTimeoutMillis'], MAX_TIMER_MS);
    });
  }

  it('take a timeout over it as that limit, with a warning, rather than end every export at once', async () => {
    const env = { OTEL_EXPORTER_OTLP_METRICS_TIMEOUT: '3000000000', OTEL_METRIC_EXPORT_TIMEOUT: '1e10' };
    const config = readEnvConfig(env);
    assert.deepEqual([config.metricsTimeoutMs, config.metricExportTimeoutMs], [MAX_TIMER_MS, MAX_TIMER_MS]);
    const warnings: unknown[] = [];
    const telemetry = await setupTelemetry({ env: { ...env, OTEL_TRACES_EXPORTER: 'none' }, logger: { info: () => {}, warn: (fields, message) => warnings.push([fields, message]) } });
    await telemetry.shutdown();
    assert.deepEqual(warnings, [
      [{ event: 'telemetry_bad_env' }, `OTEL_EXPORTER_OTLP_METRICS_TIMEOUT="3000000000" is longer than Node's timers hold: ${MAX_TIMER_MS} is used`],
      [{ event: 'telemetry_bad_env' }, `OTEL_METRIC_EXPORT_TIMEOUT="1e10" is longer than Node's timers hold: ${MAX_TIMER_MS} is used`],
    ]);
  });
});
