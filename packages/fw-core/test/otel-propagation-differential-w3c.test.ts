/**
 * Seeded differential fuzz of the lean path's W3C fast path (fw's own `traceparent` parser and
 * `tracestate` list, the baggage header handed alone to the propagator) against the official
 * W3CTraceContextPropagator and W3CBaggagePropagator of @opentelemetry/core in a
 * CompositePropagator, as the full path extracts: random and adversarial `traceparent`,
 * `tracestate` and `baggage` headers (versions, flags, case, whitespace, repeated lines, the
 * 32-member and 512-character tracestate limits, baggage's 180 members, 8192 bytes and 4096 per
 * member, percent-encoding in values and properties, invalid keys), sent as node:http joins
 * header lines, and as an application's carrier holds them (arrays, line terminators). Each
 * case compares the server span's context, its exported parent, trace state and flags, the
 * baggage, and what `propagation.inject` writes for the span, which must be what the official
 * propagator injects for the same context. And the span context's trace state behaves as the
 * official TraceState under random `set` and `unset`. FW_FUZZ_SEED=<seed> replays a run.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { propagation, ROOT_CONTEXT, type TextMapGetter, type TextMapSetter, trace } from '@opentelemetry/api';
import { TraceState } from '@opentelemetry/core';
import { propagatorNames } from '../src/otel/env-config.ts';
import { propagatorFromNames } from '../src/otel/propagation/propagators.ts';
import { ParsedTraceState, traceStateOf } from '../src/otel/propagation/trace-state.ts';
import { type Random, seededRandom } from '../../../tests/e2e/support/seeded-random.ts';
import { type Headers, leanServer, officialPropagator, officialView } from './support/lean-propagation-differential.ts';

const SEED = Number(process.env.FW_FUZZ_SEED ?? 0x3c_2026);
const CASES = 1_000;

const HEX = '0123456789abcdef';
const hexOf = (r: Random, length: number): string => Array.from({ length }, () => r.pick([...HEX])).join('');

/** Whitespace a header can carry around its value or inside it: node:http trims spaces and tabs only. */
const BLANKS = [' ', '\t', '\u00a0', '\ufeff', '\u2028', '\u3000', '\v'];

/** One character changed, added or taken out: the mutations a hand-written parser gets wrong. */
function mutate(r: Random, text: string): string {
  // Half the time where the fields meet: the dashes, the version and the flags.
  const at = r.chance(0.5) ? r.pick([0, 1, 2, 3, 34, 35, 36, 51, 52, 53, 54, 55]) : r.int(0, text.length);
  switch (r.int(0, 5)) {
    case 0:
      return text.slice(0, at) + text.slice(at + 1);
    case 1:
      return text.slice(0, at) + r.pick([...HEX, '-', 'g', 'F', ' ', ',', '=', ...BLANKS]) + text.slice(at);
    case 2:
      return text.slice(0, at) + r.pick([...HEX, '-', 'G', 'A', ' ']) + text.slice(at + 1);
    case 3:
      return text.slice(0, at) + text.slice(at, at + 1).toUpperCase() + text.slice(at + 1);
    default:
      return text;
  }
}

function traceparent(r: Random): string {
  const version = r.chance(0.7) ? '00' : r.pick(['01', 'cc', 'fe', 'ff', 'FF', '0g', '0', '000']);
  const traceId = r.chance(0.05) ? '0'.repeat(32) : r.chance(0.05) ? hexOf(r, r.pick([31, 33, 16])) : hexOf(r, 32);
  const spanId = r.chance(0.05) ? '0'.repeat(16) : hexOf(r, 16);
  const flags = r.chance(0.8) ? r.pick(['00', '01', '03', 'ff', '7f', '02']) : r.pick(['1', '001', 'zz', 'F1']);
  let header = `${version}-${traceId}-${spanId}-${flags}`;
  if (r.chance(0.15)) header += r.pick(['-', '-x', '-future-fields', 'x', '-\u00a0', '--', `-${hexOf(r, 8)}`]);
  if (r.chance(0.3)) header = mutate(r, header);
  if (r.chance(0.1)) header = r.pick(BLANKS) + header;
  if (r.chance(0.1)) header += r.pick(BLANKS);
  if (r.chance(0.02)) header = header.toUpperCase();
  return header;
}

const KEY_START = 'abcdefghijklmnopqrstuvwxyz';
const KEY_CHARS = `${KEY_START}0123456789_-*/`;

