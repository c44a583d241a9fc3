/**
 * Export problems are never silent (issue 36, item 4), on both paths alike: a fake collector on
 * port 0 answers every trace export 400, 500 or with a partial success, or holds it while the
 * batch queue overflows. Each time the OpenTelemetry diag logger gets a message, fw's log gets one
 * line per kind per interval with the count (the rest of the interval summed into one line, at
 * the interval's end or at shutdown), and the self-metrics (otel.sdk.exporter.span.exported,
 * otel.sdk.processor.span.processed with error.type) count exactly the spans sent, rejected and dropped.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { startFakeCollector, type CollectorAnswer } from './support/otel-fake-collector.ts';
import { startOtelApp } from './support/otel-app.ts';

type Path = 'lean' | 'full';

interface Seen {
  readonly spansReceived: number;
  /** Diag messages (any level) matching the test's pattern. */
  readonly diagMatched: boolean;
  /** fw's log lines of export problems: event, error.type and count, in order. */
  readonly lines: { event: unknown; errorType: unknown; count: unknown }[];
  /** The self-metric series of the scrape before shutdown (component names left out: each setup numbers its own). */
  readonly series: string[];
}

const EVENTS = new Set(['otlp_export_failed', 'otlp_export_partial_success', 'otel_spans_dropped']);

