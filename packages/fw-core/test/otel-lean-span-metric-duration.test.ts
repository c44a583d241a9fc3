/**
 * On the lean path a server span lasts exactly what `http.server.request.duration` records for
 * its request: the span starts and ends at the exchange's own clock readings, and its Unix
 * times keep the difference to the nanosecond.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';

let otel: OtelApp;

before(async () => {
  otel = await startOtelApp();
});
after(async () => {
  await otel?.close();
});

describe('the lean server span and the duration metric', () => {
  it('agree on how long a request took, to the nanosecond', async () => {
    assert.equal(otel.telemetry.path, 'lean');
    await (await fetch(`${otel.app.url}/api/posts/42`)).arrayBuffer();
    await otel.telemetry.forceFlush();
    const span = otel.receiver.spans.find((s) => s.kind === 'SPAN_KIND_SERVER' && s.attributes['url.path'] === '/api/posts/42');
    assert.ok(span, 'the server span reached the receiver');
    const text = await otel.telemetry.scrape();
    const series = (suffix: string): number => {
      const line = text.split('\n').find((l) => l.startsWith(`http_server_request_duration_seconds_${suffix}{`) && l.includes('http_route="/api/posts/:id"') && l.includes('http_response_status_code="200"'));
      assert.ok(line, `a ${suffix} line for the route`);
      return Number(line.slice(line.lastIndexOf(' ') + 1));
    };
    assert.equal(series('count'), 1, 'one request in the series');
    const metricNs = series('sum') * 1e9;
    assert.ok(metricNs > 0);
    assert.ok(Math.abs(span.durationNs - metricNs) <= 2, `span ${span.durationNs} ns, metric ${metricNs} ns`);
  });
});
