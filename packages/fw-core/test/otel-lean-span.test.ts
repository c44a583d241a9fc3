/**
 * fw's lean server span behaves as an OpenTelemetry API span: put in the active context, it is
 * the parent of spans an SDK tracer starts (same trace, its span id as their parent, its sampled
 * flag obeyed by a parent-based sampler); its ids come from an upstream traceparent or are made
 * when first asked for; it applies the span limits, the status rules and ends once.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { context, ROOT_CONTEXT, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { AlwaysOnSampler, ParentBasedSampler, TracerProvider, type ReadableSpan, type SpanProcessor } from '@opentelemetry/sdk-trace';
import { readEnvConfig, type SpanLimits } from '../src/otel/env-config.ts';
import { traceFieldsOf } from '../src/log/logger.ts';
import { LeanServerSpan, recentClocks, toHex, parseTraceparent } from '../src/otel/lean/lean-span.ts';
import { leanSpanAttributes } from './support/lean-span-attributes.ts';

/** The SDK's default span limits, as fw reads them from an empty environment. */
const DEFAULT_SPAN_LIMITS = readEnvConfig({}).spanLimits;

const children: ReadableSpan[] = [];
const collect: SpanProcessor = { onStart() {}, onEnd: (span) => void children.push(span), forceFlush: async () => {}, shutdown: async () => {} };
const contextManager = new AsyncLocalStorageContextManager();

before(() => {
  context.setGlobalContextManager(contextManager.enable());
  trace.setGlobalTracerProvider(new TracerProvider({ sampler: new ParentBasedSampler({ root: new AlwaysOnSampler() }), spanProcessors: [collect] }));
});
after(() => {
  trace.disable();
  context.disable();
});

function leanSpan(options: { sampled?: boolean; parent?: string; tracestate?: string; limits?: Partial<SpanLimits>; ended?: LeanServerSpan[] } = {}): LeanServerSpan {
  const parent = options.parent === undefined ? undefined : parseTraceparent(options.parent, options.tracestate);
  return new LeanServerSpan('HTTP GET', parent, options.sampled ?? true, { ...DEFAULT_SPAN_LIMITS, ...options.limits }, (span) => options.ended?.push(span)).setAttributes({ 'http.request.method': 'GET' });
}

