/**
 * End to end: a real Prometheus server (/usr/bin/prometheus, Debian package `prometheus`)
 * scrapes the blog's metrics listener every second; its HTTP API then returns the blog's
 * series under the spec's names, with http_route and the bucket `le` labels. Skipped when
 * Prometheus is not installed. Prometheus has no "scraped" event to wait on, so the test polls
 * its query API with a deadline.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startBlog, type BlogProcess } from '../examples/blog/test/support/blog-process.ts';
import { prometheusMissing as skip, startPrometheus, type PrometheusServer } from './support/prometheus-server.ts';

let blog: BlogProcess | undefined;
let prometheus: PrometheusServer | undefined;
let dir: string | undefined;

function bound(le: string | undefined): number {
  return le === '+Inf' ? Infinity : Number(le);
}

const query = (promql: string) => prometheus!.query(promql);
const eventually = <T>(what: string, ms: number, probe: () => Promise<T | undefined>): Promise<T> => prometheus!.eventually(what, ms, probe);

before(async () => {
  if (skip) return;
  blog = await startBlog();
  const target = new URL(blog.metricsUrl!);
  dir = await mkdtemp(join(tmpdir(), 'fw-prometheus-'));
  const config = join(dir, 'prometheus.yml');
  await writeFile(
    config,
    ['global:', '  scrape_interval: 1s', '  evaluation_interval: 1s', 'scrape_configs:', '  - job_name: blog', '    static_configs:', `      - targets: ['${target.host}']`, ''].join('\n'),
  );
  prometheus = await startPrometheus(config, dir);
});

after(async () => {
  await prometheus?.stop();
  await blog?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('Prometheus scraping the blog', { skip }, () => {
  it('stores the blog series under the spec names, with http_route and le', async () => {
    const created = await blog!.request('POST', '/api/posts', { body: { title: 'Scraped', body: 'by prometheus' } });
    assert.equal(created.status, 201);
    for (let i = 0; i < 3; i += 1) assert.equal((await blog!.request('GET', `/api/posts/${created.json.id}`)).status, 200);
    assert.equal((await blog!.request('GET', '/api/posts/999999')).status, 404);

    const up = await eventually('up{job="blog"} == 1', 20_000, async () => {
      const result = await query('up{job="blog"}');
      return result[0]?.value[1] === '1' ? result : undefined;
    });
    assert.equal(up.length, 1);

    const count = await eventually('the GET /api/posts/:id 200 count reaches 3', 20_000, async () => {
      const result = await query('http_server_request_duration_seconds_count{http_route="/api/posts/:id",http_response_status_code="200"}');
      return result[0]?.value[1] === '3' ? result : undefined;
    });
    assert.deepEqual({ ...count[0]!.metric, instance: undefined }, {
      __name__: 'http_server_request_duration_seconds_count',
      http_request_method: 'GET',
      http_response_status_code: '200',
      http_route: '/api/posts/:id',
      network_protocol_version: '1.1',
      url_scheme: 'http',
      otel_scope_name: 'fw-core',
      otel_scope_version: '0.1.0',
      job: 'blog',
      instance: undefined,
    });
    const buckets = await query('http_server_request_duration_seconds_bucket{http_route="/api/posts/:id",http_response_status_code="200"}');
    assert.deepEqual(buckets.map((s) => s.metric.le).sort((a, b) => bound(a) - bound(b)), ['0.005', '0.01', '0.025', '0.05', '0.075', '0.1', '0.25', '0.5', '0.75', '1', '2.5', '5', '7.5', '10', '+Inf']);
    assert.equal(buckets.find((s) => s.metric.le === '+Inf')?.value[1], '3');
    const notFound = await query('http_server_request_duration_seconds_count{http_route="/api/posts/:id",http_response_status_code="404"}');
    assert.equal(notFound[0]?.value[1], '1');
    for (const name of ['http_server_request_body_size_bytes_count', 'http_server_response_body_size_bytes_sum', 'http_server_active_requests']) {
      assert.ok((await query(name)).length > 0, `${name} is stored`);
    }
    // The runtime metrics (issue 35, item 7), under their semantic-convention names.
    for (const name of ['nodejs_eventloop_delay_p99_seconds', 'v8js_memory_heap_used_bytes{v8js_heap_space_name="old_space"}', 'process_memory_usage_bytes', 'process_cpu_time_seconds_total{cpu_mode="user"}']) {
      const stored = await eventually(`${name} stored`, 20_000, async () => ((await query(name))[0] ? query(name) : undefined));
      assert.ok(Number(stored[0]!.value[1]) > 0, `${name} ${stored[0]!.value[1]}`);
    }
  });
});
