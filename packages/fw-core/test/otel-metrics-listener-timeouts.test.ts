/**
 * The metrics listener takes the API listener's timeouts (serverConfiguration, as
 * server/start-server.ts applies them), so a client cannot hold its connections open for
 * node:http's defaults: 60 s for a request head, checked only every 30 s.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setupTelemetry, type TelemetryOptions } from '../src/otel/index.ts';
import { setupFailureOf } from './support/otel-app.ts';
import { stallAfter } from './support/raw-socket.ts';

/** Long enough for a 500 ms timeout checked every 500 ms on a busy 2-core machine; far below node's 60 s. */
const DEADLINE_MS = 5000;

async function withListener(options: TelemetryOptions, check: (port: number) => Promise<void>): Promise<void> {
  const telemetry = await setupTelemetry({ metricsPort: 0, ...options, env: { OTEL_TRACES_EXPORTER: 'none' } });
  try {
    await check(Number(new URL(telemetry.metricsUrl!).port));
  } finally {
    await telemetry.shutdown();
  }
}

describe('metrics listener timeouts', () => {
  it('answers 408 and closes a connection that stalls in its request head after headers_timeout_ms', async () => {
    await withListener({ serverConfiguration: { headers_timeout_ms: 500 } }, async (port) => {
      const stalled = await stallAfter(port, 'GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ', DEADLINE_MS);
      assert.ok(stalled.closedAfterMs !== undefined, `still open after ${DEADLINE_MS} ms`);
      assert.ok(stalled.closedAfterMs >= 450 && stalled.closedAfterMs < 2500, `closed after ${stalled.closedAfterMs} ms`);
      assert.match(stalled.answer, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    });
  });

  it('closes an idle keep-alive connection after keep_alive_timeout_ms', async () => {
    await withListener({ serverConfiguration: { keep_alive_timeout_ms: 300 } }, async (port) => {
      const idle = await stallAfter(port, 'GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', DEADLINE_MS);
      assert.ok(idle.closedAfterMs !== undefined, `still open after ${DEADLINE_MS} ms`);
      // node's own keep-alive default is 5000 ms; the 300 ms asked for, plus scheduling.
      assert.ok(idle.closedAfterMs >= 250 && idle.closedAfterMs < 2500, `closed after ${idle.closedAfterMs} ms`);
      assert.match(idle.answer, /^HTTP\/1\.1 200 OK\r\n/);
    });
  });

  it('refuses timeouts node:http would refuse, with FW_ERR_OTEL_BAD_OPTION naming the key', async () => {
    const cases: [TelemetryOptions['serverConfiguration'], string][] = [
      [{ headers_timeout_ms: 0 }, 'setupTelemetry: serverConfiguration.headers_timeout_ms 0 is not a timeout; give an integer number of milliseconds from 1 to 2147483647'],
      [{ request_timeout_ms: 1.5 }, 'setupTelemetry: serverConfiguration.request_timeout_ms 1.5 is not a timeout; give an integer number of milliseconds from 1 to 2147483647'],
      [{ headers_timeout_ms: 2000, request_timeout_ms: 1000 }, 'setupTelemetry: serverConfiguration.headers_timeout_ms 2000 is longer than request_timeout_ms (1000); make it at most that'],
      [{ request_timeout_ms: 5000 }, 'setupTelemetry: serverConfiguration.headers_timeout_ms 10000 is longer than request_timeout_ms (5000); make it at most that'],
    ];
    for (const [serverConfiguration, message] of cases) {
      const error = await setupFailureOf({ metricsPort: 0, serverConfiguration, env: { OTEL_TRACES_EXPORTER: 'none' } });
      assert.equal(error.code, 'FW_ERR_OTEL_BAD_OPTION');
      assert.equal(error.message, message);
    }
  });
});
