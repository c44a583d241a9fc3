/**
 * W3C Trace Context `tracestate` (https://www.w3.org/TR/trace-context/#tracestate-header), parsed
 * once with the rules of @opentelemetry/core's W3CTraceContextPropagator (issue 36, item 3), so the
 * lean span's context and export carry what the SDK's do: members trimmed; one without `=`, with
 * an invalid key or value (`UPPER=1`, `a=b=c`), or that would make the list longer than 512
 * characters is skipped; a repeated key takes the later value in its first place; 32 keys at most.
 * `set` and `unset` are the API's (a set key moves to the front), with the same limits.
 */
import type { TraceState } from '@opentelemetry/api';

const MAX_MEMBERS = 32;
const MAX_LENGTH = 512;
const KEY = /^(?:[a-z][_0-9a-z\-*/]{0,255}|[a-z0-9][_0-9a-z\-*/]{0,240}@[a-z][_0-9a-z\-*/]{0,13})$/;
const VALUE = /^[ -~]{0,255}[!-~]$/;
const VALUE_FORBIDDEN = /[,=]/;

/** A `tracestate` list, immutable: `set` and `unset` return a new one. */
export class ParsedTraceState implements TraceState {
  readonly #keys: readonly string[];
  readonly #values: readonly string[];
  /** The length the limits count (as the official propagator counts it: a repeated key's member too). */
  readonly #length: number;
  #serialized: string | undefined;

  private constructor(keys: readonly string[], values: readonly string[], length: number) { this.#keys = keys; this.#values = values; this.#length = length; }

  /** The members of a `tracestate` header value that the rules above keep. */
  static parse(header: string): ParsedTraceState {
    const keys: string[] = [];
    const values: string[] = [];
    let length = 0;
    for (const raw of header.split(',')) {
      const member = raw.trim();
      const eq = member.indexOf('=');
      if (eq === -1) continue;
      const key = member.slice(0, eq);
      const value = member.slice(eq + 1);
      if (!isMember(key, value)) continue;
      const next = length + member.length + (keys.length > 0 ? 1 : 0);
      if (next > MAX_LENGTH) continue;
      const at = keys.indexOf(key);
      if (at === -1) {
        keys.push(key);
        values.push(value);
      } else values[at] = value;
      length = next;
      if (keys.length >= MAX_MEMBERS) break;
    }
    return new ParsedTraceState(keys, values, length);
  }

  get(key: string): string | undefined {
    const at = this.#keys.indexOf(key);
    return at === -1 ? undefined : this.#values[at];
  }

  set(key: string, value: string): TraceState {
    if (!isMember(key, value)) return this;
    const old = this.get(key);
    let length = this.#length;
    if (old !== undefined) length += value.length - old.length;
    else {
      if (this.#keys.length >= MAX_MEMBERS) return this;
      length += key.length + value.length + (this.#keys.length > 0 ? 2 : 1);
    }
    if (length > MAX_LENGTH) return this;
    const [keys, values] = this.#without(key);
    return new ParsedTraceState([key, ...keys], [value, ...values], length);
  }

  unset(key: string): TraceState {
    const value = this.get(key);
    if (value === undefined) return this;
    const [keys, values] = this.#without(key);
    const length = this.#length - (key.length + value.length + 1) - (keys.length > 0 ? 1 : 0);
    return new ParsedTraceState(keys, values, length);
  }

  serialize(): string {
    if (this.#serialized !== undefined) return this.#serialized;
    let text = '';
    for (let i = 0; i < this.#keys.length; i++) text += `${i === 0 ? '' : ','}${this.#keys[i]}=${this.#values[i]}`;
    return (this.#serialized = text);
  }

  /** The keys and values of the members other than `key`'s. */
  #without(key: string): [string[], string[]] {
    const other = (_: string, i: number): boolean => this.#keys[i] !== key;
    return [this.#keys.filter(other), this.#values.filter(other)];
  }
}

/**
 * The `tracestate` of a request as the official propagator reads it: absent or empty is none;
 * several header lines are one list joined with `,` (RFC 9110); anything else is parsed, and a
 * list with no valid member is an empty trace state (it serializes to '' and is not exported).
 */
export function traceStateOf(header: string | string[] | undefined): TraceState | undefined {
  if (header === undefined || header === '') return undefined;
  return ParsedTraceState.parse(Array.isArray(header) ? header.join(',') : header);
}

function isMember(key: string, value: string): boolean {
  return KEY.test(key) && VALUE.test(value) && !VALUE_FORBIDDEN.test(value);
}
