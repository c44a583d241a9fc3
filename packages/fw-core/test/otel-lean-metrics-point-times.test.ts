/**
 * The start and end times of the lean HTTP metrics' points are the SDK instruments', exactly, under
 * every temporality: with the system clock the SDK reads made a counter the test moves, the same
 * exchanges over several collections give the same exports, times included. Under delta, a series
 * that had nothing in the previous interval starts at its first record in the new one, as the SDK's
 * (TemporalMetricProcessor.calibrateStartTime moves only the series the previous export had).
 * The active requests start where any reader (a scrape) first collected their attribute set, as
 * the SDK's one storage per provider has it, not where the push reader first did.
 */
import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AggregationTemporality, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { activeRequestsOf } from '../src/otel/http-metrics.ts';
import { FIRST_EXCHANGES, pushOnBothPaths, type RecordedExchange, SECOND_EXCHANGES } from './support/otel-lean-metrics-exchanges.ts';

const resource = resourceFromAttributes({ 'service.name': 'times' });

afterEach(() => mock.restoreAll());

/**
 * `exchanges` with each duration the nearest power of two, whose sums are exact: the SDK adds up a
 * cumulative sum per interval, fw per record, which can differ in the last bits otherwise
 * (docs/telemetry.md, lean and full paths).
 */
function dyadic(exchanges: readonly RecordedExchange[]): RecordedExchange[] {
  return exchanges.map((exchange) => ({ ...exchange, seconds: 2 ** Math.round(Math.log2(exchange.seconds)) }));
}

/** Both paths' exports of three intervals: FIRST, SECOND (three series of FIRST idle), FIRST again; each interval a second of the fake clock. */
async function exportsOf(temporality: AggregationTemporality) {
  let clock = 1_800_000_000_000;
  mock.method(Date, 'now', () => clock);
  const paths = pushOnBothPaths(temporality, resource);
  for (const exchanges of [FIRST_EXCHANGES, SECOND_EXCHANGES, FIRST_EXCHANGES].map(dyadic)) {
    // Each exchange a millisecond after the one before, the collection 500 ms after the last.
    for (const exchange of exchanges) {
      clock += 1;
      paths.record([exchange]);
    }
    clock += 500;
    await paths.flush();
    clock += 500;
  }
  // The three histograms of each export (the active requests, an observable, are timed by collection alone).
  const histograms = (exports: ResourceMetrics[]) => exports.map((metrics) => metrics.scopeMetrics.flatMap((scope) => scope.metrics.filter((metric) => metric.descriptor.name !== 'http.server.active_requests')));
  const { sdk, lean } = paths.exports();
  await paths.shutdown();
  return { sdk: histograms(sdk), lean: histograms(lean) };
}

describe('the times of the lean HTTP metrics points', () => {
  for (const [name, temporality] of [['cumulative', AggregationTemporality.CUMULATIVE], ['delta', AggregationTemporality.DELTA]] as const) {
    it(`are the SDK's, start and end of every point, over three ${name} exports with idle series between`, async () => {
      const { sdk, lean } = await exportsOf(temporality);
      // Not vacuous: three exports, the last with FIRST_EXCHANGES' five series (and under cumulative, SECOND's new one).
      assert.equal(lean.length, 3);
      assert.equal(sdk[2]![0]!.dataPoints.length, temporality === AggregationTemporality.DELTA ? 5 : 6);
      assert.deepEqual(lean, sdk);
    });
  }

  for (const [name, temporality] of [['cumulative', AggregationTemporality.CUMULATIVE], ['delta', AggregationTemporality.DELTA]] as const) {
    it(`of the active requests start when any reader first saw their attribute set, as the SDK's, under ${name}`, async () => {
      let clock = 1_800_000_000_000;
      mock.method(Date, 'now', () => clock);
      const paths = pushOnBothPaths(temporality, resource);
      // Counted process-wide: both paths observe the same requests in flight.
      const [get, put] = [activeRequestsOf('GET', 'http'), activeRequestsOf('PUT', 'https')];
      const inFlight = [get, put, get];
      try {
        // A scrape sees GET first, then PUT, each before the push's first collection: their start, on both paths.
        for (const [at, entry] of inFlight.entries()) {
          clock += 100;
          entry.count += 1;
          if (at < 2) await paths.scrape();
        }
        for (let push = 0; push < 2; push += 1) {
          clock += 1000;
          await paths.flush();
        }
      } finally {
        for (const entry of inFlight) entry.count -= 1;
      }
      const active = (exports: ResourceMetrics[]) => exports.map((metrics) => metrics.scopeMetrics.flatMap((scope) => scope.metrics.filter((metric) => metric.descriptor.name === 'http.server.active_requests')));
      const { sdk, lean } = paths.exports();
      await paths.shutdown();
      // Not vacuous: two pushes, both attribute sets in each.
      assert.deepEqual(sdk.map((metrics) => active([metrics])[0]![0]!.dataPoints.length), [2, 2]);
      assert.deepEqual(active(lean), active(sdk));
    });
  }
});