function tracestateKey(r: Random): string {
  const simple = (length: number) => r.pick([...KEY_START]) + Array.from({ length: length - 1 }, () => r.pick([...KEY_CHARS])).join('');
  switch (r.int(0, 9)) {
    case 0:
      return simple(r.pick([255, 256, 257]));
    case 1:
      return `${simple(r.pick([240, 241, 242]))}@${simple(r.pick([13, 14, 15]))}`;
    case 2:
      return r.pick(['UPPER', '1abc', 'a b', '', 'k\u00e9', '@vendor', 'tenant@', 'a@b@c', '9t@v', 'k=']);
    case 3:
      return `${hexOf(r, 3)}@${simple(3)}`;
    default:
      return r.chance(0.5) ? r.pick(['congo', 'rojo', 'dd', 'vendor', 'k']) : simple(r.int(1, 12));
  }
}

function tracestateValue(r: Random): string {
  switch (r.int(0, 9)) {
    case 0:
      return 'v'.repeat(r.pick([255, 256, 257]));
    case 1:
      return r.pick(['', ' ', 'a=b', 'a,b', 'tail ', ' lead', 'é', '\x7f', 'x\ty', '~!"#']);
    default:
      return Array.from({ length: r.int(1, 16) }, () => String.fromCharCode(r.int(0x21, 0x7e))).join('').replace(/[,=]/g, r.chance(0.9) ? '.' : ',');
  }
}

function tracestate(r: Random): string {
  const members: string[] = [];
  const count = r.chance(0.15) ? r.int(28, 40) : r.int(0, 6);
  for (let i = 0; i < count; i += 1) {
    if (r.chance(0.05)) members.push(r.pick(['', ' ', 'novalue', '=x']));
    else {
      const key = r.chance(0.15) && members.length > 0 ? r.pick(members).split('=')[0]!.trim() : tracestateKey(r);
      members.push(`${r.chance(0.2) ? r.pick([' ', '\t', '  ']) : ''}${key}=${tracestateValue(r)}${r.chance(0.2) ? r.pick([' ', '\t']) : ''}`);
    }
  }
  return members.join(',');
}

const TOKEN = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!#$&'*+-.^_`|~";

function baggageMember(r: Random): string {
  const token = (length: number) => Array.from({ length }, () => r.pick([...TOKEN])).join('');
  const key = r.chance(0.85) ? token(r.int(1, 10)) : r.pick(['', ' ', 'k y', '%41b', '%zz', 'ключ', 'a=b', '%']);
  let value: string;
  switch (r.int(0, 7)) {
    case 0:
      value = r.pick(['%20', '%E2%82%AC', '%zz', '%E0%A4', '%', '%2C', '%3B', 'a%3Db', '']);
      break;
    case 1:
      value = 'v'.repeat(r.pick([4080, 4090, 4094, 4095, 4096, 5000]) - key.length);
      break;
    case 2:
      value = encodeURIComponent(String.fromCharCode(r.int(0x20, 0x2fff)) + token(3));
      break;
    default:
      value = token(r.int(1, 20));
  }
  let member = `${key}${r.chance(0.2) ? ' ' : ''}=${r.chance(0.2) ? '\t' : ''}${value}`;
  if (r.chance(0.2)) member += r.pick([';p', ';p=1', '; meta = %41 ', ';', ';;x', ';a=b;c', ';%zz']);
  if (r.chance(0.1)) member = r.pick([' ', '\t']) + member + r.pick([' ', '\t', '']);
  if (r.chance(0.03)) member = r.pick(['', ' ', 'novalue', '=v', ';only']);
  return member;
}

function baggage(r: Random): string {
  const count = r.chance(0.1) ? r.int(170, 200) : r.int(1, 6);
  return Array.from({ length: count }, () => baggageMember(r)).join(r.chance(0.8) ? ',' : r.pick([', ', ' ,', ',\t']));
}

/** Header lines of one request: a name repeated is several lines (node:http joins them; asGiven keeps them as an array). */
function headersOf(r: Random, asGiven: boolean): Headers {
  const headers: Headers = {};
  const add = (name: string, make: (r: Random) => string): void => {
    const lines = Array.from({ length: r.chance(0.1) ? r.int(2, 3) : 1 }, () => make(r));
    headers[name] = lines.length === 1 && (!asGiven || r.chance(0.7)) ? lines[0]! : lines;
  };
  if (r.chance(0.9)) add('traceparent', traceparent);
  if (r.chance(0.6)) add('tracestate', tracestate);
  if (r.chance(0.5)) add('baggage', baggage);
  return headers;
}

/** What node:http (and inject) refuse in a header line: the listener never sees such a request. */
const REFUSED = /[\0-\x08\x0a-\x1f\x7f]|[^\0-\xff]/;

