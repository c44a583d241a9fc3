/**
 * A server span that is not sampled is announced to a debug diag logger as the SDK's tracer does
 * (`Recording is off, propagating context in a non-recording span`), on both paths: with
 * OTEL_LOG_LEVEL=debug the full path wrote that line for each unsampled request and the lean path
 * none (issue 36, item 4: the diag logger hears the same on both paths). A sampled request writes none.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { otelStreamHandler, setupTelemetry } from '../src/otel/index.ts';
import { PATHS } from './support/otel-path-app.ts';

const RECORDING_OFF = 'Recording is off, propagating context in a non-recording span';
const UPSTREAM = '4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7';

/** The RECORDING_OFF lines a debug diag logger gets for one request with `traceparent` flags `flags` on `path`. */
async function recordingOffLines(path: 'lean' | 'full', flags: '00' | '01'): Promise<number> {
  const telemetry = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none', OTEL_METRICS_EXPORTER: 'none', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) } });
  const server = createServer(otelStreamHandler.wrap((_req, res) => res.end('ok')));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const lines: string[] = [];
  const ignore = (): void => {};
  diag.setLogger({ error: ignore, warn: ignore, info: ignore, debug: (message) => void lines.push(message), verbose: ignore }, DiagLogLevel.DEBUG);
  try {
    assert.equal(telemetry.path, path);
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { traceparent: `00-${UPSTREAM}-${flags}` } });
    await res.arrayBuffer();
    return lines.filter((line) => line === RECORDING_OFF).length;
  } finally {
    diag.disable();
    server.close();
    await telemetry.shutdown();
  }
}

describe('an unsampled server span', () => {
  afterEach(() => diag.disable());

  for (const path of PATHS) {
    it(`is said to a debug diag logger once on the ${path} path, as the SDK's tracer says it`, async () => {
      assert.equal(await recordingOffLines(path, '00'), 1);
    });

    it(`is not said for a sampled request on the ${path} path`, async () => {
      assert.equal(await recordingOffLines(path, '01'), 0);
    });
  }
});
