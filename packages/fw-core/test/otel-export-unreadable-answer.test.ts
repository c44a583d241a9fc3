/**
 * A collector (or a proxy in front of it) answering a trace export 200 with a body that is not an
 * OTLP response (an HTML page, a gzip-encoded message) is warned of through the OpenTelemetry
 * diag logger on both paths, as the SDK's exporter does ("Export succeeded but could not
 * deserialize response"), for protobuf and OTLP/JSON exports: the lean path read it silently.
 * The spans count as exported (the collector said 200), as the SDK counts them.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { describe, it } from 'node:test';
import { diag, DiagLogLevel } from '@opentelemetry/api';
import { startOtelApp } from './support/otel-app.ts';

const UNREADABLE = /Export succeeded but could not deserialize response/;

/** Exports one span on `path` to a collector answering 200 with `body`; returns the diag warnings and the exported-span series. */
async function run(path: 'lean' | 'full', protocol: string, body: Buffer): Promise<{ warnings: string[]; exported: string[] }> {
  const collector = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'text/html' }).end(body));
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  const warnings: string[] = [];
  const none = (): void => {};
  diag.setLogger({ error: none, warn: (...args: unknown[]) => void warnings.push(args.map(String).join(' ')), info: none, debug: none, verbose: none }, DiagLogLevel.WARN);
  const otel = await startOtelApp({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`, OTEL_EXPORTER_OTLP_PROTOCOL: protocol, OTEL_METRICS_EXPORTER: 'none', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
    telemetry: { batch: { scheduledDelayMillis: 60_000 } },
  });
  try {
    assert.equal(otel.telemetry.path, path);
    await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
    await otel.telemetry.forceFlush();
    const exported = (await otel.telemetry.scrape()).split('\n').filter((line) => line.startsWith('otel_sdk_exporter_span_exported_total'));
    return { warnings, exported };
  } finally {
    await otel.close();
    diag.disable();
    collector.closeAllConnections();
    await new Promise((resolve) => collector.close(resolve));
  }
}

describe('a 200 answer whose body is not an OTLP response', () => {
  const bodies = { 'an HTML page': Buffer.from('<html><body>Welcome</body></html>'), 'a gzip-encoded partial success': gzipSync(Buffer.from([0x0a, 0x04, 0x08, 0x01, 0x12, 0x00])) };
  for (const protocol of ['http/protobuf', 'http/json']) {
    for (const [what, body] of Object.entries(bodies)) {
      it(`${what} (${protocol}): a diag warning on both paths, the span counted as exported`, async () => {
        for (const path of ['lean', 'full'] as const) {
          const { warnings, exported } = await run(path, protocol, body);
          assert.equal(warnings.filter((text) => UNREADABLE.test(text)).length, 1, `${path}: ${JSON.stringify(warnings)}`);
          assert.equal(exported.length, 1, `${path}: ${JSON.stringify(exported)}`);
          assert.match(exported[0]!, /^otel_sdk_exporter_span_exported_total\{(?!.*error_type).*\} 1$/, path);
        }
      });
    }
  }
});
