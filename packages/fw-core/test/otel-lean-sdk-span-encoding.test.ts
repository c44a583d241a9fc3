/**
 * SDK spans (the child spans apps start through the API) encoded by fw's lean encoder through
 * `sdkSpanData` come out as the SDK's own ProtobufTraceSerializer writes them: real spans from a
 * real TracerProvider, both requests compared. Not byte for byte as they stand: the SDK's
 * serializer also writes some proto3 fields at their default value (the resource's and every
 * span's dropped counts, each event's and link's dropped attribute count, the status code, an
 * empty event or scope name), which fw's encoder leaves out as canonical encoders do, and which a
 * decoder reads as the same message (https://protobuf.dev/programming-guides/field_presence/).
 * So each case checks that fw's bytes equal the SDK's bytes with exactly those fields taken out
 * where they are zero or empty, and that both decode to the same message with the official
 * definitions.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type Context, createTraceState, type Link, ROOT_CONTEXT, type SpanContext, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import { defaultResource, type Resource, resourceFromAttributes } from '@opentelemetry/resources';
import { type ReadableSpan, SamplingDecision, type SpanProcessor, TracerProvider, type TracerProviderOptions } from '@opentelemetry/sdk-trace';
import type { LeanAttributes, LeanResource } from '../src/otel/lean/otlp-trace-encoder.ts';
import { sdkSpanData } from '../src/otel/lean/sdk-span-data.ts';
import { encodeTraceRequest } from './support/otel-lean-trace-request.ts';
import { decodeTraceRequest } from './support/otlp-official-trace.ts';

const RESOURCE = resourceFromAttributes({ 'service.name': 'blog', 'service.instance.id': 'ä1', pid: 4242, 'process.command_args': ['node', 'app.js'] });

const ended: ReadableSpan[] = [];
/** Keeps every ended span, as the batch processor hands them to its exporter. */
const keep: SpanProcessor = { onStart() {}, onEnd: (span) => void ended.push(span), forceFlush: async () => {}, shutdown: async () => {} };

function provider(options: TracerProviderOptions = {}): TracerProvider {
  return new TracerProvider({ resource: RESOURCE, ...options, spanProcessors: [keep] });
}

const tracer = provider().getTracer('fw-sdk-spans', '1.0.0');

/** The spans `make` ends, in the order they end. */
function endedBy(make: () => void): ReadableSpan[] {
  ended.length = 0;
  make();
  return ended.splice(0);
}

/** The resource as the lean path builds it from the SDK's (createLeanSetup). */
function leanResource(resource: Resource): LeanResource {
  return { attributes: resource.attributes as LeanAttributes, schemaUrl: resource.schemaUrl };
}

function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('hex');
}

/** Per message: its fields that hold messages walked into, and the fields the SDK also writes at their default. */
const SDK_DEFAULTS: Record<string, { readonly messages?: Record<number, string>; readonly defaults?: readonly number[] }> = {
  request: { messages: { 1: 'resourceSpans' } },
  resourceSpans: { messages: { 1: 'resource', 2: 'scopeSpans' } },
  resource: { defaults: [2] }, // dropped_attributes_count
  scopeSpans: { messages: { 1: 'scope', 2: 'span' } },
  scope: { defaults: [1] }, // name
  span: { messages: { 11: 'event', 13: 'link', 15: 'status' }, defaults: [10, 12, 14] }, // dropped attributes, events, links
  event: { defaults: [2, 4] }, // name, dropped_attributes_count
  link: { defaults: [5] }, // dropped_attributes_count
  status: { defaults: [3] }, // code
};

/** `bytes` (a message of `type`) without the SDK_DEFAULTS fields that hold a zero or an empty string; everything else as it is. */
function withoutSdkDefaults(bytes: Uint8Array, type = 'request'): Buffer {
  const { messages = {}, defaults = [] } = SDK_DEFAULTS[type]!;
  const out: Uint8Array[] = [];
  let pos = 0;
  const varint = (): number => {
    let value = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[pos++]!;
      value += (byte & 0x7f) * 2 ** shift;
      if (byte < 0x80) return value;
    }
  };
  while (pos < bytes.length) {
    const start = pos;
    const tag = varint();
    const field = Math.floor(tag / 8);
    const keyEnd = pos;
    let isDefault = false;
    switch (tag & 7) {
      case 0:
        isDefault = varint() === 0;
        break;
      case 1:
        pos += 8;
        break;
      case 5:
        pos += 4;
        break;
      case 2: {
        const length = varint();
        const body = bytes.subarray(pos, (pos += length));
        const child = messages[field];
        if (child !== undefined) {
          const inner = withoutSdkDefaults(body, child);
          out.push(bytes.subarray(start, keyEnd), lengthPrefix(inner.length), inner);
          continue;
        }
        isDefault = length === 0;
        break;
      }
      default:
        throw new Error(`wire type ${tag & 7} at ${start}`);
    }
    if (!(isDefault && defaults.includes(field))) out.push(bytes.subarray(start, pos));
  }
  return Buffer.concat(out);
}

