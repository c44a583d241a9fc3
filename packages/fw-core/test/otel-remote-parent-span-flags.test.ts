/**
 * The server span's OTLP `flags` say whether its parent is remote as the parent's span context
 * says it, on both paths. A propagator of the application's may extract a parent without
 * `isRemote: true` (the API leaves it optional, and the official propagators are not the only
 * ones); the SDK's span then exports SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE without
 * SPAN_FLAGS_CONTEXT_IS_REMOTE. The lean span used to mark every parent remote. Decoded with the
 * official OTLP protos, from a collector on loopback.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, it } from 'node:test';
import { propagation, type TextMapPropagator, trace, TraceFlags } from '@opentelemetry/api';
import { otelStreamHandler, setupTelemetry } from '../src/otel/index.ts';
import { startFakeCollector } from './support/otel-fake-collector.ts';
import { decodeTraceRequest, SpanFlags } from './support/otlp-official-trace.ts';
import { PATHS } from './support/otel-propagation-app.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const HAS_IS_REMOTE = SpanFlags['SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK']!;
const IS_REMOTE = SpanFlags['SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK']!;

/** `x-upstream: <trace id>/<span id>`, extracted as a sampled parent with `isRemote` as given (absent when undefined). */
function propagatorMarking(isRemote: boolean | undefined): TextMapPropagator {
  return {
    inject: () => {},
    extract(context, carrier, getter) {
      const [traceId, spanId] = String(getter.get(carrier, 'x-upstream')).split('/');
      if (traceId === undefined || spanId === undefined) return context;
      return trace.setSpanContext(context, { traceId, spanId, traceFlags: TraceFlags.SAMPLED, ...(isRemote === undefined ? {} : { isRemote }) });
    },
    fields: () => ['x-upstream'],
  };
}

/** The exported SERVER span's parent and flags for one request on `path`, under a propagator marking parents `isRemote`. */
async function serverSpanOn(path: keyof typeof PATHS, isRemote: boolean | undefined): Promise<{ parentSpanId: string; flags: number }> {
  propagation.setGlobalPropagator(propagatorMarking(isRemote));
  const collector = await startFakeCollector({ status: 200 });
  const telemetry = await setupTelemetry({ env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/v1/traces`, ...PATHS[path] } });
  const server = createServer(otelStreamHandler.wrap((_req, res) => res.end('ok')));
  try {
    assert.equal(telemetry.path, path);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { 'x-upstream': `${TRACE}/${PARENT}` } });
    assert.equal(await res.text(), 'ok');
    await telemetry.forceFlush();
    const spans = collector.requests.flatMap((request) => {
      const decoded = decodeTraceRequest(request.body) as { resourceSpans: { scopeSpans: { spans: { kind: string; parentSpanId: Uint8Array; flags: number }[] }[] }[] };
      return decoded.resourceSpans.flatMap((rs) => rs.scopeSpans.flatMap((ss) => ss.spans));
    });
    assert.equal(spans.length, 1);
    return { parentSpanId: Buffer.from(spans[0]!.parentSpanId).toString('hex'), flags: spans[0]!.flags };
  } finally {
    server.close();
    await telemetry.shutdown();
    await collector.close();
  }
}

afterEach(() => propagation.disable());

describe('the server span\'s flags say whether its parent is remote, as the parent\'s span context says', () => {
  const cases: [string, boolean | undefined, number][] = [
    ['isRemote: true', true, TraceFlags.SAMPLED | HAS_IS_REMOTE | IS_REMOTE],
    ['isRemote: false', false, TraceFlags.SAMPLED | HAS_IS_REMOTE],
    ['no isRemote', undefined, TraceFlags.SAMPLED | HAS_IS_REMOTE],
  ];
  for (const [label, isRemote, flags] of cases) {
    it(`a parent extracted with ${label}: the same flags on the lean path as on the SDK's`, async () => {
      const full = await serverSpanOn('full', isRemote);
      const lean = await serverSpanOn('lean', isRemote);
      assert.deepEqual(full, { parentSpanId: PARENT, flags }, 'the SDK path');
      assert.deepEqual(lean, full, 'the lean path');
    });
  }
});
