/**
 * The one kept difference in which series the two paths report (docs/telemetry.md, lean and full
 * paths): past 2000 attribute sets recorded between two collections, the SDK's instruments fold
 * the new ones into one `otel.metric.overflow` series (its default cardinality limit); the lean
 * table keeps each in its own series. Both count every exchange.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AggregationTemporality, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { pushOnBothPaths, type RecordedExchange } from './support/otel-lean-metrics-exchanges.ts';

/** A GET of route `/posts/<n>`: one attribute set per `n`. */
function exchangeOf(n: number): RecordedExchange {
  return { method: 'GET', scheme: 'http', version: '1.1', status: 200, route: `/posts/${n}`, seconds: 0.01, requestBytes: 0, responseBytes: 10 };
}

/** The duration points of an export: how many, how many exchanges they count, and the overflow series' count. */
function durationPoints(metrics: ResourceMetrics) {
  const points = metrics.scopeMetrics.flatMap((scope) => scope.metrics).find((metric) => metric.descriptor.name === 'http.server.request.duration')!.dataPoints;
  const countOf = (point: (typeof points)[number]) => (point.value as { count: number }).count;
  const overflow = points.find((point) => point.attributes['otel.metric.overflow'] === true);
  return { series: points.length, exchanges: points.reduce((total, point) => total + countOf(point), 0), overflow: overflow === undefined ? undefined : countOf(overflow) };
}

describe('more than 2000 attribute sets in one interval', () => {
  it('are each a series of their own on the lean path, where the SDK folds those past 1999 into otel.metric.overflow', async () => {
    const paths = pushOnBothPaths(AggregationTemporality.DELTA, resourceFromAttributes({ 'service.name': 'cardinality' }));
    paths.record(Array.from({ length: 2100 }, (_, n) => exchangeOf(n)));
    await paths.flush();
    const { sdk, lean } = paths.exports();
    await paths.shutdown();
    assert.deepEqual(durationPoints(sdk[0]!), { series: 2000, exchanges: 2100, overflow: 101 });
    assert.deepEqual(durationPoints(lean[0]!), { series: 2100, exchanges: 2100, overflow: undefined });
  });
});