for (const variable of ['tracecontext,baggage', 'tracecontext', 'baggage']) {
  test(`OTEL_PROPAGATORS=${variable}: fw's lean W3C fast path extracts and injects what the official propagators do (seed ${SEED})`, async () => {
    const server = await leanServer(variable);
    const official = officialPropagator(variable);
    const r = seededRandom(SEED);
    // How many cases reached each outcome: a run that never continues a trace, keeps a trace state or reads baggage proves nothing.
    const reached = { parent: 0, traceState: 0, baggage: 0, newTrace: 0 };
    try {
      for (let i = 0; i < CASES; i += 1) {
        const asGiven = r.chance(0.3);
        const headers = headersOf(r, asGiven);
        if (!asGiven && Object.values(headers).flat().some((line) => REFUSED.test(line))) continue;
        const fw = await server.exchange(headers, asGiven);
        const { own, received, ...lean } = fw;
        const expected = officialView(official, received, own.spanId, own.traceId);
        assert.deepEqual(lean, expected, `case ${i} of seed ${SEED} (FW_FUZZ_SEED=${SEED}): ${JSON.stringify(headers)}`);
        reached.parent += lean.parent === undefined ? 0 : 1;
        reached.newTrace += lean.parent === undefined ? 1 : 0;
        reached.traceState += (lean.exported?.traceState ?? '') === '' ? 0 : 1;
        reached.baggage += lean.baggage.length > 0 ? 1 : 0;
      }
      if (variable.includes('tracecontext')) assert.ok(reached.parent > CASES / 10 && reached.traceState > CASES / 20 && reached.newTrace > CASES / 10, JSON.stringify(reached));
      if (variable.includes('baggage')) assert.ok(reached.baggage > CASES / 10, JSON.stringify(reached));
    } finally {
      server.close();
    }
  });
}

test(`the span context's trace state answers get, set, unset and serialize as the official TraceState (seed ${SEED})`, () => {
  const r = seededRandom(SEED ^ 0x5eed);
  for (let i = 0; i < 2_000; i += 1) {
    const header = tracestate(r);
    let fw = traceStateOf(header) ?? ParsedTraceState.parse('');
    let official = new TraceState(header);
    const where = `case ${i} of seed ${SEED} (FW_FUZZ_SEED=${SEED}): ${JSON.stringify(header)}`;
    const ops: string[] = [];
    for (let op = 0; op < 6; op += 1) {
      assert.equal(fw.serialize(), official.serialize(), `${where} after ${ops.join(', ')}`);
      const key = r.chance(0.5) && official.serialize() !== '' ? r.pick(official.serialize().split(',')).split('=')[0]! : tracestateKey(r);
      assert.equal(fw.get(key), official.get(key), `${where} get(${key}) after ${ops.join(', ')}`);
      if (r.chance(0.6)) {
        const value = tracestateValue(r);
        ops.push(`set(${key}, ${value})`);
        fw = fw.set(key, value);
        official = official.set(key, value);
      } else {
        ops.push(`unset(${key})`);
        fw = fw.unset(key);
        official = official.unset(key);
      }
    }
    assert.equal(fw.serialize(), official.serialize(), `${where} after ${ops.join(', ')}`);
  }
});


test('OTEL_PROPAGATORS with one W3C name: a carrier whose getter or setter throws gets the error, as from the official propagator alone (no composite catching it)', async () => {
  const context = trace.setSpanContext(ROOT_CONTEXT, { traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', traceFlags: 1 });
  const setter: TextMapSetter = { set: () => { throw new Error('setter threw'); } };
  const getter: TextMapGetter = { get: () => { throw new Error('getter threw'); }, keys: () => [] };
  for (const variable of ['tracecontext', 'baggage']) {
    const fw = (await propagatorFromNames(propagatorNames(variable)))!;
    const official = officialPropagator(variable);
    const carried = variable === 'baggage' ? propagation.setBaggage(context, propagation.createBaggage({ user: { value: 'alice' } })) : context;
    const outcome = (run: () => unknown): string => {
      try {
        run();
        return 'returned';
      } catch (error) {
        return (error as Error).message;
      }
    };
    assert.equal(outcome(() => fw.inject(carried, {}, setter)), outcome(() => official.inject(carried, {}, setter)), variable);
    assert.equal(outcome(() => fw.extract(ROOT_CONTEXT, {}, getter)), outcome(() => official.extract(ROOT_CONTEXT, {}, getter)), variable);
    assert.equal(outcome(() => fw.inject(carried, {}, setter)), 'setter threw', variable);
  }
});
