/**
 * Every exchange is measured, however many `error.type` values the HTTP metrics see (issue 36,
 * item 5): the lean series table once keyed `error.type` in 5 bits and dropped the exchanges of
 * its 32nd value on. The same requests on both paths give the same count in every series.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { status } from '../src/http/response.ts';
import { HttpMetricProducer } from '../src/otel/lean/http-metric-producer.ts';
import { HttpMetricSeriesTable } from '../src/otel/http-metrics.ts';
import { PullMetricReader } from '../src/otel/metrics-pipeline.ts';
import { serializePrometheus } from '../src/otel/prometheus-serializer.ts';
import { leanRecorder, sdkRecorder, type RecordedExchange } from './support/otel-lean-metrics-exchanges.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';

/** Statuses 500, 501, ... : `count` distinct `error.type` values. */
function errorStatuses(count: number): number[] {
  return Array.from({ length: count }, (_, i) => 500 + i);
}

/** `_count` of every duration series in a Prometheus text, by its labels. */
function durationCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line.startsWith('http_server_request_duration_seconds_count{')) continue;
    const space = line.lastIndexOf(' ');
    counts.set(line.slice(0, space), Number(line.slice(space + 1)));
  }
  return counts;
}

/** Answers GET /status/:code with that status; GET /status/200 twice and each of `statuses` once. */
async function countsOn(path: 'lean' | 'full', statuses: readonly number[]): Promise<Map<string, number>> {
  const otel = await startPathApp(path, [{ prefix: '', security: false, routes: [{ path: '/status/:code', handler: (req) => status(Number(req.bindings.code)), options: { methods: ['get'] } }] }]);
  try {
    for (const code of [200, 200, ...statuses]) {
      const res = await fetch(`${otel.app.url}/status/${code}`);
      await res.arrayBuffer();
      assert.equal(res.status, code);
    }
    return durationCounts(await otel.telemetry.scrape());
  } finally {
    await otel.close();
  }
}

describe('error.type values in the lean HTTP metrics', () => {
  // fw answers 500 for a status above 599: a server sees at most 100 distinct 5xx values (and `aborted`).
  for (const distinct of [61, 100]) {
    it(`count every exchange in its series with ${distinct} distinct values, as the full path does`, async () => {
      const statuses = errorStatuses(distinct);
      const byPath = new Map<string, Map<string, number>>();
      for (const path of PATHS) byPath.set(path, await countsOn(path, statuses));
      const lean = byPath.get('lean')!;
      assert.deepEqual([...lean.entries()].sort(), [...byPath.get('full')!.entries()].sort());
      assert.equal(lean.size, distinct + 1, 'one series per status');
      assert.equal([...lean.values()].reduce((a, b) => a + b, 0), distinct + 2, 'every request counted');
      const last = [...lean.entries()].find(([labels]) => labels.includes(`error_type="${499 + distinct}"`));
      assert.equal(last?.[1], 1, `the series of error.type ${499 + distinct}`);
    });
  }

  it('give, recorded straight into the table, the Prometheus text of the SDK instruments for 300 values', async () => {
    const resource = resourceFromAttributes({ 'service.name': 'lean' });
    const sdkPull = new PullMetricReader();
    const sdk = new MeterProvider({ resource, readers: [sdkPull] });
    const table = new HttpMetricSeriesTable();
    const leanPull = new PullMetricReader({ metricProducers: [new HttpMetricProducer(table)] });
    const lean = new MeterProvider({ resource, readers: [leanPull] });
    const exchanges: RecordedExchange[] = errorStatuses(300).map((code) => ({ method: 'GET', scheme: 'http', version: '1.1', status: code, route: '/status/:code', errorType: String(code), seconds: 0.01, requestBytes: 0, responseBytes: 0 }));
    exchanges.push({ method: 'GET', scheme: 'http', version: '1.1', status: 0, errorType: 'aborted', seconds: 1, requestBytes: 0, responseBytes: 0 });
    sdkRecorder(sdk)(exchanges);
    leanRecorder(table)(exchanges);
    const expected = serializePrometheus((await sdkPull.collect()).resourceMetrics);
    assert.equal(serializePrometheus((await leanPull.collect()).resourceMetrics), expected);
    assert.equal(durationCounts(expected).size, 301);
    await Promise.all([sdk.shutdown(), lean.shutdown()]);
  });
});
