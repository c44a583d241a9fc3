/**
 * A refused trace export as a user's diag logger sees it, on both paths, whether the batch
 * processor's timer or forceFlush() drove the export. On the full path the SDK's exporter handed
 * the processor an error carrying the collector's whole answer: a timer's export wrote it to diag
 * unbounded (the processor's error handler), a flush wrote no line with the collector's message at
 * all. fw now writes the lean path's bounded line (`OTLP traces export to … failed: HTTP 400:
 * <message>`) on both paths, and its wrapper of the SDK's exporter bounds the error's `data` to that reason.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { startOtelApp } from './support/otel-app.ts';

const BODY = `refused:\n\u001b[2J${'x'.repeat(100_000)}`;

/** One span exported on `path` to a collector answering 400 with BODY, by the timer or a flush; the diag lines, once the processor handled the failure. */
async function diagLines(path: 'lean' | 'full', by: 'timer' | 'flush'): Promise<{ url: string; lines: string[] }> {
  const collector = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(400, { 'content-type': 'text/plain' }).end(BODY));
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  const lines: string[] = [];
  const { promise: failed, resolve } = Promise.withResolvers<void>();
  const capture = (...args: unknown[]): void => {
    lines.push(args.map(String).join(' '));
    // The last line of a failed export: fw's own on the lean path, the processor's error handler's on the full path's timer export.
    if (path === 'lean' ? lines.at(-1)!.startsWith('OTLP traces export') : /"code":"400"/.test(lines.at(-1)!)) resolve();
  };
  diag.setLogger({ error: capture, warn: capture, info: capture, debug: () => {}, verbose: () => {} }, DiagLogLevel.INFO);
  const otel = await startOtelApp({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_METRICS_EXPORTER: 'none', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
    telemetry: { batch: { scheduledDelayMillis: by === 'timer' ? 1 : 60_000 } },
  });
  try {
    assert.equal(otel.telemetry.path, path);
    await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
    if (by === 'flush') await otel.telemetry.forceFlush().catch(() => {});
    else await failed;
    return { url, lines };
  } finally {
    await otel.close();
    diag.disable();
    collector.closeAllConnections();
    await new Promise((done) => collector.close(done));
  }
}

describe("a refused trace export in a user's diag logger: the collector's message, bounded, on both paths", () => {
  for (const by of ['timer', 'flush'] as const) {
    for (const path of ['lean', 'full'] as const) {
      it(`${path} path, export driven by the ${by}`, async () => {
        const { url, lines } = await diagLines(path, by);
        const expected = `OTLP traces export to ${url}/v1/traces failed: HTTP 400: refused: [2J${'x'.repeat(288)}…`;
        assert.ok(lines.includes(expected), `${path}/${by}: ${JSON.stringify(lines.map((line) => line.slice(0, 200)))}`);
        for (const line of lines) assert.ok(line.length < 2000 && !line.includes('\u001b') && !line.includes('x'.repeat(289)), `${path}/${by}: a diag line of ${line.length} characters: ${JSON.stringify(line.slice(0, 200))}`);
        // The processor's report of a timer's export (its error handler): the SDK's error, its data the bounded reason.
        if (path === 'full' && by === 'timer') assert.ok(lines.some((line) => line.includes(`"data":"HTTP 400: refused: [2J${'x'.repeat(288)}…"`)), JSON.stringify(lines.map((line) => line.slice(0, 300))));
      });
    }
  }
});
