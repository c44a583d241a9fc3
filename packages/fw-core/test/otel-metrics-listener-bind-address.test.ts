/**
 * The metrics listener fails closed: it binds 127.0.0.1 unless metricsHost or
 * OTEL_EXPORTER_PROMETHEUS_HOST names another address, and metricsUrl names the address really
 * bound. "Loopback only" is checked from outside: Linux routes all of 127.0.0.0/8 to the
 * loopback interface, so a listener on 0.0.0.0 accepts 127.0.0.2 and one on 127.0.0.1 refuses it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { setupTelemetry, type TelemetryOptions } from '../src/otel/index.ts';
import { setupFailureOf } from './support/otel-app.ts';
import { connectOutcome } from './support/raw-socket.ts';

/** Runs `check` with telemetry set up from `options` (no trace export), then shuts it down. */
async function withListener(options: TelemetryOptions, check: (url: URL) => Promise<void>): Promise<void> {
  const telemetry = await setupTelemetry({ metricsPort: 0, ...options, env: { OTEL_TRACES_EXPORTER: 'none', ...options.env } });
  try {
    await check(new URL(telemetry.metricsUrl!));
  } finally {
    await telemetry.shutdown();
  }
}

describe('metrics listener bind address', () => {
  it('binds 127.0.0.1 by default: served there, refused on another address', async () => {
    await withListener({}, async (url) => {
      assert.equal(url.href, `http://127.0.0.1:${url.port}/metrics`);
      assert.equal((await fetch(url)).status, 200);
      assert.equal(await connectOutcome(Number(url.port), '127.0.0.2'), 'ECONNREFUSED');
    });
  });

  it('opens up with metricsHost 0.0.0.0, and metricsUrl says 0.0.0.0, not a guessed 127.0.0.1', async () => {
    await withListener({ metricsHost: '0.0.0.0' }, async (url) => {
      assert.equal(url.href, `http://0.0.0.0:${url.port}/metrics`);
      assert.equal(await connectOutcome(Number(url.port), '127.0.0.2'), 'connected');
    });
  });

  it('binds ::1 with metricsHost ::1 and brackets it in metricsUrl', async () => {
    await withListener({ metricsHost: '::1' }, async (url) => {
      assert.equal(url.href, `http://[::1]:${url.port}/metrics`);
      assert.equal((await fetch(url)).status, 200);
      assert.equal(await connectOutcome(Number(url.port), '127.0.0.1'), 'ECONNREFUSED');
    });
  });

  it('names the address a host name resolved to (localhost), not the name', async () => {
    await withListener({ metricsHost: 'localhost' }, async (url) => {
      assert.match(url.href, /^http:\/\/(127\.0\.0\.1|\[::1\]):\d+\/metrics$/);
      assert.equal((await fetch(url)).status, 200);
    });
  });

  it('takes OTEL_EXPORTER_PROMETHEUS_HOST over metricsHost (the deployment decides)', async () => {
    await withListener({ metricsHost: '127.0.0.1', env: { OTEL_EXPORTER_PROMETHEUS_HOST: '0.0.0.0' } }, async (url) => {
      assert.equal(url.href, `http://0.0.0.0:${url.port}/metrics`);
      assert.equal(await connectOutcome(Number(url.port), '127.0.0.2'), 'connected');
    });
  });

  it('refuses a blank metricsHost with FW_ERR_OTEL_BAD_OPTION instead of binding every address', async () => {
    for (const metricsHost of ['', '  ']) {
      const error = await setupFailureOf({ metricsPort: 0, metricsHost, env: { OTEL_TRACES_EXPORTER: 'none' } });
      assert.equal(error.code, 'FW_ERR_OTEL_BAD_OPTION');
      assert.equal(error.message, `setupTelemetry: metricsHost ${JSON.stringify(metricsHost)} is not a host; give an address such as '127.0.0.1', '::1' or '0.0.0.0'`);
    }
  });

  it('fails with FW_ERR_OTEL_METRICS_LISTEN naming an address it cannot bind', async () => {
    // 192.0.2.1 (TEST-NET-1, RFC 5737) is on no interface of this machine.
    const error = await setupFailureOf({ metricsPort: 0, metricsHost: '192.0.2.1', env: { OTEL_TRACES_EXPORTER: 'none' } });
    assert.equal(error.code, 'FW_ERR_OTEL_METRICS_LISTEN');
    assert.equal(error.message, 'the metrics listener cannot listen on 192.0.2.1:0: EADDRNOTAVAIL; give setupTelemetry another metricsPort (0 picks a free one) or host (metricsHost, OTEL_EXPORTER_PROMETHEUS_HOST)');
  });
});
