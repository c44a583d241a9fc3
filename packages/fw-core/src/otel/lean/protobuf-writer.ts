/**
 * A growable byte writer for the protobuf wire format
 * (https://protobuf.dev/programming-guides/encoding/), enough for OTLP: varints, fixed32/64,
 * doubles, UTF-8 strings written straight into the buffer, and length-delimited fields whose
 * length is back-patched. It writes canonical (shortest) varints only, so a length whose size
 * was guessed wrong moves the body instead of padding the varint.
 */
import { Buffer } from 'node:buffer';

/** Wire types (encoding guide, "Message Structure"). */
export const WIRE_VARINT = 0;
export const WIRE_FIXED64 = 1;
export const WIRE_LEN = 2;
export const WIRE_FIXED32 = 5;

const TWO_32 = 4294967296;
// Strings up to this many UTF-16 units take at most 126 UTF-8 bytes: a one-byte length.
const SHORT_STRING = 42;
// Byte strings up to this long (trace and span ids) are copied byte by byte.
const SHORT_BYTES = 16;

/** Bytes a canonical varint of `value` (0 to 2^32 - 1) takes. */
export function varintSize(value: number): number {
  if (value < 0x80) return 1;
  if (value < 0x4000) return 2;
  if (value < 0x200000) return 3;
  if (value < 0x10000000) return 4;
  return 5;
}

/** Writes protobuf fields into one buffer that doubles when full; `finish()` copies the result out. */
export class ProtobufWriter {
  /** The buffer; valid bytes are [0, pos). Replaced when it grows. */
  buf: Buffer;
  /** The next byte to write. */
  pos = 0;

  constructor(initialSize = 1024) {
    this.buf = Buffer.allocUnsafeSlow(initialSize);
  }

  /** Makes room for `n` more bytes. */
  ensure(n: number): void {
    const need = this.pos + n;
    if (need <= this.buf.length) return;
    let size = Math.max(this.buf.length * 2, 64);
    while (size < need) size *= 2;
    const next = Buffer.allocUnsafeSlow(size);
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
  }

  /** A field's key: its number and wire type. */
  tag(field: number, wireType: number): void {
    this.uint32(field * 8 + wireType);
  }