function lengthPrefix(length: number): Uint8Array {
  const bytes: number[] = [];
  for (; length >= 0x80; length >>>= 7) bytes.push((length & 0x7f) | 0x80);
  bytes.push(length);
  return Uint8Array.from(bytes);
}

/** Encodes `spans` both ways and checks fw's request against the SDK's; returns fw's, decoded. */
function assertSameExport(spans: readonly ReadableSpan[], resource: Resource = RESOURCE): any {
  assert.ok(spans.length > 0, 'the case ended spans');
  const sdk = ProtobufTraceSerializer.serializeRequest(spans as ReadableSpan[])!;
  const fw = encodeTraceRequest(leanResource(resource), spans.map(sdkSpanData));
  assert.equal(hex(fw), hex(withoutSdkDefaults(sdk)));
  // As Buffers both: the decoder gives bytes fields the input's type.
  const decoded = decodeTraceRequest(Buffer.from(fw));
  assert.deepEqual(decoded, decodeTraceRequest(Buffer.from(sdk)));
  return decoded;
}

/** One ended span of `tracer`, started with `attributes` and given them again by setAttribute. */
function spanWith(attributes: Record<string, unknown>): ReadableSpan[] {
  return endedBy(() => {
    const span = tracer.startSpan('attributes', { attributes, startTime: [1_700_000_000, 5] }, ROOT_CONTEXT);
    for (const [key, value] of Object.entries(attributes)) span.setAttribute(`set.${key}`, value);
    span.end([1_700_000_001, 0]);
  });
}

const REMOTE: SpanContext = { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1, isRemote: true, traceState: createTraceState('congo=t61rcWkgMzE,rojo=00f067aa0ba902b7') };

