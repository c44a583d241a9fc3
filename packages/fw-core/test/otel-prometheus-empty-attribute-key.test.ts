/**
 * An app recording a metric with an empty attribute key (`counter.add(1, {[name]: v})` with an empty
 * `name`; the SDK's instruments keep it) made GET /metrics write `{="v",…}`, which is no label name:
 * Prometheus (and `promtool check metrics`) refuses the whole scrape, so every metric of the
 * service, fw's own included, was lost. The key is left out of the labels, as the span path leaves
 * an empty key out of a span; the series' other labels and its value stay.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metrics } from '@opentelemetry/api';
import { setupTelemetry } from '../src/otel/index.ts';
import { promtoolCheck, withoutPromtool } from './support/promtool.ts';

describe('GET /metrics with an empty attribute key', () => {
  it('leaves the key out of the labels, keeps the series, and promtool accepts the scrape', async () => {
    const telemetry = await setupTelemetry({ metricsPort: 0, env: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' } });
    try {
      const meter = metrics.getMeter('app');
      meter.createCounter('jobs.done').add(3, { '': 'x', queue: 'mail' });
      meter.createHistogram('job.duration', { unit: 's' }).record(0.2, { '': 'y' });
      const text = await (await fetch(telemetry.metricsUrl!)).text();
      assert.doesNotMatch(text, /[{,]=/);
      assert.match(text, /^jobs_done_total\{queue="mail",otel_scope_name="app"\} 3$/m);
      assert.match(text, /^job_duration_seconds_count\{otel_scope_name="app"\} 1$/m);
      if (withoutPromtool !== false) return;
      const { code, output } = await promtoolCheck(text);
      assert.equal(code, 0, output);
    } finally {
      await telemetry.shutdown();
    }
  });
});
