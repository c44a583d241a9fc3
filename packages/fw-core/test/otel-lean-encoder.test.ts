/**
 * fw's OTLP trace encoder against the official opentelemetry-proto definitions: known spans are
 * encoded, decoded with protobufjs and the official generated code, and compared with objects
 * written out by hand, field by field.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { encodeAttributeBlock, type LeanAttributes, type LeanResource, type LeanScope, type LeanSpanData, OtlpTraceEncoder } from '../src/otel/lean/otlp-trace-encoder.ts';
import { expectedRequest, withHexBytes } from './support/otel-lean-expected.ts';
import { encodeTraceRequest } from './support/otel-lean-trace-request.ts';
import { decodeTraceRequest, SpanFlags } from './support/otlp-official-trace.ts';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const SPAN_ID = Uint8Array.from([0xb7, 0xad, 0x6b, 0x71, 0x69, 0x20, 0x33, 0x31]);
const PARENT_ID = '00F067AA0BA902B7';
const SCOPE: LeanScope = { name: 'fw-core', version: '0.1.0' };
const RESOURCE: LeanResource = { attributes: { 'service.name': 'blog', 'service.instance.id': 'ä1' } };

function decode(bytes: Uint8Array): any {
  return withHexBytes(decodeTraceRequest(bytes));
}

function span(overrides: Partial<LeanSpanData>): LeanSpanData {
  return { scope: SCOPE, traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: 1, name: 'GET /posts/:id', kind: 1, startTime: [1_700_000_000, 123_456_789], endTime: [1_700_000_000, 987_654_321], ...overrides };
}

function attributesOf(bytes: Uint8Array): unknown {
  return decode(bytes).resourceSpans[0].scopeSpans[0].spans[0].attributes;
}

describe('OTLP trace encoder: known spans decode with the official definitions', () => {
  it('a server span with a remote parent: every field', () => {
    const request = decode(
      encodeTraceRequest(RESOURCE, [
        span({
          parentSpanId: PARENT_ID,
          parentIsRemote: true,
          traceState: 'congo=t61rcWkgMzE',
          attributes: { 'http.request.method': 'GET', 'http.response.status_code': 200 },
          droppedAttributesCount: 3,
          events: [{ name: 'exception', time: [1_700_000_000, 500_000_000], attributes: { 'exception.type': 'Error', 'exception.message': 'boom' } }],
          droppedEventsCount: 1,
          links: [{ traceId: new Uint8Array(16).fill(0xab), spanId: 'ffffffffffffffff', traceState: 'a=b', traceFlags: 0, isRemote: false, attributes: { why: 'retry' }, droppedAttributesCount: 2 }],
          droppedLinksCount: 4,
          status: { code: 2, message: 'database gone' },
        }),
      ]),
    );
    assert.deepEqual(request, {
      resourceSpans: [
        {
          resource: {
            attributes: [
              { key: 'service.name', value: { stringValue: 'blog', value: 'stringValue' } },
              { key: 'service.instance.id', value: { stringValue: 'ä1', value: 'stringValue' } },
            ],
            droppedAttributesCount: 0,
            entityRefs: [],
          },
          schemaUrl: '',
          scopeSpans: [
            {
              scope: { name: 'fw-core', version: '0.1.0', attributes: [], droppedAttributesCount: 0 },
              schemaUrl: '',
              spans: [
                {
                  traceId: TRACE_ID,
                  spanId: 'b7ad6b7169203331',
                  traceState: 'congo=t61rcWkgMzE',
                  parentSpanId: '00f067aa0ba902b7',
                  flags: 0x301,
                  name: 'GET /posts/:id',
                  kind: 'SPAN_KIND_SERVER',
                  startTimeUnixNano: '1700000000123456789',
                  endTimeUnixNano: '1700000000987654321',
                  attributes: [
                    { key: 'http.request.method', value: { stringValue: 'GET', value: 'stringValue' } },
                    { key: 'http.response.status_code', value: { intValue: '200', value: 'intValue' } },
                  ],
                  droppedAttributesCount: 3,
                  events: [
                    {
                      name: 'exception',
                      timeUnixNano: '1700000000500000000',
                      attributes: [
                        { key: 'exception.type', value: { stringValue: 'Error', value: 'stringValue' } },
                        { key: 'exception.message', value: { stringValue: 'boom', value: 'stringValue' } },
                      ],
                      droppedAttributesCount: 0,
                    },
                  ],
                  droppedEventsCount: 1,
                  links: [
                    {
                      traceId: 'ab'.repeat(16),
                      spanId: 'ffffffffffffffff',
                      traceState: 'a=b',
                      flags: 0x100,
                      attributes: [{ key: 'why', value: { stringValue: 'retry', value: 'stringValue' } }],
                      droppedAttributesCount: 2,
                    },
                  ],
                  droppedLinksCount: 4,
                  status: { code: 'STATUS_CODE_ERROR', message: 'database gone' },
                },
              ],
            },
          ],
        },
      ],
    });
  });

  it('flags use the official SpanFlags masks; a root span says its parent is known not remote', () => {
    const [root, child] = decode(encodeTraceRequest(RESOURCE, [span({ traceFlags: 0x101 }), span({ traceFlags: 0, parentSpanId: PARENT_ID, parentIsRemote: true })])).resourceSpans[0].scopeSpans[0].spans;
    assert.equal(root.flags, SpanFlags.SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK! | 0x01);
    assert.equal(root.parentSpanId, '');
    assert.equal(child.flags, SpanFlags.SPAN_FLAGS_CONTEXT_HAS_IS_REMOTE_MASK! | SpanFlags.SPAN_FLAGS_CONTEXT_IS_REMOTE_MASK!);
  });

  it('every span kind, and status unset, ok, and an empty message left out', () => {
    const spans = [0, 1, 2, 3, 4].map((kind) => span({ kind, status: kind === 0 ? undefined : { code: kind % 3, message: '' } }));
    const decoded = decode(encodeTraceRequest(RESOURCE, spans)).resourceSpans[0].scopeSpans[0].spans;
    assert.deepEqual(
      decoded.map((s: any) => [s.kind, s.status.code, s.status.message]),
      [
        ['SPAN_KIND_INTERNAL', 'STATUS_CODE_UNSET', ''],
        ['SPAN_KIND_SERVER', 'STATUS_CODE_OK', ''],
        ['SPAN_KIND_CLIENT', 'STATUS_CODE_ERROR', ''],
        ['SPAN_KIND_PRODUCER', 'STATUS_CODE_UNSET', ''],
        ['SPAN_KIND_CONSUMER', 'STATUS_CODE_OK', ''],
      ],
    );
  });

  it('times to the nanosecond, from the epoch to past 2^63 ns', () => {
    const times: [number, number][] = [[0, 0], [0, 1], [1, 999_999_999], [1_700_000_000, 1], [4_294_967_295, 999_999_999], [9_223_372_036, 854_775_807], [18_446_744_073, 709_551_615]];
    const spans = times.map((time) => span({ startTime: time, endTime: time, events: [{ name: '', time }] }));
    const decoded = decode(encodeTraceRequest(RESOURCE, spans)).resourceSpans[0].scopeSpans[0].spans;
    const expected = ['0', '1', '1999999999', '1700000000000000001', '4294967295999999999', '9223372036854775807', '18446744073709551615'];
    assert.deepEqual(decoded.map((s: any) => s.startTimeUnixNano), expected);
    assert.deepEqual(decoded.map((s: any) => s.endTimeUnixNano), expected);
    assert.deepEqual(decoded.map((s: any) => s.events[0].timeUnixNano), expected);
  });

  it('every attribute value kind, int64 beyond 2^53 included', () => {
    const attributes = {
      str: 'x',
      empty: '',
      yes: true,
      no: false,
      zero: 0,
      negative: -1,
      safe: Number.MAX_SAFE_INTEGER,
      bigNumber: 2 ** 60,
      minNumber: -(2 ** 63),
      beyondInt64: 2 ** 63,
      bigint: 2n ** 62n + 1n,
      maxBigint: 2n ** 63n - 1n,
      minBigint: -(2n ** 63n),
      half: 0.5,
      nan: Number.NaN,
      inf: Number.NEGATIVE_INFINITY,
      bytes: Uint8Array.from([0, 255, 16]),
      strings: ['a', '', 'ü'],
      mixed: [1, 2.5, true, 'b', null, undefined],
      nested: [[1, [2]], { k: 'v' }],
      kv: { a: 1, b: { c: [false] }, skipped: undefined },
      emptyArray: [],
      emptyKv: {},
      dropped: undefined,
      // Kept as a key with an empty AnyValue, as the SDK 3 keeps and writes it.
      none: null,
    } satisfies LeanAttributes;
    const intOf = (intValue: string): unknown => ({ intValue, value: 'intValue' });
    const str = (stringValue: string): unknown => ({ stringValue, value: 'stringValue' });
    assert.deepEqual(attributesOf(encodeTraceRequest(RESOURCE, [span({ attributes })])), [
      { key: 'str', value: str('x') },
      { key: 'empty', value: str('') },
      { key: 'yes', value: { boolValue: true, value: 'boolValue' } },
      { key: 'no', value: { boolValue: false, value: 'boolValue' } },
      { key: 'zero', value: intOf('0') },
      { key: 'negative', value: intOf('-1') },
      { key: 'safe', value: intOf('9007199254740991') },
      { key: 'bigNumber', value: intOf('1152921504606846976') },
      { key: 'minNumber', value: intOf('-9223372036854775808') },
      { key: 'beyondInt64', value: { doubleValue: 2 ** 63, value: 'doubleValue' } },
      { key: 'bigint', value: intOf('4611686018427387905') },
      { key: 'maxBigint', value: intOf('9223372036854775807') },
      { key: 'minBigint', value: intOf('-9223372036854775808') },
      { key: 'half', value: { doubleValue: 0.5, value: 'doubleValue' } },
      { key: 'nan', value: { doubleValue: Number.NaN, value: 'doubleValue' } },
      { key: 'inf', value: { doubleValue: Number.NEGATIVE_INFINITY, value: 'doubleValue' } },
      { key: 'bytes', value: { bytesValue: '00ff10', value: 'bytesValue' } },
      { key: 'strings', value: { arrayValue: { values: [str('a'), str(''), str('ü')] }, value: 'arrayValue' } },
      { key: 'mixed', value: { arrayValue: { values: [intOf('1'), { doubleValue: 2.5, value: 'doubleValue' }, { boolValue: true, value: 'boolValue' }, str('b'), {}, {}] }, value: 'arrayValue' } },
      {
        key: 'nested',
        value: {
          arrayValue: {
            values: [
              { arrayValue: { values: [intOf('1'), { arrayValue: { values: [intOf('2')] }, value: 'arrayValue' }] }, value: 'arrayValue' },
              { kvlistValue: { values: [{ key: 'k', value: str('v') }] }, value: 'kvlistValue' },
            ],
          },
          value: 'arrayValue',
        },
      },
      {
        key: 'kv',
        value: {
          kvlistValue: {
            values: [
              { key: 'a', value: intOf('1') },
              { key: 'b', value: { kvlistValue: { values: [{ key: 'c', value: { arrayValue: { values: [{ boolValue: false, value: 'boolValue' }] }, value: 'arrayValue' } }] }, value: 'kvlistValue' } },
            ],
          },
          value: 'kvlistValue',
        },
      },
      { key: 'emptyArray', value: { arrayValue: { values: [] }, value: 'arrayValue' } },
      { key: 'emptyKv', value: { kvlistValue: { values: [] }, value: 'kvlistValue' } },
      { key: 'none', value: {} },
    ]);
  });

  it('UTF-8: multi-byte characters, surrogate pairs, and lone surrogates as U+FFFD, short and long', () => {
    const samples = ['é', '€', '😀', 'a\ud800b', '\udc00', 'x\ud83d', '\ud83d\ude00\ud83d', '', 'ü'.repeat(50), '😀'.repeat(40) + '\ud800', 'é'.repeat(10_000)];
    const attributes = Object.fromEntries(samples.map((value, i) => [`k${i}${value.slice(0, 3)}`, value]));
    const expected = samples.map((value, i) => ({ key: `k${i}${value.slice(0, 3)}`.toWellFormed(), value: { stringValue: value.toWellFormed(), value: 'stringValue' } }));
    assert.deepEqual(attributesOf(encodeTraceRequest(RESOURCE, [span({ name: 'lone \udfff', attributes })])), expected);
    assert.equal(decode(encodeTraceRequest(RESOURCE, [span({ name: 'lone \udfff' })])).resourceSpans[0].scopeSpans[0].spans[0].name, 'lone \ufffd');
    assert.equal('\ud800'.toWellFormed(), '\ufffd');
  });

  it('large spans: lengths of two and three bytes are written canonically', () => {
    for (const count of [1, 100, 3_000]) {
      const attributes = Object.fromEntries(Array.from({ length: count }, (_, i) => [`attr.${i}`, `value ${i}`]));
      const spans = [span({ attributes }), span({ name: 'after' })];
      assert.deepEqual(decode(encodeTraceRequest(RESOURCE, spans)), expectedRequest(RESOURCE, spans, new Map()));
    }
  });

  it('keys repeated over many spans, past the number and length of keys the encoder keeps, decode alike', () => {
    const long = `k.${'x'.repeat(100)}`;
    const spans: LeanSpanData[] = [];
    // 600 distinct keys (more than are kept), then the first and last of them again, and a long
    // key (longer than is kept) twice, each time with other values.
    for (let i = 0; i < 600; i++) spans.push(span({ attributes: { [`key.${i}`]: i, 'url.path': `/p/${i}` } }));
    for (let i = 0; i < 3; i++) spans.push(span({ attributes: { 'key.0': `again ${i}`, 'key.599': i, [long]: `long ${i}`, 'url.path': `/q/${i}`, 'ü.é': true } }));
    assert.deepEqual(decode(encodeTraceRequest(RESOURCE, spans)), expectedRequest(RESOURCE, spans, new Map()));
  });

  it('span names repeated over many spans, past the number and length of names the encoder keeps, decode alike', () => {
    const long = `GET ${'/x'.repeat(50)}`;
    const spans: LeanSpanData[] = [];
    // 600 distinct names (more than are kept), then the first and last again, a long name (longer
    // than is kept) twice, a name of multi-byte characters twice, and the empty name twice.
    for (let i = 0; i < 600; i++) spans.push(span({ name: `GET /route/${i}` }));
    for (let i = 0; i < 2; i++) for (const name of ['GET /route/0', 'GET /route/599', long, 'GET /café/😀', '']) spans.push(span({ name }));
    const decoded = decode(encodeTraceRequest(RESOURCE, spans));
    const names: string[] = decoded.resourceSpans[0].scopeSpans[0].spans.map((s: { name: string }) => s.name);
    assert.deepEqual(names.slice(-5), ['GET /route/0', 'GET /route/599', long, 'GET /café/😀', '']);
    assert.deepEqual(decoded, expectedRequest(RESOURCE, spans, new Map()));
  });

  it('pre-encoded attribute blocks come first, as if given one by one', () => {
    const route = { 'http.route': '/posts/:id', 'url.scheme': 'http' };
    const socket = { 'server.address': '127.0.0.1', 'server.port': 8080, 'network.peer.address': '::1' };
    const blocks = [encodeAttributeBlock(route), encodeAttributeBlock(socket)];
    assert.deepEqual(
      blocks.map((b) => b.count),
      [2, 3],
    );
    const withBlocks = encodeTraceRequest(RESOURCE, [span({ attributeBlocks: blocks, attributes: { 'http.response.status_code': 404 } })]);
    const plain = encodeTraceRequest(RESOURCE, [span({ attributes: { ...route, ...socket, 'http.response.status_code': 404 } })]);
    assert.deepEqual(withBlocks, plain);
    assert.equal((attributesOf(withBlocks) as unknown[]).length, 6);
  });

  it('groups spans by scope in order of first appearance, with schema urls', () => {
    const other: LeanScope = { name: 'user-code', schemaUrl: 'https://opentelemetry.io/schemas/1.26.0' };
    const resource: LeanResource = { attributes: { 'service.name': 'x' }, schemaUrl: 'https://opentelemetry.io/schemas/1.30.0' };
    const spans = [span({ name: 'a' }), span({ scope: other, name: 'b' }), span({ name: 'c' })];
    const request = decode(encodeTraceRequest(resource, spans));
    const names = request.resourceSpans[0].scopeSpans.map((s: any) => [s.scope.name, s.spans.map((x: any) => x.name)]);
    assert.deepEqual(request, expectedRequest(resource, spans, new Map()));
    assert.deepEqual(
      names,
      [
        ['fw-core', ['a', 'c']],
        ['user-code', ['b']],
      ],
    );
  });

  it('take() starts a new batch; an empty batch is an empty request', () => {
    const encoder = new OtlpTraceEncoder(RESOURCE);
    assert.equal(encoder.take().length, 0);
    assert.deepEqual(decode(encoder.take()), { resourceSpans: [] });
    encoder.add(span({ name: 'one' }));
    encoder.add(span({ name: 'two' }));
    const first = encoder.take();
    encoder.add(span({ name: 'three' }));
    assert.deepEqual(decode(first), expectedRequest(RESOURCE, [span({ name: 'one' }), span({ name: 'two' })], new Map()));
    assert.deepEqual(decode(encoder.take()), expectedRequest(RESOURCE, [span({ name: 'three' })], new Map()));
  });

  it('a span whose encoding throws leaves nothing of it in the batch', () => {
    const encoder = new OtlpTraceEncoder(RESOURCE);
    encoder.add(span({ name: 'one' }));
    const failing = {
      'http.route': '/posts/:id',
      get 'fw.controller'(): string {
        throw new TypeError('an attribute that cannot be read');
      },
    } as LeanAttributes;
    assert.throws(() => encoder.add(span({ name: 'broken', attributes: failing })), /cannot be read/);
    encoder.add(span({ name: 'two' }));
    assert.deepEqual(decode(encoder.take()), expectedRequest(RESOURCE, [span({ name: 'one' }), span({ name: 'two' })], new Map()));
  });
});
