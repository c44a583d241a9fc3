/**
 * The lean span's ids: random, never all zeros, fresh copies (the pool is reused), hex in the
 * W3C form, and a strict parser for incoming hex ids.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fromHex, randomId, toHex } from '../src/otel/lean/lean-span.ts';

describe('lean span ids', () => {
  it('gives distinct 16- and 8-byte ids across pools, none changed by the ids after it', () => {
    const ids: Uint8Array[] = [];
    for (let i = 0; i < 2000; i += 1) ids.push(randomId(i % 2 === 0 ? 16 : 8));
    const first = toHex(ids[0]!);
    for (let i = 0; i < 1000; i += 1) randomId(16);
    assert.equal(toHex(ids[0]!), first, 'later ids never change an earlier one (a spent pool is replaced, not refilled)');
    assert.equal(new Set(ids.map(toHex)).size, ids.length);
    assert.ok(ids.every((id, i) => id.length === (i % 2 === 0 ? 16 : 8)));
    assert.ok(ids.every((id) => id.some((byte) => byte !== 0)));
  });

  it('writes lowercase hex and reads back only valid W3C ids', () => {
    const id = Uint8Array.from([0, 1, 0x0a, 0xff, 0x10, 0x7f, 0x80, 0xab]);
    assert.equal(toHex(id), '00010aff107f80ab');
    assert.deepEqual(fromHex('00010aff107f80ab', 8), id);
    assert.equal(fromHex('00010AFF107F80AB', 8), undefined, 'uppercase is invalid in traceparent');
    assert.equal(fromHex('0000000000000000', 8), undefined, 'all zeros is invalid');
    assert.equal(fromHex('00010aff107f80a', 8), undefined, 'too short');
    assert.equal(fromHex('00010aff107f80ag', 8), undefined, 'not hex');
    assert.equal(fromHex('4bf92f3577b34da6a3ce929d0e0e4736', 16)?.length, 16);
  });
});
