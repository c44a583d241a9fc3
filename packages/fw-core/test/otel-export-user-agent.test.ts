/**
 * fw's OTLP exports name themselves (issue 36, item 7): the lean trace export and fw's metric
 * export (on both paths) send `User-Agent: OTel-OTLP-Exporter-fw/<fw-core version>`, as the OTLP
 * exporter specification asks of exporters, over a User-Agent given in OTEL_EXPORTER_OTLP_HEADERS
 * (as the SDK's exporters replace it). The full path's trace export is the SDK's exporter: it
 * sends the SDK's own `OTel-OTLP-Exporter-JavaScript/<version>`.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SCOPE_VERSION } from '../src/otel/telemetry.ts';
import { startFakeCollector } from './support/otel-fake-collector.ts';
import { startOtelApp } from './support/otel-app.ts';

const FW_USER_AGENT = `OTel-OTLP-Exporter-fw/${SCOPE_VERSION}`;

/** The User-Agent of each signal's requests (one value each) on `path`. */
async function userAgents(path: 'lean' | 'full', protocol: string): Promise<Record<string, string[]>> {
  const collector = await startFakeCollector({ status: 200 });
  const otel = await startOtelApp({
    env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_METRICS_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: protocol, OTEL_EXPORTER_OTLP_HEADERS: 'User-Agent=mine,x-tenant=7', ...(path === 'full' && { FW_OTEL_PATH: 'full' }) },
    telemetry: { batch: { scheduledDelayMillis: 60_000 }, exportIntervalMs: 60_000 },
  });
  try {
    assert.equal(otel.telemetry.path, path);
    await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
    await otel.telemetry.forceFlush();
    const out: Record<string, string[]> = {};
    for (const request of collector.requests) {
      assert.equal(request.headers['x-tenant'], '7');
      out[request.path] = [...new Set([...(out[request.path] ?? []), String(request.headers['user-agent'])])];
    }
    return out;
  } finally {
    await otel.close();
    await collector.close();
  }
}

describe("fw's OTLP exports send a User-Agent", () => {
  for (const protocol of ['http/protobuf', 'http/json']) {
    it(`the lean trace export and the metric export send fw's (${protocol})`, async () => {
      assert.deepEqual(await userAgents('lean', protocol), { '/v1/traces': [FW_USER_AGENT], '/v1/metrics': [FW_USER_AGENT] });
    });
  }

  it("on the full path, the metric export sends fw's and the SDK's trace exporter the SDK's", async () => {
    const agents = await userAgents('full', 'http/protobuf');
    assert.deepEqual(agents['/v1/metrics'], [FW_USER_AGENT]);
    assert.equal(agents['/v1/traces']!.length, 1);
    assert.match(agents['/v1/traces']![0]!, /^OTel-OTLP-Exporter-JavaScript\/\d+\.\d+\.\d+$/);
  });
});