describe('the lean server span', () => {
  it('is the parent of a span an SDK tracer starts inside its context, across an await', async () => {
    const span = leanSpan();
    await context.with(trace.setSpan(ROOT_CONTEXT, span), async () => {
      await new Promise((resolve) => setImmediate(resolve));
      trace.getTracer('user-code').startSpan('child work').end();
    });
    const child = children.at(-1)!;
    assert.equal(child.name, 'child work');
    assert.equal(child.spanContext().traceId, toHex(span.traceId));
    assert.equal(child.parentSpanContext?.spanId, toHex(span.spanId));
    assert.equal(child.spanContext().traceFlags, 1);
  });

  it('continues an upstream trace, keeping tracestate, and makes its own span id', () => {
    const span = leanSpan({ parent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', tracestate: 'vendor=abc' });
    const spanContext = span.spanContext();
    assert.equal(spanContext.traceId, '0af7651916cd43dd8448eb211c80319c');
    assert.notEqual(spanContext.spanId, 'b7ad6b7169203331');
    assert.match(spanContext.spanId, /^[0-9a-f]{16}$/);
    assert.equal(spanContext.traceState?.serialize(), 'vendor=abc');
    assert.equal(span.spanContext(), spanContext, 'one span context, made once');
  });

  it('makes no ids until asked', () => {
    const span = leanSpan();
    const ids = span as unknown as { traceIdBytes?: Uint8Array; spanIdBytes?: Uint8Array };
    span.setAttribute('http.route', '/x');
    span.end();
    assert.equal(ids.traceIdBytes, undefined);
    assert.equal(ids.spanIdBytes, undefined);
    assert.equal(span.traceId.length, 16);
    assert.notEqual(ids.traceIdBytes, undefined);
  });

  it('when not sampled records nothing and never reaches onEnd, yet its children follow it unsampled', () => {
    const ended: LeanServerSpan[] = [];
    const span = leanSpan({ sampled: false, ended });
    span.setAttribute('http.route', '/x').addEvent('e').setStatus({ code: SpanStatusCode.ERROR });
    assert.equal(span.isRecording(), false);
    assert.equal(span.spanContext().traceFlags, 0);
    const child = trace.getTracer('user-code').startSpan('child', {}, trace.setSpan(ROOT_CONTEXT, span));
    assert.equal(child.isRecording(), false);
    span.end();
    assert.deepEqual(ended, []);
    assert.deepEqual(leanSpanAttributes(span), {});
  });

  it('applies the span limits: attribute count, value length, events, links', () => {
    const span = leanSpan({ limits: { attributeCountLimit: 3, attributeValueLengthLimit: 4, eventCountLimit: 1, linkCountLimit: 1, attributePerEventCountLimit: 1 } });
    span.setAttributes({ a: 'abcdefgh', b: ['xyzxyz', 'ok'], c: 1, d: true });
    span.setAttribute('a', 'replaced');
    assert.deepEqual(leanSpanAttributes(span), { 'http.request.method': 'GET', a: 'repl', b: ['xyzx', 'ok'] });
    assert.equal(span.droppedAttributesCount, 2);
    span.addEvent('first', { one: 1, two: 2 });
    assert.deepEqual(span.events[0]?.attributes, { one: 1 });
    assert.equal(span.events[0]?.droppedAttributesCount, 1);
    span.addEvent('second');
    assert.equal(span.events.length, 1);
    // As the SDK's span: the oldest event makes room for the new one.
    assert.equal(span.events[0]?.name, 'second');
    assert.equal(span.droppedEventsCount, 1);
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    span.addLinks([{ context: linked, attributes: { n: 1 } }, { context: linked, attributes: { n: 2 } }]);
    assert.equal(span.links.length, 1);
    assert.deepEqual(span.links[0]?.attributes, { n: 2 });
    assert.equal(span.droppedLinksCount, 1);
  });

  it('keeps OK final and never lets UNSET override, records exceptions as events, and ends once', () => {
    const ended: LeanServerSpan[] = [];
    const span = leanSpan({ ended });
    span.setStatus({ code: SpanStatusCode.ERROR, message: 'boom' }).setStatus({ code: SpanStatusCode.UNSET });
    assert.deepEqual(span.status, { code: SpanStatusCode.ERROR, message: 'boom' });
    span.setStatus({ code: SpanStatusCode.OK }).setStatus({ code: SpanStatusCode.ERROR });
    assert.deepEqual(span.status, { code: SpanStatusCode.OK });
    span.recordException(Object.assign(new Error('bad'), { code: 'E_BAD' }));
    assert.equal(span.events[0]?.name, 'exception');
    assert.equal(span.events[0]?.attributes['exception.type'], 'E_BAD');
    assert.equal(span.events[0]?.attributes['exception.message'], 'bad');
    span.updateName('GET /x');
    span.end();
    span.end();
    span.updateName('too late');
    assert.equal(ended.length, 1);
    assert.equal(span.name, 'GET /x');
    assert.ok(span.endTime !== undefined);
  });

  it('starts at a clock reading it is given and ends at any TimeInput as the SDK reads it', () => {
    const startMs = performance.now() - 100;
    const limits = DEFAULT_SPAN_LIMITS;
    const ns = (time: readonly [number, number]): bigint => BigInt(time[0]) * 1_000_000_000n + BigInt(time[1]);
    const given = new LeanServerSpan('HTTP GET', undefined, true, limits, () => {}, undefined, startMs);
    assert.equal(given.startMs, startMs);
    assert.ok(Number.isInteger(given.startWallMs), 'it starts at whole Unix milliseconds, as an SDK span');
    given.end(given.timeAt(startMs + 40));
    assert.equal(ns(given.endTime!) - ns(given.startTime), 40_000_000n, 'a time on its clock is kept to the nanosecond');
    const hr = new LeanServerSpan('HTTP GET', undefined, true, limits, () => {}, undefined, startMs);
    hr.end([given.startTime[0] + 1, 5]);
    assert.deepEqual(hr.endTime, [given.startTime[0] + 1, 5], 'an HrTime is kept as it is');
    const date = new LeanServerSpan('HTTP GET', undefined, true, limits, () => {}, undefined, startMs);
    date.end(new Date(given.startWallMs + 7));
    assert.equal(ns(date.endTime!) - ns(date.startTime), 7_000_000n, 'a Date is its Unix time');
    const early = new LeanServerSpan('HTTP GET', undefined, true, limits, () => {}, undefined, startMs);
    early.end(new Date(given.startWallMs - 7));
    assert.deepEqual(early.endTime, early.startTime, 'an end before the start is the start, as in the SDK');
    const before = performance.now();
    const now = new LeanServerSpan('HTTP GET', undefined, true, limits, () => {});
    assert.ok(now.startMs >= before && now.startMs <= performance.now(), 'without one it reads the clock');
  });

  it("keeps its clock for spans started under its context once the context is asked for, not for fw's log line", () => {
    const span = leanSpan();
    const fields = traceFieldsOf(span);
    assert.equal(recentClocks.has(fields.span_id), false, 'a log line hands nothing on: no entry kept per request');
    assert.equal(span.spanContext().spanId, fields.span_id);
    assert.deepEqual(recentClocks.get(fields.span_id), { start: span.startTime, startMs: span.startMs }, 'a propagator asks through spanContext()');
    const unsampled = leanSpan({ sampled: false });
    assert.equal(recentClocks.has(unsampled.spanContext().spanId), false, 'an unsampled span exports nothing to lie inside');
  });
});