/** Runs `rounds` × `perRound` requests on `path`, flushing after each round, against a collector answering `answer`. */
async function run(path: Path, answer: CollectorAnswer, diagPattern: RegExp, options: { rounds?: number; perRound?: number; sequential?: boolean; protocol?: string; batch?: object } = {}): Promise<Seen> {
  const collector = await startFakeCollector(answer);
  const diagTexts: string[] = [];
  const capture = (...args: unknown[]): void => void diagTexts.push(args.map(String).join(' '));
  diag.setLogger({ error: capture, warn: capture, info: capture, debug: capture, verbose: capture }, DiagLogLevel.ALL);
  const lines: Seen['lines'] = [];
  const log = (fields: Record<string, unknown>): void => {
    if (EVENTS.has(fields.event as string)) lines.push({ event: fields.event, errorType: fields['error.type'], count: fields.count });
  };
  const otel = await startOtelApp({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_METRICS_EXPORTER: 'none', OTEL_EXPORTER_OTLP_TIMEOUT: '3000', ...(options.protocol && { OTEL_EXPORTER_OTLP_PROTOCOL: options.protocol }), ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
    telemetry: { logger: { info: log, warn: log }, batch: { scheduledDelayMillis: 60_000, ...options.batch }, shutdownTimeoutMs: 500 },
  });
  try {
    assert.equal(otel.telemetry.path, path);
    for (let round = 0; round < (options.rounds ?? 3); round += 1) {
      const one = async (): Promise<unknown> => (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
      if (options.sequential === true) for (let i = 0; i < (options.perRound ?? 2); i += 1) await one();
      else await Promise.all(Array.from({ length: options.perRound ?? 2 }, one));
      if (answer !== 'hang') await otel.telemetry.forceFlush().catch(() => {});
    }
    const scraped = await otel.telemetry.scrape();
    const series = scraped.split('\n').filter((line) => line.startsWith('otel_sdk_')).map((line) => line.replace(/,?otel_component_name="[^"]*"/, '')).sort();
    await otel.close();
    return { spansReceived: collector.requests.reduce((sum, request) => sum + request.spans, 0), diagMatched: diagTexts.some((text) => diagPattern.test(text)), lines, series };
  } finally {
    await otel.close().catch(() => {});
    diag.disable();
    await collector.close();
  }
}

/** The value of the series whose name and labels contain every one of `parts`. */
function value(series: readonly string[], ...parts: string[]): number | undefined {
  const line = series.find((candidate) => parts.every((part) => candidate.includes(part)));
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('export problems are reported, the same on both paths', () => {
  for (const status of [400, 500]) {
    it(`a collector answering ${status}: diag, one log line per interval with the count, and the counts in the self-metrics`, async () => {
      const seen = { lean: await run('lean', { status }, /error|fail/i), full: await run('full', { status }, /error|fail/i) };
      for (const path of ['lean', 'full'] as const) {
        const { diagMatched, lines, series, spansReceived } = seen[path];
        assert.equal(spansReceived, 6, path);
        assert.equal(diagMatched, true, `${path}: the diag logger got no message`);
        // The first export's 2 spans at once; the next 4 within the interval, in one line at shutdown.
        assert.deepEqual(lines, [
          { event: 'otlp_export_failed', errorType: String(status), count: 2 },
          { event: 'otlp_export_failed', errorType: String(status), count: 4 },
        ], path);
        assert.equal(value(series, 'otel_sdk_exporter_span_exported_total{', `error_type="${status}"`), 6, path);
        assert.equal(value(series, 'otel_sdk_processor_span_processed_total{', `error_type="${status}"`), 6, path);
        assert.equal(value(series, 'otel_sdk_processor_span_queue_capacity{'), 2048, path);
      }
      assert.deepEqual(seen.lean.series, seen.full.series);
    });
  }

  for (const protocol of ['http/protobuf', 'http/json']) {
    it(`a partial success (${protocol}): diag warns, the rejected spans are counted as failed with error.type rejected`, async () => {
      const answer = { partial: { rejectedPerExport: 1, message: 'span too large' } };
      const seen = { lean: await run('lean', answer, /Partial Success/, { protocol }), full: await run('full', answer, /Partial Success/, { protocol }) };
      for (const path of ['lean', 'full'] as const) {
        const { diagMatched, lines, series, spansReceived } = seen[path];
        assert.equal(spansReceived, 6, path);
        assert.equal(diagMatched, true, `${path}: the diag logger got no partial-success warning`);
        assert.deepEqual(lines, [
          { event: 'otlp_export_partial_success', errorType: 'rejected', count: 1 },
          { event: 'otlp_export_partial_success', errorType: 'rejected', count: 2 },
        ], path);
        assert.equal(value(series, 'otel_sdk_exporter_span_exported_total{', 'error_type="rejected"'), 3, path);
        assert.equal(value(series.filter((line) => !line.includes('error_type')), 'otel_sdk_exporter_span_exported_total{'), 3, path);
      }
      assert.deepEqual(seen.lean.series, seen.full.series);
    });
  }

  it('forceFlush rejects on both paths, with an array of one error, when a trace export of the flush fails; the next flush that exports resolves', async () => {
    const collector = await startFakeCollector({ status: 400 });
    const rejections: Record<Path, unknown> = { lean: undefined, full: undefined };
    try {
      for (const path of ['lean', 'full'] as const) {
        collector.answer = { status: 400 };
        const otel = await startOtelApp({
          env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_METRICS_EXPORTER: 'none', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
          telemetry: { batch: { scheduledDelayMillis: 60_000 } },
        });
        try {
          assert.equal(otel.telemetry.path, path);
          await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
          rejections[path] = await otel.telemetry.forceFlush().then(() => 'resolved', (error: unknown) => error);
          collector.answer = { status: 200 };
          await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
          await otel.telemetry.forceFlush();
        } finally {
          await otel.close();
        }
      }
    } finally {
      await collector.close();
    }
    for (const path of ['lean', 'full'] as const) {
      const rejection = rejections[path];
      assert.ok(Array.isArray(rejection), `${path}: forceFlush ${rejection === 'resolved' ? 'resolved' : `rejected with ${String(rejection)}`}`);
      assert.deepEqual(rejection.map((error) => error instanceof Error), [true], path);
    }
    // The SDK's exporter words the refusal; the lean one's error is the batch processor's own (fw's log has the reason).
    assert.equal((rejections.full as Error[])[0]!.message, 'Bad Request');
    assert.equal((rejections.lean as Error[])[0]!.message, 'BatchSpanProcessor: span export failed');
    assert.deepEqual(collector.requests.filter((request) => request.path === '/v1/traces').map((request) => request.spans), [1, 1, 1, 1]);
  });

  it('spans dropped from a full queue while the collector holds an export: diag, one log line, queue_full counted', async () => {
    // Queue 4, batches of 4: 4 spans in the held export, 4 queued, the last 2 dropped, on both paths.
    const options = { rounds: 1, perRound: 10, sequential: true, batch: { maxQueueSize: 4, maxExportBatchSize: 4 } };
    const seen = { lean: await run('lean', 'hang', /maxQueueSize reached/, options), full: await run('full', 'hang', /maxQueueSize reached/, options) };
    for (const path of ['lean', 'full'] as const) {
      const { diagMatched, lines, series } = seen[path];
      assert.equal(diagMatched, true, `${path}: the diag logger got no drop message`);
      assert.deepEqual(lines.filter((line) => line.event === 'otel_spans_dropped'), [{ event: 'otel_spans_dropped', errorType: 'queue_full', count: 2 }], path);
      assert.equal(value(series, 'otel_sdk_processor_span_processed_total{', 'error_type="queue_full"'), 2, path);
      assert.equal(value(series, 'otel_sdk_processor_span_queue_size{'), 4, path);
    }
  });

  for (const path of ['lean', 'full'] as const) {
    it(`a failed metrics push is one line of fw's log per interval too (${path} path)`, async () => {
      const collector = await startFakeCollector({ status: 500 });
      const lines: unknown[] = [];
      const log = (fields: Record<string, unknown>, message?: string): void => {
        if (fields.event === 'otlp_export_failed') lines.push([fields.signal, fields['error.type'], fields.count, message]);
      };
      const otel = await startOtelApp({
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'otlp', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
        telemetry: { logger: { info: log, warn: log }, exportIntervalMs: 60_000 },
      });
      try {
        for (let i = 0; i < 3; i += 1) {
          await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
          await otel.telemetry.forceFlush().catch(() => {});
        }
      } finally {
        await otel.close();
        await collector.close();
      }
      const failure = `OTLP metrics export to ${collector.url}/v1/metrics failed: HTTP 500: refused by the test`;
      // Three flushes and shutdown's last export: four refused pushes.
      assert.equal(collector.requests.filter((request) => request.path === '/v1/metrics').length, 4);
      assert.deepEqual(lines, [
        ['metrics', '500', 1, `1 metrics exports failed: ${failure}`],
        ['metrics', '500', 3, `3 metrics exports failed in the last 10 s: ${failure}`],
      ]);
    });
  }

  for (const path of ['lean', 'full'] as const) {
    it(`a 404, as when the endpoint variable holds the signal's path already, says it is a base URL (${path} path)`, async () => {
      const collector = await startFakeCollector({ status: 404 });
      const lines: unknown[] = [];
      const log = (fields: Record<string, unknown>, message?: string): void => {
        if (fields.event === 'otlp_export_failed') lines.push([fields.signal, message]);
      };
      const otel = await startOtelApp({
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: `${collector.url}/v1/traces`, OTEL_METRICS_EXPORTER: 'otlp', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
        telemetry: { logger: { info: log, warn: log }, exportIntervalMs: 60_000 },
      });
      try {
        await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
        await otel.telemetry.forceFlush().catch(() => {});
      } finally {
        await otel.close();
        await collector.close();
      }
      const hint = (signal: string) =>
        `OTLP ${signal} export to ${collector.url}/v1/traces/v1/${signal} failed: HTTP 404: refused by the test; OTEL_EXPORTER_OTLP_ENDPOINT is the collector's base URL, to which fw adds /v1/${signal} (a full URL goes in OTEL_EXPORTER_OTLP_${signal.toUpperCase()}_ENDPOINT)`;
      assert.deepEqual(lines.filter(([signal]: any) => signal === 'traces').slice(0, 1), [['traces', `1 spans not exported: ${hint('traces')}`]]);
      assert.deepEqual(lines.filter(([signal]: any) => signal === 'metrics').slice(0, 1), [['metrics', `1 metrics exports failed: ${hint('metrics')}`]]);
    });
  }

  for (const path of ['lean', 'full'] as const) {
    it(`the self-metrics are pushed over OTLP too (${path} path)`, async () => {
      const collector = await startFakeCollector({ status: 200 });
      const otel = await startOtelApp({
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_METRICS_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_METRICS_PROTOCOL: 'http/json', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
        telemetry: { batch: { scheduledDelayMillis: 60_000 }, exportIntervalMs: 60_000 },
      });
      try {
        for (let i = 0; i < 3; i += 1) await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
        // The first flush exports the spans; the second pushes the counts of that export.
        await otel.telemetry.forceFlush();
        await otel.telemetry.forceFlush();
      } finally {
        await otel.close();
        await collector.close();
      }
      const pushes = collector.requests.filter((request) => request.path === '/v1/metrics').map((request) => JSON.parse(request.body.toString('utf8')));
      const exported = pushes[1].resourceMetrics[0].scopeMetrics.flatMap((scope: { metrics: { name: string }[] }) => scope.metrics).find((metric: { name: string }) => metric.name === 'otel.sdk.exporter.span.exported');
      assert.equal(exported.unit, '{span}');
      assert.deepEqual(
        exported.sum.dataPoints.map((point: { asInt: string; attributes: { key: string; value: { stringValue: string } }[] }) => [point.asInt, point.attributes.map((kv) => `${kv.key}=${kv.key === 'otel.component.name' ? kv.value.stringValue.replace(/\/\d+$/, '/N') : kv.value.stringValue}`)]),
        [['3', ['otel.component.type=otlp_http_span_exporter', 'otel.component.name=otlp_http_span_exporter/N']]],
      );
      assert.equal(exported.sum.isMonotonic, true);
    });
  }
});
