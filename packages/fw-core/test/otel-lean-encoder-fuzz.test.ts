/**
 * Seeded fuzz of fw's OTLP trace encoder against the official opentelemetry-proto definitions:
 * random batches (span, scope, event, link and attribute counts; every AnyValue kind nested in
 * arrays and kvlists; strings with multi-byte characters and lone surrogates; times up to 2^64
 * ns; ids as bytes or hex; pre-encoded attribute blocks) are encoded through one reused
 * encoder, decoded with protobufjs and compared field by field with the input. Each request must
 * also come out of the official encoder byte for byte. FW_FUZZ_SEED=<seed> replays a run.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Random, seededRandom } from '../../../tests/e2e/support/seeded-random.ts';
import { encodeAttributeBlock, type LeanAnyValue, type LeanAttributeBlock, type LeanAttributes, type LeanEvent, type LeanId, type LeanLink, type LeanResource, type LeanScope, type LeanSpanData, type LeanTime, OtlpTraceEncoder } from '../src/otel/lean/otlp-trace-encoder.ts';
import { expectedRequest, withHexBytes } from './support/otel-lean-expected.ts';
import { decodeTraceRequest } from './support/otlp-official-trace.ts';

const BATCHES = 3_000;
// A loaded machine stops early rather than failing; the batches run are reported.
const TIME_LIMIT_MS = 8_000;
const FEWEST_BATCHES = 300;
const SEED = Number(process.env.FW_FUZZ_SEED ?? 0x07e1_2026);

// Characters of every UTF-8 length, and lone surrogates (high, low) that must become U+FFFD.
const CHARS = ['a', 'Z', '0', ' ', '/', ':', '"', '\0', '\n', '\x7f', 'é', 'ß', '\u07ff', '€', '\u0800', '中', '\uffff', '\ufffd', '😀', '\u{10ffff}', '\ud800', '\udbff', '\udc00', '\udfff'];

function randomString(r: Random): string {
  const length = r.chance(0.05) ? r.int(43, 400) : r.int(0, 12);
  let out = '';
  for (let i = 0; i < length; i++) out += r.chance(0.7) ? String.fromCharCode(r.int(0x20, 0x7e)) : r.pick(CHARS);
  return out;
}

function randomNumber(r: Random): number {
  switch (r.int(0, 6)) {
    case 0:
      return r.int(-1000, 1000);
    case 1:
      return r.int(-(2 ** 31), 2 ** 31) * r.int(1, 2 ** 22);
    case 2:
      return (r.next() - 0.5) * 2 ** 64; // integral beyond 2^53, or rarely int64's edges
    case 3:
      return (r.next() - 0.5) * 10 ** r.int(-5, 300);
    case 4:
      return r.pick([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, -0, 2 ** 63, -(2 ** 63), Number.MAX_VALUE, Number.MIN_VALUE]);
    default:
      return r.next();
  }
}

function randomBigint(r: Random): bigint {
  const value = BigInt.asIntN(64, BigInt(`0x${r.bytes(8).toString('hex')}`));
  return r.chance(0.1) ? value * 3n : value; // sometimes beyond 64 bits: wrapped
}

function randomValue(r: Random, depth: number): LeanAnyValue {
  switch (r.int(0, depth > 2 ? 5 : 8)) {
    case 0:
      return randomString(r);
    case 1:
      return r.chance(0.5);
    case 2:
      return randomNumber(r);
    case 3:
      return randomBigint(r);
    case 4:
      return r.bytes(r.int(0, 20));
    case 5:
      return r.pick([null, undefined, '', 0]);
    case 6:
    case 7:
      return Array.from({ length: r.int(0, 5) }, () => randomValue(r, depth + 1));
    default:
      return randomAttributes(r, 4, depth + 1);
  }
}

function randomAttributes(r: Random, most: number, depth = 0): LeanAttributes {
  const out: Record<string, LeanAnyValue> = {};
  const count = r.int(0, most);
  for (let i = 0; i < count; i++) out[`${randomString(r)}#${i}`] = randomValue(r, depth);
  return out;
}

function randomId(r: Random, length: number): LeanId {
  const bytes = r.bytes(length);
  if (r.chance(0.6)) return bytes;
  const hex = bytes.toString('hex');
  return r.chance(0.5) ? hex : hex.toUpperCase();
}

function randomTime(r: Random): LeanTime {
  const seconds = r.chance(0.1) ? r.int(0, 18_446_744_072) : 1_700_000_000 + r.int(0, 10 ** 8);
  return [seconds, r.chance(0.1) ? r.pick([0, 999_999_999]) : r.int(0, 999_999_999)];
}

function maybe<T>(r: Random, p: number, make: () => T): T | undefined {
  return r.chance(p) ? make() : undefined;
}

function randomEvent(r: Random): LeanEvent {
  return { name: randomString(r), time: randomTime(r), attributes: maybe(r, 0.7, () => randomAttributes(r, 4)), droppedAttributesCount: maybe(r, 0.2, () => r.int(0, 2 ** 32 - 1)) };
}

function randomLink(r: Random): LeanLink {
  return {
    traceId: randomId(r, 16),
    spanId: randomId(r, 8),
    traceState: maybe(r, 0.3, () => randomString(r)),
    traceFlags: r.int(0, 255),
    isRemote: r.pick([true, false, undefined]),
    attributes: maybe(r, 0.5, () => randomAttributes(r, 3)),
    droppedAttributesCount: maybe(r, 0.2, () => r.int(0, 1000)),
  };
}

interface Batch {
  readonly spans: LeanSpanData[];
}

function randomSpan(r: Random, scopes: readonly LeanScope[], blocks: readonly LeanAttributeBlock[]): LeanSpanData {
  return {
    scope: r.pick(scopes),
    traceId: randomId(r, 16),
    spanId: randomId(r, 8),
    traceState: maybe(r, 0.2, () => randomString(r)),
    parentSpanId: maybe(r, 0.5, () => randomId(r, 8)),
    parentIsRemote: r.pick([true, false, undefined]),
    traceFlags: r.int(0, 511),
    name: randomString(r),
    kind: r.int(0, 4),
    startTime: randomTime(r),
    endTime: randomTime(r),
    attributeBlocks: maybe(r, 0.3, () => Array.from({ length: r.int(0, 2) }, () => r.pick(blocks))),
    attributes: maybe(r, 0.8, () => randomAttributes(r, 10)),
    droppedAttributesCount: maybe(r, 0.1, () => r.int(0, 2 ** 32 - 1)),
    events: maybe(r, 0.3, () => Array.from({ length: r.int(0, 3) }, () => randomEvent(r))),
    droppedEventsCount: maybe(r, 0.1, () => r.int(0, 100)),
    links: maybe(r, 0.2, () => Array.from({ length: r.int(0, 2) }, () => randomLink(r))),
    droppedLinksCount: maybe(r, 0.1, () => r.int(0, 100)),
    status: maybe(r, 0.6, () => ({ code: r.int(0, 2), message: maybe(r, 0.5, () => randomString(r)) })),
  };
}

test(`up to ${BATCHES} seeded random batches decode with the official definitions to their input`, (t) => {
  const r = seededRandom(SEED);
  t.diagnostic(`fuzz seed ${SEED} (FW_FUZZ_SEED=${SEED} replays it), ${BATCHES} batches`);
  const resource: LeanResource = { attributes: randomAttributes(r, 8), schemaUrl: randomString(r) };
  const encoder = new OtlpTraceEncoder(resource);
  const scopes: LeanScope[] = Array.from({ length: 4 }, (_, i) => ({
    name: `scope-${i}-${randomString(r)}`,
    version: maybe(r, 0.7, () => randomString(r)),
    schemaUrl: maybe(r, 0.5, () => randomString(r)),
  }));
  const blockAttributes = new Map<LeanAttributeBlock, LeanAttributes>();
  for (let i = 0; i < 5; i++) {
    const attributes = randomAttributes(r, 6);
    blockAttributes.set(encodeAttributeBlock(attributes), attributes);
  }
  const blocks = [...blockAttributes.keys()];
  const started = performance.now();
  let spans = 0;
  let run = 0;
  for (; run < BATCHES && performance.now() - started < TIME_LIMIT_MS; run++) {
    const batch: Batch = { spans: Array.from({ length: r.chance(0.02) ? 0 : r.int(1, 8) }, () => randomSpan(r, scopes, blocks)) };
    for (const span of batch.spans) encoder.add(span);
    spans += batch.spans.length;
    const where = `batch ${run} of seed ${SEED} (FW_FUZZ_SEED=${SEED} replays it)`;
    let decoded: unknown;
    try {
      decoded = withHexBytes(decodeTraceRequest(encoder.take()));
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
    }
    assert.deepEqual(decoded, expectedRequest(resource, batch.spans, blockAttributes), where);
  }
  const elapsed = performance.now() - started;
  t.diagnostic(`${run} batches, ${spans} spans in ${Math.round(elapsed)} ms`);
  assert.ok(run >= FEWEST_BATCHES, `only ${run} batches in ${TIME_LIMIT_MS} ms (seed ${SEED})`);
});
