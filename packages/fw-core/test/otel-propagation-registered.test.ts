/**
 * The lean path extracts and injects through the propagator the application registered, as the
 * full path does (issue 36, item 1). With a B3 propagator registered before setupTelemetry (fw
 * keeps it), a request with B3 headers continues the B3 trace on both paths, as a child of the
 * upstream span, and what the propagator injects for the server span is that span; a request
 * with only `traceparent` starts a new trace on both, since a B3-only propagator does not read
 * it. The lean path used to read `traceparent` itself and ignore every other format. A
 * propagator registered after the server started (after `propagation.disable()`) is followed
 * from the next request on. OTEL_PROPAGATORS set beside one registered before has no effect, and
 * fw's log says so (a telemetry_bad_env warning naming the kept propagator's fields), as it does
 * for any OTEL_* variable it does not follow.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { propagation, type Context, type TextMapGetter, type TextMapPropagator, type TextMapSetter, trace, TraceFlags } from '@opentelemetry/api';
import { B3Propagator } from '@opentelemetry/propagator-b3';
import { setupTelemetry } from '../src/otel/setup-telemetry.ts';
import { PATHS, startPropagationApp, type PropagationApp } from './support/otel-propagation-app.ts';
import { HEADERS, UPSTREAM, UPSTREAM_TRACES } from './support/propagation-headers.ts';

/** A propagator of the application's own: `x-upstream: <trace id>/<span id>`. */
const customPropagator: TextMapPropagator = {
  inject(context: Context, carrier: unknown, setter: TextMapSetter) {
    const span = trace.getSpanContext(context);
    if (span !== undefined) setter.set(carrier, 'x-upstream', `${span.traceId}/${span.spanId}`);
  },
  extract(context: Context, carrier: unknown, getter: TextMapGetter) {
    const value = getter.get(carrier, 'x-upstream');
    const [traceId, spanId] = typeof value === 'string' ? value.split('/') : [];
    if (traceId === undefined || spanId === undefined) return context;
    return trace.setSpanContext(context, { traceId, spanId, traceFlags: TraceFlags.SAMPLED, isRemote: true });
  },
  fields: () => ['x-upstream'],
};

