/**
 * Trace and span ids of the lean span: random bytes from a pooled buffer filled by one
 * `randomFillSync` per 16 KiB instead of a `randomBytes` call per id (bench/span-ids.bench.ts), kept
 * as bytes (what OTLP carries) and turned into hex only when asked. All-zero ids, which W3C Trace
 * Context forbids, are skipped.
 */
import { randomFillSync } from 'node:crypto';

const POOL_SIZE = 16384;
let pool = new Uint8Array(0);
let offset = 0;

/**
 * `length` fresh random bytes: a view into the current pool. A spent pool is replaced, never
 * refilled, so the ids handed out earlier keep their bytes (the garbage collector frees a pool
 * once its last id is gone) and no id is copied.
 */
export function randomId(length: 8 | 16): Uint8Array {
  for (;;) {
    if (offset + length > pool.length) {
      pool = randomFillSync(new Uint8Array(POOL_SIZE));
      offset = 0;
    }
    const start = offset;
    offset += length;
    // A plain Uint8Array view: cheaper to make than a Buffer's subarray.
    if (!isZero(pool, start, offset)) return new Uint8Array(pool.buffer, start, length);
  }
}

function isZero(bytes: Uint8Array, start = 0, end = bytes.length): boolean {
  for (let i = start; i < end; i += 1) if (bytes[i] !== 0) return false;
  return true;
}

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/** Lowercase hex of `bytes`, as W3C Trace Context and the OpenTelemetry API write ids. */
export function toHex(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += HEX[byte];
  return text;
}

/**
 * The bytes of a lowercase hex id of `length` bytes; undefined when it is not one (wrong length,
 * uppercase, another character) or is all zeros: W3C Trace Context's rules for `traceparent`.
 */
export function fromHex(text: string, length: 8 | 16): Uint8Array | undefined {
  if (text.length !== length * 2) return undefined;
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 1) {
    const high = nibble(text.charCodeAt(2 * i));
    const low = nibble(text.charCodeAt(2 * i + 1));
    if (high < 0 || low < 0) return undefined;
    bytes[i] = (high << 4) | low;
  }
  return isZero(bytes) ? undefined : bytes;
}

/** 0–15 for `0-9a-f`, else -1 (uppercase is invalid in traceparent). */
export function nibble(code: number): number {
  if (code >= 48 && code <= 57) return code - 48;
  if (code >= 97 && code <= 102) return code - 87;
  return -1;
}
