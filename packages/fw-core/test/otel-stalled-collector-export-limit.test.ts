/**
 * A collector that accepts connections and never answers holds at most 30 of fw's OTLP exports in
 * flight, as it holds the SDK's exporters' (their concurrencyLimit): the next export fails at once
 * with the SDK's message, opening no connection. Found with a metric reader exporting every 50 ms
 * with a 10 s export timeout: fw's metric exporter had a post, and a connection, per interval.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { ExportResultCode, type ExportResult } from '@opentelemetry/core';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-proto';
import { emptyResource } from '@opentelemetry/resources';
import type { PushMetricExporter, ResourceMetrics } from '@opentelemetry/sdk-metrics';
import { OtlpMetricExporter } from '../src/otel/metrics-pipeline.ts';
import { until } from './support/until.ts';

const sockets = new Set<Socket>();
let posts = 0;
let server: Server;
let url: string;

before(async () => {
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket)).on('error', () => {}).once('data', () => (posts += 1));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/metrics`;
});
after(() => server.close());

const METRICS: ResourceMetrics = { resource: emptyResource(), scopeMetrics: [] };

/** Starts 30 exports on `exporter`, waits until the collector holds them all, then returns how a 31st ends. */
async function thirtyFirst(exporter: PushMetricExporter): Promise<ExportResult> {
  posts = 0;
  for (let i = 0; i < 30; i += 1) exporter.export(METRICS, () => {});
  await until('the collector to hold 30 posts', () => posts === 30);
  const result = await new Promise<ExportResult>((resolve) => exporter.export(METRICS, resolve));
  assert.equal(posts, 30);
  assert.equal(sockets.size, 30);
  return result;
}

describe('a collector that never answers', () => {
  it("holds at most 30 of fw's metric exports, as the SDK's exporter: the 31st fails at once", async () => {
    const exporter = new OtlpMetricExporter({ url, timeoutMs: 5000 }, 'cumulative');
    try {
      const result = await thirtyFirst(exporter);
      assert.equal(result.code, ExportResultCode.FAILED);
      assert.equal(result.error?.message, `OTLP metrics export to ${url} failed: Concurrent export limit reached`);
    } finally {
      exporter.stop();
    }
    await until('the collector to see the connections closed', () => sockets.size === 0);
  });

  it("holds at most 30 of the SDK exporter's (what fw matches)", async () => {
    // A short timeout: nothing ends the SDK's posts before it (its shutdown waits for them).
    const exporter = new OTLPMetricExporter({ url, timeoutMillis: 2000 });
    try {
      const result = await thirtyFirst(exporter);
      assert.equal(result.code, ExportResultCode.FAILED);
      assert.equal(result.error?.message, 'Concurrent export limit reached');
    } finally {
      await exporter.shutdown();
    }
  });
});