  /** An unsigned varint, 0 to 2^32 - 1. */
  uint32(value: number): void {
    this.ensure(5);
    const buf = this.buf;
    let pos = this.pos;
    while (value >= 0x80) {
      buf[pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    buf[pos++] = value;
    this.pos = pos;
  }

  /** A 64-bit varint from its unsigned 32-bit halves (int64 two's complement when negative). */
  varint64(lo: number, hi: number): void {
    if (hi === 0) return this.uint32(lo);
    this.ensure(10);
    const buf = this.buf;
    let pos = this.pos;
    // The low 28 bits, then 7 bits straddling the halves, then the high bits.
    for (let i = 0; i < 4; i++) {
      buf[pos++] = (lo & 0x7f) | 0x80;
      lo >>>= 7;
    }
    let mid = (lo | (hi << 4)) & 0x7f;
    hi >>>= 3;
    while (hi !== 0) {
      buf[pos++] = mid | 0x80;
      mid = hi & 0x7f;
      hi >>>= 7;
    }
    buf[pos++] = mid;
    this.pos = pos;
  }

  /** An int64 varint from an integral number in [-2^63, 2^63). */
  int64(value: number): void {
    const hi = Math.floor(value / TWO_32);
    this.varint64(value - hi * TWO_32, hi >>> 0);
  }

  /** An int64 varint from a bigint, wrapped to 64 bits as int64 is. */
  bigint64(value: bigint): void {
    const u = BigInt.asUintN(64, value);
    this.varint64(Number(u & 0xffffffffn), Number(u >> 32n));
  }

  bool(value: boolean): void {
    this.ensure(1);
    this.buf[this.pos++] = value ? 1 : 0;
  }

  fixed32(value: number): void {
    this.ensure(4);
    this.pos = storeUint32(this.buf, this.pos, value);
  }

  /** A fixed64 from its unsigned 32-bit halves. */
  fixed64(lo: number, hi: number): void {
    this.ensure(8);
    this.pos = storeUint32(this.buf, storeUint32(this.buf, this.pos, lo), hi);
  }

  double(value: number): void {
    this.ensure(8);
    this.buf.writeDoubleLE(value, this.pos);
    this.pos += 8;
  }

  /** Bytes as they are, no length (a pre-encoded run of fields). */
  raw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** Length-prefixed bytes. */
  bytes(bytes: Uint8Array): void {
    const length = bytes.length;
    this.uint32(length);
    // Ids (8 and 16 bytes) are copied in a loop: set() costs more to call than that.
    if (length > SHORT_BYTES) return this.raw(bytes);
    this.ensure(length);
    const buf = this.buf;
    const pos = this.pos;
    for (let i = 0; i < length; i++) buf[pos + i] = bytes[i]!;
    this.pos = pos + length;
  }

  /** Length-prefixed bytes from hex (two characters a byte; a character that is not hex counts as 0). */
  hexBytes(hex: string): void {
    const n = hex.length >>> 1;
    this.uint32(n);
    this.ensure(n);
    const buf = this.buf;
    let pos = this.pos;
    for (let i = 0; i < n; i++) buf[pos++] = (hexValue(hex.charCodeAt(2 * i)) << 4) | hexValue(hex.charCodeAt(2 * i + 1));
    this.pos = pos;
  }

  /**
   * A length-prefixed UTF-8 string. A lone surrogate becomes U+FFFD, as TextEncoder and
   * Buffer write it (WHATWG Encoding, "UTF-8 encode"), so the bytes are always valid UTF-8.
   */
  string(value: string): void {
    const length = value.length;
    if (length > SHORT_STRING) return this.longString(value);
    this.ensure(1 + length * 3);
    const buf = this.buf;
    const start = this.pos;
    let pos = start + 1;
    for (let i = 0; i < length; i++) {
      let c = value.charCodeAt(i);
      if (c < 0x80) buf[pos++] = c;
      else if (c < 0x800) {
        buf[pos++] = 0xc0 | (c >> 6);
        buf[pos++] = 0x80 | (c & 0x3f);
      } else {
        if (c >= 0xd800 && c <= 0xdfff) {
          const next = i + 1 < length ? value.charCodeAt(i + 1) : 0;
          if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
            i++;
            buf[pos++] = 0xf0 | (c >> 18);
            buf[pos++] = 0x80 | ((c >> 12) & 0x3f);
            buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
            buf[pos++] = 0x80 | (c & 0x3f);
            continue;
          }
          c = 0xfffd;
        }
        buf[pos++] = 0xe0 | (c >> 12);
        buf[pos++] = 0x80 | ((c >> 6) & 0x3f);
        buf[pos++] = 0x80 | (c & 0x3f);
      }
    }
    buf[start] = pos - start - 1;
    this.pos = pos;
  }

  private longString(value: string): void {
    const max = value.length * 3;
    const reserved = varintSize(max);
    this.ensure(reserved + max);
    const start = this.pos;
    const written = this.buf.write(value, start + reserved, 'utf8');
    this.pos = start + reserved + written;
    this.patchLength(start, reserved);
  }

  /** Starts a length-delimited body, reserving `reserve` bytes for its length; give the result to `ldelim`. */
  fork(reserve = 1): number {
    this.ensure(reserve);
    const start = this.pos;
    this.pos += reserve;
    return start * 8 + reserve;
  }

  /** Writes the length of the body begun by `fork` (moving the body if the reserve was wrong). */
  ldelim(forked: number): void {
    const reserve = forked & 7;
    this.patchLength((forked - reserve) / 8, reserve);
  }

  private patchLength(start: number, reserved: number): void {
    const bodyStart = start + reserved;
    const length = this.pos - bodyStart;
    const size = varintSize(length);
    if (size !== reserved) {
      this.ensure(size - reserved);
      this.buf.copyWithin(start + size, bodyStart, this.pos);
      this.pos += size - reserved;
    }
    const buf = this.buf;
    let pos = start;
    let value = length;
    while (value >= 0x80) {
      buf[pos++] = (value & 0x7f) | 0x80;
      value >>>= 7;
    }
    buf[pos] = value;
  }

  /** A copy of what was written. */
  finish(): Uint8Array {
    // A plain Uint8Array view, then its copy: cheaper than a Buffer's subarray.
    return new Uint8Array(this.buf.buffer, this.buf.byteOffset, this.pos).slice();
  }

  /** Forgets what was written, keeping the buffer. */
  reset(): void {
    this.pos = 0;
  }
}

/** `value`'s low 32 bits, little-endian, at `pos`; the position after them. */
function storeUint32(buf: Buffer, pos: number, value: number): number {
  buf[pos] = value;
  buf[pos + 1] = value >>> 8;
  buf[pos + 2] = value >>> 16;
  buf[pos + 3] = value >>> 24;
  return pos + 4;
}

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  const lower = code | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87;
  return 0;
}
