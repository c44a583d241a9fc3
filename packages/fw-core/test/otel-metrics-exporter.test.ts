/**
 * fw's OTLP metric exporter (otel/metrics-pipeline.ts), the metrics push setupTelemetry
 * builds: the temporality OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE asks for (the same
 * choice per instrument as the SDK's exporter), gzip from OTEL_EXPORTER_OTLP_METRICS_COMPRESSION,
 * a failed export reported as one, and no node:http client request from either export.
 */
import assert from 'node:assert/strict';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { describe, it } from 'node:test';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { CumulativeTemporalitySelector, DeltaTemporalitySelector, LowMemoryTemporalitySelector } from '@opentelemetry/exporter-metrics-otlp-http';
import { InstrumentType, type ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { emptyResource } from '@opentelemetry/resources';
import type { TemporalityPreference } from '../src/otel/env-config.ts';
import { OtlpMetricExporter } from '../src/otel/metrics-pipeline.ts';
import { closedPort } from './support/closed-port.ts';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';

const DURATION = 'http.server.request.duration';
const ACTIVE = 'http.server.active_requests';

/** GET /api/posts/42 `times` times, each body read. */
async function get(otel: OtelApp, times: number): Promise<void> {
  for (let i = 0; i < times; i += 1) await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
}

/** The route's duration point and the active-requests metric of the latest metrics export. */
function latest(otel: OtelApp) {
  const duration = otel.receiver.metrics.findLast((m) => m.name === DURATION)!;
  const active = otel.receiver.metrics.findLast((m) => m.name === ACTIVE)!;
  return { duration: duration.temporality, count: duration.points.find((p) => p.attributes['http.route'] === '/api/posts/:id')?.count, active: active.temporality };
}

/** Two pushes (2 requests, then 1 more) with `env`; what each carried. */
async function pushTwice(env: NodeJS.ProcessEnv) {
  // An hour's interval: only forceFlush() pushes.
  const otel = await startOtelApp({ env: { OTEL_METRIC_EXPORT_INTERVAL: '3600000', ...env } });
  try {
    const pushes = [];
    for (const times of [2, 1]) {
      await get(otel, times);
      otel.receiver.metrics.length = 0;
      await otel.telemetry.forceFlush();
      await otel.receiver.waitFor('a metrics export', () => otel.receiver.metrics.some((m) => m.name === DURATION));
      pushes.push(latest(otel));
    }
    return { pushes, requests: otel.receiver.requests };
  } finally {
    await otel.close();
  }
}

describe("fw's OTLP metric exporter", () => {
  it('pushes cumulative points by default', async () => {
    const { pushes } = await pushTwice({});
    assert.deepEqual(pushes, [
      { duration: 'cumulative', count: 2, active: 'cumulative' },
      { duration: 'cumulative', count: 3, active: 'cumulative' },
    ]);
  });

  for (const preference of ['delta', 'lowmemory'] as const) {
    it(`pushes what changed in each interval with the ${preference} preference, active requests still cumulative`, async () => {
      const { pushes } = await pushTwice({ OTEL_EXPORTER_OTLP_METRICS_TEMPORALITY_PREFERENCE: preference.toUpperCase() });
      assert.deepEqual(pushes, [
        { duration: 'delta', count: 2, active: 'cumulative' },
        { duration: 'delta', count: 1, active: 'cumulative' },
      ]);
    });
  }

  it('chooses each instrument temporality as the SDK exporter does, for every preference', () => {
    const sdk = { cumulative: CumulativeTemporalitySelector, delta: DeltaTemporalitySelector, lowmemory: LowMemoryTemporalitySelector };
    for (const preference of Object.keys(sdk) as TemporalityPreference[]) {
      const exporter = new OtlpMetricExporter({ url: 'http://127.0.0.1:4318/v1/metrics', timeoutMs: 1000 }, preference);
      for (const type of Object.values(InstrumentType)) {
        assert.equal(exporter.selectAggregationTemporality(type), sdk[preference](type), `${preference}, ${type}`);
      }
      exporter.stop();
    }
  });

  it('gzips the metrics when OTEL_EXPORTER_OTLP_METRICS_COMPRESSION is gzip, and only them', async () => {
    const { pushes, requests } = await pushTwice({ OTEL_EXPORTER_OTLP_METRICS_COMPRESSION: 'gzip', OTEL_BSP_SCHEDULE_DELAY: '50' });
    assert.equal(pushes[1]!.count, 3);
    const encodings = (path: string) => new Set(requests.filter((r) => r.path === path).map((r) => r.headers['content-encoding']));
    assert.deepEqual(encodings('/v1/metrics'), new Set(['gzip']));
    assert.deepEqual(encodings('/v1/traces'), new Set([undefined]));
  });

  it('reports an export the collector never got as failed, naming the endpoint', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/v1/metrics`;
    const exporter = new OtlpMetricExporter({ url, timeoutMs: 300, initialBackoffMs: 20 }, 'cumulative');
    const metrics: ResourceMetrics = { resource: emptyResource(), scopeMetrics: [] };
    const result = await new Promise<ExportResult>((resolve) => exporter.export(metrics, resolve));
    assert.equal(result.code, ExportResultCode.FAILED);
    assert.match(result.error?.message ?? '', new RegExp(`OTLP metrics export to ${url.replaceAll('.', '\\.')} failed`));
    await exporter.shutdown();
    const after = await new Promise<ExportResult>((resolve) => exporter.export(metrics, resolve));
    assert.equal(after.code, ExportResultCode.FAILED);
    assert.match(after.error?.message ?? '', /shut down/);
  });

  it('sends both signals without a node:http client request in the process', async () => {
    const clientRequests: string[] = [];
    const seen = (message: unknown): void => {
      const request = (message as { request: { host: string; path: string } }).request;
      clientRequests.push(`${request.host}${request.path}`);
    };
    subscribe('http.client.request.start', seen);
    try {
      const { requests } = await pushTwice({ OTEL_BSP_SCHEDULE_DELAY: '50' });
      assert.ok(requests.some((r) => r.path === '/v1/metrics'));
      assert.ok(requests.some((r) => r.path === '/v1/traces'));
      assert.deepEqual(clientRequests, []);
    } finally {
      unsubscribe('http.client.request.start', seen);
    }
  });
});
