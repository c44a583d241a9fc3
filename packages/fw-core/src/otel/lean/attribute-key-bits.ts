/**
 * One bit per attribute key, for the first 30 keys a process sets on lean spans, so that a span
 * can tell whether it holds a key already (its own or in a pre-encoded block) with one AND. The
 * lookups it replaces, `ownAttributes[key]` and each block's `attributes[key]`, run on objects of
 * many shapes and go megamorphic: about 1,700 instructions a request, most of them when
 * `otel_fw_plugin` adds the route's block (docs/performance.md, the lean path's ninth round). A
 * key without a bit (the 31st distinct one on) gets 0, and a span holding one looks keys up.
 */

/** Bits 0 to 29: small integers in V8 (31-bit), so masks stay unboxed. */
const MAX_KEYS = 30;
const bits = new Map<string, number>();

/** `key`'s bit, or 0 when the 30 bits are taken by other keys. */
export function keyBit(key: string): number {
  const bit = bits.get(key);
  if (bit !== undefined) return bit;
  if (bits.size >= MAX_KEYS) return 0;
  const next = 1 << bits.size;
  bits.set(key, next);
  return next;
}

/** The bits of the keys of `attributes` that have a value, or undefined when one of them has no bit. */
export function keyBitsOf(attributes: Readonly<Record<string, unknown>>): number | undefined {
  let mask = 0;
  for (const key in attributes) {
    if (attributes[key] == null) continue;
    const bit = keyBit(key);
    if (bit === 0) return undefined;
    mask |= bit;
  }
  return mask;
}
