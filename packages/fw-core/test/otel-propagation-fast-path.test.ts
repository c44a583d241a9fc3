/**
 * The lean path keeps its fast extraction for fw's own W3C propagator, and only for it (issue 36,
 * item 1): chosen by the identity of the registered propagator (the `fields()` array of fw's
 * FwW3CPropagator), not by what a propagator looks like. The seam is `propagation.extract`:
 * the fast path reads `traceparent` itself and calls the propagator only for a `baggage` header
 * (with that header alone); any other registered propagator, even one extracting the same W3C
 * headers, is handed the whole request, as on the full path.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { propagation } from '@opentelemetry/api';
import { CompositePropagator, W3CBaggagePropagator, W3CTraceContextPropagator } from '@opentelemetry/core';
import { registeredFastPath, registeredServerTelemetry } from '../src/otel/server-telemetry.ts';

const activeW3CFastPath = () => registeredServerTelemetry().w3c;
import { startPropagationApp, type PropagationApp } from './support/otel-propagation-app.ts';
import { HEADERS, UPSTREAM } from './support/propagation-headers.ts';

/** The carriers `propagation.extract` is called with, while the test runs. */
let extracted: Record<string, unknown>[];
let original: typeof propagation.extract;
let app: PropagationApp | undefined;

beforeEach(() => {
  extracted = [];
  original = propagation.extract;
  propagation.extract = function recordingExtract(this: typeof propagation, ...args: Parameters<typeof propagation.extract>) {
    extracted.push({ ...(args[1] as Record<string, unknown>) });
    return original.apply(this, args);
  };
});
afterEach(async () => {
  propagation.extract = original;
  await app?.close();
  app = undefined;
  propagation.disable();
});

/** The header names of each carrier extract was called with, sorted, for the request in the lean listener. */
function carriersSeen(): string[][] {
  return extracted.map((carrier) => Object.keys(carrier).filter((key) => key === 'baggage' || key === 'traceparent' || key === 'host').sort());
}

describe('the lean path\'s W3C fast path', () => {
  it('is taken for the propagator fw registers by default: traceparent read without the propagator, baggage alone through it', async () => {
    app = await startPropagationApp('lean');
    const fast = activeW3CFastPath();
    assert.ok(fast);
    assert.equal(registeredFastPath(fast), fast, 'the registered propagator is fw\'s, by identity');
    assert.deepEqual({ traceContext: fast.traceContext, baggage: fast.baggage }, { traceContext: true, baggage: true });
    const plain = await app.exchange(HEADERS.w3c);
    assert.equal(plain.server.traceId, UPSTREAM.w3c.traceId);
    assert.deepEqual(extracted, []);
    const withBaggage = await app.exchange({ ...HEADERS.w3c, ...HEADERS.baggage });
    assert.equal(withBaggage.server.parentSpanId, UPSTREAM.w3c.spanId);
    assert.deepEqual(withBaggage.baggage, { user: 'alice' });
    assert.deepEqual(extracted, [{ baggage: 'user=alice' }]);
  });

  it('keeps its identity to itself: propagation.fields() gives callers a fresh array each call, as the official propagators do', async () => {
    app = await startPropagationApp('lean');
    const fast = activeW3CFastPath();
    const fields = propagation.fields();
    fields.push('x-added-by-a-caller');
    assert.deepEqual(fields, ['traceparent', 'tracestate', 'baggage', 'x-added-by-a-caller']);
    assert.deepEqual(propagation.fields(), ['traceparent', 'tracestate', 'baggage']);
    assert.notEqual(propagation.fields(), propagation.fields());
    assert.deepEqual(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }).fields(), propagation.fields());
    assert.equal(registeredFastPath(fast), fast);
    const { server } = await app.exchange(HEADERS.w3c);
    assert.equal(server.traceId, UPSTREAM.w3c.traceId);
    assert.deepEqual(extracted, [], 'the fast path is still taken');
  });

  it('is left once the application registers another propagator after fw\'s', async () => {
    app = await startPropagationApp('lean');
    const fast = activeW3CFastPath();
    propagation.disable();
    propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
    assert.equal(registeredFastPath(fast), undefined);
    const { server } = await app.exchange(HEADERS.w3c);
    assert.equal(server.traceId, UPSTREAM.w3c.traceId);
    assert.deepEqual(carriersSeen(), [['host', 'traceparent']]);
  });

  it('is taken for OTEL_PROPAGATORS=tracecontext, which reads no baggage', async () => {
    app = await startPropagationApp('lean', { OTEL_PROPAGATORS: 'tracecontext' });
    assert.deepEqual({ ...activeW3CFastPath(), fields: [...(activeW3CFastPath()?.fields ?? [])] }, { fields: ['traceparent', 'tracestate'], traceContext: true, baggage: false, asking: { now: false } });
    const { server, baggage } = await app.exchange({ ...HEADERS.w3c, ...HEADERS.baggage });
    assert.equal(server.traceId, UPSTREAM.w3c.traceId);
    assert.deepEqual(baggage, {});
    assert.deepEqual(extracted, []);
  });

  it('is not taken for a W3C propagator the application registered: the whole request goes to it', async () => {
    propagation.setGlobalPropagator(new CompositePropagator({ propagators: [new W3CTraceContextPropagator(), new W3CBaggagePropagator()] }));
    app = await startPropagationApp('lean');
    assert.equal(activeW3CFastPath(), undefined, 'fw registered no propagator of its own');
    const { server, baggage } = await app.exchange({ ...HEADERS.w3c, ...HEADERS.baggage });
    assert.equal(server.traceId, UPSTREAM.w3c.traceId);
    assert.deepEqual(baggage, { user: 'alice' });
    assert.deepEqual(carriersSeen(), [['baggage', 'host', 'traceparent']]);
  });

  it('is not taken on the full path, which always asks the propagator', async () => {
    app = await startPropagationApp('full');
    await app.exchange(HEADERS.w3c);
    assert.deepEqual(carriersSeen(), [['host', 'traceparent']]);
  });
});
