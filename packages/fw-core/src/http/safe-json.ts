/**
 * Decoding a JSON request body safely: strict UTF-8, no prototype-poisoning keys, bounded
 * depth. The key check is a post-parse walk with its own stack, not a JSON.parse reviver:
 * V8 runs revivers recursively and overflows on deeply nested input, while its parser does not.
 * Error messages are written for the client (all codes here are 400).
 */
import { FwError } from '../errors.ts';
import type { JsonLib } from './request.ts';

/**
 * Deepest nesting accepted. V8's JSON.stringify overflows at roughly 4,000 levels, so a
 * deeper body could be decoded yet never echoed or logged; Python's json stops near 1,000 too.
 */
export const MAX_JSON_DEPTH = 1000;

const utf8 = new TextDecoder('utf-8', { fatal: true });
const JSON_WHITESPACE_ONLY = /^[ \t\n\r]*$/;

/**
 * Decodes a JSON body with `json` (the app's json_lib; the built-in JSON unless given). Returns undefined for an empty or whitespace-only body (no body, not an
 * error). Throws FW_ERR_BODY_MALFORMED_JSON, FW_ERR_BODY_FORBIDDEN_KEY (`__proto__` anywhere, or
 * `constructor` holding an object with a `prototype` key) or FW_ERR_BODY_TOO_DEEP.
 */
export function parseJsonBody(bytes: Uint8Array, json: JsonLib = JSON): unknown {
  let text: string;
  try {
    text = utf8.decode(bytes); // also drops a leading BOM, which RFC 8259 §8.1 lets us ignore
  } catch (cause) {
    throw new FwError('FW_ERR_BODY_MALFORMED_JSON', 'malformed JSON body', { cause });
  }
  if (JSON_WHITESPACE_ONLY.test(text)) return undefined;
  let value: unknown;
  try {
    value = json.parse(text);
  } catch (cause) {
    if (cause instanceof RangeError) throw tooDeep(cause);
    throw new FwError('FW_ERR_BODY_MALFORMED_JSON', 'malformed JSON body', { cause });
  }
  if (!cannotHoldForbidden(text)) checkJsonValue(value);
  return value;
}

/**
 * True when the text alone shows that the walk would find nothing: too short to nest past
 * MAX_JSON_DEPTH (each level takes an opening and a closing bracket), and neither forbidden key
 * written out nor any `\u` escape that could spell one. Most bodies are like that, and two
 * native substring searches cost less than the walk's allocations.
 */
function cannotHoldForbidden(text: string): boolean {
  // `proto` is in both `__proto__` and `prototype`: one search covers the two keys.
  return text.length <= 2 * MAX_JSON_DEPTH && !text.includes('proto') && !text.includes('\\u');
}

/** Walks a parsed value without recursion and throws on a forbidden key or excessive depth. */
export function checkJsonValue(value: unknown): void {
  const stack: [unknown, number][] = [[value, 1]];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    const [node, depth] = entry;
    if (typeof node !== 'object' || node === null) continue;
    if (depth > MAX_JSON_DEPTH) throw tooDeep();
    if (Array.isArray(node)) {
      for (const item of node) stack.push([item, depth + 1]);
      continue;
    }
    // JSON.parse defines `__proto__` as an own data property; merging such an object later
    // (Object.assign, spread into a target with setters, lodash.merge) would poison prototypes.
    if (Object.hasOwn(node, '__proto__')) throw forbidden('__proto__');
    const record = node as Record<string, unknown>;
    const ctor = Object.hasOwn(node, 'constructor') ? record['constructor'] : undefined;
    if (typeof ctor === 'object' && ctor !== null && Object.hasOwn(ctor, 'prototype')) {
      throw forbidden('constructor.prototype');
    }
    for (const key in record) stack.push([record[key], depth + 1]);
  }
}

function forbidden(key: string): FwError {
  return new FwError('FW_ERR_BODY_FORBIDDEN_KEY', `forbidden key in JSON body: ${key}`, { details: { key } });
}

function tooDeep(cause?: unknown): FwError {
  return new FwError('FW_ERR_BODY_TOO_DEEP', 'JSON body nested too deeply', { cause, details: { maxDepth: MAX_JSON_DEPTH } });
}
