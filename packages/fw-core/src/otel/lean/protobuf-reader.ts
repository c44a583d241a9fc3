/**
 * Reads protobuf wire format (https://protobuf.dev/programming-guides/encoding/) field by field,
 * for the OTLP/JSON transcoder (otlp-json.ts) and the partial-success reader of OTLP answers.
 * Malformed input throws a plain Error; callers catch it.
 */

/** One field: its number, wire type and value (varint and fixed64 as bigint, length-delimited as bytes). */
export type WireField =
  | { readonly field: number; readonly wire: 0; readonly value: bigint }
  | { readonly field: number; readonly wire: 1; readonly value: bigint; readonly bytes: Uint8Array }
  | { readonly field: number; readonly wire: 5; readonly value: number; readonly bytes: Uint8Array }
  | { readonly field: number; readonly wire: 2; readonly value: Uint8Array };

/** The fields of one message, in order. */
export function readFields(bytes: Uint8Array): WireField[] {
  const fields: WireField[] = [];
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= bytes.length || shift > 63n) throw new Error('protobuf: truncated or overlong varint');
      const byte = bytes[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < bytes.length) {
    const key = Number(varint());
    const field = key >>> 3;
    const wire = key & 7;
    if (wire === 0) fields.push({ field, wire, value: varint() });
    else if (wire === 1) {
      if (at + 8 > bytes.length) throw new Error('protobuf: truncated fixed64');
      fields.push({ field, wire, value: view.getBigUint64(at, true), bytes: bytes.subarray(at, at + 8) });
      at += 8;
    } else if (wire === 5) {
      if (at + 4 > bytes.length) throw new Error('protobuf: truncated fixed32');
      fields.push({ field, wire, value: view.getUint32(at, true), bytes: bytes.subarray(at, at + 4) });
      at += 4;
    } else if (wire === 2) {
      const length = Number(varint());
      if (at + length > bytes.length) throw new Error('protobuf: truncated length-delimited field');
      fields.push({ field, wire, value: bytes.subarray(at, at + length) });
      at += length;
    } else throw new Error(`protobuf: unsupported wire type ${wire}`);
  }
  return fields;
}
