/**
 * Seeded differential fuzz of the lean path under the B3 and Jaeger propagators
 * (@opentelemetry/propagator-b3, -propagator-jaeger), alone and beside the W3C ones, as
 * OTEL_PROPAGATORS registers them: no fast path, the registered propagator reads the request and
 * fw's server span continues what it found. Random and adversarial `b3`, `x-b3-*`,
 * `uber-trace-id` and `uberctx-*` headers (64- and 128-bit ids, case, sampling states, debug,
 * percent-encoding, repeated lines) with `traceparent` and `baggage` beside them; each case
 * compares the server span's context, its exported parent and flags, the baggage and what
 * `propagation.inject` writes for the span with what the official propagator extracts and
 * injects. Ids are compared lowercase: the lean span writes upstream B3 and Jaeger ids so, on
 * purpose (docs/telemetry.md, Propagation). FW_FUZZ_SEED=<seed> replays a run.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { type Random, seededRandom } from '../../../tests/e2e/support/seeded-random.ts';
import { type Headers, leanServer, officialPropagator, officialView } from './support/lean-propagation-differential.ts';

const SEED = Number(process.env.FW_FUZZ_SEED ?? 0xb3_2026);
const CASES = 600;

const HEX = '0123456789abcdef';

function id(r: Random, length: 16 | 32): string {
  if (r.chance(0.05)) return '0'.repeat(length);
  let text = Array.from({ length: r.chance(0.05) ? r.pick([15, 17, 31, 33, 8]) : length }, () => r.pick([...HEX])).join('');
  if (r.chance(0.15)) text = text.toUpperCase();
  return r.chance(0.03) ? `${text.slice(0, 4)}g${text.slice(5)}` : text;
}

function b3Single(r: Random): string {
  const parts = [id(r, r.chance(0.7) ? 32 : 16), id(r, 16)];
  if (r.chance(0.8)) parts.push(r.pick(['0', '1', 'd', 'true', '2', 'D']));
  if (r.chance(0.3)) parts.push(id(r, 16));
  let header = parts.join('-');
  if (r.chance(0.05)) header = r.pick(['0', '1', 'd', '', `x${header}`, `${header}x`]);
  return header;
}

function uberTraceId(r: Random): string {
  const parts = [id(r, r.chance(0.6) ? 32 : 16), id(r, 16), r.pick(['0', id(r, 16)]), r.pick(['1', '0', '01', '3', 'ff', 'x', ''])];
  if (r.chance(0.05)) parts.push('extra');
  const header = parts.join(':');
  return r.chance(0.2) ? header.replaceAll(':', '%3A') : r.chance(0.03) ? `${header}%zz` : header;
}

function headersOf(r: Random): Headers {
  const headers: Headers = {};
  const add = (name: string, value: () => string): void => {
    headers[name] = r.chance(0.1) ? [value(), value()] : value();
  };
  if (r.chance(0.5)) add('b3', () => b3Single(r));
  if (r.chance(0.4)) {
    add('x-b3-traceid', () => id(r, r.chance(0.7) ? 32 : 16));
    add('x-b3-spanid', () => id(r, 16));
    if (r.chance(0.7)) add('x-b3-sampled', () => r.pick(['0', '1', 'true', 'false', 'd', '']));
    if (r.chance(0.2)) add('x-b3-flags', () => r.pick(['1', '0', 'x']));
    if (r.chance(0.2)) add('x-b3-parentspanid', () => id(r, 16));
  }
  if (r.chance(0.5)) add('uber-trace-id', () => uberTraceId(r));
  for (let i = r.chance(0.3) ? r.int(1, 3) : 0; i > 0; i -= 1) headers[`uberctx-${r.pick(['user', 'k', 'Tenant', 'a-b'])}`] = r.pick(['alice', 'a%20b', '%zz', '', 'x%E2%82%AC']);
  if (r.chance(0.3)) headers['traceparent'] = `00-${id(r, 32)}-${id(r, 16)}-0${r.pick(['0', '1'])}`;
  if (r.chance(0.3)) headers['tracestate'] = r.pick(['congo=t61', 'a=1,b=2', 'UPPER=1']);
  if (r.chance(0.3)) headers['baggage'] = r.pick(['user=alice', 'a=1;p=2,b=%20x', 'k=%zz', 'x']);
  return headers;
}

for (const variable of ['b3', 'b3multi', 'jaeger', 'tracecontext,baggage,b3', 'b3multi,tracecontext', 'jaeger,baggage', 'b3,jaeger,tracecontext']) {
  test(`OTEL_PROPAGATORS=${variable}: fw's lean server span continues, and injects, what the official propagators do (seed ${SEED})`, async () => {
    const server = await leanServer(variable);
    const official = officialPropagator(variable);
    const r = seededRandom(SEED);
    let parents = 0;
    try {
      for (let i = 0; i < CASES; i += 1) {
        const headers = headersOf(r);
        const { own, received, ...lean } = await server.exchange(headers, true);
        const expected = officialView(official, received, own.spanId, own.traceId);
        assert.deepEqual(lean, expected, `case ${i} of seed ${SEED} (FW_FUZZ_SEED=${SEED}): ${JSON.stringify(headers)}`);
        parents += lean.parent === undefined ? 0 : 1;
      }
      assert.ok(parents > CASES / 10, `only ${parents} cases continued an upstream trace`);
    } finally {
      server.close();
    }
  });
}
