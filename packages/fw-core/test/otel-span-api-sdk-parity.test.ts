/**
 * fw's lean span and the SDK's span given the same calls export the same status and times
 * (issue 36, item 8): a status description only for ERROR, OK final, UNSET ignored; every
 * TimeInput (HrTime, Date, Unix milliseconds, a `performance.now()` reading, none) read as the
 * SDK reads it, nanoseconds kept. Both spans are made under the same stubbed clocks
 * (`Date.now()`, `performance.now()`), encoded (fw's encoder, the SDK's serializer) and decoded
 * with the official definitions; the table's exported fields must be equal. Events and links
 * over their limits too: the oldest make room, as in the SDK.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import { diag, DiagLogLevel, ROOT_CONTEXT, SpanStatusCode, type Exception, type Span, type SpanStatus, type TimeInput } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { AlwaysOffSampler, TracerProvider, type ReadableSpan } from '@opentelemetry/sdk-trace';
import { toLeanSpanData } from '../src/otel/lean/lean-trace-export.ts';
import { LeanServerSpan } from '../src/otel/lean/lean-span.ts';
import { readEnvConfig } from '../src/otel/env-config.ts';
import { encodeTraceRequest } from './support/otel-lean-trace-request.ts';
import { ExportTraceServiceRequest } from './support/otlp-official-trace.ts';

/** The SDK's default span limits, as fw reads them from an empty environment. */
const DEFAULT_SPAN_LIMITS = readEnvConfig({}).spanLimits;

const ended: ReadableSpan[] = [];
const tracerWith = (spanLimits: typeof DEFAULT_SPAN_LIMITS) =>
  new TracerProvider({ spanLimits, spanProcessors: [{ onStart() {}, onEnd: (span) => void ended.push(span), forceFlush: async () => {}, shutdown: async () => {} }] }).getTracer('parity');
const tracer = tracerWith(DEFAULT_SPAN_LIMITS);

/** Whole Unix milliseconds the stubbed Date.now() says. */
const WALL_MS = 1_764_000_000_123;
let perfMs = 0;
let round = 0;

beforeEach(() => {
  // Each case's clock starts far from the last, so fw's wall anchor (re-read after a second) is read anew under the stubs.
  round += 1;
  perfMs = performance.now() + round * 10_000;
  mock.method(Date, 'now', () => WALL_MS);
  mock.method(performance, 'now', () => perfMs);
});
afterEach(() => {
  mock.restoreAll();
});

type Calls = (span: Span, startMs: number) => void;

/** The decoded span of an export request. */
function decodedSpan(bytes: Uint8Array): Record<string, any> {
  const request = ExportTraceServiceRequest.toObject(ExportTraceServiceRequest.decode(bytes), { longs: String, enums: String, defaults: true, oneofs: true }) as any;
  const span = request.resourceSpans[0].scopeSpans[0].spans[0];
  const valueOf = (value: any): unknown => (value instanceof Uint8Array ? Buffer.from(value).toString('hex') : value);
  const pairs = (attributes: any[]): unknown[] => attributes.map((kv: any) => [kv.key, kv.value.value === undefined ? null : valueOf(kv.value[kv.value.value])]);
  return {
    attributes: pairs(span.attributes),
    droppedAttributesCount: span.droppedAttributesCount,
    start: span.startTimeUnixNano,
    end: span.endTimeUnixNano,
    status: { code: span.status?.code ?? 'STATUS_CODE_UNSET', message: span.status?.message ?? '' },
    events: span.events.map((event: any) => ({ name: event.name, time: event.timeUnixNano, attributes: pairs(event.attributes), dropped: event.droppedAttributesCount })),
    droppedEventsCount: span.droppedEventsCount,
    links: span.links.map((link: any) => ({ attributes: pairs(link.attributes), dropped: link.droppedAttributesCount })),
    droppedLinksCount: span.droppedLinksCount,
  };
}

