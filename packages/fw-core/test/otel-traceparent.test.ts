/**
 * W3C Trace Context (https://www.w3.org/TR/trace-context/#traceparent-header) on incoming
 * requests: a valid traceparent makes the server span a child of the upstream span; every
 * invalid form starts a new trace, drops tracestate and never fails the request.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startOtelApp, type OtelApp } from './support/otel-app.ts';
import type { ReceivedSpan } from './support/otel-receiver.ts';
import { INVALID_TRACEPARENTS, PARENT, TRACE } from './support/traceparent-cases.ts';


let otel: OtelApp;
before(async () => {
  otel = await startOtelApp();
});
after(async () => {
  await otel?.close();
});

async function spanFor(headers: Record<string, string>): Promise<ReceivedSpan> {
  const seen = otel.receiver.spans.length;
  const res = await fetch(`${otel.app.url}/heartbeat`, { headers });
  assert.equal(res.status, 200);
  await res.arrayBuffer();
  await otel.telemetry.forceFlush();
  const span = otel.receiver.spans.slice(seen).find((s) => s.kind === 'SPAN_KIND_SERVER');
  assert.ok(span);
  return span;
}

describe('traceparent', () => {
  it('continues a valid upstream trace as a child of the upstream span, keeping tracestate', async () => {
    const span = await spanFor({ traceparent: `00-${TRACE}-${PARENT}-01`, tracestate: 'vendor=abc' });
    assert.equal(span.traceId, TRACE);
    assert.equal(span.parentSpanId, PARENT);
    assert.equal(span.traceState, 'vendor=abc');
  });

  it('accepts a future version with extra fields (W3C forward compatibility)', async () => {
    const span = await spanFor({ traceparent: `cc-${TRACE}-${PARENT}-01-what-the-future-holds` });
    assert.equal(span.traceId, TRACE);
    assert.equal(span.parentSpanId, PARENT);
  });

  const invalid = INVALID_TRACEPARENTS;
  for (const [form, header] of Object.entries(invalid)) {
    it(`starts a new trace for ${form}, dropping tracestate`, async () => {
      const span = await spanFor({ traceparent: header, tracestate: 'vendor=abc' });
      assert.notEqual(span.traceId, TRACE);
      assert.match(span.traceId, /^[0-9a-f]{32}$/);
      assert.notEqual(span.traceId, '0'.repeat(32));
      assert.equal(span.parentSpanId, '');
      assert.equal(span.traceState, '');
    });
  }

  it('drops a tracestate that comes without traceparent', async () => {
    const span = await spanFor({ tracestate: 'vendor=abc' });
    assert.equal(span.parentSpanId, '');
    assert.equal(span.traceState, '');
  });
});
