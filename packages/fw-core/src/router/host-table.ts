/**
 * The routes of one host (an exact name, a `*.suffix`, or `'_'`) in one radix tree, and the
 * set of host tables a router tries in precedence order.
 */
import { ANY_HOST, wildcardSuffix } from './host-name.ts';
import type { ParsedPath } from './parse-path.ts';
import { collectAllowed, finishTree, insertRoute, matchTree, RadixNode, type MatchState } from './radix-tree.ts';
import { maskToMethods } from './route-methods.ts';
import type { CompiledRoute, LookupResult, MethodNotAllowed } from './router.ts';

/** One host's routes. */
export class HostTable<T> {
  readonly host: string;
  readonly root = new RadixNode<T>('');

  constructor(host: string) {
    this.host = host;
  }

  /** Adds a checked route; throws FW_ERR_ROUTE_CONFLICT (see RouteLeaf.add). */
  add(parsed: ParsedPath, route: CompiledRoute<T>, label: string): void {
    insertRoute(this.root, parsed, route, label);
  }

  /**
   * The answer of this host for `path` cut at `end`, prepared as `mode` says; undefined when no
   * route here has the path (then the next host table in precedence order is asked), RETRY
   * when a raw path turns out to need its canonical form.
   */
  lookup(
    method: string,
    path: string,
    end: number,
    mode: PathMode,
    state: MatchState,
  ): LookupResult<T> | typeof RETRY | undefined {
    state.pathSeen = false;
    const route = matchTree(this.root, path, 0, end, 0, method, state);
    if (route !== undefined) {
      if (mode === PATH_MODE.raw && capturedEscape(route, path, end, state)) return RETRY;
      return found(route, path, end, mode === PATH_MODE.decode, state);
    }
    // A miss is final only when the raw path holds nothing its canonical form would change.
    if (mode === PATH_MODE.raw && hasEscape(path, 0, end)) return RETRY;
    if (!state.pathSeen) return undefined;
    return methodNotAllowed(collectAllowed(this.root, path, 0, end));
  }
}

/**
 * How a path handed to a lookup was prepared. `raw`: as received, cut at '?' only, so it may
 * still hold a '%' or '#'; they are looked for only where they can change the answer.
 * `plain`: holds neither. `decode`: canonical (see percent-decoding.ts), captures get decoded.
 */
export const PATH_MODE = { raw: 0, plain: 1, decode: 2 } as const;

/** One of PATH_MODE. */
export type PathMode = (typeof PATH_MODE)[keyof typeof PATH_MODE];

/** What a lookup of a raw path answers when the path must be canonicalised first. */
export const RETRY: unique symbol = Symbol('retry');

/**
 * Whether the text a match captured (from its first binding or `[...]` on) holds a '%' or '#'.
 * Static edges before it matched character for character, and static labels never hold a raw
 * '#' or a '%' other than the canonical `%25` and `%2F` (see createRouter), so only captures
 * can hide text the canonical path would decode or cut.
 */
function capturedEscape<T>(route: CompiledRoute<T>, path: string, end: number, state: MatchState): boolean {
  const first = route.bindingNames.length > 0 ? (state.starts[0] as number) : route.hasWildcard ? state.wildStart : end;
  return first < end && hasEscape(path, first, end);
}

/** Whether `path` holds a '%' or '#' between `from` and `end`. */
export function hasEscape(path: string, from: number, end: number): boolean {
  if (end - from <= 8) {
    // Captures are short: a loop beats two indexOf() calls up to about 8 characters.
    for (let i = from; i < end; i++) {
      const code = path.charCodeAt(i);
      if (code === 37 || code === 35) return true;
    }
    return false;
  }
  const percent = path.indexOf('%', from);
  if (percent !== -1 && percent < end) return true;
  const hash = path.indexOf('#', from);
  return hash !== -1 && hash < end;
}

function found<T>(
  route: CompiledRoute<T>,
  path: string,
  end: number,
  decode: boolean,
  state: MatchState,
): LookupResult<T> {
  const bindings: Record<string, string> = {};
  let i = 0;
  for (const name of route.bindingNames) {
    const text = path.slice(state.starts[i], state.ends[i]);
    bindings[name] = decode ? decodeURIComponent(text) : text;
    i++;
  }
  const pathinfo = route.hasWildcard ? splitPathinfo(path, state.wildStart, end, decode) : undefined;
  return { kind: 'found', route, bindings, pathinfo };
}

function splitPathinfo(path: string, wildStart: number, end: number, decode: boolean): string[] {
  const segments: string[] = [];
  if (wildStart === end) return segments;
  // An indexOf loop: twice as fast as slice().split('/') on a 30-character rest (Node 24).
  let start = wildStart + 1;
  for (;;) {
    let stop = path.indexOf('/', start);
    if (stop === -1 || stop > end) stop = end;
    const text = path.slice(start, stop);
    // Canonical text holds only %25 and %2F, which always decode.
    segments.push(decode ? decodeURIComponent(text) : text);
    if (stop === end) return segments;
    start = stop + 1;
  }
}

const notAllowedByMask = new Map<number, MethodNotAllowed>();

function methodNotAllowed(mask: number): MethodNotAllowed {
  let answer = notAllowedByMask.get(mask);
  if (answer === undefined) {
    answer = Object.freeze({ kind: 'method_not_allowed', allowed: Object.freeze(maskToMethods(mask)) });
    notAllowedByMask.set(mask, answer);
  }
  return answer;
}

/** A router's host tables, indexed the way a lookup tries them. */
export interface HostTables<T> {
  /** Exact host name → table. */
  readonly exact: ReadonlyMap<string, HostTable<T>>;
  /** `*.suffix` tables, longer suffix first; `suffix` starts with the dot (`.example.com`). */
  readonly wildcards: readonly { readonly suffix: string; readonly table: HostTable<T> }[];
  readonly any: HostTable<T> | undefined;
  /** Every table in precedence order: exact (sorted by name), wildcard, `'_'`. */
  readonly ordered: readonly HostTable<T>[];
}

/** Builds the host tables of routes already checked; `add` throws on a conflict. */
export function buildHostTables<T>(
  entries: readonly { readonly parsed: ParsedPath; readonly route: CompiledRoute<T>; readonly label: string }[],
): HostTables<T> {
  const byHost = new Map<string, HostTable<T>>();
  for (const { parsed, route, label } of entries) {
    let table = byHost.get(route.host);
    if (table === undefined) {
      table = new HostTable<T>(route.host);
      byHost.set(route.host, table);
    }
    table.add(parsed, route, label);
  }
  for (const table of byHost.values()) finishTree(table.root);
  const exact = new Map<string, HostTable<T>>();
  const wildcards: { suffix: string; table: HostTable<T> }[] = [];
  for (const [host, table] of byHost) {
    const suffix = wildcardSuffix(host);
    if (suffix !== undefined) wildcards.push({ suffix, table });
    else if (host !== ANY_HOST) exact.set(host, table);
  }
  wildcards.sort((a, b) => b.suffix.length - a.suffix.length || compareText(a.suffix, b.suffix));
  const any = byHost.get(ANY_HOST);
  const exactByName = [...exact.values()].sort((a, b) => compareText(a.host, b.host));
  const ordered = [...exactByName, ...wildcards.map((wildcard) => wildcard.table)];
  if (any !== undefined) ordered.push(any);
  return { exact, wildcards, any, ordered };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