describe('an SDK span encoded by fw (sdkSpanData) is the SDK serializer\'s request', () => {
  it('a bare root span: equal once the zeros the SDK writes are taken out (resource and span dropped counts, status code)', () => {
    const spans = endedBy(() => tracer.startSpan('bare', { startTime: [1_700_000_000, 5] }, ROOT_CONTEXT).end([1_700_000_000, 6]));
    const sdk = ProtobufTraceSerializer.serializeRequest(spans)!;
    const fw = encodeTraceRequest(leanResource(RESOURCE), spans.map(sdkSpanData));
    // Five fields of two bytes each: resource 1000; span 5000, 6000, 7000; status 1800.
    assert.equal(sdk.length - fw.length, 10);
    assertSameExport(spans);
  });

  it('string attributes: ASCII, two-, three- and four-byte UTF-8, lone and swapped surrogates, empty, long', () => {
    assertSameExport(
      spanWith({
        ascii: 'GET /posts/:id',
        latin: 'ä',
        cjk: '中文',
        astral: '😀 𝄞',
        'lone high': 'a\ud800b',
        'lone low': '\udc00',
        'high at the end': 'x\ud83d',
        swapped: '\ude00\ud83d',
        empty: '',
        nul: 'a\u0000b',
        long: 'é'.repeat(300) + '\ud800',
        'long ascii': 'x'.repeat(20_000),
        'ключ 😀': 'non-ASCII key',
      }),
    );
  });

  it('integer attributes: small, varint boundaries, negative, up to the int64 limits', () => {
    assertSameExport(
      spanWith({
        zero: 0,
        'minus zero': -0,
        one: 1,
        b127: 127,
        b128: 128,
        b2p31: 2 ** 31,
        b2p32m1: 2 ** 32 - 1,
        b2p32: 2 ** 32,
        safe: Number.MAX_SAFE_INTEGER,
        b2p62: 2 ** 62,
        'largest below 2^63': 2 ** 63 - 1024,
        minus1: -1,
        'minus 2^31': -(2 ** 31),
        'minus 2^32 - 1': -(2 ** 32) - 1,
        'minus safe': Number.MIN_SAFE_INTEGER,
        'minus 2^63': -(2 ** 63),
      }),
    );
  });

  it('fractional and out-of-range numbers: doubles', () => {
    assertSameExport(
      spanWith({
        half: 1.5,
        negative: -0.25,
        'int64 limit': 2 ** 63,
        'below int64': -(2 ** 64),
        huge: 1e300,
        tiny: Number.MIN_VALUE,
        epsilon: Number.EPSILON,
        nan: Number.NaN,
        infinity: Infinity,
        'minus infinity': -Infinity,
      }),
    );
  });

  it('booleans and homogeneous arrays, with null and undefined entries, and empty arrays', () => {
    assertSameExport(
      spanWith({
        yes: true,
        no: false,
        strings: ['a', '', 'ü', '😀'],
        'strings with holes': ['a', null, undefined, 'b'],
        numbers: [1, -2, 2.5, 2 ** 63],
        'numbers with holes': [null, 7, undefined],
        booleans: [true, false],
        'only null': [null],
        empty: [],
      }),
    );
  });

  it('AnyValue attributes the SDK accepts: bytes, mixed and nested arrays, maps', () => {
    assertSameExport(
      spanWith({
        bytes: Uint8Array.from([0, 1, 255]),
        'long bytes': Uint8Array.from({ length: 40 }, (_, i) => i),
        'no bytes': new Uint8Array(0),
        mixed: ['a', 1, 1.5, true, Uint8Array.from([9])],
        nested: [[1, 2], ['x'], []],
        map: { a: 1, b: { c: 'd', e: [true] }, f: [] },
        'empty map': {},
        'numbered keys': { 2: 'two', 1: 'one', z: 'z' },
      }),
    );
  });

  it('a null attribute value: the SDK writes the key with an empty AnyValue', () => {
    assertSameExport(spanWith({ before: 1, none: null, after: 2 }));
  });

  it('a null value in a map attribute: the SDK writes the key with an empty AnyValue', () => {
    assertSameExport(spanWith({ map: { a: null, b: 1 } }));
  });

  it('events: without attributes, with attributes, at explicit HrTimes, with an empty name, exceptions', () => {
    const spans = endedBy(() => {
      const span = tracer.startSpan('events', { startTime: [1_700_000_000, 0] }, ROOT_CONTEXT);
      span.addEvent('no attributes', [1_700_000_000, 5]);
      span.addEvent('attributes', { attempt: 2, why: 'retry', ratio: 0.5, ok: false, tags: ['a', 'b'] }, [1_700_000_000, 999_999_999]);
      span.addEvent('', [1_700_000_001, 0]);
      span.addEvent('empty attributes', {}, [1_700_000_002, 1]);
      span.addEvent('a Date', new Date(1_700_000_003_123));
      span.addEvent('far', [4_102_444_800, 999_999_999]);
      span.recordException(Object.assign(new Error('boom'), { stack: 'Error: boom\n    at x' }), [1_700_000_004, 7]);
      span.recordException('plain text', [1_700_000_004, 8]);
      span.end([4_102_444_801, 0]);
    });
    const request = assertSameExport(spans);
    assert.equal(request.resourceSpans[0].scopeSpans[0].spans[0].events[0].timeUnixNano, '1700000000000000005');
  });

  it('links: with and without attributes, local and remote contexts, trace state, trace flags', () => {
    const spans = endedBy(() => {
      const local = tracer.startSpan('local', {}, ROOT_CONTEXT);
      const links: Link[] = [
        { context: local.spanContext(), attributes: { why: 'follows', n: 1 } },
        { context: REMOTE },
        { context: { ...REMOTE, isRemote: false, traceFlags: 0, traceState: undefined }, attributes: {} },
        { context: { ...REMOTE, traceFlags: 0x81, traceState: createTraceState('a=1') }, attributes: { list: [1, 2] } },
      ];
      const span = tracer.startSpan('links', { links, startTime: [1_700_000_000, 0] }, ROOT_CONTEXT);
      span.addLink({ context: { ...REMOTE, isRemote: undefined } });
      span.addLink({ context: REMOTE, attributes: { added: true, bytes: Uint8Array.from([1]), map: { k: 'v' } } });
      span.end([1_700_000_001, 0]);
      local.end([1_700_000_001, 0]);
    });
    assertSameExport(spans);
  });

  it('a null link attribute value: the SDK writes the key with an empty AnyValue', () => {
    assertSameExport(endedBy(() => tracer.startSpan('link', { links: [{ context: REMOTE, attributes: { none: null } }] }, ROOT_CONTEXT).end()));
  });

  const STATUSES = [
    ['UNSET', undefined],
    ['OK', { code: SpanStatusCode.OK }],
    ['OK with a message (dropped by the SDK)', { code: SpanStatusCode.OK, message: 'fine' }],
    ['ERROR with a message', { code: SpanStatusCode.ERROR, message: 'timed out ⏱' }],
    ['ERROR without a message', { code: SpanStatusCode.ERROR }],
    ['ERROR with an empty message', { code: SpanStatusCode.ERROR, message: '' }],
    // Where the message's length, and the Status's around it, take one byte more.
    ['ERROR with a 127-byte message', { code: SpanStatusCode.ERROR, message: 'm'.repeat(127) }],
    ['ERROR with a 128-byte message', { code: SpanStatusCode.ERROR, message: 'm'.repeat(128) }],
    ['ERROR with 43 three-byte characters (129 bytes)', { code: SpanStatusCode.ERROR, message: '中'.repeat(43) }],
    ['ERROR with a 16,384-byte message', { code: SpanStatusCode.ERROR, message: 'é'.repeat(8192) }],
  ] as const;
  for (const [name, status] of STATUSES) {
    it(`status ${name}`, () => {
      const spans = endedBy(() => {
        const span = tracer.startSpan('status', {}, ROOT_CONTEXT);
        if (status !== undefined) span.setStatus(status);
        span.end();
      });
      assertSameExport(spans);
    });
  }

  for (const kind of [SpanKind.INTERNAL, SpanKind.SERVER, SpanKind.CLIENT, SpanKind.PRODUCER, SpanKind.CONSUMER]) {
    it(`kind ${SpanKind[kind]}`, () => {
      assertSameExport(endedBy(() => tracer.startSpan('kind', { kind }, ROOT_CONTEXT).end()));
    });
  }

  it('root spans, local parents and remote parents with a trace state', () => {
    const spans = endedBy(() => {
      const root = tracer.startSpan('root', { kind: SpanKind.SERVER }, ROOT_CONTEXT);
      const child = tracer.startSpan('child', {}, trace.setSpan(ROOT_CONTEXT, root));
      const grandchild = tracer.startSpan('grandchild', { kind: SpanKind.CLIENT }, trace.setSpan(ROOT_CONTEXT, child));
      const remoteContext: Context = trace.setSpanContext(ROOT_CONTEXT, REMOTE);
      const remoteChild = tracer.startSpan('remote child', { kind: SpanKind.SERVER }, remoteContext);
      const itsChild = tracer.startSpan('child of the remote child', {}, trace.setSpan(remoteContext, remoteChild));
      for (const span of [grandchild, child, itsChild, remoteChild, root]) span.end();
    });
    const decoded = assertSameExport(spans);
    const flags = decoded.resourceSpans[0].scopeSpans[0].spans.map((span: any) => [span.name, span.flags, span.traceState]);
    assert.deepEqual(flags, [
      ['grandchild', 0x101, ''],
      ['child', 0x101, ''],
      ['child of the remote child', 0x101, 'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7'],
      ['remote child', 0x301, 'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7'],
      ['root', 0x101, ''],
    ]);
  });

  it('a sampler that records without sampling (flags 0) and sets a trace state and attributes', () => {
    const sampling = provider({
      sampler: { shouldSample: () => ({ decision: SamplingDecision.RECORD, traceState: createTraceState('sampler=x'), attributes: { 'sampler.rate': 0.25 } }), toString: () => 'recording' },
    }).getTracer('sampling');
    const spans = endedBy(() => {
      const root = sampling.startSpan('unsampled root', {}, ROOT_CONTEXT);
      sampling.startSpan('unsampled child', {}, trace.setSpan(ROOT_CONTEXT, root)).end();
      sampling.startSpan('under a remote parent', {}, trace.setSpanContext(ROOT_CONTEXT, REMOTE)).end();
      root.end();
    });
    assertSameExport(spans);
  });

  it('dropped attributes, events and links, and truncated values, from span limits', () => {
    const limited = provider({
      spanLimits: { attributeCountLimit: 2, attributeValueLengthLimit: 3, eventCountLimit: 2, linkCountLimit: 1, attributePerEventCountLimit: 1, attributePerLinkCountLimit: 1 },
    }).getTracer('limited');
    const spans = endedBy(() => {
      const span = limited.startSpan('limits', { attributes: { a: 'abcdef', b: ['long', 'xy'], c: 3 }, links: [{ context: REMOTE, attributes: { x: 1, y: 2, z: 3 } }, { context: REMOTE }] }, ROOT_CONTEXT);
      span.setAttribute('d', 4);
      for (let i = 0; i < 5; i++) span.addEvent(`event ${i}`, { i, j: 'abcdef' }, [1_700_000_000, i]);
      span.addLink({ context: REMOTE, attributes: { p: 'abcdef', q: 1 } });
      span.end();
    });
    const decoded = assertSameExport(spans);
    const span = decoded.resourceSpans[0].scopeSpans[0].spans[0];
    assert.deepEqual([span.droppedAttributesCount, span.droppedEventsCount, span.droppedLinksCount, span.events[0].droppedAttributesCount, span.links[0].droppedAttributesCount], [2, 3, 2, 1, 1]);
  });

  it('spans of several tracers interleaved: one scope each, in the order of their first span', () => {
    const several = provider();
    const a1 = several.getTracer('a', '1.0.0');
    const b = several.getTracer('b', undefined, { schemaUrl: 'https://opentelemetry.io/schemas/1.30.0' });
    const a2 = several.getTracer('a', '2.0.0', { schemaUrl: 'https://opentelemetry.io/schemas/1.31.0' });
    const unnamed = several.getTracer('');
    const spans = endedBy(() => {
      for (let i = 0; i < 3; i++) for (const t of [a1, b, a2, unnamed, several.getTracer('a', '1.0.0')]) t.startSpan(`span ${i}`, {}, ROOT_CONTEXT).end();
    });
    // The tracer gives all its spans one scope object: the encoder groups by identity.
    const scopes = new Set(spans.map((span) => span.instrumentationScope));
    assert.equal(scopes.size, 4);
    const decoded = assertSameExport(spans);
    const scopeSpans = decoded.resourceSpans[0].scopeSpans.map((scope: any) => [scope.scope.name, scope.scope.version, scope.schemaUrl, scope.spans.length]);
    assert.deepEqual(scopeSpans, [
      ['a', '1.0.0', '', 6],
      ['b', '', 'https://opentelemetry.io/schemas/1.30.0', 3],
      ['a', '2.0.0', 'https://opentelemetry.io/schemas/1.31.0', 3],
      ['', '', '', 3],
    ]);
  });

  it('a resource with attributes of several types and a schema URL, and the default resource merged as fw builds it', () => {
    for (const resource of [
      resourceFromAttributes({ 'service.name': 'ü', count: 3, ratio: 0.5, on: true, list: ['a', 'b'], empty: '' }, { schemaUrl: 'https://opentelemetry.io/schemas/1.30.0' }),
      defaultResource().merge(resourceFromAttributes({ 'service.name': 'blog', 'service.instance.id': 'x' })),
      resourceFromAttributes({}),
    ]) {
      const own = provider({ resource }).getTracer('resource');
      assertSameExport(
        endedBy(() => own.startSpan('in a resource', {}, ROOT_CONTEXT).end()),
        resource,
      );
    }
  });

  it('a batch of many spans, large ones among them (lengths of one, two and three bytes)', () => {
    const spans = endedBy(() => {
      for (let i = 0; i < 300; i++) {
        const span = tracer.startSpan(i % 2 === 0 ? 'SELECT posts' : `span ${i}`, { kind: SpanKind.CLIENT, attributes: { 'db.system': 'sqlite', i } }, ROOT_CONTEXT);
        if (i % 50 === 0) span.setAttribute('db.query.text', 'x'.repeat(100 * i));
        span.end();
      }
    });
    assertSameExport(spans);
  });

  it('an empty span name and a long one', () => {
    assertSameExport(endedBy(() => {
      tracer.startSpan('', {}, ROOT_CONTEXT).end();
      tracer.startSpan('n'.repeat(100), {}, ROOT_CONTEXT).end();
    }));
  });
});
