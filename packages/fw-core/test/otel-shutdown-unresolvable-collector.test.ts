/**
 * shutdown() gives the final flush 100 ms, not shutdownTimeoutMs, when no collector can be reached
 * at all (docs/telemetry.md, "A collector that is down..."): a refused port, and, as here, a
 * collector's host name that does not exist (a typo, a service not deployed: getaddrinfo
 * ENOTFOUND), which the exporters retry until their timeout as they retry a refused connection.
 * Before, such a name made every stop wait the whole 5 s, on both paths.
 */
import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { describe, it } from 'node:test';
import { startOtelApp } from './support/otel-app.ts';

/** RFC 6761: `.invalid` never resolves. */
const HOST = 'no-such-collector.invalid';
const notFound = await lookup(HOST).then(() => false, (error: NodeJS.ErrnoException) => error.code === 'ENOTFOUND');

describe('shutdown with an OTLP endpoint whose host name does not exist', { skip: notFound ? false : `${HOST} does not fail with ENOTFOUND here (no resolver?)` }, () => {
  for (const path of ['lean', 'full'] as const) {
    it(`gives the last flush 100 ms, not shutdownTimeoutMs (${path} path)`, async () => {
      const otel = await startOtelApp({
        env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://${HOST}:4318`, OTEL_EXPORTER_OTLP_TIMEOUT: '10000', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
        telemetry: { batch: { scheduledDelayMillis: 60_000 }, shutdownTimeoutMs: 5000 },
      });
      try {
        assert.equal(otel.telemetry.path, path);
        // A span waits in the batch queue: shutdown's flush has an export to try.
        await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
        const started = performance.now();
        await otel.telemetry.shutdown();
        const took = performance.now() - started;
        assert.ok(took < 2000, `shutdown took ${took.toFixed(0)} ms`);
      } finally {
        await otel.close();
      }
    });
  }
});
