/**
 * OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS (HTTP semantic conventions: a MUST for instrumentation
 * that records unknown methods as `_OTHER`): a comma-separated, case-sensitive list that replaces
 * the default known methods. Read from the env setupTelemetry is given.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';
import type { ReceivedSpan } from './support/otel-receiver.ts';

let otel: OtelApp;

before(async () => {
  otel = await startOtelApp({ plugin: false, env: { OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS: 'GET, PROPFIND' } });
});
after(async () => {
  await otel?.close();
});

async function serverSpanOf(path: string, method: string): Promise<ReceivedSpan> {
  const seen = otel.receiver.spans.length;
  await (await fetch(`${otel.app.url}${path}`, { method, ...(method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: '{}' } : {}) })).arrayBuffer();
  await otel.telemetry.forceFlush();
  const span = otel.receiver.spans.slice(seen).find((s) => s.kind === 'SPAN_KIND_SERVER' && s.attributes['url.path'] === path);
  assert.ok(span, `a server span for ${method} ${path}`);
  return span;
}

describe('OTEL_INSTRUMENTATION_HTTP_KNOWN_METHODS', () => {
  it('records a listed method as itself, even one semconv does not know', async () => {
    const span = await serverSpanOf('/heartbeat', 'PROPFIND');
    assert.equal(span.name, 'HTTP PROPFIND');
    assert.equal(span.attributes['http.request.method'], 'PROPFIND');
    assert.equal('http.request.method_original' in span.attributes, false);
  });

  it('replaces the defaults: an unlisted standard method is _OTHER, with the original kept', async () => {
    const span = await serverSpanOf('/api/posts', 'POST');
    assert.equal(span.attributes['http.request.method'], '_OTHER');
    assert.equal(span.attributes['http.request.method_original'], 'POST');
  });

  it('puts the same method on the metrics', async () => {
    const text = await otel.telemetry.scrape();
    assert.match(text, /^http_server_request_duration_seconds_count\{http_request_method="PROPFIND",[^}]*\} 1$/m);
    assert.match(text, /^http_server_request_duration_seconds_count\{http_request_method="_OTHER",[^}]*\} 1$/m);
  });
});