/** What each span exports after `calls`, made under the same clocks. */
function exportedBoth(calls: Calls, limits = DEFAULT_SPAN_LIMITS): { sdk: Record<string, any>; lean: Record<string, any> } {
  const startMs = perfMs;
  const sdkSpan = (limits === DEFAULT_SPAN_LIMITS ? tracer : tracerWith(limits)).startSpan('s', {}, ROOT_CONTEXT);
  let leanEnded: LeanServerSpan | undefined;
  const leanSpan = new LeanServerSpan('s', undefined, true, limits, (span) => (leanEnded = span));
  assert.equal(leanSpan.startMs, startMs);
  for (const span of [sdkSpan, leanSpan]) {
    perfMs = startMs;
    calls(span, startMs);
  }
  const sdkEnded = ended.pop();
  assert.ok(sdkEnded !== undefined && leanEnded !== undefined, 'both spans ended');
  const sdkBytes = ProtobufTraceSerializer.serializeRequest([sdkEnded])!;
  const leanBytes = encodeTraceRequest({ attributes: {} }, [toLeanSpanData(leanEnded, { name: 'parity' })]);
  return { sdk: decodedSpan(sdkBytes), lean: decodedSpan(leanBytes) };
}

/** The diag lines each span writes during `calls` (ids as TRACE and SPAN), the spans made as exportedBoth makes them. */
function diagLinesBoth(calls: Calls, limits = DEFAULT_SPAN_LIMITS): { sdk: string[]; lean: string[] } {
  const lines: string[][] = [];
  const shown = (arg: unknown): string => (arg instanceof Error ? `Error: ${arg.message}` : JSON.stringify(arg));
  const line = (level: string) => (message: string, ...args: unknown[]): void => {
    // Registering the logger says so at debug, before either span: not kept.
    lines.at(-1)?.push([level, message, ...args.map(shown)].join(' ').replace(/\b[0-9a-f]{32}\b/g, 'TRACE').replace(/\b[0-9a-f]{16}\b/g, 'SPAN'));
  };
  diag.setLogger({ error: line('error'), warn: line('warn'), info: line('info'), debug: line('debug'), verbose: line('verbose') }, { logLevel: DiagLogLevel.ALL, suppressOverrideMessage: true });
  try {
    exportedBoth((span, startMs) => {
      lines.push([]);
      calls(span, startMs);
    }, limits);
  } finally {
    // Unregistering says so too: into a list of its own.
    lines.push([]);
    diag.disable();
  }
  return { sdk: lines[0]!, lean: lines[1]! };
}

/** Time inputs, each given the span's start reading: how the SDK tells them apart. */
const TIMES: readonly (readonly [string, (startMs: number) => TimeInput | undefined])[] = [
  ['HrTime [1700000000, 5]', () => [1_700_000_000, 5]],
  ['HrTime [1700000000, 999999999]', () => [1_700_000_000, 999_999_999]],
  ['HrTime of the start second', () => [Math.trunc(WALL_MS / 1000), 123_456_789]],
  ['Date', () => new Date(1_700_000_000_123)],
  ['Unix milliseconds with a fraction', () => 1_700_000_000_123.456],
  ['a performance.now() reading after the start', (startMs) => startMs + 1.25],
  ['a performance.now() reading before the start', (startMs) => startMs - 3.5],
  ['a small number (a reading near the origin)', () => 0.5],
  ['a number just above performance.now() (Unix milliseconds, then)', (startMs) => startMs + 6],
  ['none (now)', () => undefined],
];

