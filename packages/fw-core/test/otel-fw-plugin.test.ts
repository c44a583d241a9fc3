/**
 * otel_fw_plugin: renames the server span `<METHOD> <controller_module>:<action>`, adds fw.app,
 * fw.controller, fw.action and http.route. Without it spans keep `HTTP <method>`; the request
 * metrics carry http.route either way, from the exchange's route (issue 37, item 5).
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';

let otel: OtelApp | undefined;
after(async () => {
  await otel?.close();
});

async function get(path: string): Promise<void> {
  const res = await fetch(`${otel!.app.url}${path}`);
  await res.arrayBuffer();
}

describe('otel_fw_plugin', () => {
  it('enriches the span of a controller action and puts http.route on the metrics', async () => {
    otel = await startOtelApp({ plugin: true });
    await get('/api/posts/42');
    await get('/api/posts/7');
    await get('/heartbeat');
    await otel.telemetry.forceFlush();
    const [show, missing, heartbeat] = otel.receiver.spans.filter((s) => s.kind === 'SPAN_KIND_SERVER');
    assert.equal(show?.name, 'GET blog_posts_controller:show');
    assert.equal(show?.attributes['fw.app'], 'test_app');
    assert.equal(show?.attributes['fw.controller'], 'blog_posts_controller');
    assert.equal(show?.attributes['fw.action'], 'show');
    assert.equal(show?.attributes['http.route'], '/api/posts/:id');
    assert.equal(show?.attributes['url.path'], '/api/posts/42');
    assert.equal(missing?.name, 'GET blog_posts_controller:show');
    assert.equal(missing?.attributes['http.response.status_code'], 404);
    // An inline handler has no controller: the span is named after the route.
    assert.equal(heartbeat?.name, 'GET /heartbeat');
    assert.equal(heartbeat?.attributes['http.route'], '/heartbeat');
    assert.equal('fw.controller' in (heartbeat?.attributes ?? {}), false);

    const text = await otel.telemetry.scrape();
    assert.match(text, /^http_server_request_duration_seconds_count\{http_request_method="GET",http_response_status_code="200",http_route="\/api\/posts\/:id",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 1$/m);
    assert.match(text, /^http_server_request_duration_seconds_count\{http_request_method="GET",http_response_status_code="404",http_route="\/api\/posts\/:id",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 1$/m);
    assert.match(text, /^http_server_request_duration_seconds_count\{http_request_method="GET",http_response_status_code="200",http_route="\/heartbeat",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 1$/m);
    await otel.close();
    otel = undefined;
  });

  it('leaves a router miss unnamed and unrouted, though misses run the pre_request plugins', async () => {
    otel = await startOtelApp({ plugin: true });
    await get('/no/such/path');
    await otel.telemetry.forceFlush();
    const [miss] = otel.receiver.spans.filter((s) => s.kind === 'SPAN_KIND_SERVER');
    assert.equal(miss?.name, 'HTTP GET');
    assert.equal(miss?.attributes['http.response.status_code'], 404);
    assert.equal('http.route' in (miss?.attributes ?? {}), false);
    assert.equal('fw.app' in (miss?.attributes ?? {}), false);
    const text = await otel.telemetry.scrape();
    assert.match(text, /^http_server_request_duration_seconds_count\{http_request_method="GET",http_response_status_code="404",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 1$/m);
    await otel.close();
    otel = undefined;
  });

  it('sets the route even when a later plugin rejects the request (400 on malformed JSON)', async () => {
    otel = await startOtelApp({ plugin: true });
    const res = await fetch(`${otel.app.url}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":' });
    assert.equal(res.status, 400);
    await res.arrayBuffer();
    await otel.telemetry.forceFlush();
    const span = otel.receiver.spans.find((s) => s.kind === 'SPAN_KIND_SERVER');
    assert.equal(span?.name, 'POST blog_posts_controller:create');
    assert.equal(span?.attributes['http.route'], '/api/posts');
    assert.equal(span?.status.code, 'STATUS_CODE_UNSET');
    assert.match(await otel.telemetry.scrape(), /^http_server_request_body_size_bytes_sum\{http_request_method="POST",http_response_status_code="400",http_route="\/api\/posts",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 9$/m);
    await otel.close();
    otel = undefined;
  });

  for (const path of ['lean', 'full'] as const) {
    it(`without the plugin (${path} path): HTTP <method> spans, and http.route on the metrics from the exchange's route`, async () => {
      otel = await startOtelApp({ plugin: false, env: path === 'full' ? { FW_OTEL_PATH: 'full' } : {} });
      assert.equal(otel.telemetry.path, path);
      await get('/api/posts/42');
      await otel.telemetry.forceFlush();
      const span = otel.receiver.spans.find((s) => s.kind === 'SPAN_KIND_SERVER');
      assert.equal(span?.name, 'HTTP GET');
      assert.equal('http.route' in (span?.attributes ?? {}), false);
      assert.equal('fw.app' in (span?.attributes ?? {}), false);
      const text = await otel.telemetry.scrape();
      assert.match(text, /^http_server_request_duration_seconds_count\{http_request_method="GET",http_response_status_code="200",http_route="\/api\/posts\/:id",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 1$/m);
      await otel.close();
      otel = undefined;
    });
  }
});
