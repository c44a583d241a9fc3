/**
 * setupTelemetry's choice between the lean path (fw's own server span, OTLP encoder and HTTP
 * metrics) and the full one (the SDK's), and what each path delivers: defaults are lean; a span
 * processor or exporter of the user's, a metric exporter aggregating otherwise or FW_OTEL_PATH=full
 * are full (traces exporter `none`, metrics only, stays lean), and a user's processor then gets fw's server span as
 * before; on the lean path a span user code starts is the SDK's child of fw's lean span, both
 * at the receiver; OTEL_TRACES_SAMPLER and the span limits hold on the lean path too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AggregationType, InMemoryMetricExporter, AggregationTemporality } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';
import type { ReceivedSpan } from './support/otel-receiver.ts';
import { until } from './support/until.ts';

/** Runs `body` against an app started with `options`, closing it afterwards. */
async function withApp(options: Parameters<typeof startOtelApp>[0], body: (otel: OtelApp) => Promise<void>): Promise<void> {
  const otel = await startOtelApp(options);
  try {
    await body(otel);
  } finally {
    await otel.close();
  }
}

/** GETs `path` (with `headers`), flushes, and returns the spans that arrived since. */
async function spansOf(otel: OtelApp, path: string, headers: Record<string, string> = {}): Promise<ReceivedSpan[]> {
  const seen = otel.receiver.spans.length;
  const res = await fetch(`${otel.app.url}${path}`, { headers });
  await res.arrayBuffer();
  await otel.telemetry.forceFlush();
  return otel.receiver.spans.slice(seen);
}

/** A metric exporter whose histograms are exponential: the lean producer cannot give that. */
function exponentialExporter(): InMemoryMetricExporter {
  const exporter = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
  return Object.assign(exporter, { selectAggregation: () => ({ type: AggregationType.EXPONENTIAL_HISTOGRAM }) });
}

describe('the lean or full path', () => {
  it('is lean with the defaults', async () => {
    await withApp({}, async (otel) => assert.equal(otel.telemetry.path, 'lean'));
  });

  it('is lean with a metric exporter that aggregates as fw does', async () => {
    await withApp({ telemetry: { metricExporter: new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE) } }, async (otel) => assert.equal(otel.telemetry.path, 'lean'));
  });

  for (const [what, options] of [
    ['a span processor', { telemetry: { spanProcessor: new SimpleSpanProcessor({ exporter: new InMemorySpanExporter() }) } }],
    ['a span exporter', { telemetry: { spanExporter: new InMemorySpanExporter() } }],
    ['a metric exporter with exponential histograms', { telemetry: { metricExporter: exponentialExporter() } }],
    ['FW_OTEL_PATH=full', { env: { FW_OTEL_PATH: 'full' } }],
  ] as const) {
    it(`is full with ${what}`, async () => {
      await withApp(options, async (otel) => assert.equal(otel.telemetry.path, 'full'));
    });
  }

  it('is lean with OTEL_TRACES_EXPORTER=none (metrics only): requests are measured, no span is exported', async () => {
    await withApp({ env: { OTEL_TRACES_EXPORTER: 'none' } }, async (otel) => {
      assert.equal(otel.telemetry.path, 'lean');
      for (const path of ['/api/posts/42', '/child']) await (await fetch(`${otel.app.url}${path}`)).arrayBuffer();
      const count = 'http_server_request_duration_seconds_count{http_request_method="GET",http_response_status_code="200",http_route="/api/posts/:id",network_protocol_version="1.1",url_scheme="http",otel_scope_name="fw-core",otel_scope_version="0.1.0"} 1';
      // The exchange ends, and is measured, just after the client has the body.
      await until('the request to be measured', async () => (await otel.telemetry.scrape()).split('\n').includes(count));
      await otel.telemetry.forceFlush();
      assert.deepEqual(otel.receiver.spans, []);
    });
  });

  it('gives a user span processor fw server span on the full path, as before', async () => {
    const exporter = new InMemorySpanExporter();
    await withApp({ telemetry: { spanProcessor: new SimpleSpanProcessor({ exporter }) } }, async (otel) => {
      const res = await fetch(`${otel.app.url}/api/posts/42`);
      await res.arrayBuffer();
      // The span ends when the exchange does, which may be just after the client has the body.
      const server = await until('the server span to reach the processor', () => exporter.getFinishedSpans().find((span) => span.kind === 1));
      assert.equal(server.name, 'GET blog_posts_controller:show');
      assert.equal(server.instrumentationScope.name, 'fw-core');
      assert.equal(server.attributes['http.route'], '/api/posts/:id');
      assert.equal(server.attributes['http.response.status_code'], 200);
      assert.equal(otel.receiver.spans.length, 0);
    });
  });

  it('exports a user span started in a handler as the child of the lean server span', async () => {
    await withApp({}, async (otel) => {
      const spans = await spansOf(otel, '/child');
      const server = spans.find((span) => span.kind === 'SPAN_KIND_SERVER');
      const child = spans.find((span) => span.name === 'child work');
      assert.ok(server && child, 'both spans arrived');
      assert.equal(server.scope, 'fw-core');
      assert.equal(child.scope, 'otel-test');
      assert.equal(child.traceId, server.traceId);
      assert.equal(child.parentSpanId, server.spanId);
    });
  });

  it('continues the trace of a sampled traceparent and drops an unsampled one (parentbased_always_on)', async () => {
    await withApp({}, async (otel) => {
      const sampled = await spansOf(otel, '/heartbeat', { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01' });
      assert.deepEqual(sampled.map((span) => [span.traceId, span.parentSpanId]), [['0af7651916cd43dd8448eb211c80319c', 'b7ad6b7169203331']]);
      const unsampled = await spansOf(otel, '/child', { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-00' });
      assert.deepEqual(unsampled, []);
    });
  });

  it('honours OTEL_TRACES_SAMPLER=always_off', async () => {
    await withApp({ env: { OTEL_TRACES_SAMPLER: 'always_off' } }, async (otel) => {
      assert.equal(otel.telemetry.path, 'lean');
      assert.deepEqual(await spansOf(otel, '/child'), []);
    });
  });

  it('honours the span attribute limits', async () => {
    await withApp({ plugin: false, env: { OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: '3', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '2' } }, async (otel) => {
      const [server] = await spansOf(otel, '/heartbeat');
      assert.deepEqual(server?.attributes, { 'http.request.method': 'GE', 'url.scheme': 'ht', 'server.address': '12' });
    });
  });
});
