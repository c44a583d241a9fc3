/**
 * docs/telemetry.md: "a variable wins over the code's option: the deployment knows its network, the
 * code does not" (OTEL_SERVICE_NAME over serviceName, OTEL_EXPORTER_PROMETHEUS_HOST over
 * metricsHost, OTEL_BSP_* over batch, FW_OTEL_SPAN_NAMES over spanNames). OTEL_METRIC_EXPORT_INTERVAL
 * was the exception: setupTelemetry's exportIntervalMs won over it, so an operator who set the
 * variable to push more (or less) often was ignored without a word. The variable now wins; the
 * option applies when the variable is unset.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AggregationTemporality, InMemoryMetricExporter } from '@opentelemetry/sdk-metrics';
import { setupTelemetry } from '../src/otel/index.ts';

/** How many pushes reach an in-memory exporter within `ms` under `env` and `exportIntervalMs`. */
async function pushesWithin(ms: number, env: NodeJS.ProcessEnv, exportIntervalMs: number): Promise<number> {
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  const telemetry = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none', ...env }, metricExporter: exporter, exportIntervalMs });
  try {
    await new Promise((resolve) => setTimeout(resolve, ms));
    return exporter.getMetrics().length;
  } finally {
    await telemetry.shutdown();
  }
}

describe('OTEL_METRIC_EXPORT_INTERVAL and exportIntervalMs', () => {
  it('the variable wins over the option: 50 ms set by the deployment over 60 s in code', async () => {
    assert.ok((await pushesWithin(600, { OTEL_METRIC_EXPORT_INTERVAL: '50' }, 60_000)) >= 3);
  });

  it('the option applies when the variable is unset: 50 ms in code', async () => {
    assert.ok((await pushesWithin(600, {}, 50)) >= 3);
  });

  it('the variable over a long option: 60 s set by the deployment over 50 ms in code pushes nothing in 600 ms', async () => {
    assert.equal(await pushesWithin(600, { OTEL_METRIC_EXPORT_INTERVAL: '60000' }, 50), 0);
  });
});

