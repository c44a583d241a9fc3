/**
 * With a diag logger at its most verbose, the lean trace export (and fw's metrics push) says what
 * the SDK's retrying transport says of each export on the full path: a retry scheduled (verbose),
 * success after N retries (verbose), and why an export is not posted again (info: a status the
 * specification does not retry, the retries spent, a wait past the remaining time). The lean
 * path said none of it: a collector answering 503 looked, at debug level, like a single failure.
 */
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { startOtelApp } from './support/otel-app.ts';

/** The retrying transport's lines: its wording, times in ms and the error's text left out. */
const RETRY_LINE = /^(Scheduling export retry in|Export succeeded after \d+ retry attempts|Export failed after maximum retry attempts \(5\)|Export retry time \S+ exceeds remaining timeout|Export failed with non-retryable error)/;

/** Exports one span on `path` to a collector answering the nth post with `answer(n, res)`; returns the transport's diag lines, normalized. */
async function retryLines(path: 'lean' | 'full', answer: (n: number, res: ServerResponse) => void): Promise<string[]> {
  let posts = 0;
  const collector = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer((posts += 1), res));
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const lines: string[] = [];
  const keep = (...args: unknown[]): void => {
    const match = RETRY_LINE.exec(args.map(String).join(' '));
    if (match !== null) lines.push(match[1]!);
  };
  diag.setLogger({ error: keep, warn: keep, info: keep, debug: keep, verbose: keep }, DiagLogLevel.ALL);
  const otel = await startOtelApp({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`, OTEL_METRICS_EXPORTER: 'none', OTEL_EXPORTER_OTLP_TIMEOUT: '3000', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
    telemetry: { batch: { scheduledDelayMillis: 60_000 } },
  });
  try {
    assert.equal(otel.telemetry.path, path);
    await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
    await otel.telemetry.forceFlush().catch(() => {});
    return lines;
  } finally {
    await otel.close();
    diag.disable();
    collector.closeAllConnections();
    await new Promise((resolve) => collector.close(resolve));
  }
}

describe("the export's retries, said to diag as the SDK's retrying transport says them", () => {
  const cases: Record<string, { answer: (n: number, res: ServerResponse) => void; expected: string[] }> = {
    'two 503s, then 200': {
      answer: (n, res) => void res.writeHead(n <= 2 ? 503 : 200, { 'retry-after': '0' }).end(),
      expected: ['Scheduling export retry in', 'Scheduling export retry in', 'Export succeeded after 2 retry attempts'],
    },
    'a 400': { answer: (_n, res) => void res.writeHead(400).end(), expected: ['Export failed with non-retryable error'] },
    '503 every time, Retry-After 0': {
      answer: (_n, res) => void res.writeHead(503, { 'retry-after': '0' }).end(),
      expected: [...Array<string>(5).fill('Scheduling export retry in'), 'Export failed after maximum retry attempts (5)'],
    },
    '429, Retry-After past the timeout': { answer: (_n, res) => void res.writeHead(429, { 'retry-after': '100' }).end(), expected: ['Export retry time 100000ms exceeds remaining timeout'] },
  };
  for (const [name, { answer, expected }] of Object.entries(cases)) {
    it(`${name}: the same lines on both paths`, async () => {
      assert.deepEqual(await retryLines('full', answer), expected, 'full');
      assert.deepEqual(await retryLines('lean', answer), expected, 'lean');
    });
  }
});