for (const path of Object.keys(PATHS) as (keyof typeof PATHS)[]) {
  describe(`${path} path, a B3 propagator registered before setupTelemetry`, () => {
    let app: PropagationApp;
    before(async () => {
      assert.equal(propagation.setGlobalPropagator(new B3Propagator()), true);
      app = await startPropagationApp(path);
    });
    after(async () => {
      await app?.close();
      propagation.disable();
    });

    it('continues a B3 single-header trace as a child of the upstream span, and injects B3 for the server span', async () => {
      const { server, injected } = await app.exchange(HEADERS.b3);
      assert.equal(server.traceId, UPSTREAM.b3.traceId);
      assert.equal(server.parentSpanId, UPSTREAM.b3.spanId);
      assert.deepEqual(injected, { b3: `${server.traceId}-${server.spanId}-1` });
    });

    it('continues a B3 multi-header trace', async () => {
      const { server } = await app.exchange(HEADERS.b3multi);
      assert.equal(server.traceId, UPSTREAM.b3multi.traceId);
      assert.equal(server.parentSpanId, UPSTREAM.b3multi.spanId);
    });

    it('does not continue a request that carries only traceparent: B3 does not read it', async () => {
      const { server, injected } = await app.exchange(HEADERS.w3c);
      assert.equal(UPSTREAM_TRACES.includes(server.traceId), false);
      assert.match(server.traceId, /^[0-9a-f]{32}$/);
      assert.equal(server.parentSpanId, '');
      assert.deepEqual(injected, { b3: `${server.traceId}-${server.spanId}-1` });
    });

    it('follows B3 when a request carries traceparent too', async () => {
      const { server } = await app.exchange({ ...HEADERS.w3c, ...HEADERS.b3 });
      assert.equal(server.traceId, UPSTREAM.b3.traceId);
      assert.equal(server.parentSpanId, UPSTREAM.b3.spanId);
    });
  });

  describe(`${path} path, a propagator of the application's own`, () => {
    let app: PropagationApp;
    before(async () => {
      propagation.setGlobalPropagator(customPropagator);
      app = await startPropagationApp(path);
    });
    after(async () => {
      await app?.close();
      propagation.disable();
    });

    it('continues the trace its header names, and injects through it', async () => {
      const { server, injected } = await app.exchange({ 'x-upstream': `${UPSTREAM.jaeger.traceId}/${UPSTREAM.jaeger.spanId}`, ...HEADERS.w3c });
      assert.equal(server.traceId, UPSTREAM.jaeger.traceId);
      assert.equal(server.parentSpanId, UPSTREAM.jaeger.spanId);
      assert.deepEqual(injected, { 'x-upstream': `${server.traceId}/${server.spanId}` });
    });
  });

  describe(`${path} path, B3 registered after the server started`, () => {
    let app: PropagationApp;
    before(async () => {
      app = await startPropagationApp(path);
    });
    after(async () => {
      await app?.close();
      propagation.disable();
    });

    it('follows fw\'s W3C propagator first, then the one registered in its place, from the next request', async () => {
      assert.equal((await app.exchange(HEADERS.w3c)).server.traceId, UPSTREAM.w3c.traceId);
      propagation.disable();
      propagation.setGlobalPropagator(new B3Propagator());
      const b3 = await app.exchange({ ...HEADERS.w3c, ...HEADERS.b3 });
      assert.equal(b3.server.traceId, UPSTREAM.b3.traceId);
      assert.equal(b3.server.parentSpanId, UPSTREAM.b3.spanId);
      const w3c = await app.exchange(HEADERS.w3c);
      assert.equal(w3c.server.parentSpanId, '');
    });
  });
}

describe('OTEL_PROPAGATORS beside a propagator registered before setupTelemetry', () => {
  /** The telemetry_bad_env warnings of a setupTelemetry with `env`, after `register` ran. */
  async function badEnvWarnings(env: Record<string, string>, register: () => void): Promise<unknown[]> {
    const warnings: unknown[] = [];
    register();
    const telemetry = await setupTelemetry({ env: { OTEL_TRACES_EXPORTER: 'none', ...env }, logger: { info: () => {}, warn: (fields, message) => void (fields.event === 'telemetry_bad_env' && warnings.push(message)) } });
    await telemetry.shutdown();
    propagation.disable();
    return warnings;
  }

  it('is a telemetry_bad_env warning naming what was kept: the variable has no effect', async () => {
    assert.deepEqual(await badEnvWarnings({ OTEL_PROPAGATORS: 'tracecontext,b3' }, () => propagation.setGlobalPropagator(customPropagator)), [
      'OTEL_PROPAGATORS="tracecontext,b3" has no effect: the propagator registered before setupTelemetry is kept (its fields: x-upstream)',
    ]);
  });

  it('is one for none too: fw registers nothing, and the propagator registered before goes on propagating', async () => {
    assert.deepEqual(await badEnvWarnings({ OTEL_PROPAGATORS: 'none' }, () => propagation.setGlobalPropagator(customPropagator)), [
      'OTEL_PROPAGATORS="none" has no effect: the propagator registered before setupTelemetry is kept (its fields: x-upstream)',
    ]);
  });

  it('says nothing when the variable is unset, or nothing was registered before', async () => {
    assert.deepEqual(await badEnvWarnings({}, () => propagation.setGlobalPropagator(customPropagator)), []);
    assert.deepEqual(await badEnvWarnings({ OTEL_PROPAGATORS: 'tracecontext' }, () => {}), []);
    assert.deepEqual(await badEnvWarnings({ OTEL_PROPAGATORS: 'none' }, () => {}), []);
  });
});
