/**
 * OTEL_EXPORTER_OTLP_TRACES_HEADERS (and _METRICS_) override OTEL_EXPORTER_OTLP_HEADERS for their
 * signal whatever the case of a name, as HTTP compares names and as the SDK's exporter sends them
 * (node's setHeader: the later value wins): with `Authorization=Bearer shared` and the traces
 * variable's `authorization=Bearer traces`, fw's own sender (the lean trace export, the metrics
 * push on both paths) posted both lines, and a collector (node's among them) reading the first
 * authorization got the shared token, not the signal's. Within one variable too, the later wins.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { startOtelApp } from './support/otel-app.ts';


describe('export header names differing only in case', () => {
  for (const path of ['lean', 'full'] as const) {
    it(`send one line each, the signal's own value or the later one (${path} path)`, async () => {
      const seen = new Map<string, string[]>();
      const collector = createServer((req, res) => {
        req.resume();
        req.on('end', () => res.writeHead(200).end());
        seen.set(req.url!, req.rawHeaders);
      });
      await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
      const otel = await startOtelApp({
        env: {
          OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
          OTEL_EXPORTER_OTLP_HEADERS: 'Authorization=Bearer shared,X-Tenant=1,x-tenant=2',
          OTEL_EXPORTER_OTLP_TRACES_HEADERS: 'authorization=Bearer traces',
          OTEL_EXPORTER_OTLP_METRICS_HEADERS: 'AUTHORIZATION=Bearer metrics',
          ...(path === 'full' && { FW_OTEL_PATH: 'full' }),
        },
        telemetry: { batch: { scheduledDelayMillis: 60_000 }, exportIntervalMs: 600_000 },
      });
      try {
        assert.equal(otel.telemetry.path, path);
        await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
        await otel.telemetry.forceFlush();
        for (const [url, token] of [['/v1/traces', 'Bearer traces'], ['/v1/metrics', 'Bearer metrics']] as const) {
          const raw = seen.get(url) ?? [];
          const lines = (name: string): string[] => raw.flatMap((value, i) => (i % 2 === 0 && value.toLowerCase() === name ? [raw[i + 1]!] : []));
          assert.deepEqual(lines('authorization'), [token], `${url}: ${JSON.stringify(raw)}`);
          assert.deepEqual(lines('x-tenant'), ['2'], `${url}: ${JSON.stringify(raw)}`);
        }
      } finally {
        await otel.close();
        collector.closeAllConnections();
        await new Promise((resolve) => collector.close(resolve));
      }
    });
  }
});
