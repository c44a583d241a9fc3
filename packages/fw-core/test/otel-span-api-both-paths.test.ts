/**
 * What app code does with fw's server span through the OpenTelemetry API (`trace.getActiveSpan()`
 * in a handler) reaches a collector the same on the lean and the full path (issue 36): a real fw
 * server on port 0 per path, the same calls in the same handler, every export request decoded with
 * the official definitions and compared field by field (ids in hex, times as sent; the request's
 * ports and the times "now" gives, which differ between two servers, as where they lie in the
 * server span). otel-span-api-sdk-parity.test.ts compares the two spans outside a server, with
 * stubbed clocks; this file drives them as an app sees them, child spans and span limits from
 * the environment included.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Exception, type Span, SpanStatusCode, trace } from '@opentelemetry/api';
import type { RouteGroup } from '../src/app/route-group.ts';
import { json } from '../src/http/response.ts';
import { type CollectedRequest, startFakeCollector } from './support/otel-fake-collector.ts';
import { PATHS, startPathApp } from './support/otel-path-app.ts';
import { ExportTraceServiceRequest } from './support/otlp-official-trace.ts';
import { until } from './support/until.ts';

/** A span as exported, normalized so that two servers' exports of the same calls compare equal. */
type Exported = Record<string, unknown>;

/** The spans of the trace requests a collector got (the SDK's serializer writes some defaults fw leaves out: decoded, both read the same). */
function decodedSpans(requests: readonly CollectedRequest[]): any[] {
  return requests.filter((request) => request.path === '/v1/traces').flatMap(({ body }) => {
    const request = ExportTraceServiceRequest.toObject(ExportTraceServiceRequest.decode(body), { longs: String, enums: String, bytes: Array, defaults: true, oneofs: true }) as any;
    return request.resourceSpans.flatMap((rs: any) => rs.scopeSpans.flatMap((ss: any) => ss.spans.map((span: any) => ({ ...span, scope: ss.scope }))));
  });
}

const hex = (bytes: number[]): string => Buffer.from(bytes).toString('hex');

function valueOf(value: any): unknown {
  if (value?.value === undefined) return null;
  const inner = value[value.value];
  if (value.value === 'arrayValue') return (inner.values ?? []).map(valueOf);
  if (value.value === 'kvlistValue') return Object.fromEntries((inner.values ?? []).map((kv: any) => [kv.key, valueOf(kv.value)]));
  return `${value.value}:${inner}`;
}

