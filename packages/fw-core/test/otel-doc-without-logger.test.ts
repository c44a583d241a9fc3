/**
 * docs/telemetry.md's Activation sample said that without `logger` "export failures and telemetry
 * warnings are silent". Telemetry's warnings are not: setupTelemetry writes them as process
 * warnings on stderr (FW_OTEL_BAD_ENV, FW_OTEL_NO_STREAM_HANDLER); export failures are what stays
 * unwritten (forceFlush() still rejects). The page now says so; this pins both halves.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { otelStreamHandler, setupTelemetry } from '../src/otel/index.ts';
import { closedPort } from './support/closed-port.ts';
import { rawExchange } from './support/raw-socket.ts';

describe('setupTelemetry without a logger', () => {
  it('writes its warnings as process warnings, and an export failure not at all', async () => {
    const warnings: (string | undefined)[] = [];
    const onWarning = (warning: Error & { code?: string }): void => void warnings.push(warning.code);
    process.on('warning', onWarning);
    const env = { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${await closedPort()}`, OTEL_SDK_DISABLED: 'ture', OTEL_METRICS_EXPORTER: 'none' };
    let telemetry;
    let server;
    try {
      telemetry = await setupTelemetry({ env, serverConfiguration: { stream_handlers: ['fw_stream_h'] } });
      // Wrapped once telemetry is set up, as a server start does.
      server = createServer(otelStreamHandler.wrap((_req, res) => res.end('hello')));
      await once(server.listen(0, '127.0.0.1'), 'listening');
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(warnings, ['FW_OTEL_BAD_ENV', 'FW_OTEL_NO_STREAM_HANDLER']);
      await rawExchange((server.address() as AddressInfo).port, 'GET / HTTP/1.1\r\nHost: h\r\nConnection: close\r\n\r\n');
      await assert.rejects(telemetry.forceFlush());
      await new Promise((resolve) => setImmediate(resolve));
      assert.deepEqual(warnings, ['FW_OTEL_BAD_ENV', 'FW_OTEL_NO_STREAM_HANDLER'], 'the failed export added no warning');
    } finally {
      process.off('warning', onWarning);
      server?.close();
      await telemetry?.shutdown();
    }
  });
});
