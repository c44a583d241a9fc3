/**
 * OTEL_PROPAGATORS chooses the propagator setupTelemetry registers, as the SDK's
 * getPropagatorFromEnv does, and both paths extract and inject through it (issue 36, items 1 and
 * 6). Each value runs on the lean and the full path with one request carrying every format
 * (`traceparent`, B3 single and multi headers, Jaeger's `uber-trace-id`, baggage): the trace
 * continued, the baggage seen and the headers injected for the server span are the value's, the
 * same on both. Values fw cannot honour fail the start with a coded error. The lean path used to
 * follow `traceparent` and baggage whatever the variable said. B3 ids in uppercase are the one
 * difference kept on purpose: the lean path injects them lowercase, the SDK as received.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { isFwError } from '../src/errors.ts';
import { propagatorFromNames } from '../src/otel/propagation/propagators.ts';
import { propagatorNames } from '../src/otel/env-config.ts';
import { setupFailureOf } from './support/otel-app.ts';
import { PATHS, startPropagationApp, type PropagationApp, type PropagationExchange } from './support/otel-propagation-app.ts';
import { ALL_HEADERS, HEADERS, UPSTREAM, UPSTREAM_TRACES } from './support/propagation-headers.ts';

/** What a value must do with ALL_HEADERS: the upstream continued (undefined: a new trace), the baggage, the injected headers. */
interface Expected {
  readonly continues: keyof typeof UPSTREAM | undefined;
  readonly baggage: Record<string, string>;
  readonly injected: (server: PropagationExchange['server']) => Record<string, string>;
}

const traceparent = (s: PropagationExchange['server']): Record<string, string> => ({ traceparent: `00-${s.traceId}-${s.spanId}-01` });
const b3Single = (s: PropagationExchange['server']): Record<string, string> => ({ b3: `${s.traceId}-${s.spanId}-1` });
const b3Multi = (s: PropagationExchange['server']): Record<string, string> => ({ 'x-b3-traceid': s.traceId, 'x-b3-spanid': s.spanId, 'x-b3-sampled': '1' });
const jaeger = (s: PropagationExchange['server']): Record<string, string> => ({ 'uber-trace-id': `${s.traceId}:${s.spanId}:0:01` });
const ALICE = { user: 'alice' };

/** OTEL_PROPAGATORS (undefined: unset) → what both paths must do. */
const VALUES: readonly (readonly [string | undefined, Expected])[] = [
  [undefined, { continues: 'w3c', baggage: ALICE, injected: (s) => ({ ...traceparent(s), baggage: 'user=alice' }) }],
  ['tracecontext', { continues: 'w3c', baggage: {}, injected: traceparent }],
  ['baggage', { continues: undefined, baggage: ALICE, injected: () => ({ baggage: 'user=alice' }) }],
  ['none', { continues: undefined, baggage: {}, injected: () => ({}) }],
  // B3 reads its single header before the multi ones; b3multi differs in what it injects.
  ['b3', { continues: 'b3', baggage: {}, injected: b3Single }],
  ['b3multi', { continues: 'b3', baggage: {}, injected: b3Multi }],
  ['jaeger', { continues: 'jaeger', baggage: {}, injected: jaeger }],
  // Several: run in the order named, the last to find a parent wins (the SDK's CompositePropagator).
  ['b3, tracecontext, baggage', { continues: 'w3c', baggage: ALICE, injected: (s) => ({ ...b3Single(s), ...traceparent(s), baggage: 'user=alice' }) }],
  ['tracecontext,jaeger,tracecontext', { continues: 'jaeger', baggage: {}, injected: (s) => ({ ...traceparent(s), ...jaeger(s) }) }],
  // Read in any case, as fw reads its other choices.
  ['TraceContext', { continues: 'w3c', baggage: {}, injected: traceparent }],
];

function check(exchange: PropagationExchange, expected: Expected, label: string): void {
  const { server } = exchange;
  if (expected.continues === undefined) {
    assert.equal(UPSTREAM_TRACES.includes(server.traceId), false, `${label}: a new trace`);
    assert.equal(server.parentSpanId, '', label);
  } else {
    assert.equal(server.traceId, UPSTREAM[expected.continues].traceId, label);
    assert.equal(server.parentSpanId, UPSTREAM[expected.continues].spanId, label);
  }
  assert.deepEqual(exchange.baggage, expected.baggage, label);
  assert.deepEqual(exchange.injected, expected.injected(server), label);
}