/** Attributes by key in key order (the lean span writes a route's block first: docs/telemetry.md); ports as PORT. */
function attributesOf(list: any[]): Record<string, unknown> {
  const pairs = list.map((kv) => [kv.key, kv.key.endsWith('.port') ? 'PORT' : valueOf(kv.value)] as const);
  return Object.fromEntries(pairs.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The trace of the one request: its spans by name, parents by name, times inside the server span as `inside`. */
function traceOf(spans: readonly any[]): Exported[] {
  const server = spans.find((span) => span.kind === 'SPAN_KIND_SERVER');
  assert.ok(server, 'the server span');
  const traceSpans = spans.filter((span) => hex(span.traceId) === hex(server.traceId));
  const names = new Map(traceSpans.map((span) => [hex(span.spanId), span.name]));
  const [start, end] = [BigInt(server.startTimeUnixNano), BigInt(server.endTimeUnixNano)];
  const time = (ns: string): string => (BigInt(ns) >= start && BigInt(ns) <= end ? 'inside' : ns);
  return traceSpans.map((span) => ({
    name: span.name,
    kind: span.kind,
    scope: `${span.scope.name}@${span.scope.version}`,
    parent: span.parentSpanId.length === 0 ? '' : (names.get(hex(span.parentSpanId)) ?? hex(span.parentSpanId)),
    flags: span.flags,
    times: span === server ? 'server' : [time(span.startTimeUnixNano), time(span.endTimeUnixNano)],
    attributes: attributesOf(span.attributes),
    droppedAttributesCount: span.droppedAttributesCount,
    events: span.events.map((event: any) => ({ name: event.name, time: time(event.timeUnixNano), attributes: attributesOf(event.attributes), dropped: event.droppedAttributesCount })),
    droppedEventsCount: span.droppedEventsCount,
    links: span.links.map((link: any) => ({ traceId: hex(link.traceId), spanId: hex(link.spanId), traceState: link.traceState, flags: link.flags, attributes: attributesOf(link.attributes), dropped: link.droppedAttributesCount })),
    droppedLinksCount: span.droppedLinksCount,
    status: span.status,
  })).sort((a, b) => (a.name < b.name ? -1 : 1));
}

/** What a server on `path` with `env` exports after its handler ran `calls` on its server span. */
async function exportedOn(path: 'lean' | 'full', env: Record<string, string>, calls: (span: Span) => Promise<void> | void): Promise<Exported[]> {
  const collector = await startFakeCollector({ status: 200 });
  const groups: RouteGroup[] = [{
    prefix: '',
    security: false,
    routes: [{
      path: '/calls',
      options: { methods: ['get'] },
      handler: async () => {
        await calls(trace.getActiveSpan()!);
        return json({ ok: true });
      },
    }],
  }];
  const otel = await startPathApp(path, groups, { env: { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, ...env } });
  try {
    const res = await fetch(`${otel.app.url}/calls`);
    await res.arrayBuffer();
    assert.equal(res.status, 200);
    // The server span ends once the response has gone out, maybe after the client read it.
    await until('the server span exported', async () => {
      await otel.telemetry.forceFlush();
      return decodedSpans(collector.requests).some((span) => span.kind === 'SPAN_KIND_SERVER');
    });
    return traceOf(decodedSpans(collector.requests));
  } finally {
    await otel.close();
    await collector.close();
  }
}

/** The export of each path, lean first. */
async function exportedOnBoth(env: Record<string, string>, calls: (span: Span) => Promise<void> | void): Promise<{ lean: Exported[]; full: Exported[] }> {
  const [lean, full] = [await exportedOn(PATHS[0], env, calls), await exportedOn(PATHS[1], env, calls)];
  return { lean, full };
}

const LINKED = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };

describe('Span API calls on fw\'s server span, exported by the lean and the full path', () => {
  it('links whose ids are not lowercase hex (an id read from a message header): the bytes the SDK\'s serializer writes', async () => {
    const { lean, full } = await exportedOnBoth({}, (span) => {
      span.addLink({ context: { traceId: 'job-7f3a-not-a-trace-id-at-all!!', spanId: 'queue-message-42', traceFlags: 1 } });
      span.addLink({ context: { traceId: '0AF7651916CD43DD8448EB211C80319C', spanId: 'B7AD6B7169203331', traceFlags: 0 }, attributes: { upper: true } });
      span.addLinks([{ context: { traceId: 'zz', spanId: 'y', traceFlags: 1 } }]);
    });
    assert.deepEqual(lean, full);
    const links = full[0]!.links as { traceId: string; spanId: string }[];
    // The SDK reads a character that is not a hex digit as its code less 55 ('j' is 51, 'o' 56: 0x38 for "jo").
    assert.deepEqual(links.map((link) => [link.traceId.slice(0, 2), link.spanId]), [['38', links[0]!.spanId], ['0a', 'b7ad6b7169203331'], ['73', '']]);
  });

  it('a sequence of calls under span limits from the environment: attributes, invalid values, events, exceptions, links, name, status, child spans', async () => {
    const env = { OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: '20', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '5', OTEL_SPAN_EVENT_COUNT_LIMIT: '6', OTEL_SPAN_LINK_COUNT_LIMIT: '2', OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT: '2', OTEL_LINK_ATTRIBUTE_COUNT_LIMIT: '1' };
    const { lean, full } = await exportedOnBoth(env, async (span) => {
      const loose = span as unknown as { setAttribute(key: string, value: unknown): void; addEvent(name: string, attributes: unknown): void };
      for (const [key, value] of [['app.null', null], ['app.object', { a: 'abcdefgh', b: [1, 'x'] }], ['app.nested', [[1], [2]]], ['app.mixed', [1, 'a']], ['app.holes', ['abcdefgh', null, undefined]], ['app.nan', Number.NaN], ['', 'empty key'], ['app.date', new Date(0)], ['app.undefined', undefined]] as const) loose.setAttribute(key, value);
      span.setAttributes({ 'app.list': ['abcdefgh', 'ab'], 'app.n': 1, 'app.b': true });
      for (let i = 0; i < 8; i += 1) span.setAttribute(`app.k${i}`, 'abcdefgh');
      span.setAttribute('app.null', 'set at the limit');
      span.addEvent('date', { a: 1, b: 2, c: 3 }, new Date(1_700_000_000_123));
      span.addEvent('unix ms', 1_700_000_000_456.5);
      span.addEvent('hrtime', [1_700_000_000, 999]);
      span.addEvent('now', { list: ['abcdefgh'] });
      loose.addEvent('invalid attributes', { o: { a: 1 }, mixed: [1, 'a'], ok: 'x' });
      span.recordException(Object.assign(new Error('failed once'), { stack: 'Error: failed once\n    at handler' }));
      span.recordException(Object.assign(new Error('no stack'), { stack: undefined }));
      span.recordException('a string');
      span.recordException({ code: 'E_CODE', message: 'coded', name: 'CodedError' } as Exception, [1_700_000_001, 7]);
      for (let i = 0; i < 3; i += 1) span.addLink({ context: LINKED, attributes: { i, j: 'abcdefgh' } });
      span.updateName('renamed by the app');
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'first' });
      span.setStatus({ code: SpanStatusCode.UNSET });
      const tracer = trace.getTracer('app-code', '1.0.0');
      await tracer.startActiveSpan('child', async (child) => {
        await tracer.startActiveSpan('grandchild', { attributes: { g: 'abcdefgh' } }, (grandchild) => grandchild.end());
        child.setStatus({ code: SpanStatusCode.ERROR, message: 'child failed' });
        child.end();
      });
    });
    assert.deepEqual(lean, full);
    assert.deepEqual(full.map((span) => [span.name, span.parent, span.times]), [['child', 'renamed by the app', ['inside', 'inside']], ['grandchild', 'child', ['inside', 'inside']], ['renamed by the app', '', 'server']]);
    const server = full[2]!;
    // 12 request and route attributes and 8 of the app's fill the 20 places: `app.b`, the 8 `app.k*` and fw's response status code are dropped.
    assert.deepEqual([server.droppedAttributesCount, server.droppedEventsCount, server.droppedLinksCount, server.status], [10, 3, 1, { code: 'STATUS_CODE_ERROR', message: 'first' }]);
  });
});
