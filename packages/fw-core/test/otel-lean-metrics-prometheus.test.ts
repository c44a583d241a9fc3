/**
 * The lean HTTP metrics through the project's pull reader: the same exchanges recorded into fw's
 * series table (offered by HttpMetricProducer) and into today's SDK instruments give the same
 * Prometheus text and the same collected data, active requests included; a pull reader and a
 * delta push reader on one table each see their own consistent view.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { AggregationTemporality, InMemoryMetricExporter, MeterProvider, PeriodicExportingMetricReader, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { activeRequestsOf, HttpMetricSeriesTable } from '../src/otel/http-metrics.ts';
import { HttpMetricProducer, aggregatesAsLeanMetrics } from '../src/otel/lean/http-metric-producer.ts';
import { serializePrometheus } from '../src/otel/prometheus-serializer.ts';
import { PullMetricReader } from '../src/otel/metrics-pipeline.ts';
import { FIRST_EXCHANGES, SECOND_EXCHANGES, leanRecorder, pushOnBothPaths, sdkRecorder } from './support/otel-lean-metrics-exchanges.ts';

const resource = resourceFromAttributes({ 'service.name': 'lean' });

/** Collected data without the timestamps, which differ between two providers by construction. */
function withoutTimes(metrics: ResourceMetrics): unknown {
  return metrics.scopeMetrics.map(({ scope, metrics: list }) => ({
    scope: { name: scope.name, version: scope.version },
    metrics: list.map((metric) => ({ ...metric, dataPoints: metric.dataPoints.map(({ attributes, value }) => ({ attributes, value })) })),
  }));
}

// http-metrics.ts counts process-wide: both paths observe the same counters.
const inFlight = [activeRequestsOf('GET', 'http'), activeRequestsOf('GET', 'http'), activeRequestsOf('POST', 'https')];
before(() => {
  for (const entry of inFlight) entry.count += 1;
});
after(() => {
  for (const entry of inFlight) entry.count -= 1;
});

describe('lean HTTP metrics on a pull reader', () => {
  it('give the Prometheus text of the SDK instruments, byte for byte, over two scrapes', async () => {
    const sdkPull = new PullMetricReader();
    const sdk = new MeterProvider({ resource, readers: [sdkPull] });
    const table = new HttpMetricSeriesTable();
    const leanPull = new PullMetricReader({ metricProducers: [new HttpMetricProducer(table)] });
    const lean = new MeterProvider({ resource, readers: [leanPull] });
    const recordSdk = sdkRecorder(sdk);
    const recordLean = leanRecorder(table);
    for (const exchanges of [FIRST_EXCHANGES, SECOND_EXCHANGES]) {
      recordSdk(exchanges);
      recordLean(exchanges);
      const expected = serializePrometheus((await sdkPull.collect()).resourceMetrics);
      const actual = serializePrometheus((await leanPull.collect()).resourceMetrics);
      assert.equal(actual, expected);
    }
    const text = serializePrometheus((await leanPull.collect()).resourceMetrics);
    // The equality is not vacuous: the text holds every metric, with the series recorded.
    const scope = 'otel_scope_name="fw-core",otel_scope_version="0.1.0"';
    assert.ok(text.includes(`http_server_request_duration_seconds_bucket{http_request_method="GET",http_response_status_code="200",http_route="/api/posts/:id",network_protocol_version="1.1",url_scheme="http",${scope},le="0.005"} 1\n`), text);
    assert.ok(text.includes(`http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="200",http_route="/api/posts/:id",network_protocol_version="1.1",url_scheme="http",${scope}} 3\n`), text);
    assert.ok(text.includes(`http_server_request_body_size_bytes_bucket{error_type="500",http_request_method="_OTHER",http_response_status_code="500",http_route="/api/posts",network_protocol_version="1.0",url_scheme="http",${scope},le="+Inf"} 1\n`), text);
    assert.ok(text.includes(`http_server_response_body_size_bytes_sum{error_type="aborted",http_request_method="GET",http_route="/docs/openapi.json",network_protocol_version="1.1",url_scheme="http",${scope}} 262144\n`), text);
    await Promise.all([sdk.shutdown(), lean.shutdown()]);
  });

  it('report active requests as the observable counter does today', async () => {
    const table = new HttpMetricSeriesTable();
    const pull = new PullMetricReader({ metricProducers: [new HttpMetricProducer(table)] });
    const provider = new MeterProvider({ resource, readers: [pull] });
    const text = serializePrometheus((await pull.collect()).resourceMetrics);
    const scope = 'otel_scope_name="fw-core",otel_scope_version="0.1.0"';
    assert.ok(text.startsWith('# HELP target_info Target metadata\n# TYPE target_info gauge\ntarget_info{service_name="lean"} 1\n# HELP http_server_active_requests Number of active HTTP server requests.\n# TYPE http_server_active_requests gauge\n'), text);
    assert.ok(text.includes(`http_server_active_requests{http_request_method="GET",url_scheme="http",${scope}} 2\n`), text);
    assert.ok(text.includes(`http_server_active_requests{http_request_method="POST",url_scheme="https",${scope}} 1\n`), text);
    // With no exchange finished, no histogram is reported, as with the SDK.
    assert.ok(!text.includes('http_server_request_duration'), text);
    await provider.shutdown();
  });

  it('collect the data the SDK collects, descriptors and points, cumulative and delta', async () => {
    for (const temporality of [AggregationTemporality.CUMULATIVE, AggregationTemporality.DELTA]) {
      const paths = pushOnBothPaths(temporality, resource);
      for (const exchanges of [FIRST_EXCHANGES, SECOND_EXCHANGES, []]) {
        paths.record(exchanges);
        await paths.flush();
      }
      const { sdk: sdkExports, lean: leanExports } = paths.exports();
      assert.equal(leanExports.length, 3);
      assert.deepEqual(leanExports.map(withoutTimes), sdkExports.map(withoutTimes), `temporality ${temporality}`);
      await paths.shutdown();
    }
  });

  it('give delta start times at the previous collection and cumulative ones at the series start', async (t) => {
    // The points' times are Date.now(), whole milliseconds, as the SDK's: each read here a millisecond after the last, so two collections never share one.
    let clock = Date.now();
    t.mock.method(Date, 'now', () => (clock += 1));
    const { exporter, push, pull, provider, record } = pullAndDeltaPush();
    record(FIRST_EXCHANGES);
    await push.forceFlush();
    record(FIRST_EXCHANGES.slice(0, 1));
    await push.forceFlush();
    const [first, second] = exporter.getMetrics().map((metrics) => metrics.scopeMetrics[0]!.metrics.find((m) => m.descriptor.name === 'http.server.request.duration')!.dataPoints[0]!);
    assert.deepEqual(second!.startTime, first!.endTime);
    const cumulative = (await pull.collect()).resourceMetrics.scopeMetrics[0]!.metrics.find((m) => m.descriptor.name === 'http.server.request.duration')!.dataPoints[0]!;
    assert.deepEqual(cumulative.startTime, first!.startTime);
    assert.ok(hrMs(cumulative.endTime) > hrMs(second!.endTime));
    await provider.shutdown();
  });
});