describe('the lean span and the SDK span export the same', () => {
  for (const [name, time] of TIMES) {
    it(`event time and end time for ${name}`, () => {
      const { sdk, lean } = exportedBoth((span, startMs) => {
        perfMs = startMs + 5;
        const at = time(startMs);
        span.addEvent('second argument', at as TimeInput);
        span.addEvent('third argument', { a: 1 }, at);
        span.addEvent('both times: the third wins', [1_600_000_000, 1], at);
        span.end(at);
      });
      assert.deepEqual(lean, sdk);
    });
  }

  it('event at HrTime [1700000000, 5] as 1700000000000000005 ns', () => {
    const { lean } = exportedBoth((span) => {
      span.addEvent('e', [1_700_000_000, 5]);
      span.end();
    });
    assert.equal(lean.events[0].time, '1700000000000000005');
  });

  it('end before the start: the start, as the SDK clamps it', () => {
    const { sdk, lean } = exportedBoth((span) => span.end(new Date(WALL_MS - 10)));
    assert.deepEqual(lean, sdk);
    assert.equal(lean.end, lean.start);
  });

  it('events and links over their limit: the oldest make room, as many counted dropped', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const { sdk, lean } = exportedBoth((span) => {
      for (let i = 0; i < 130; i += 1) span.addEvent(`event ${i}`, { i }, [1_700_000_000, i]);
      for (let i = 0; i < 131; i += 1) span.addLink({ context: linked, attributes: { i } });
      span.end();
    });
    assert.deepEqual(lean, sdk);
    assert.equal(lean.events[0].name, 'event 2');
    assert.equal(lean.droppedEventsCount, 2);
    assert.equal(lean.droppedLinksCount, 3);
  });

  it('null attribute values: kept as empty values on the span and its links, dropped and counted on events', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const { sdk, lean } = exportedBoth((span) => {
      span.setAttribute('none', null as never);
      span.setAttributes({ a: null as never, b: 1, c: undefined });
      span.addEvent('e', { n: null as never, x: 1, u: undefined });
      span.addLink({ context: linked, attributes: { n: null as never, x: 1 } });
      span.end();
    });
    assert.deepEqual(lean, sdk);
    assert.deepEqual(lean.attributes, [['none', null], ['a', null], ['b', '1']]);
  });

  it('values the API takes but OpenTelemetry does not: left out on the span, dropped and counted on events and links', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const invalid = { big: 10n, date: new Date(0), fn: () => 1, sym: Symbol('s'), '': 'empty key', deep: { at: new Date(0) } } as never;
    const { sdk, lean } = exportedBoth((span) => {
      span.setAttributes(invalid);
      span.setAttributes({ map: { a: 1, b: [1, 'x'] }, bytes: Uint8Array.from([1, 2]), mixed: [1, 'x'] } as never);
      span.addEvent('e', { ...(invalid as object), map: { a: 1 }, bytes: Uint8Array.from([1]), mixed: [1, 'x'], ok: [1, null, 2] } as never);
      span.addLink({ context: linked, attributes: { ...(invalid as object), map: { a: 1 }, ok: 'x' } as never });
      span.end();
    });
    assert.deepEqual(lean, sdk);
    assert.deepEqual(sdk.attributes.map(([key]: [string]) => key), ['map', 'bytes', 'mixed']);
  });

  it('a value length limit: strings cut inside arrays and maps, bytes sliced, on the span, events and links', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const long = { s: 'abcdef', list: ['abcdef', 7, ['abcdef']], map: { a: 'abcdef', b: { c: 'abcdef' }, u: undefined }, bytes: Uint8Array.from([1, 2, 3, 4, 5]) } as never;
    const { sdk, lean } = exportedBoth((span) => {
      span.setAttributes(long);
      span.addEvent('e', { s: 'abcdef', list: ['abcdef', 'ab'] });
      span.addLink({ context: linked, attributes: long });
      span.end();
    }, { ...DEFAULT_SPAN_LIMITS, attributeValueLengthLimit: 3 });
    assert.deepEqual(lean, sdk);
    assert.deepEqual(sdk.attributes[0], ['s', 'abc']);
  });

  it('values changed after they were set: exported as they were set (copied, as the SDK copies them)', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const { sdk, lean } = exportedBoth((span) => {
      const ids = ['a'];
      const plan: Record<string, unknown> = { plan: 'free', nested: { n: 1 } };
      const linkList = ['l'];
      span.setAttribute('app.ids', ids);
      span.setAttributes({ 'app.plan': plan } as never);
      span.addLink({ context: linked, attributes: { list: linkList } });
      ids.push('b');
      ids[0] = 'z';
      plan.token = 'secret';
      (plan.nested as Record<string, number>).n = 2;
      linkList.push('m');
      span.end();
    });
    assert.deepEqual(lean, sdk);
    assert.deepEqual(sdk.attributes[0][1].values.map((value: Record<string, unknown>) => value.stringValue), ['a']);
  });

  it('own keys only: inherited keys and __proto__ keys are not exported, nor attributes that are not an object', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const inherited = Object.assign(Object.create({ 'deployment.env': 'prod' }), { 'app.user': 'ada' });
    const { sdk, lean } = exportedBoth((span) => {
      span.setAttributes(inherited);
      span.setAttribute('payload', JSON.parse('{"__proto__":1,"a":2}'));
      span.setAttribute('__proto__', { leak: 'x' } as never);
      span.addEvent('e', inherited);
      span.addLink({ context: linked, attributes: 'str' as never });
      span.addLink({ context: linked, attributes: inherited });
      span.end();
    });
    assert.deepEqual(lean, sdk);
    assert.deepEqual(sdk.attributes.map(([key]: [string]) => key), ['app.user', 'payload']);
  });

  it('a frozen attributes object: its invalid keys and values left out as any other, not copied as they are into the export', () => {
    const { sdk, lean } = exportedBoth((span) => {
      span.setAttributes(Object.freeze({ ok: 'x', '': 'empty key', big: 10n, date: new Date(0), none: null, list: [1, null, 2] }) as never);
      span.setAttributes(Object.freeze(Object.assign(Object.create({ 'deployment.env': 'prod' }), { 'app.user': 'ada' })));
      span.end();
    });
    assert.deepEqual(lean, sdk);
    assert.deepEqual(sdk.attributes.map(([key]: [string]) => key), ['ok', 'none', 'list', 'app.user']);
  });

  it('attributes that are not an object: null sets nothing, a string its characters, as the SDK (no throw)', () => {
    const { sdk, lean } = exportedBoth((span) => {
      span.setAttributes(null as never);
      span.setAttributes('ab' as never);
      span.end();
    });
    assert.deepEqual(lean, sdk);
    assert.deepEqual(sdk.attributes, [['0', 'a'], ['1', 'b']]);
  });

  it('diag lines for calls on an ended span: each warns and changes nothing, a second end() is an error', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const calls: Calls = (span) => {
      span.end();
      span.setAttribute('late', 1);
      span.setAttributes({ a: 1, b: 2 });
      span.addEvent('late');
      span.addLink({ context: linked });
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'late' });
      span.updateName('late');
      span.recordException(new Error('late'));
      span.end();
    };
    const { sdk, lean } = diagLinesBoth(calls);
    assert.deepEqual(lean, sdk);
    assert.equal(sdk.length, 10);
    assert.equal(sdk[0], 'warn Cannot execute the operation on ended Span {traceId: TRACE, spanId: SPAN} Error: Operation attempted on ended Span {traceId: TRACE, spanId: SPAN}');
    assert.equal(sdk[9], 'error s TRACE-SPAN - You can only call end() on a span once.');
    const exported = exportedBoth(calls);
    assert.deepEqual(exported.lean, exported.sdk);
  });

  it('diag lines for the events and links the limits drop, invalid event and link attributes, and an end before the start', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const limits = { ...DEFAULT_SPAN_LIMITS, eventCountLimit: 1, linkCountLimit: 1, attributePerEventCountLimit: 1 };
    const calls: Calls = (span) => {
      for (const name of ['e1', 'e2', 'e3']) span.addEvent(name, { '': 1, big: 10n as never, ok: 1, over: 2 });
      for (let i = 0; i < 3; i += 1) span.addLink({ context: linked, attributes: { date: new Date(0) as never } });
      span.end(new Date(WALL_MS - 10));
    };
    const { sdk, lean } = diagLinesBoth(calls, limits);
    assert.deepEqual(lean, sdk);
    assert.ok(sdk.includes('debug Dropping extra events.') && sdk.includes('warn Dropped 2 links because linkCountLimit reached'), sdk.join('\n'));
    assert.deepEqual(diagLinesBoth((span) => { span.addEvent('e'); span.addEvent('e'); span.end(); }, { ...DEFAULT_SPAN_LIMITS, eventCountLimit: 0 }).lean, ['warn No events allowed.', 'warn No events allowed.', 'warn Dropped 2 events because eventCountLimit reached']);
  });

  it('no diag line for an attribute over the count limit, where the SDK says it once (docs/telemetry.md: its server span drops request attributes silently)', () => {
    const { sdk, lean } = diagLinesBoth((span) => {
      for (const key of ['a', 'b', 'c']) span.setAttribute(key, 1);
      span.end();
    }, { ...DEFAULT_SPAN_LIMITS, attributeCountLimit: 1 });
    assert.deepEqual(sdk, ['warn Dropping extra attributes.']);
    assert.deepEqual(lean, []);
  });

  it('HrTimes that are not whole numbers (a fraction of a second, a negative second, nanoseconds past a second, NaN): the nanoseconds the SDK\'s serializer writes', () => {
    const { sdk, lean } = exportedBoth((span) => {
      for (const time of [[WALL_MS / 1000, 0], [1.5, 3], [-1, 5], [1_700_000_000, -5], [0, 2e9], [1_700_000_000.25, 0.75], [Number.NaN, 1]]) span.addEvent('e', time as TimeInput);
      span.end([WALL_MS / 1000 + 1, 0]);
    });
    assert.deepEqual(lean, sdk);
    assert.equal(sdk.events[1].time, '1000000003');
  });

  it('a value length limit of 0 from the environment: no limit, as the SDK ignores it', () => {
    const config = readEnvConfig({ OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '0' });
    assert.ok(config.warnings.some((line) => line.includes('length limit of 0')), 'a warning says so');
    const { sdk, lean } = exportedBoth((span) => {
      span.setAttribute('s', 'abcdef');
      span.addEvent('e', { s: 'abcdef' });
      span.end();
    }, config.spanLimits);
    assert.deepEqual(lean, sdk);
    assert.deepEqual(lean.attributes, [['s', 'abcdef']]);
  });

  it('span limits read from the OTEL_*_LIMIT variables (a span\'s own over the general one, 0 for none allowed): both spans keep, cut and count the same', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const calls: Calls = (span) => {
      for (const key of ['a', 'b', 'c', 'd']) span.setAttribute(key, 'abcdef');
      span.setAttributes({ list: ['abcdef', 'xy'], bytes: Uint8Array.from([1, 2, 3, 4, 5]) });
      for (let i = 0; i < 4; i += 1) span.addEvent(`e${i}`, { x: 'abcdef', y: 1, z: ['abcdef'] });
      for (let i = 0; i < 4; i += 1) span.addLink({ context: linked, attributes: { x: 'abcdef', y: 1, z: { w: 'abcdef' } } });
      span.end();
    };
    const envs: Record<string, string>[] = [
      { OTEL_ATTRIBUTE_COUNT_LIMIT: '2', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '3' },
      { OTEL_ATTRIBUTE_COUNT_LIMIT: '2', OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: '5', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '3', OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT: '4' },
      { OTEL_SPAN_EVENT_COUNT_LIMIT: '2', OTEL_SPAN_LINK_COUNT_LIMIT: '1', OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT: '1', OTEL_LINK_ATTRIBUTE_COUNT_LIMIT: '2' },
      { OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: '0', OTEL_SPAN_EVENT_COUNT_LIMIT: '0', OTEL_SPAN_LINK_COUNT_LIMIT: '0' },
      { OTEL_EVENT_ATTRIBUTE_COUNT_LIMIT: '0', OTEL_LINK_ATTRIBUTE_COUNT_LIMIT: '0', OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT: '1' },
    ];
    const counts: number[][] = [];
    for (const env of envs) {
      const { sdk, lean } = exportedBoth(calls, readEnvConfig(env).spanLimits);
      assert.deepEqual(lean, sdk, JSON.stringify(env));
      counts.push([sdk.attributes.length, sdk.droppedAttributesCount, sdk.events.length, sdk.droppedEventsCount, sdk.links.length, sdk.droppedLinksCount]);
    }
    assert.deepEqual(counts, [[2, 4, 4, 0, 4, 0], [5, 1, 4, 0, 4, 0], [6, 0, 2, 2, 1, 3], [0, 6, 0, 4, 0, 4], [6, 0, 4, 0, 4, 0]]);
  });

  it('a __proto__ key (JSON.parse makes one): takes a place under the count limits as in the SDK, which assigns it and so exports nothing', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const parsed = (): Record<string, never> => JSON.parse('{"__proto__":{"leak":"x"},"a":2}');
    const limits = { ...DEFAULT_SPAN_LIMITS, attributeCountLimit: 3, attributePerEventCountLimit: 1, attributePerLinkCountLimit: 1 };
    const calls: Calls = (span) => {
      span.setAttribute('__proto__', 'x' as never);
      span.setAttribute('__proto__', 10n as never);
      span.setAttributes(parsed());
      span.setAttribute('b', 3);
      span.setAttribute('__proto__', null as never);
      span.addEvent('e', parsed());
      span.addLink({ context: linked, attributes: parsed() });
      span.end();
    };
    const { sdk, lean } = exportedBoth(calls, limits);
    assert.deepEqual(lean, sdk);
    // Each valid __proto__ is a new key to the SDK: the first and the map take two places, `a` the third; `b` and the last are dropped.
    // On the event the map is no simple value (dropped, `a` kept); on the link it takes the one place.
    assert.deepEqual([sdk.attributes, sdk.droppedAttributesCount], [[['a', '2']], 2]);
    assert.deepEqual([sdk.events[0].attributes, sdk.events[0].dropped, sdk.links[0].attributes, sdk.links[0].dropped], [[['a', '2']], 1, [], 1]);
    const lines = diagLinesBoth(calls, limits);
    assert.deepEqual(lines.lean, lines.sdk.filter((line) => line !== 'warn Dropping extra attributes.'));
    assert.ok(lines.sdk.includes('warn Invalid attribute value set for key: __proto__'), lines.sdk.join('\n'));
  });

  it('keys Object.prototype has (toString, constructor): new keys, counted against the limit, also past the keys fw gives a bit', () => {
    const { sdk, lean } = exportedBoth((span) => {
      span.setAttributes(Object.freeze({ 'app.route': '/r' }));
      // More keys than fw's 30 key bits: those after them are looked up by name.
      for (let i = 0; i < 40; i += 1) span.setAttribute(`app.parity.key${i}`, i);
      for (const key of ['toString', 'constructor', 'valueOf', 'hasOwnProperty']) span.setAttribute(key, key);
      span.setAttributes(Object.freeze({ isPrototypeOf: 'x' }));
      span.end();
    }, { ...DEFAULT_SPAN_LIMITS, attributeCountLimit: 43 });
    assert.deepEqual(lean, sdk);
    assert.deepEqual([sdk.attributes.length, sdk.droppedAttributesCount], [43, 3]);
  });

  it('a span that is not sampled says nothing to diag, as the SDK\'s non-recording span, recordException of nothing included', () => {
    const linked = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 };
    const unsampled = new TracerProvider({ sampler: new AlwaysOffSampler() }).getTracer('parity');
    const calls: Calls = (span) => {
      span.setAttribute('a', 1);
      span.setAttributes({ b: 2, '': 3 });
      span.addEvent('e');
      span.addLink({ context: linked });
      span.setStatus({ code: SpanStatusCode.ERROR, message: 42 as unknown as string });
      span.updateName('n');
      span.recordException({} as Exception);
      span.recordException(Symbol('thrown') as unknown as Exception);
      span.end();
      span.end();
      span.recordException({} as Exception);
    };
    const linesOf = (span: Span): string[] => {
      const lines: string[] = [];
      const line = (level: string) => (message: string): void => void lines.push(`${level} ${message}`);
      diag.setLogger({ error: line('error'), warn: line('warn'), info: line('info'), debug: line('debug'), verbose: line('verbose') }, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
      try {
        calls(span, perfMs);
      } finally {
        diag.disable();
      }
      return lines;
    };
    const sdkSpan = unsampled.startSpan('s', {}, ROOT_CONTEXT);
    const leanSpan = new LeanServerSpan('s', undefined, false, DEFAULT_SPAN_LIMITS, () => assert.fail('not sampled: never ended into the export'));
    assert.deepEqual([leanSpan.isRecording(), sdkSpan.isRecording()], [false, false]);
    assert.deepEqual(linesOf(leanSpan), linesOf(sdkSpan));
    assert.deepEqual(linesOf(sdkSpan), []);
  });

  it('recordException of a Symbol (what `throw Symbol()` catches): the lean span warns where the SDK\'s throws a TypeError (docs/telemetry.md)', () => {
    const thrown = Symbol('thrown') as unknown as Exception;
    const outcomes: string[] = [];
    const lines: string[] = [];
    diag.setLogger({ error: () => {}, warn: (message) => void lines.push(message), info: () => {}, debug: () => {}, verbose: () => {} }, { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true });
    try {
      exportedBoth((span) => {
        try {
          span.recordException(thrown);
          outcomes.push('returned');
        } catch (error) {
          outcomes.push(error instanceof TypeError ? 'TypeError' : String(error));
        }
        span.end();
      });
    } finally {
      diag.disable();
    }
    assert.deepEqual(outcomes, ['TypeError', 'returned'], 'the SDK\'s span, then the lean one');
    assert.ok(lines.includes('Failed to record an exception Symbol(thrown)'), lines.join('\n'));
  });

  const STATUSES: readonly (readonly [string, readonly SpanStatus[]])[] = [
    ['OK with a message: the message is dropped', [{ code: SpanStatusCode.OK, message: 'fine' }]],
    ['ERROR with a message: kept', [{ code: SpanStatusCode.ERROR, message: 'boom' }]],
    ['ERROR then UNSET: UNSET ignored', [{ code: SpanStatusCode.ERROR, message: 'boom' }, { code: SpanStatusCode.UNSET, message: 'x' }]],
    ['OK then ERROR: OK is final', [{ code: SpanStatusCode.OK }, { code: SpanStatusCode.ERROR, message: 'late' }]],
    ['ERROR then OK with a message: OK, no message', [{ code: SpanStatusCode.ERROR, message: 'boom' }, { code: SpanStatusCode.OK, message: 'recovered' }]],
    ['ERROR then ERROR without a message: the second', [{ code: SpanStatusCode.ERROR, message: 'first' }, { code: SpanStatusCode.ERROR }]],
    ['ERROR with a message that is no string: dropped', [{ code: SpanStatusCode.ERROR, message: 42 as unknown as string }]],
    ['UNSET with a message: nothing', [{ code: SpanStatusCode.UNSET, message: 'x' }]],
  ];
  for (const [name, statuses] of STATUSES) {
    it(`status for ${name}`, () => {
      const { sdk, lean } = exportedBoth((span) => {
        for (const status of statuses) span.setStatus(status);
        span.end();
      });
      assert.deepEqual(lean.status, sdk.status);
      assert.deepEqual(lean, sdk);
    });
  }

  const EXCEPTIONS: readonly (readonly [string, Exception])[] = [
    ['an Error', Object.assign(new Error('bad'), { stack: 'stack' })],
    ['an Error with a code', Object.assign(new Error('bad'), { code: 'E_BAD', stack: 'stack' })],
    ['a code 0 and an empty message', { name: 'Named', code: 0, message: '' } as Exception],
    ['a string', 'plain text'],
    ['nothing to record', {} as Exception],
  ];
  for (const [name, exception] of EXCEPTIONS) {
    it(`exception event for ${name}`, () => {
      const { sdk, lean } = exportedBoth((span) => {
        span.recordException(exception, [1_700_000_000, 7]);
        span.end();
      });
      assert.deepEqual(lean, sdk);
    });
  }
});
