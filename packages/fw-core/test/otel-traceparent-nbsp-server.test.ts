/**
 * A traceparent with U+00A0 at both ends (node:http trims only spaces and tabs) sent to a real
 * server continues the upstream trace, with its tracestate, on both telemetry paths, as the
 * official W3C propagator's `\s?` allows; the lean parser's own cases are in
 * otel-lean-traceparent.test.ts, a unit test, which opens no socket.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PATHS, startPropagationApp } from './support/otel-propagation-app.ts';
import { HEADERS, UPSTREAM } from './support/propagation-headers.ts';

describe('a traceparent with U+00A0 at both ends, sent to a server', () => {
  for (const path of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
    it(`continues the upstream trace with its tracestate on the ${path} path`, async () => {
      const app = await startPropagationApp(path);
      try {
        const { server, injected } = await app.exchange({ traceparent: `\u00a0${HEADERS.w3c.traceparent}\u00a0`, tracestate: 'vendor=abc' });
        assert.equal(server.traceId, UPSTREAM.w3c.traceId);
        assert.equal(server.parentSpanId, UPSTREAM.w3c.spanId);
        assert.equal(server.traceState, 'vendor=abc');
        assert.deepEqual(injected, { traceparent: `00-${server.traceId}-${server.spanId}-01`, tracestate: 'vendor=abc' });
      } finally {
        await app.close();
      }
    });
  }
});
