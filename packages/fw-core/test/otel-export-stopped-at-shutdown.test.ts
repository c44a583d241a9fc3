/**
 * Spans whose exports shutdown() gives up are counted in fw's log on both paths (issue 36, item 4:
 * `error.type` `stopped`). A collector holds every export and the batch size is 1, so three spans
 * are three exports, all ended by shutdown(). On the full path the SDK's exporter calls back after
 * the log's last flush: the first export was logged and the other two were summed into an interval
 * that nothing would ever write (its timer keeps no process alive), so the log said 1 span where
 * the lean path said 3. A problem noted after the last flush is now written at once.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { otelStreamHandler, setupTelemetry } from '../src/otel/index.ts';
import { startFakeCollector } from './support/otel-fake-collector.ts';

const SPANS = 3;

describe('exports given up by shutdown()', () => {
  for (const path of ['lean', 'full'] as const) {
    it(`are logged as stopped, every span of them, on the ${path} path`, { timeout: 10_000 }, async () => {
      const collector = await startFakeCollector('hang');
      const stopped: number[] = [];
      let allLogged: () => void = () => {};
      const logged = new Promise<void>((resolve) => { allLogged = resolve; });
      const warn = (fields: Record<string, unknown>): void => {
        if (fields.event !== 'otlp_export_failed' || fields['error.type'] !== 'stopped') return;
        stopped.push(fields.count as number);
        if (stopped.reduce((sum, count) => sum + count, 0) >= SPANS) allLogged();
      };
      const logger = { info() {}, warn, error() {}, debug() {} };
      const env = { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/v1/traces`, OTEL_METRICS_EXPORTER: 'none', OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '1', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) };
      const telemetry = await setupTelemetry({ logger, shutdownTimeoutMs: 300, env });
      assert.equal(telemetry.path, path);
      const server = createServer(otelStreamHandler.wrap((_req, res) => res.end('ok')));
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      try {
        for (let i = 0; i < SPANS; i += 1) await (await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)).text();
      } finally {
        server.close();
        await telemetry.shutdown();
      }
      try {
        await logged;
        assert.equal(stopped.reduce((sum, count) => sum + count, 0), SPANS);
      } finally {
        await collector.close();
      }
    });
  }
});
