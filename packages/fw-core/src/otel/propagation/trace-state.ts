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
  /** In list order: a Map's `set` keeps a repeated key in its first place with the later value. */
  readonly #members: ReadonlyMap<string, string>;
  /** The length the limits count (as the official propagator counts it: a repeated key's member too). */
  readonly #length: number;
  #serialized: string | undefined;

  private constructor(members: ReadonlyMap<string, string>, length: number) {
    this.#members = members;
    this.#length = length;
  }

  /** The members of a `tracestate` header value that the rules above keep. */
  static parse(header: string): ParsedTraceState {
    const members = new Map<string, string>();
    let length = 0;
    for (const raw of header.split(',')) {
      const member = raw.trim();
      const eq = member.indexOf('=');
      if (eq === -1) continue;
      const key = member.slice(0, eq);
      const value = member.slice(eq + 1);
      if (!isMember(key, value)) continue;
      const next = length + member.length + (members.size > 0 ? 1 : 0);
      if (next > MAX_LENGTH) continue;
      members.set(key, value);
      length = next;
      if (members.size >= MAX_MEMBERS) break;
    }
    return new ParsedTraceState(members, length);
  }

  get(key: string): string | undefined {
    return this.#members.get(key);
  }

  set(key: string, value: string): TraceState {
    const old = this.get(key);
    if (!isMember(key, value) || (old === undefined && this.#members.size >= MAX_MEMBERS)) return this;
    const length =
      this.#length +
      (old === undefined ? key.length + value.length + (this.#members.size > 0 ? 2 : 1) : value.length - old.length);
    return length > MAX_LENGTH ? this : new ParsedTraceState(new Map([[key, value], ...this.#without(key)]), length);
  }

  unset(key: string): TraceState {
    const value = this.get(key);
    if (value === undefined) return this;
    const members = new Map(this.#without(key));
    return new ParsedTraceState(members, this.#length - (key.length + value.length + 1) - (members.size > 0 ? 1 : 0));
  }

  serialize(): string {
    return (this.#serialized ??= Array.from(this.#members, ([key, value]) => `${key}=${value}`).join(','));
  }

  /** The members other than `key`'s, in order. */
  #without(key: string): [string, string][] {
    return [...this.#members].filter(([other]) => other !== key);
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
