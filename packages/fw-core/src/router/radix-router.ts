/**
 * The router's lookup, top to bottom: find() looks a path up as received and, when an escape could
 * change the answer, again in canonical form (parse-path.ts); #lookup() asks the host tables in
 * precedence order; lookupTable() walks one table's tree (radix-tree.ts) and makes the answer.
 */
import { buildHostTables, findStatic, type CheckedRoute, type HostTable, type HostTables } from './host-table.ts';
import { requestHostKey } from './host-name.ts';
import { canonicalPath } from './parse-path.ts';
import { matchTree, type MatchState, type RouteTarget } from './radix-tree.ts';
import { maskToMethods } from './route-methods.ts';
import { HTTP_METHODS, type CompiledRoute, type LookupResult, type MethodNotAllowed, type RouteFound, type Router } from './router.ts';

const NOT_FOUND = Object.freeze({ kind: 'not_found' } as const);

/** A router over one radix tree per host. */
export class RadixRouter<T> implements Router<T> {
  readonly #tables: HostTables<T>;
  readonly #routes: readonly CompiledRoute<T>[];
  /** Some route names a host, so the Host header is read. */
  readonly #namedHosts: boolean;
  readonly #state: MatchState;

  /** Builds the host tables of checked routes; throws FW_ERR_ROUTE_CONFLICT (see RouteLeaf.add). */
  constructor(entries: readonly CheckedRoute<T>[]) {
    this.#tables = buildHostTables(entries);
    this.#routes = Object.freeze(entries.map((entry) => entry.route));
    this.#namedHosts = this.#tables.exact.size > 0 || this.#tables.wildcards.length > 0;
    let most = 0;
    for (const { route } of entries) most = Math.max(most, route.bindingNames.length);
    this.#state = { starts: new Int32Array(most), ends: new Int32Array(most), wildStart: 0, allowed: 0 };
  }

  routes(): readonly CompiledRoute<T>[] {
    return this.#routes;
  }

  find(method: string, host: string | undefined, path: string): LookupResult<T> {
    if (path.charCodeAt(0) !== 47) return NOT_FOUND;
    // Most paths hold no '%': they are looked up as received, and only an answer an escape could
    // change is looked up again in canonical form (bench/router.bench.ts, misses and static hits).
    const answer = this.#lookup(method, host, path, false);
    if (answer.kind === 'found' ? !capturedEscape(answer.route, path, this.#state) : !path.includes('%')) return answer;
    const canonical = canonicalPath(path);
    if (canonical === undefined) return NOT_FOUND;
    return this.#lookup(method, host, canonical, canonical.includes('%'));
  }

  /** Asks the host tables in precedence order; the first that has the path answers. */
  #lookup(method: string, host: string | undefined, path: string, decode: boolean): LookupResult<T> {
    const state = this.#state;
    if (host !== undefined && this.#namedHosts) {
      const key = requestHostKey(host);
      const exact = this.#tables.exact.get(key);
      if (exact !== undefined) {
        const answer = lookupTable(exact, method, path, decode, state);
        if (answer !== undefined) return answer;
      }
      for (const { suffix, table } of this.#tables.wildcards) {
        if (key.length > suffix.length && key.endsWith(suffix)) {
          const answer = lookupTable(table, method, path, decode, state);
          if (answer !== undefined) return answer;
        }
      }
    }
    const any = this.#tables.any;
    return any === undefined ? NOT_FOUND : (lookupTable(any, method, path, decode, state) ?? NOT_FOUND);
  }
}

/**
 * Whether a match of a path as received captured a '%' (from its first binding or `[...]` on):
 * static labels are canonical and matched exactly, so only captures can hide an escape.
 */
function capturedEscape<T>(route: CompiledRoute<T>, path: string, state: MatchState): boolean {
  const from = route.bindingNames.length > 0 ? (state.starts[0] as number) : route.hasWildcard ? state.wildStart : path.length;
  return from < path.length && path.indexOf('%', from) !== -1;
}

/** One host table's answer, undefined when no route here has the path; `decode`: captures hold `%25`, `%2F`. */
function lookupTable<T>(table: HostTable<T>, method: string, path: string, decode: boolean, state: MatchState) {
  // Static segments take precedence at every node, so a static path's route for the method is
  // the walk's answer too, found without it (bench/router.bench.ts, static hits).
  const target = findStatic(table.statics, path)?.routeFor(method);
  if (target !== undefined) return new Found(target.route, NO_BINDINGS, path, -1, false);
  state.allowed = 0;
  const match = matchTree(table.root, path, 0, 0, method, state);
  if (match !== undefined) return found(match, path, decode, state);
  if (state.allowed === 0) return undefined;
  const answer = methodNotAllowed(state.allowed);
  return method === 'OPTIONS' ? withPreflight(answer, table, path, decode, state) : answer;
}

function found<T>(target: RouteTarget<T>, path: string, decode: boolean, state: MatchState): RouteFound<T> {
  const route = target.route;
  const bindings = route.bindingNames.length === 0 ? NO_BINDINGS : target.bindings(path, state.starts, state.ends);
  // Canonical text holds only %25 and %2F, which always decode.
  if (decode) for (const name of route.bindingNames) bindings[name] = decodeURIComponent(bindings[name] as string);
  return new Found(route, bindings, path, route.hasWildcard ? state.wildStart : -1, decode);
}

/** The bindings of every route without any, shared (the contract allows it: docs/router.md). */
const NO_BINDINGS: Record<string, string> = Object.freeze({});

/**
 * A hit, one shape for every route; a `[...]`'s `pathinfo` is split when first read, so a lookup
 * whose caller never reads it does not pay for the segments (bench/router.bench.ts, wildcard hits).
 */
class Found<T> implements RouteFound<T> {
  readonly kind = 'found';
  readonly route: CompiledRoute<T>;
  readonly bindings: Record<string, string>;
  readonly #path: string;
  /** Where the `[...]` capture starts (see MatchState.wildStart); -1 for a route without one. */
  readonly #wildStart: number;
  readonly #decode: boolean;
  #pathinfo: string[] | undefined = undefined;

