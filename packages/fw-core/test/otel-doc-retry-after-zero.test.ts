/**
 * docs/telemetry.md ("How the exports are sent") has a collector answer 503 with `Retry-After: 0`:
 * the export is retried a few times, not stormed. On the full path the SDK's exporter reads
 * `Retry-After: 0` as a wait of -1 ms (otlp-exporter-base's parseRetryAfterToMills), and the
 * retry wait fw puts in its place (otlp-export-stop.ts, so shutdown() can end it) handed that to
 * setTimeout: every retry wrote Node's `TimeoutNegativeWarning` on the app's stderr. The wait is
 * now never below 0, on both paths no process warning is written, and the export still fails
 * after its retries.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { otelStreamHandler, setupTelemetry } from '../src/otel/index.ts';
import { rawExchange } from './support/raw-socket.ts';

describe('a collector answering 503 with Retry-After: 0', () => {
  for (const path of ['auto', 'full'] as const) {
    it(`is retried without a process warning (FW_OTEL_PATH=${path})`, async () => {
      let posts = 0;
      const collector = createServer((req, res) => {
        req.resume();
        req.on('end', () => {
          posts += 1;
          res.writeHead(503, { 'retry-after': '0' }).end('busy');
        });
      }).listen(0, '127.0.0.1');
      await once(collector, 'listening');
      const warnings: string[] = [];
      const onWarning = (warning: Error): void => void warnings.push(`${warning.name}: ${warning.message}`);
      process.on('warning', onWarning);
      const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
      const telemetry = await setupTelemetry({ env: { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, FW_OTEL_PATH: path, OTEL_METRICS_EXPORTER: 'none' } });
      const server = createServer(otelStreamHandler.wrap((_req, res) => res.end('hello'))).listen(0, '127.0.0.1');
      try {
        await once(server, 'listening');
        await rawExchange((server.address() as AddressInfo).port, 'GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n');
        await assert.rejects(telemetry.forceFlush());
        // A warning is emitted on the next tick.
        await new Promise((resolve) => setImmediate(resolve));
        assert.equal(posts, 6, 'the first post and five retries');
        assert.deepEqual(warnings, []);
      } finally {
        process.off('warning', onWarning);
        server.close();
        collector.close();
        await telemetry.shutdown();
      }
    });
  }
});
