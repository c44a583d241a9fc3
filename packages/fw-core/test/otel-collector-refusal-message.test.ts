/**
 * A collector that refuses an export says why in its answer's body: an OTLP Status (protobuf, or
 * JSON under http/json, https://opentelemetry.io/docs/specs/otlp/#failures-1), or a proxy's text.
 * fw's log line and the diag logger carry that message, on both paths and for traces and metrics:
 * on one line (controls and format characters as spaces: the text is the collector's) and at most
 * 300 characters, where they used to say only `HTTP 400`. A real collector on port 0 answers 400.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it } from 'node:test';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { startOtelApp } from './support/otel-app.ts';

/** A google.rpc.Status in protobuf: code (field 1), message (field 2). */
function statusProtobuf(code: number, message: string): Buffer {
  const text = Buffer.from(message);
  assert.ok(text.length < 128);
  return Buffer.concat([Buffer.from([0x08, code, 0x12, text.length]), text]);
}

const CASES = [
  { name: 'an OTLP Status in protobuf', protocol: 'http/protobuf', type: 'application/x-protobuf', body: statusProtobuf(3, 'span 0: invalid\ntrace id \u001b[31mlength 3\u202e'), said: 'span 0: invalid trace id [31mlength 3' },
  { name: 'an OTLP Status in JSON', protocol: 'http/json', type: 'application/json', body: Buffer.from(JSON.stringify({ code: 3, message: 'unknown field "resourceSpanz"' })), said: 'unknown field "resourceSpanz"' },
  { name: "a proxy's long text", protocol: 'http/protobuf', type: 'text/plain', body: Buffer.from(`<html>\r\n${'x'.repeat(10_000)}`), said: `<html> ${'x'.repeat(293)}…` },
] as const;

async function refusingCollector(type: string, body: Buffer): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(400, { 'content-type': type }).end(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe("a collector's refusal: its message is in fw's log and in diag, bounded and on one line", () => {
  for (const path of ['lean', 'full'] as const) {
    for (const { name, protocol, type, body, said } of CASES) {
      it(`${name} (${path} path)`, async () => {
        const collector = await refusingCollector(type, body);
        const lines: string[] = [];
        const log = (fields: Record<string, unknown>, message?: string): void => {
          if (fields.event === 'otlp_export_failed') lines.push(`${String(fields.signal)} ${String(fields['error.type'])} ${message}`);
        };
        const diagTexts: string[] = [];
        const capture = (...args: unknown[]): void => void diagTexts.push(args.map(String).join(' '));
        diag.setLogger({ error: capture, warn: capture, info: capture, debug: capture, verbose: capture }, DiagLogLevel.ALL);
        const otel = await startOtelApp({
          env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: protocol, OTEL_METRICS_EXPORTER: 'otlp', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
          telemetry: { logger: { info: log, warn: log }, batch: { scheduledDelayMillis: 60_000 }, exportIntervalMs: 60_000 },
        });
        try {
          assert.equal(otel.telemetry.path, path);
          await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
          await otel.telemetry.forceFlush().catch(() => {});
        } finally {
          await otel.close();
          diag.disable();
          collector.server.close();
        }
        for (const signal of ['traces', 'metrics']) {
          const failed = `${signal === 'traces' ? '1 spans not exported' : '1 metrics exports failed'}: OTLP ${signal} export to ${collector.url}/v1/${signal} failed: HTTP 400: ${said}`;
          assert.equal(lines.find((line) => line.startsWith(`${signal} `)), `${signal} 400 ${failed}`);
        }
        assert.ok(diagTexts.some((text) => text.includes(said.slice(0, 20))), `${path}: no diag line carries the collector's message`);
      });
    }
  }
});
