/**
 * A collector's answer over 64 KiB, and a partial success's message, on both paths against the same
 * loopback collector. The lean sender read at most 64 KiB of an answer (the SDK 4 MiB): a 200 with a
 * 100 KB body counted its spans as failed (`export_failed`) where the SDK counts them exported, a
 * 400 with one was `export_failed`, not `400`. Now the status decides on both, the body's start
 * giving the message. A partial success's message kept its newlines and escape sequences in fw's
 * log (a text logger printed them raw); it is now on one line, as a refusal's is.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { startOtelApp } from './support/otel-app.ts';

/** google.rpc.Status or ExportTraceServiceResponse.partial_success in protobuf: field 1 a varint, field 2 `text` (lengths as varints). */
function twoFields(first: number, text: string, wrap: boolean): Buffer {
  const varint = (n: number): Buffer => { const out: number[] = []; for (; n > 127; n >>>= 7) out.push((n & 127) | 128); out.push(n); return Buffer.from(out); };
  const bytes = Buffer.from(text);
  const inner = Buffer.concat([Buffer.from([0x08, first, 0x12]), varint(bytes.length), bytes]);
  return wrap ? Buffer.concat([Buffer.from([0x0a]), varint(inner.length), inner]) : inner;
}

interface Seen {
  /** fw's log lines of export problems: `<event> <error.type> <message>`. */
  readonly log: string[];
  /** otel_sdk_exporter_span_exported_total's series. */
  readonly exported: string[];
}

/** Exports one span on `path` to a collector answering `status` with `body`. */
async function run(path: 'lean' | 'full', status: number, type: string, body: Buffer): Promise<Seen> {
  const collector = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': type }).end(body));
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  const log: string[] = [];
  const write = (fields: Record<string, unknown>, message?: string): void => {
    if (fields.signal === 'traces') log.push(`${String(fields.event)} ${String(fields['error.type'])} ${message?.replace(url, 'URL')}`);
  };
  const otel = await startOtelApp({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_METRICS_EXPORTER: 'none', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
    telemetry: { logger: { info: write, warn: write }, batch: { scheduledDelayMillis: 60_000 } },
  });
  try {
    assert.equal(otel.telemetry.path, path);
    await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
    await otel.telemetry.forceFlush().catch(() => {});
    const exported = (await otel.telemetry.scrape()).split('\n').filter((line) => line.startsWith('otel_sdk_exporter_span_exported_total'));
    return { log, exported: exported.map((line) => line.replace(/otel_component_name="[^"]*",?/, '')) };
  } finally {
    await otel.close();
    collector.closeAllConnections();
    await new Promise((resolve) => collector.close(resolve));
  }
}

/** Runs both paths; asserts they saw the same and returns it. */
async function bothPaths(status: number, type: string, body: Buffer): Promise<Seen> {
  const lean = await run('lean', status, type, body);
  const full = await run('full', status, type, body);
  assert.deepEqual(lean, full);
  return lean;
}

const LONG = 100_000;

describe('an answer over 64 KiB: the status decides, on both paths', () => {
  it('a 200 with a 100 KB page: the span is exported', async () => {
    const seen = await bothPaths(200, 'text/html', Buffer.from(`<html>${'x'.repeat(LONG)}</html>`));
    assert.equal(seen.exported.length, 1, JSON.stringify(seen));
    assert.doesNotMatch(seen.exported[0]!, /error_type/);
    assert.deepEqual(seen.log, []);
  });

  it('a 400 with a 100 KB text: error.type 400, the text\'s start in the log', async () => {
    const seen = await bothPaths(400, 'text/plain', Buffer.from(`refused:\n${'x'.repeat(LONG)}`));
    assert.match(seen.exported[0]!, /error_type="400".* 1$/);
    assert.deepEqual(seen.log, [`otlp_export_failed 400 1 spans not exported: OTLP traces export to URL/v1/traces failed: HTTP 400: refused: ${'x'.repeat(291)}…`]);
  });

  it('a 200 with a 100 KB partial success: its rejected span and its message\'s start', async () => {
    const seen = await bothPaths(200, 'application/x-protobuf', twoFields(1, `too old ${'q'.repeat(LONG)}`, true));
    assert.match(seen.exported.find((line) => line.includes('rejected'))!, /error_type="rejected".* 1$/);
    assert.deepEqual(seen.log, [`otlp_export_partial_success rejected 1 spans rejected by the collector: partial success from URL/v1/traces: 1 rejected: too old ${'q'.repeat(292)}…`]);
  });

  // The SDK hands on a refusal's body as a string, its varint lengths turned to U+FFFD: neither path reads it as a Status, both show its text.
  it('a 400 with a 100 KB OTLP Status in protobuf: error.type 400, its message\'s start in the log', async () => {
    const seen = await bothPaths(400, 'application/x-protobuf', twoFields(3, `bad span ${'y'.repeat(LONG)}`, false));
    assert.match(seen.exported[0]!, /error_type="400".* 1$/);
    assert.match(seen.log[0]!, /^otlp_export_failed 400 1 spans not exported: OTLP traces export to URL\/v1\/traces failed: HTTP 400: .{0,4}bad span y{280,}…$/);
  });
});

describe("a partial success's message: on one line in fw's log, on both paths", () => {
  it('newlines and escape sequences become spaces', async () => {
    const seen = await bothPaths(200, 'application/x-protobuf', twoFields(1, 'a\n\u001b[2Jb\r\nc', true));
    assert.deepEqual(seen.log, ['otlp_export_partial_success rejected 1 spans rejected by the collector: partial success from URL/v1/traces: 1 rejected: a [2Jb c']);
  });

  it('a 10,000-character message is cut at 300, as a refusal\'s', async () => {
    const seen = await bothPaths(200, 'application/x-protobuf', twoFields(1, `${'z'.repeat(10_000)}\u001b`, true));
    assert.deepEqual(seen.log, [`otlp_export_partial_success rejected 1 spans rejected by the collector: partial success from URL/v1/traces: 1 rejected: ${'z'.repeat(300)}…`]);
  });
});
