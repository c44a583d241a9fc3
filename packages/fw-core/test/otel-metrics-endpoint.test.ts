/**
 * The metrics listener: GET /metrics on its own port with the Prometheus text format, the four
 * instruments under their Prometheus names (unit suffixes), low-cardinality labels, cumulative
 * buckets, and the active-requests gauge rising during a slow request and falling after it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { setupTelemetry } from '../src/otel/index.ts';
import { POST_42, startOtelApp, type OtelApp } from './support/otel-app.ts';

let otel: OtelApp;
before(async () => {
  otel = await startOtelApp();
});
after(async () => {
  await otel?.close();
});

async function scrape(): Promise<string> {
  const res = await fetch(otel.telemetry.metricsUrl!);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
  return res.text();
}

/** The sample value of the line `series` (exact name and labels), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('serves on a separate loopback port', () => {
    assert.match(otel.telemetry.metricsUrl!, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    assert.notEqual(new URL(otel.telemetry.metricsUrl!).port, new URL(otel.app.url).port);
  });

  it('names, types and help of the four HTTP metrics once a request was served', async () => {
    await (await fetch(`${otel.app.url}/heartbeat`)).arrayBuffer();
    const text = await scrape();
    for (const line of [
      '# TYPE http_server_request_duration_seconds histogram',
      '# TYPE http_server_active_requests gauge',
      '# TYPE http_server_request_body_size_bytes histogram',
      '# TYPE http_server_response_body_size_bytes histogram',
      '# HELP http_server_request_duration_seconds Duration of HTTP server requests.',
    ]) assert.ok(text.split('\n').includes(line), line);
    assert.match(text, /^target_info\{.*service_name="otel_test".*\} 1$/m);
  });

  it('counts requests in cumulative buckets with the spec boundaries, and the body sizes in bytes', async () => {
    const body = JSON.stringify({ title: 'x', body: 'y' });
    for (let i = 0; i < 3; i += 1) await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
    await (await fetch(`${otel.app.url}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).arrayBuffer();
    const text = await scrape();
    const labels = 'http_request_method="GET",http_response_status_code="200",http_route="/api/posts/:id",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"';
    const les = [...text.matchAll(new RegExp(`^http_server_request_duration_seconds_bucket\\{${escape(labels)},le="([^"]+)"\\} (\\d+)$`, 'gm'))];
    assert.deepEqual(les.map((m) => m[1]), ['0.005', '0.01', '0.025', '0.05', '0.075', '0.1', '0.25', '0.5', '0.75', '1', '2.5', '5', '7.5', '10', '+Inf']);
    const counts = les.map((m) => Number(m[2]));
    assert.deepEqual([...counts].sort((a, b) => a - b), counts, 'cumulative');
    assert.equal(counts.at(-1), 3);
    assert.equal(sample(text, `http_server_request_duration_seconds_count{${labels}}`), 3);
    assert.ok(sample(text, `http_server_request_duration_seconds_sum{${labels}}`)! > 0);
    assert.equal(sample(text, `http_server_response_body_size_bytes_sum{${labels}}`), 3 * Buffer.byteLength(JSON.stringify(POST_42)));
    assert.equal(sample(text, `http_server_request_body_size_bytes_sum{${labels}}`), 0);
    const post = 'http_request_method="POST",http_response_status_code="201",http_route="/api/posts",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"';
    assert.equal(sample(text, `http_server_request_body_size_bytes_sum{${post}}`), Buffer.byteLength(body));
    assert.equal(sample(text, `http_server_request_body_size_bytes_bucket{${post},le="64"}`), 1);
    assert.equal(sample(text, `http_server_request_body_size_bytes_bucket{${post},le="0"}`), 0);
  });

  it('puts error_type on 5xx series only', async () => {
    await (await fetch(`${otel.app.url}/boom`)).arrayBuffer();
    await (await fetch(`${otel.app.url}/api/posts/1`)).arrayBuffer();
    const text = await scrape();
    assert.equal(sample(text, 'http_server_request_duration_seconds_count{error_type="500",http_request_method="GET",http_response_status_code="500",http_route="/boom",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"}'), 1);
    assert.equal(sample(text, 'http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="404",http_route="/api/posts/:id",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"}'), 1);
    assert.doesNotMatch(text, /url_path|client_address|network_peer/, 'no high-cardinality labels');
  });

  it('raises http_server_active_requests during a slow request and lowers it after', async () => {
    const series = 'http_server_active_requests{http_request_method="GET",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"}';
    const before = sample(await scrape(), series);
    assert.equal(before, 0);
    const pending = fetch(`${otel.app.url}/slow`);
    await otel.slowArrived();
    assert.equal(sample(await scrape(), series), 1);
    otel.release();
    assert.equal((await pending).status, 200);
    await (await pending).arrayBuffer();
    assert.equal(sample(await scrape(), series), 0);
  });

  it('answers 404 elsewhere and 405 to other methods on /metrics', async () => {
    const base = otel.telemetry.metricsUrl!.replace(/\/metrics$/, '');
    assert.equal((await fetch(`${base}/`)).status, 404);
    const post = await fetch(`${base}/metrics`, { method: 'POST' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.get('allow'), 'GET, HEAD');
    assert.equal((await fetch(`${base}/metrics?x=1`)).status, 200);
  });
});

describe('setupTelemetry without a metrics port', () => {
  it('starts no listener but still records metrics', async () => {
    await otel.close();
    const telemetry = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none' } });
    try {
      assert.equal(telemetry.metricsUrl, undefined);
      assert.equal(telemetry.enabled, true);
      const { otelStreamHandler } = await import('../src/otel/index.ts');
      const { createServer } = await import('node:http');
      const server = createServer(otelStreamHandler.wrap((_req, res) => res.end('ok'))).listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as { port: number };
      await (await fetch(`http://127.0.0.1:${port}/`)).text();
      server.close();
      assert.equal(sample(await telemetry.scrape(), 'http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="200",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"}'), 1);
    } finally {
      await telemetry.shutdown();
    }
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