  constructor(route: CompiledRoute<T>, bindings: Record<string, string>, path: string, wildStart: number, decode: boolean) {
    this.route = route;
    this.bindings = bindings;
    this.#path = path;
    this.#wildStart = wildStart;
    this.#decode = decode;
  }

  get pathinfo(): string[] | undefined {
    if (this.#wildStart < 0) return undefined;
    return (this.#pathinfo ??= splitPathinfo(this.#path, this.#wildStart, this.#decode));
  }
}

/** The segments after `wildStart` (a '/', or the path's end when a `[...]` captured nothing). */
function splitPathinfo(path: string, wildStart: number, decode: boolean): string[] {
  const segments: string[] = [];
  if (wildStart === path.length) return segments;
  // An indexOf loop, not slice().split('/'): bench/router.bench.ts, wildcard hits.
  let start = wildStart + 1;
  for (;;) {
    let stop = path.indexOf('/', start);
    if (stop === -1) stop = path.length;
    const text = path.slice(start, stop);
    segments.push(decode ? decodeURIComponent(text) : text);
    if (stop === path.length) return segments;
    start = stop + 1;
  }
}

/** The 405s without a preflight, one per set of allowed methods, made once and shared. */
const notAllowedByMask: (MethodNotAllowed<never> | undefined)[] = new Array(1 << HTTP_METHODS.length).fill(undefined);

function methodNotAllowed(mask: number): MethodNotAllowed<never> {
  return (notAllowedByMask[mask] ??= Object.freeze({ kind: 'method_not_allowed', allowed: Object.freeze(maskToMethods(mask)) }));
}

/** An OPTIONS 405 with the route its first allowed method finds, whose plugins answer a CORS preflight. */
function withPreflight<T>(answer: MethodNotAllowed<never>, table: HostTable<T>, path: string, decode: boolean, state: MatchState) {
  const target = matchTree(table.root, path, 0, 0, answer.allowed[0] as string, state);
  // Never undefined: the allowed methods are those of the routes matching the path here.
  if (target === undefined) return answer;
  const preflight = found(target, path, decode, state);
  return { kind: 'method_not_allowed', allowed: answer.allowed, preflight } satisfies MethodNotAllowed<T>;
}
