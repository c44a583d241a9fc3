/**
 * Attributes whose label would repeat one fw writes itself made GET /metrics unreadable: a
 * histogram recorded with an attribute `le` wrote `le="x"` beside each bucket's `le` (and on its
 * _sum and _count, where Prometheus wants a number too), an attribute `otel.scope.name` (or
 * `otel_scope_version`...) a second scope label: Prometheus and promtool ("duplicate label
 * names", "expected float as value for 'le' label") refuse the whole scrape, every metric lost;
 * @opentelemetry/exporter-prometheus writes the same. Such an attribute is now left out of the
 * labels; the series and its other labels stay.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { metrics } from '@opentelemetry/api';
import { setupTelemetry } from '../src/otel/index.ts';
import { promtoolCheck, withoutPromtool } from './support/promtool.ts';

describe('GET /metrics with attributes named like the labels fw writes', () => {
  it('leaves out a histogram attribute le and attributes named like the scope labels; promtool parses the scrape', async () => {
    const telemetry = await setupTelemetry({ metricsPort: 0, env: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' } });
    try {
      const meter = metrics.getMeter('app', '2.0');
      meter.createHistogram('wait', { advice: { explicitBucketBoundaries: [1] } }).record(0.5, { le: 'x', queue: 'mail' });
      meter.createGauge('depth').record(3, { 'otel.scope.name': 'mine', otel_scope_version: '9', queue: 'mail' });
      meter.createGauge('limit').record(5, { le: 'kept' });
      const text = await (await fetch(telemetry.metricsUrl!)).text();
      const scope = 'otel_scope_name="app",otel_scope_version="2.0"';
      for (const line of [`wait_bucket{queue="mail",${scope},le="1"} 1`, `wait_bucket{queue="mail",${scope},le="+Inf"} 1`, `wait_sum{queue="mail",${scope}} 0.5`, `wait_count{queue="mail",${scope}} 1`, `depth{queue="mail",${scope}} 3`, `limit{le="kept",${scope}} 5`]) {
        assert.ok(text.split('\n').includes(line), `${line} not in:\n${text}`);
      }
      // Parsed (exit 1 would refuse the scrape); its lint (exit 3) only says a gauge had better not have an le.
      if (withoutPromtool === false) assert.deepEqual(await promtoolCheck(text), { code: 3, output: 'limit non-histogram metrics should not have "le" label\n' });
    } finally {
      await telemetry.shutdown();
    }
  });
});