for (const path of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
  describe(`OTEL_PROPAGATORS on the ${path} path`, () => {
    for (const [value, expected] of VALUES) {
      it(`${value === undefined ? 'unset' : JSON.stringify(value)}: continues ${expected.continues ?? 'nothing'}, baggage ${Object.keys(expected.baggage).length > 0 ? 'read' : 'not read'}`, async () => {
        const app = await startPropagationApp(path, value === undefined ? {} : { OTEL_PROPAGATORS: value });
        try {
          check(await app.exchange(ALL_HEADERS), expected, `${path} ${value}`);
        } finally {
          await app.close();
        }
      });
    }

    describe('b3multi', () => {
      let app: PropagationApp;
      before(async () => {
        app = await startPropagationApp(path, { OTEL_PROPAGATORS: 'b3multi' });
      });
      after(() => app?.close());

      it('continues a trace that only the multi headers carry', async () => {
        const { server } = await app.exchange(HEADERS.b3multi);
        assert.equal(server.traceId, UPSTREAM.b3multi.traceId);
        assert.equal(server.parentSpanId, UPSTREAM.b3multi.spanId);
      });
    });
  });
}

describe('OTEL_PROPAGATORS=b3multi,tracecontext, B3 ids in uppercase', () => {
  const upper = { 'x-b3-traceid': UPSTREAM.b3multi.traceId.toUpperCase(), 'x-b3-spanid': UPSTREAM.b3multi.spanId.toUpperCase(), 'x-b3-sampled': '1' };
  const injectedOn = async (path: keyof typeof PATHS): Promise<PropagationExchange> => {
    const app = await startPropagationApp(path, { OTEL_PROPAGATORS: 'b3multi,tracecontext' });
    try {
      return await app.exchange(upper);
    } finally {
      await app.close();
    }
  };
  const officialParentOf = (traceparent: string | undefined) => trace.getSpanContext(new W3CTraceContextPropagator().extract(ROOT_CONTEXT, { traceparent }, { get: (c, key) => c[key as 'traceparent'], keys: () => ['traceparent'] }));

  it('continues the trace on both paths; the lean path injects the ids lowercase, a traceparent W3C parsers accept, where the SDK keeps the case', async () => {
    const lean = await injectedOn('lean');
    const full = await injectedOn('full');
    for (const { server } of [lean, full]) {
      assert.equal(server.traceId, UPSTREAM.b3multi.traceId);
      assert.equal(server.parentSpanId, UPSTREAM.b3multi.spanId);
    }
    const s = lean.server;
    assert.deepEqual(lean.injected, { 'x-b3-traceid': s.traceId, 'x-b3-spanid': s.spanId, 'x-b3-sampled': '1', traceparent: `00-${s.traceId}-${s.spanId}-01` });
    assert.equal(officialParentOf(lean.injected['traceparent'])?.traceId, UPSTREAM.b3multi.traceId);
    const upperTrace = UPSTREAM.b3multi.traceId.toUpperCase();
    assert.deepEqual(full.injected, { 'x-b3-traceid': upperTrace, 'x-b3-spanid': full.server.spanId, 'x-b3-sampled': '1', traceparent: `00-${upperTrace}-${full.server.spanId}-01` });
    assert.equal(officialParentOf(full.injected['traceparent']), undefined);
  });
});

describe('OTEL_PROPAGATORS values fw refuses', () => {
  for (const [value, reason] of [
    ['xray', /"xray" unknown/],
    ['tracecontext,ottrace', /"ottrace" unknown/],
    ['none,b3', /`none` alone/],
    [' , ', /a comma-separated list/],
  ] as const) {
    it(`fails the start for ${JSON.stringify(value)} with FW_ERR_OTEL_BAD_ENV, registering nothing`, async () => {
      const error = await setupFailureOf({ env: { OTEL_PROPAGATORS: value, OTEL_TRACES_EXPORTER: 'none' } });
      assert.equal(error.code, 'FW_ERR_OTEL_BAD_ENV');
      assert.match(error.message, /^OTEL_PROPAGATORS=/);
      assert.match(error.message, reason);
      assert.deepEqual(propagation.fields(), []);
    });
  }

  it('reads names in any case, trims them and registers a repeated one once', () => {
    assert.deepEqual(propagatorNames(' B3Multi , jaeger,b3multi,, '), ['b3multi', 'jaeger']);
    assert.deepEqual(propagatorNames(undefined), ['tracecontext', 'baggage']);
    assert.deepEqual(propagatorNames('None'), []);
  });

  it('names the package and the reason when a propagator package is there but cannot be loaded', async () => {
    const failing = () => Promise.reject(new Error('SyntaxError in the package'));
    await assert.rejects(propagatorFromNames(['jaeger'], failing), (error: unknown) => {
      assert.ok(isFwError(error, 'FW_ERR_OTEL_PROPAGATOR_MISSING'));
      assert.equal(error.message, 'OTEL_PROPAGATORS names jaeger, whose package @opentelemetry/propagator-jaeger could not be loaded (SyntaxError in the package): install it beside fw-core (npm install @opentelemetry/propagator-jaeger), or leave jaeger out of OTEL_PROPAGATORS');
      return true;
    });
  });
});
