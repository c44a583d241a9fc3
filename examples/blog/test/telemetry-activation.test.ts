// Needs the real process: its metrics listener, the span flush on SIGTERM and a start-up exit code are the point.
/**
 * The blog with telemetry on, as the spec's Activation list has it: otel_fw_stream_h before
 * fw_stream_h, otel_fw_plugin as a pre_request plugin, setupTelemetry in the start hook with
 * the metrics listener (METRICS_PORT, 0 here), spans exported over OTLP/HTTP protobuf and
 * flushed on SIGTERM.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { startOtlpReceiver, type OtlpReceiver } from '../../../packages/fw-core/test/support/otel-receiver.ts';
import { startBlog, startBlogExpectingFailure, type BlogProcess } from './support/blog-process.ts';

const PROMTOOL = '/usr/bin/promtool';

let receiver: OtlpReceiver;
let blog: BlogProcess | undefined;

before(async () => {
  receiver = await startOtlpReceiver();
  blog = await startBlog({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_EXPORTER: undefined });
});
after(async () => {
  await blog?.stop();
  await receiver?.close();
});

describe('blog telemetry', () => {
  it('logs the metrics listener URL and serves the four metrics with http_route there', async () => {
    assert.match(blog!.metricsUrl ?? '', /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const created = await blog!.request('POST', '/api/posts', { body: { title: 'Telemetry', body: 'on' } });
    assert.equal(created.status, 201);
    assert.equal((await blog!.request('GET', `/api/posts/${created.json.id}`)).status, 200);
    const text = await (await fetch(blog!.metricsUrl!)).text();
    assert.match(text, /^http_server_request_duration_seconds_count\{http_request_method="GET",http_response_status_code="200",http_route="\/api\/posts\/:id",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 1$/m);
    assert.match(text, /^http_server_request_duration_seconds_count\{http_request_method="POST",http_response_status_code="201",http_route="\/api\/posts",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 1$/m);
    assert.match(text, /^http_server_active_requests\{http_request_method="GET",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"\} 0$/m);
    assert.match(text, /^target_info\{.*service_name="blog".*\} 1$/m);
  });

  it('passes promtool check metrics', { skip: existsSync(PROMTOOL) ? false : `${PROMTOOL} is not installed (Debian package prometheus)` }, async () => {
    const text = await (await fetch(blog!.metricsUrl!)).text();
    const child = spawn(PROMTOOL, ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk));
    child.stdin.end(text);
    assert.equal(await new Promise((resolve) => child.once('exit', resolve)), 0, output);
  });

  it('flushes the enriched spans on SIGTERM', async () => {
    assert.equal(await blog!.stop(), 0);
    blog = undefined;
    const show = receiver.spans.find((s) => s.name === 'GET blog_posts_controller:show');
    assert.ok(show, `spans: ${receiver.spans.map((s) => s.name).join(', ')}`);
    assert.equal(show.kind, 'SPAN_KIND_SERVER');
    assert.equal(show.attributes['http.route'], '/api/posts/:id');
    assert.equal(show.attributes['fw.app'], 'blog');
    assert.equal(show.attributes['fw.controller'], 'blog_posts_controller');
    assert.equal(show.attributes['fw.action'], 'show');
    assert.equal(show.resource['service.name'], 'blog');
    assert.ok(receiver.spans.some((s) => s.name === 'POST blog_posts_controller:create'));
  });

  it('refuses a METRICS_PORT that is not a port, naming it', async () => {
    const { code, stderr } = await startBlogExpectingFailure({ METRICS_PORT: 'abc' });
    assert.equal(code, 1);
    assert.match(stderr, /FW_ERR_OTEL_BAD_OPTION: METRICS_PORT="abc" is not a port/);
  });

  it('refuses a METRICS_PORT another process listens on, naming the variable to change and the cause', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const port = (taken.address() as AddressInfo).port;
      const { code, stderr } = await startBlogExpectingFailure({ METRICS_PORT: String(port) });
      assert.equal(code, 1);
      assert.match(stderr, new RegExp(`FW_ERR_OTEL_METRICS_LISTEN: the blog's metrics listener cannot use METRICS_PORT ${port}: give each instance on a machine its own METRICS_PORT`));
      assert.match(stderr, /EADDRINUSE/);
    } finally {
      taken.close();
    }
  });
});
