/**
 * The lean traceparent parser agrees with the OpenTelemetry SDK's W3C propagator (the path fw
 * takes today) on the W3C cases of otel-traceparent.test.ts and on thousands of seeded
 * mutations of a valid header: same parent or none, same flags, tracestate kept only with a
 * parent. U+00A0 around the header (node:http trims only spaces and tabs) is allowed once at each
 * end, as the official pattern's `\s?` allows it; the lean path used to refuse it (a server continuing
 * such a trace on both paths: otel-traceparent-nbsp-server.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ROOT_CONTEXT, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { toHex, parseTraceparent } from '../src/otel/lean/lean-span.ts';
import { INVALID_TRACEPARENTS, PARENT, TRACE } from './support/traceparent-cases.ts';
import { seededRandom } from '../../../tests/e2e/support/seeded-random.ts';

const propagator = new W3CTraceContextPropagator();

/** What the SDK's propagator extracts, in the lean parser's terms. */
function sdkView(traceparent: string | string[], tracestate?: string | string[]): { traceId: string; spanId: string; flags: number; traceState: string | undefined } | undefined {
  const carrier: Record<string, string | string[]> = { traceparent, ...(tracestate === undefined ? {} : { tracestate }) };
  const parent = trace.getSpanContext(propagator.extract(ROOT_CONTEXT, carrier, { get: (c, key) => c[key], keys: (c) => Object.keys(c) }));
  if (parent === undefined) return undefined;
  return { traceId: parent.traceId, spanId: parent.spanId, flags: parent.traceFlags, traceState: parent.traceState?.serialize() || undefined };
}

function leanView(traceparent: string | string[], tracestate?: string | string[]): ReturnType<typeof sdkView> {
  const parent = parseTraceparent(traceparent, tracestate);
  if (parent === undefined) return undefined;
  return { traceId: toHex(parent.traceId), spanId: toHex(parent.spanId), flags: parent.flags, traceState: parent.traceState?.serialize() || undefined };
}

const VALID = `00-${TRACE}-${PARENT}-01`;
const CASES: Record<string, string> = {
  valid: VALID,
  'not sampled': `00-${TRACE}-${PARENT}-00`,
  'future version with fields': `cc-${TRACE}-${PARENT}-01-what-the-future-holds`,
  'future version, exact length': `cc-${TRACE}-${PARENT}-01`,
  'future version, no dash after flags': `cc-${TRACE}-${PARENT}-01x`,
  // node:http trims spaces and tabs around a header value, not U+00A0, which the official pattern allows once at each end.
  'U+00A0 before': `\u00a0${VALID}`,
  'U+00A0 after, not sampled': `00-${TRACE}-${PARENT}-00\u00a0`,
  'U+00A0 at both ends': `\u00a0${VALID}\u00a0`,
  'two U+00A0 before': `\u00a0\u00a0${VALID}`,
  'two U+00A0 after': `${VALID}\u00a0\u00a0`,
  'U+00A0 inside': `00-${TRACE}-${PARENT}\u00a001`,
  'future version between U+00A0': `\u00a0cc-${TRACE}-${PARENT}-01\u00a0`,
  'future version, U+00A0 then a field': `cc-${TRACE}-${PARENT}-01\u00a0-x`,
  'version 00, a dash then U+00A0': `${VALID}-\u00a0`,
  // The official pattern's `(-.*)?` stops at a line terminator; inject and other in-process callers can hand one over.
  'future version, LF in a field': `cc-${TRACE}-${PARENT}-01-a\nb`,
  'future version, CR in a field': `cc-${TRACE}-${PARENT}-01-a\rb`,
  'future version, U+2028 in a field': `cc-${TRACE}-${PARENT}-01-a\u2028b`,
  'future version, U+2029 at the end': `cc-${TRACE}-${PARENT}-01-x\u2029`,
  'future version, LF at the end': `cc-${TRACE}-${PARENT}-01-x\n`,
  ...INVALID_TRACEPARENTS,
};

describe('lean traceparent', () => {
  for (const [name, header] of Object.entries(CASES)) {
    it(`agrees with the SDK propagator: ${name}`, () => {
      assert.deepEqual(leanView(header, 'vendor=abc'), sdkView(header, 'vendor=abc'));
    });
  }

  it('keeps tracestate only with a valid parent, and reads the sampled flag', () => {
    const parent = parseTraceparent(CASES['valid'], 'vendor=abc,other=1');
    assert.equal(parent?.traceState?.serialize(), 'vendor=abc,other=1');
    assert.equal(parent?.flags, 1);
    assert.equal(parseTraceparent(CASES['version ff'], 'vendor=abc'), undefined);
    assert.equal(parseTraceparent(undefined, 'vendor=abc'), undefined);
  });

  it('several traceparent values (an array: inject passes a repeated header so; node:http joins it into one invalid value): the first, as the SDK propagator takes it', () => {
    // The W3C test suite (test_traceparent_duplicated) expects a new trace instead; the official propagator, the reference, takes the first.
    const other = `00-${'1'.repeat(32)}-${'2'.repeat(16)}-00`;
    const cases: [string[], string | string[] | undefined][] = [
      [[VALID, other], 'vendor=abc'],
      [[other, VALID], ['a=1', 'b=2']],
      [['garbage', VALID], 'vendor=abc'],
      [[VALID], undefined],
      [[], 'vendor=abc'],
      [[`${VALID}, ${other}`], undefined],
    ];
    for (const [traceparent, tracestate] of cases) assert.deepEqual(leanView(traceparent, tracestate), sdkView(traceparent, tracestate), JSON.stringify(traceparent));
    assert.equal(leanView([VALID, other])?.spanId, PARENT);
    assert.equal(leanView(`${VALID}, ${other}`), undefined, 'joined by node:http: one invalid value on both');
  });

  it('agrees with the SDK propagator on 20000 seeded mutations of a valid header', () => {
    const random = seededRandom(0x7ace);
    const alphabet = '0123456789abcdefABCDEF-xg \u00a0';
    for (let i = 0; i < 20000; i += 1) {
      const chars = [...(random.chance(0.5) ? CASES['valid']! : CASES['future version with fields']!)];
      for (let edits = random.int(1, 3); edits > 0; edits -= 1) {
        const at = random.int(0, chars.length - 1);
        const kind = random.int(0, 3);
        if (kind === 0) chars[at] = random.pick([...alphabet]);
        else if (kind === 1) chars.splice(at, 1);
        else if (kind === 2) chars.splice(at, 0, random.pick([...alphabet]));
        else chars.splice(at, chars.length - at, ...'0'.repeat(chars.length - at));
      }
      // Trimmed as node:http trims a header value: spaces and tabs, not U+00A0.
      const header = chars.join('').replace(/^[ \t]+|[ \t]+$/g, '');
      assert.deepEqual(leanView(header), sdkView(header), `seed ${random.seed}, case ${i}: ${JSON.stringify(header)}`);
    }
  });
});
