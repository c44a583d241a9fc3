/**
 * An app's own gauge named `target_info` (or `target.info`, which sanitizes to it) made GET /metrics
 * write a second `# HELP target_info` family after the resource's: Prometheus (and `promtool check
 * metrics`: "second HELP line for metric name") refuses the whole scrape, so every metric was lost.
 * Its samples now join the resource's target_info family, as the official exporter merges them.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metrics } from '@opentelemetry/api';
import { setupTelemetry } from '../src/otel/index.ts';
import { promtoolCheck, withoutPromtool } from './support/promtool.ts';

describe('GET /metrics with an app gauge named target_info', () => {
  it('writes one target_info family holding the resource and the gauge, which promtool accepts', async () => {
    const telemetry = await setupTelemetry({ metricsPort: 0, serviceName: 'svc', env: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' } });
    try {
      metrics.getMeter('app').createGauge('target.info').record(7, { build: '42' });
      const text = await (await fetch(telemetry.metricsUrl!)).text();
      assert.equal(text.match(/^# HELP target_info /gm)?.length, 1, text);
      assert.equal(text.match(/^# TYPE target_info gauge$/gm)?.length, 1, text);
      assert.match(text, /^target_info\{[^}]*service_name="svc"[^}]*\} 1$/m);
      assert.match(text, /^target_info\{build="42",otel_scope_name="app"\} 7$/m);
      if (withoutPromtool !== false) return;
      const { code, output } = await promtoolCheck(text);
      assert.equal(code, 0, output);
    } finally {
      await telemetry.shutdown();
    }
  });
});
