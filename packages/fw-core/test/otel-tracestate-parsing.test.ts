/**
 * `tracestate` is parsed once, as the official W3CTraceContextPropagator parses it, and the lean
 * server span exports what its span context carries (issue 36, item 3): for every header of the
 * table, the `trace_state` exported by the lean path, by the full (SDK) path and the one the
 * official propagator makes of the header are the same string, and so is the child span's (the
 * SDK copies the server span context's trace state into it). The lean path used to export the
 * header as received: more than 32 members, invalid ones, empty ones and blanks, repeated keys
 * and a list over 512 characters all came out differently.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { ROOT_CONTEXT, trace, type TraceState as ApiTraceState } from '@opentelemetry/api';
import { TraceState, W3CTraceContextPropagator } from '@opentelemetry/core';
import { ParsedTraceState } from '../src/otel/propagation/trace-state.ts';
import { startPropagationApp, type PropagationApp } from './support/otel-propagation-app.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const TRACEPARENT = `00-${TRACE}-${PARENT}-01`;

/** `count` members `k<i>=v<i>`. */
function members(count: number): string {
  return Array.from({ length: count }, (_, i) => `k${i}=v${i}`).join(',');
}

/** 19 members of 34 characters, the last one 39: 669 characters, more than the 512 a list may have. */
function longHeader(): string {
  const list = Array.from({ length: 19 }, (_, i) => `m${String(i).padStart(2, '0')}=${'x'.repeat(i === 18 ? 35 : 30)}`).join(',');
  assert.equal(list.length, 669);
  return list;
}

/** Header value (as sent, node trims the ends) → what it tests. */
const CASES: readonly (readonly [string, string])[] = [
  ['one member', 'vendor=abc'],
  ['33 members (at most 32 are kept)', members(33)],
  ['an uppercase key', 'UPPER=1,ok=2'],
  ['a value with =', 'a=b=c,ok=2'],
  ['empty members', 'a=1,,b=2,'],
  ['blanks around members', 'a=1 ,  b=2,\tc=3'],
  ['a repeated key', 'a=1,b=2,a=3'],
  ['669 characters (at most 512)', longHeader()],
  ['a member that no longer fits, then one that does', `a=${'x'.repeat(255)},b=${'y'.repeat(255)},c=1`],
  ['multi-tenant and punctuated keys', 'tenant@vendor=1,a_b-c*d/e=2,0t@v=3,0bad=4'],
  ['a value with inner blanks', 'a=hello world,b= lead'],
  ['an empty value', 'a=,b=2'],
  ['a 257-character value and key', `a=${'v'.repeat(257)},${'k'.repeat(257)}=1,ok=1`],
  ['no valid member', 'UPPER=1,=x,noequals'],
  ['a member without a key', '=1,a=1'],
  ['a tenant part too long', `t@${'v'.repeat(15)}=1,t@${'v'.repeat(14)}=2`],
  ['33 members with a repeated key among them', `${members(20)},k3=again,${members(15).replaceAll('k', 'j')}`],
];

/** What the official propagator makes of `tracestate` (as node hands it over: ends trimmed). */
function official(header: string): string {
  const carrier = { traceparent: TRACEPARENT, tracestate: header.trim() };
  const parent = trace.getSpanContext(new W3CTraceContextPropagator().extract(ROOT_CONTEXT, carrier, { get: (c, key) => c[key as keyof typeof c], keys: (c) => Object.keys(c) }));
  return parent?.traceState?.serialize() ?? '';
}

/** The exported trace_state of the server and the child span, per case, on one path. */
async function exportedOn(path: 'lean' | 'full'): Promise<Map<string, { server: string; child: string }>> {
  const app: PropagationApp = await startPropagationApp(path);
  try {
    const seen = new Map<string, { server: string; child: string }>();
    for (const [name, header] of CASES) {
      const { server, child } = await app.exchange({ traceparent: TRACEPARENT, tracestate: header });
      assert.equal(server.traceId, TRACE, `${path}, ${name}: the upstream trace is continued`);
      seen.set(name, { server: server.traceState, child: child.traceState });
    }
    return seen;
  } finally {
    await app.close();
  }
}

describe('tracestate, parsed as the official W3C propagator parses it', () => {
  let lean: Map<string, { server: string; child: string }>;
  let full: Map<string, { server: string; child: string }>;
  before(async () => {
    lean = await exportedOn('lean');
    full = await exportedOn('full');
  });

  for (const [name, header] of CASES) {
    it(`exports the same trace_state on both paths as the official propagator: ${name}`, () => {
      const expected = official(header);
      assert.deepEqual(lean.get(name), { server: expected, child: expected }, 'lean path');
      assert.deepEqual(full.get(name), { server: expected, child: expected }, 'full path');
    });
  }

  it('keeps the first 32 keys of 33, drops invalid members and blanks, and keeps a repeated key in its first place with its last value', () => {
    assert.equal(official(members(33)), members(32));
    assert.equal(official('UPPER=1,a=b=c,ok=2'), 'ok=2');
    assert.equal(official('a=1 ,, b=2'), 'a=1,b=2');
    assert.equal(official('a=1,b=2,a=3'), 'a=3,b=2');
    assert.equal(ParsedTraceState.parse(longHeader()).serialize().length <= 512, true);
  });

  it('sets and unsets as the official TraceState: a set key moves to the front, within the limits', () => {
    const steps: ((state: ApiTraceState) => ApiTraceState)[] = [
      (s) => s.set('b', 'new'),
      (s) => s.set('z', '1'),
      (s) => s.set('UPPER', '1'),
      (s) => s.set('a', 'x'.repeat(300)),
      (s) => s.unset('a'),
      (s) => s.unset('missing'),
    ];
    for (const header of ['a=1,b=2,c=3', members(32), `a=${'x'.repeat(250)},b=${'y'.repeat(250)}`]) {
      for (const step of steps) {
        const ours = step(ParsedTraceState.parse(header));
        const theirs = step(new TraceState(header));
        assert.equal(ours.serialize(), theirs.serialize(), `${header.slice(0, 20)}…`);
      }
    }
  });
});
