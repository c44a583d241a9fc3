/**
 * The Prometheus text serializer: OpenTelemetry's Prometheus compatibility naming (dots to
 * underscores, unit suffixes, _total for monotonic sums), escaping, and `promtool check
 * metrics` accepting the output.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DataPointType, MeterProvider } from '@opentelemetry/sdk-metrics';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { metricName, unitSuffix, serializePrometheus, DATA_POINT_TYPE } from '../src/otel/prometheus-serializer.ts';
import { PullMetricReader } from '../src/otel/metrics-pipeline.ts';
import { promtoolCheck, withoutPromtool } from './support/promtool.ts';

describe('Prometheus names', () => {
  it('adds unit suffixes and _total as the OpenTelemetry specification asks', () => {
    assert.equal(metricName('http.server.request.duration', 's', false), 'http_server_request_duration_seconds');
    assert.equal(metricName('http.server.request.body.size', 'By', false), 'http_server_request_body_size_bytes');
    assert.equal(metricName('http.server.active_requests', '{request}', false), 'http_server_active_requests');
    assert.equal(metricName('jobs.done', '{job}', true), 'jobs_done_total');
    assert.equal(metricName('cpu.time', 's', true), 'cpu_time_seconds_total');
    assert.equal(metricName('latency_seconds', 's', false), 'latency_seconds');
    assert.equal(metricName('cache.hit', '1', false), 'cache_hit_ratio');
    assert.equal(metricName('net.rate', 'By/s', false), 'net_rate_bytes_per_second');
    assert.equal(metricName('9lives..x', 'ms', false), '_9lives_x_milliseconds');
    assert.equal(unitSuffix('{packet}/s', false), 'per_second');
  });
});

describe('the serializer without the SDK loaded', () => {
  it('uses the same data point type numbers as sdk-metrics', () => {
    assert.deepEqual({ ...DATA_POINT_TYPE }, {
      HISTOGRAM: DataPointType.HISTOGRAM,
      EXPONENTIAL_HISTOGRAM: DataPointType.EXPONENTIAL_HISTOGRAM,
      GAUGE: DataPointType.GAUGE,
      SUM: DataPointType.SUM,
    });
  });
});

async function sampleText(): Promise<string> {
  const reader = new PullMetricReader();
  const provider = new MeterProvider({ resource: resourceFromAttributes({ 'service.name': 'svc' }), readers: [reader] });
  const meter = provider.getMeter('t');
  meter.createCounter('jobs.done', { unit: '{job}', description: 'Jobs done.' }).add(3, { 'job.kind': 'a"b\\c\nd' });
  provider.getMeter('lib', '1.2.3').createHistogram('work.duration', { unit: 's', description: 'Work.', advice: { explicitBucketBoundaries: [0.1, 1] } }).record(0.5, { 'http.route': '/x' });
  meter.createUpDownCounter('queue.depth', { unit: '{item}' }).add(-2);
  const text = serializePrometheus((await reader.collect()).resourceMetrics);
  await provider.shutdown();
  return text;
}

describe('serializePrometheus', () => {
  it('writes counters, histograms and up-down counters with escaped labels and their scope', async () => {
    assert.equal(
      await sampleText(),
      [
        '# HELP target_info Target metadata',
        '# TYPE target_info gauge',
        'target_info{service_name="svc"} 1',
        '# HELP jobs_done_total Jobs done.',
        '# TYPE jobs_done_total counter',
        'jobs_done_total{job_kind="a\\"b\\\\c\\nd",otel_scope_name="t"} 3',
        '# HELP queue_depth queue.depth',
        '# TYPE queue_depth gauge',
        'queue_depth{otel_scope_name="t"} -2',
        '# HELP work_duration_seconds Work.',
        '# TYPE work_duration_seconds histogram',
        'work_duration_seconds_bucket{http_route="/x",otel_scope_name="lib",otel_scope_version="1.2.3",le="0.1"} 0',
        'work_duration_seconds_bucket{http_route="/x",otel_scope_name="lib",otel_scope_version="1.2.3",le="1"} 1',
        'work_duration_seconds_bucket{http_route="/x",otel_scope_name="lib",otel_scope_version="1.2.3",le="+Inf"} 1',
        'work_duration_seconds_sum{http_route="/x",otel_scope_name="lib",otel_scope_version="1.2.3"} 0.5',
        'work_duration_seconds_count{http_route="/x",otel_scope_name="lib",otel_scope_version="1.2.3"} 1',
        '',
      ].join('\n'),
    );
  });

  it("keeps one family per name: two scopes' samples together, another type under the name left out, the scope's schema URL a label", async () => {
    const reader = new PullMetricReader();
    const provider = new MeterProvider({ resource: resourceFromAttributes({ 'service.name': 'svc' }), readers: [reader] });
    const fw = provider.getMeter('fw-core');
    fw.createHistogram('http.server.request.duration', { unit: 's', advice: { explicitBucketBoundaries: [1] } }).record(0.5);
    fw.createUpDownCounter('http.server.active_requests').add(1);
    // instrumentation-http beside fw records the same name under its own scope, after fw's other metric.
    const other = provider.getMeter('other', '2.0', { schemaUrl: 'https://opentelemetry.io/schemas/1.26.0' });
    other.createHistogram('http.server.request.duration', { unit: 's', advice: { explicitBucketBoundaries: [1] } }).record(2);
    fw.createCounter('jobs').add(1);
    fw.createGauge('jobs_total').record(7);
    const text = serializePrometheus((await reader.collect()).resourceMetrics);
    await provider.shutdown();
    const otherLabels = 'otel_scope_name="other",otel_scope_version="2.0",otel_scope_schema_url="https://opentelemetry.io/schemas/1.26.0"';
    assert.equal(
      text,
      [
        '# HELP target_info Target metadata',
        '# TYPE target_info gauge',
        'target_info{service_name="svc"} 1',
        '# HELP http_server_request_duration_seconds http.server.request.duration',
        '# TYPE http_server_request_duration_seconds histogram',
        'http_server_request_duration_seconds_bucket{otel_scope_name="fw-core",le="1"} 1',
        'http_server_request_duration_seconds_bucket{otel_scope_name="fw-core",le="+Inf"} 1',
        'http_server_request_duration_seconds_sum{otel_scope_name="fw-core"} 0.5',
        'http_server_request_duration_seconds_count{otel_scope_name="fw-core"} 1',
        `http_server_request_duration_seconds_bucket{${otherLabels},le="1"} 0`,
        `http_server_request_duration_seconds_bucket{${otherLabels},le="+Inf"} 1`,
        `http_server_request_duration_seconds_sum{${otherLabels}} 2`,
        `http_server_request_duration_seconds_count{${otherLabels}} 1`,
        '# HELP http_server_active_requests http.server.active_requests',
        '# TYPE http_server_active_requests gauge',
        'http_server_active_requests{otel_scope_name="fw-core"} 1',
        '# HELP jobs_total jobs',
        '# TYPE jobs_total counter',
        'jobs_total{otel_scope_name="fw-core"} 1',
        '',
      ].join('\n'),
    );
  });

  it('passes promtool check metrics', { skip: withoutPromtool }, async () => {
    const { code, output } = await promtoolCheck(await sampleText());
    assert.equal(code, 0, output);
    assert.equal(output, '');
  });
});
