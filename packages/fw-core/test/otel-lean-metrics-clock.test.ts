/**
 * The times of the lean HTTP metrics' points come from the clock the SDK's instruments read: the
 * system clock (`Date.now()`, whole milliseconds), not the monotonic one. The two part when the
 * system clock is set (an NTP step, a resumed VM): a backend then sees the lean path's points
 * where the SDK's would be, beside the process's spans and logs, not off by the step.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import type { HrTime } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { HttpMetricSeriesTable } from '../src/otel/http-metrics.ts';
import { HttpMetricProducer } from '../src/otel/lean/http-metric-producer.ts';
import { PullMetricReader } from '../src/otel/metrics-pipeline.ts';
import { FIRST_EXCHANGES, leanRecorder, sdkRecorder } from './support/otel-lean-metrics-exchanges.ts';

/** How far the system clock was set ahead of the monotonic one: an hour. */
const STEP_MS = 3_600_000;

/** Every point's start and end time of `metrics`, as `metric attributes start|end` and Unix ms. */
function pointTimes(metrics: ResourceMetrics): [string, HrTime][] {
  return metrics.scopeMetrics.flatMap((scope) => scope.metrics.flatMap((metric) => metric.dataPoints.flatMap((point): [string, HrTime][] => {
    const label = `${metric.descriptor.name} ${JSON.stringify(point.attributes)}`;
    return [[`${label} start`, point.startTime], [`${label} end`, point.endTime]];
  })));
}

afterEach(() => mock.restoreAll());

describe('the times of the lean HTTP metrics', () => {
  it('are read from the system clock, in whole milliseconds, as the SDK instruments read them, when it was set apart from the monotonic clock', async () => {
    const systemNow = Date.now;
    mock.method(Date, 'now', () => systemNow() + STEP_MS);
    const resource = resourceFromAttributes({ 'service.name': 'clock' });
    const sdkPull = new PullMetricReader();
    const sdk = new MeterProvider({ resource, readers: [sdkPull] });
    const table = new HttpMetricSeriesTable();
    const leanPull = new PullMetricReader({ metricProducers: [new HttpMetricProducer(table)] });
    const lean = new MeterProvider({ resource, readers: [leanPull] });
    const before = Date.now();
    sdkRecorder(sdk)(FIRST_EXCHANGES);
    leanRecorder(table)(FIRST_EXCHANGES);
    const sdkTimes = pointTimes((await sdkPull.collect()).resourceMetrics);
    const leanTimes = pointTimes((await leanPull.collect()).resourceMetrics);
    const after = Date.now();
    // Not vacuous: both report the same points, the three histograms' series.
    assert.deepEqual(leanTimes.map(([label]) => label), sdkTimes.map(([label]) => label));
    assert.ok(leanTimes.length >= 6, `${leanTimes.length} times`);
    for (const [path, times] of [['sdk', sdkTimes], ['lean', leanTimes]] as const) {
      for (const [label, [seconds, nanos]] of times) {
        const ms = seconds * 1000 + nanos / 1e6;
        assert.ok(ms >= before && ms <= after, `${path}: ${label} at ${ms}, outside the system clock's ${before}..${after}`);
        assert.equal(nanos % 1_000_000, 0, `${path}: ${label} at ${nanos} ns into its second, not a whole millisecond`);
      }
    }
    await Promise.all([sdk.shutdown(), lean.shutdown()]);
  });
});
