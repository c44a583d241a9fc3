/**
 * child-span-clock.ts: an SDK span started in a span of this process takes that parent's clock
 * (start = parent's start + the monotonic time between the starts), fw's lean span's or an SDK
 * span's, also when only an extracted context names it; a span given a start time, a root and a
 * child of a remote parent keep their own.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { ROOT_CONTEXT, trace, type Span } from '@opentelemetry/api';
import { TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { withChildSpanClock } from '../src/otel/child-span-clock.ts';
import { LeanServerSpan } from '../src/otel/lean/lean-span.ts';
import { readEnvConfig } from '../src/otel/env-config.ts';

/** The SDK's default span limits, as fw reads them from an empty environment. */
const DEFAULT_SPAN_LIMITS = readEnvConfig({}).spanLimits;

const ended: ReadableSpan[] = [];
const tracer = new TracerProvider({ spanProcessors: [withChildSpanClock({ onStart() {}, onEnd: (span) => void ended.push(span), forceFlush: async () => {}, shutdown: async () => {} })] }).getTracer('clock');

let perfMs = 0;
let wallMs = 0;
let round = 0;
beforeEach(() => {
  round += 1;
  // Far from the last case, so fw's wall anchor is read anew under the stubs.
  perfMs = performance.now() + round * 10_000;
  wallMs = 1_764_000_000_000;
  mock.method(Date, 'now', () => wallMs);
  mock.method(performance, 'now', () => perfMs);
});
afterEach(() => {
  mock.restoreAll();
});

const ns = (time: readonly [number, number]): bigint => BigInt(time[0]) * 1_000_000_000n + BigInt(time[1]);

/** Starts a child of `parent` `afterMs` later, while Date.now() has moved on a whole millisecond. */
function childOf(parent: Span, afterMs: number, options: { startTime?: number } = {}): Span {
  perfMs += afterMs;
  wallMs += 1;
  return tracer.startSpan('child', options, trace.setSpan(ROOT_CONTEXT, parent));
}

describe('a child span started in a span of this process', () => {
  it('takes the lean span\'s clock: its start and end are the parent\'s start plus monotonic time', () => {
    const parent = new LeanServerSpan('HTTP GET', undefined, true, DEFAULT_SPAN_LIMITS, () => {});
    const child = childOf(parent, 0.25);
    perfMs += 2;
    child.end();
    const span = ended.pop()!;
    assert.equal(ns(span.startTime) - ns(parent.startTime), 250_000n);
    assert.equal(ns(span.endTime) - ns(span.startTime), 2_000_000n);
  });

  it('takes an SDK parent\'s clock, and its own child takes it on', () => {
    const parent = tracer.startSpan('parent', {}, ROOT_CONTEXT);
    const child = childOf(parent, 0.125);
    const grandchild = childOf(child, 0.5);
    perfMs += 1;
    grandchild.end();
    child.end();
    parent.end();
    const [grand, kid, root] = ended.splice(-3);
    assert.equal(ns(kid!.startTime) - ns(root!.startTime), 125_000n);
    assert.equal(ns(grand!.startTime) - ns(root!.startTime), 625_000n);
    assert.equal(ns(root!.endTime) - ns(grand!.endTime), 0n);
  });

  it('takes the clock of a span of this process that an extracted context names (a queue\'s worker, no span active), lean or SDK', () => {
    for (const startParent of [() => new LeanServerSpan('HTTP GET', undefined, true, DEFAULT_SPAN_LIMITS, () => {}), () => tracer.startSpan('send', {}, ROOT_CONTEXT)]) {
      const parent = startParent();
      const start = ns((parent as unknown as { startTime: [number, number] }).startTime);
      childOf(trace.wrapSpanContext({ ...parent.spanContext(), isRemote: true }), 0.25).end();
      assert.equal(ns(ended.pop()!.startTime) - start, 250_000n);
    }
  });

  it('keeps a start time it was given, and the SDK reads it as before', () => {
    const parent = new LeanServerSpan('HTTP GET', undefined, true, DEFAULT_SPAN_LIMITS, () => {});
    const given = wallMs + 40;
    childOf(parent, 0.25, { startTime: given }).end();
    assert.equal(ns(ended.pop()!.startTime), BigInt(given) * 1_000_000n);
  });

  it('leaves a root span and the child of a remote parent on their own Date.now()', () => {
    perfMs += 0.3;
    tracer.startSpan('root', {}, ROOT_CONTEXT).end();
    const remote = trace.wrapSpanContext({ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1, isRemote: true });
    childOf(remote, 0.3).end();
    const [root, child] = ended.splice(-2);
    assert.equal(ns(root!.startTime), BigInt(wallMs - 1) * 1_000_000n);
    assert.equal(ns(child!.startTime), BigInt(wallMs) * 1_000_000n);
  });

  it('reaches the wrapped processor: onStart, onEnding, onEnd, forceFlush and shutdown, each once', async () => {
    const calls: string[] = [];
    const inner = {
      onStart: () => void calls.push('onStart'),
      onEnding: () => void calls.push('onEnding'),
      onEnd: () => void calls.push('onEnd'),
      forceFlush: async () => void calls.push('forceFlush'),
      shutdown: async () => void calls.push('shutdown'),
    };
    const provider = new TracerProvider({ spanProcessors: [withChildSpanClock(inner)] });
    provider.getTracer('wrapped').startSpan('s', {}, ROOT_CONTEXT).end();
    await provider.forceFlush();
    await provider.shutdown();
    assert.deepEqual(calls, ['onStart', 'onEnding', 'onEnd', 'forceFlush', 'shutdown']);
  });
});