/** One series table offered to a delta push reader (in-memory exporter) and a pull reader. */
function pullAndDeltaPush() {
  const table = new HttpMetricSeriesTable();
  const exporter = new InMemoryMetricExporter(AggregationTemporality.DELTA);
  const push = new PeriodicExportingMetricReader({ exporter, exportIntervalMillis: 3_600_000, metricProducers: [new HttpMetricProducer(table, exporter)] });
  const pull = new PullMetricReader({ metricProducers: [new HttpMetricProducer(table)] });
  const provider = new MeterProvider({ resource, readers: [push, pull] });
  return { exporter, push, pull, provider, record: leanRecorder(table) };
}

function hrMs([seconds, nanos]: readonly [number, number]): number {
  return seconds * 1000 + nanos / 1e6;
}

describe('a pull reader and a delta push reader on one table', () => {
  it('each see their own consistent data: totals on the pull, intervals on the push', async () => {
    const { exporter, push, pull, provider, record } = pullAndDeltaPush();
    const route = { 'http.request.method': 'GET', 'url.scheme': 'http', 'network.protocol.version': '1.1', 'http.response.status_code': 200, 'http.route': '/api/posts/:id' };
    const durationOf = (metrics: ResourceMetrics) => {
      const metric = metrics.scopeMetrics[0]!.metrics.find((m) => m.descriptor.name === 'http.server.request.duration')!;
      return { temporality: metric.aggregationTemporality, point: metric.dataPoints.find((p) => JSON.stringify(p.attributes) === JSON.stringify(route))?.value };
    };
    record(FIRST_EXCHANGES);
    // Pull, push, pull again in one turn: two readers collecting concurrently.
    const [pulled] = await Promise.all([pull.collect(), push.forceFlush(), pull.collect()]);
    record(SECOND_EXCHANGES);
    await push.forceFlush();
    const pulledLater = await pull.collect();
    await push.forceFlush();
    const pushed = exporter.getMetrics();
    assert.deepEqual(durationOf(pulled.resourceMetrics), { temporality: AggregationTemporality.CUMULATIVE, point: { min: 0.005, max: 0.0123, sum: 0.0173, count: 2, buckets: { boundaries: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10], counts: [1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] } } });
    assert.deepEqual(durationOf(pulledLater.resourceMetrics).point, { min: 0.005, max: 0.07, sum: 0.0873, count: 3, buckets: { boundaries: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10], counts: [1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] } });
    assert.deepEqual(durationOf(pushed[0]!).point, durationOf(pulled.resourceMetrics).point);
    // The second interval: only what came after, with that interval's own min and max.
    assert.deepEqual(durationOf(pushed[1]!), { temporality: AggregationTemporality.DELTA, point: { min: 0.07, max: 0.07, sum: 0.07, count: 1, buckets: { boundaries: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10], counts: [0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] } } });
    // Nothing recorded in the third interval: no histogram at all, active requests still reported.
    assert.deepEqual(pushed[2]!.scopeMetrics[0]!.metrics.map((m) => m.descriptor.name), ['http.server.active_requests']);
    await provider.shutdown();
  });
});

describe('the lean series table', () => {
  it('does not load the SDK when imported (the stream handler imports it)', async () => {
    const entry = pathToFileURL(join(import.meta.dirname, '..', 'src', 'otel', 'http-metrics.ts')).href;
    const script = `
      import { registerHooks } from 'node:module';
      const seen = new Set();
      registerHooks({ resolve(specifier, context, next) {
        const found = /^@opentelemetry\\/[^/]+/.exec(specifier);
        if (found) seen.add(found[0]);
        return next(specifier, context);
      } });
      const { HttpMetricSeriesTable } = await import(${JSON.stringify(entry)});
      new HttpMetricSeriesTable();
      console.log(JSON.stringify([...seen].sort()));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    assert.deepEqual(JSON.parse(stdout), ['@opentelemetry/api']);
  });

  it('tells a reader whose histograms the SDK must aggregate differently (an exponential histogram)', () => {
    assert.equal(aggregatesAsLeanMetrics(new PullMetricReader()), true);
    assert.equal(aggregatesAsLeanMetrics(new PullMetricReader({ aggregationSelector: () => ({ type: 5 }) })), false);
  });
});
