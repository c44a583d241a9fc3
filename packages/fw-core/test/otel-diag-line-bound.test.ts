/**
 * With OTEL_LOG_LEVEL set, the diag lines go to fw's log (`otel_diag`). On the full path the SDK's
 * batch processor reports a refused export with its exporter's error, which carries the collector's
 * whole answer (`data`, up to 4 MiB): a collector answering every export 400 with a 60 KB page made
 * each of them a 60 KB log line. Each otel_diag line is now at most 2000 characters and says how
 * long it was. A real collector on port 0; the batch's own timer exports (no forceFlush, whose
 * rejection goes to its caller instead of diag). Since fw's wrapper of the SDK's exporter bounds
 * that error's `data` (otel-refusal-diag-both-paths.test.ts), a longer line is one a library
 * writes itself, as the test does after the export.
 */
import { diag } from '@opentelemetry/api';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { startOtelApp } from './support/otel-app.ts';

it("a collector's 60 KB refusal makes no 60 KB otel_diag line in fw's log (full path)", async () => {
  const page = `<html>${'x'.repeat(60_000)}</html>`;
  const collector = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(400, { 'content-type': 'text/html' }).end(page));
  });
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  const diagLines: string[] = [];
  let sdkErrorLogged: () => void = () => {};
  const sdkError = new Promise<void>((resolve) => (sdkErrorLogged = resolve));
  const log = (fields: Record<string, unknown>, message?: string): void => {
    if (fields.event !== 'otel_diag' || message === undefined) return;
    diagLines.push(message);
    // The batch processor's report of the failed export (globalErrorHandler): the error, stack and all.
    if (message.includes('OTLPExporterError')) sdkErrorLogged();
  };
  const otel = await startOtelApp({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`, OTEL_METRICS_EXPORTER: 'none', OTEL_LOG_LEVEL: 'error', FW_OTEL_PATH: 'full' },
    telemetry: { logger: { info: log, warn: log }, batch: { scheduledDelayMillis: 1 } },
  });
  try {
    assert.equal(otel.telemetry.path, 'full');
    await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
    await sdkError;
    diag.error(`a library's own long line: ${'y'.repeat(10_000)}`);
  } finally {
    await otel.close();
    collector.close();
  }
  for (const line of diagLines) assert.ok(line.length <= 2000 + '… (NNNNN characters)'.length, `an otel_diag line of ${line.length} characters: ${line.slice(0, 200)}`);
  assert.ok(diagLines.some((line) => /… \(\d+ characters\)$/.test(line)), 'no diag line says it was cut');
});
