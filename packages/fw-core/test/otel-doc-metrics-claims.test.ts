/**
 * docs/telemetry.md's statements about what /metrics and the HTTP metrics hold, checked against a
 * running setup: without otel_fw_stream_h /metrics has no HTTP metrics but does have target_info,
 * the runtime metrics and the span pipeline's self-metrics (the page said "only target_info");
 * body sizes count a chunked body's bytes, not its chunk framing (the page said "bytes on the
 * wire"); the self-metrics' otel.component.name counts the component's instances in the process
 * (the page named only `/0`); under `lowmemory` the HTTP histograms are deltas and the observed
 * counters (the self-metrics, process.cpu.time) cumulative; OTEL_TRACES_EXPORTER and
 * OTEL_METRICS_EXPORTER `none` leave a spanExporter and a metricExporter given in code working.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { AggregationTemporality, InMemoryMetricExporter } from '@opentelemetry/sdk-metrics';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace';
import { otelStreamHandler, setupTelemetry } from '../src/otel/index.ts';
import { MAX_TIMER_MS } from '../src/config/validate-config.ts';
import { startOtlpReceiver } from './support/otel-receiver.ts';
import { rawExchange } from './support/raw-socket.ts';
import { until } from './support/until.ts';

const ENV = { OTEL_TRACES_EXPORTER: 'none' } as const;
/** fw's OTLP trace export (to a port nothing listens on: no span is made, so nothing is sent). */
const EXPORTING = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9', OTEL_METRICS_EXPORTER: 'none' } as const;

/** The metric families (`# TYPE` names) of a Prometheus text. */
function families(text: string): string[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('# TYPE '))
    .map((line) => line.split(' ')[2]!);
}

/** The value of the one sample of `text` whose line starts with `prefix`. */
function sample(text: string, prefix: string): string | undefined {
  return text
    .split('\n')
    .find((line) => line.startsWith(prefix))
    ?.split(' ')
    .at(-1);
}

describe("docs/telemetry.md's metrics claims", () => {
  it("without the stream handler /metrics has target_info, runtime metrics and the span export's self-metrics, and no HTTP metric", async () => {
    const telemetry = await setupTelemetry({ env: EXPORTING });
    try {
      const names = families(await telemetry.scrape());
      assert.deepEqual(
        names.filter((name) => name.startsWith('http_')),
        [],
      );
      assert.ok(names.includes('target_info'));
      assert.ok(names.includes('otel_sdk_processor_span_queue_capacity'));
      assert.ok(names.includes('process_memory_usage_bytes'));
      assert.ok(names.includes('v8js_memory_heap_limit_bytes'));
    } finally {
      await telemetry.shutdown();
    }
  });

  it("counts a chunked body's bytes without its chunk framing, on both histograms", async () => {
    const telemetry = await setupTelemetry({ env: ENV });
    const server = createServer(
      otelStreamHandler.wrap((req, res) => {
        req.resume();
        req.on('end', () => {
          res.write('[1,');
          res.end('2,3]');
        });
      }),
    ).listen(0, '127.0.0.1');
    try {
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const answer = await rawExchange(
        port,
        'POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n',
      );
      assert.match(answer, /transfer-encoding: chunked/i);
      const text = await telemetry.scrape();
      assert.equal(sample(text, 'http_server_request_body_size_bytes_sum{'), '7');
      assert.equal(sample(text, 'http_server_response_body_size_bytes_sum{'), '7');
    } finally {
      server.close();
      await telemetry.shutdown();
    }
  });

  it('names the components with a counter of their instances in the process: a second setup is /1 past the first', async () => {
    const names: string[] = [];
    for (let setup = 0; setup < 2; setup += 1) {
      const telemetry = await setupTelemetry({ env: EXPORTING });
      const text = await telemetry.scrape();
      names.push(/otel_sdk_processor_span_queue_capacity\{otel_component_name="([^"]+)"/.exec(text)?.[1] ?? '');
      await telemetry.shutdown();
    }
    const [first, second] = names.map((name) => /^batching_span_processor\/(\d+)$/.exec(name)?.[1]);
    assert.ok(first !== undefined && second !== undefined, names.join(', '));
    assert.equal(Number(second), Number(first) + 1);
  });
});

describe("docs/telemetry.md's temporality preferences", () => {
  for (const path of ['auto', 'full'] as const) {
    it(`lowmemory: the HTTP histograms as deltas, the observed counters (self-metrics, process.cpu.time) cumulative (FW_OTEL_PATH=${path})`, async () => {
      const receiver = await startOtlpReceiver();
      const env = { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, FW_OTEL_PATH: path, OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE: 'lowmemory' };
      const telemetry = await setupTelemetry({ env, exportIntervalMs: MAX_TIMER_MS, batch: { scheduledDelayMillis: 1 } });
      const server = createServer(otelStreamHandler.wrap((_req, res) => res.end('hello'))).listen(0, '127.0.0.1');
      try {
        await once(server, 'listening');
        const { port } = server.address() as AddressInfo;
        await rawExchange(port, 'GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n');
        // The span's export has ended (and is counted) before the metrics are pushed.
        await receiver.waitFor('the span', () => receiver.spans.length === 1);
        await until('the export counted', async () => (await telemetry.scrape()).includes('otel_sdk_exporter_span_exported_total{'));
        await telemetry.forceFlush();
        const temporality = Object.fromEntries(receiver.metrics.filter((m) => m.kind !== 'gauge').map((m) => [m.name, m.temporality]));
        assert.deepEqual(
          {
            duration: temporality['http.server.request.duration'],
            bodySize: temporality['http.server.response.body.size'],
            exported: temporality['otel.sdk.exporter.span.exported'],
            processed: temporality['otel.sdk.processor.span.processed'],
            cpu: temporality['process.cpu.time'],
            active: temporality['http.server.active_requests'],
          },
          { duration: 'delta', bodySize: 'delta', exported: 'cumulative', processed: 'cumulative', cpu: 'cumulative', active: 'cumulative' },
        );
      } finally {
        server.close();
        await telemetry.shutdown();
        await receiver.close();
      }
    });
  }
});

describe("docs/telemetry.md's OTEL_TRACES_EXPORTER and OTEL_METRICS_EXPORTER", () => {
  it('choose fw\'s OTLP exporters only: a spanExporter and a metricExporter given in code get their data under `none`', async () => {
    const spans = new InMemorySpanExporter();
    const pushed = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const env = { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none' };
    const telemetry = await setupTelemetry({ env, spanExporter: spans, metricExporter: pushed, exportIntervalMs: MAX_TIMER_MS });
    const server = createServer(otelStreamHandler.wrap((_req, res) => res.end('hello'))).listen(0, '127.0.0.1');
    try {
      await once(server, 'listening');
      await rawExchange((server.address() as AddressInfo).port, 'GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n');
      await telemetry.forceFlush();
      assert.equal(spans.getFinishedSpans().length, 1);
      assert.ok(pushed.getMetrics().some((push) => push.scopeMetrics.some((scope) => scope.metrics.some((m) => m.descriptor.name === 'http.server.request.duration'))));
    } finally {
      server.close();
      await telemetry.shutdown();
    }
  });
});
