/**
 * The router's lookup, top to bottom: find() looks a path up as received and, when an escape could
 * change the answer, in canonical form (parse-path.ts); #lookup() asks the host tables in
 * precedence order; lookupTable() answers from one table's static paths or tree (radix-tree.ts).
 */
import { isIPv4 } from 'node:net';
import { canonicalPath, type ParsedPath } from './parse-path.ts';
import {
  finishTree,
  insertRoute,
  matchTree,
  RadixNode,
  type CheckedRoute,
  type MatchState,
  type LeafRoute,
  type RouteLeaf,
} from './radix-tree.ts';
import {
  HTTP_METHODS,
  type CompiledRoute,
  type LookupResult,
  type MethodNotAllowed,
  type RouteFound,
  type Router,
} from './router.ts';

const NOT_FOUND = Object.freeze({ kind: 'not_found' } as const);
const MALFORMED = Object.freeze({ kind: 'not_found', malformed: true } as const);

/** A router over one radix tree per host. */
export class RadixRouter<T> implements Router<T> {
  readonly #tables: HostTables<T>;
  readonly #routes: readonly CompiledRoute<T>[];
  /** Some route names a host: the Host header is read. */
  readonly #namedHosts: boolean;
  readonly #state: MatchState;

  /** Throws FW_ERR_ROUTE_CONFLICT (see RouteLeaf.add). */
  constructor(entries: readonly CheckedRoute<T>[]) {
    this.#tables = buildHostTables(entries);
    this.#routes = Object.freeze(entries.map((entry) => entry.route));
    this.#namedHosts = this.#tables.exact.size > 0 || this.#tables.wildcards.length > 0;
    const most = entries.reduce((max, { route }) => Math.max(max, route.bindingNames.length), 0);
    this.#state = {
      starts: new Int32Array(most),
      ends: new Int32Array(most),
      wildStart: 0,
      escapable: false,
      allowed: 0,
    };
  }

  routes(): readonly CompiledRoute<T>[] {
    return this.#routes;
  }

  find(method: string, host: string | undefined, path: string): LookupResult<T> {
    if (path.charCodeAt(0) !== 47) return NOT_FOUND;
    const state = this.#state;
    state.escapable = false;
    const answer = this.#lookup(method, host, path, false);
    // Any miss with a '%' is decoded, to tell a malformed one (the pipeline's 400); only an answer an escape could change is looked up
    // again in canonical form: a match that captured a '%', a 405, or a 404 whose walk passed an escapable segment (bench/router.bench.ts, misses).
    if ((answer.kind === 'found' && !capturedEscape(answer.route, path, state)) || !path.includes('%')) return answer;
    const canonical = canonicalPath(path);
    if (canonical === undefined) return MALFORMED;
    return answer === NOT_FOUND && !state.escapable
      ? answer
      : this.#lookup(method, host, canonical, canonical.includes('%'));
  }

  /** Asks the host tables in precedence order; the first that has the path answers. */
  #lookup(method: string, host: string | undefined, path: string, decode: boolean): LookupResult<T> {
    const state = this.#state;
    if (host !== undefined && this.#namedHosts) {
      const key = requestHostKey(host);
      const exact = this.#tables.exact.get(key);
      const answer = exact && lookupTable(exact, method, path, decode, state);
      if (answer !== undefined) return answer;
      for (const { suffix, table } of this.#tables.wildcards) {
        const answer =
          key.length > suffix.length && key.endsWith(suffix)
            ? lookupTable(table, method, path, decode, state)
            : undefined;
        if (answer !== undefined) return answer;
      }
    }
    const any = this.#tables.any;
    return any === undefined ? NOT_FOUND : (lookupTable(any, method, path, decode, state) ?? NOT_FOUND);
  }
}

/** Whether a match captured a '%' (static labels are canonical and matched exactly). */
function capturedEscape<T>(route: CompiledRoute<T>, path: string, state: MatchState): boolean {
  const from =
    route.bindingNames.length > 0 ? (state.starts[0] as number) : route.hasWildcard ? state.wildStart : path.length;
  return from < path.length && path.indexOf('%', from) !== -1;
}

/** One host table's answer, undefined when no route here has the path; `decode`: captures hold `%25`, `%2F`. */
function lookupTable<T>(table: HostTable<T>, method: string, path: string, decode: boolean, state: MatchState) {
  // Static segments take precedence, so this is the walk's answer too (bench/router.bench.ts, static hits).
  const hit = findStatic(table.statics, path)?.routeFor(method);
  if (hit !== undefined) return new Found(hit.route, NO_BINDINGS, path, -1, false);
  state.allowed = 0;
  const match = matchTree(table.root, path, 0, 0, method, state);
  if (match !== undefined) return found(match, path, decode, state);
  if (state.allowed === 0) return undefined;
  const answer = methodNotAllowed(state.allowed);
  return method === 'OPTIONS' ? withPreflight(answer, table, path, decode, state) : answer;
}

function found<T>(hit: LeafRoute<T>, path: string, decode: boolean, state: MatchState): RouteFound<T> {
  const route = hit.route;
  const bindings = route.bindingNames.length === 0 ? NO_BINDINGS : hit.bindings(path, state.starts, state.ends);
  // Canonical text holds only %25 and %2F, which always decode.
  if (decode) for (const name of route.bindingNames) bindings[name] = decodeURIComponent(bindings[name] as string);
  return new Found(route, bindings, path, route.hasWildcard ? state.wildStart : -1, decode);
}

/** The bindings of every route without any (and of the pipeline's misses), shared (the contract allows it: docs/router.md). */
export const NO_BINDINGS: Record<string, string> = Object.freeze({});

/** A hit, one shape for every route; `pathinfo` split when read (bench/router.bench.ts, wildcard hits). */
class Found<T> implements RouteFound<T> {
  readonly kind = 'found';
  readonly route: CompiledRoute<T>;
  readonly bindings: Record<string, string>;
  readonly #path: string;
  /** MatchState.wildStart; -1 for a route without `[...]`. */
  readonly #wildStart: number;
  readonly #decode: boolean;
  #pathinfo: string[] | undefined = undefined;

  constructor(
    route: CompiledRoute<T>,
    bindings: Record<string, string>,
    path: string,
    wildStart: number,
    decode: boolean,
  ) {
    this.route = route;
    this.bindings = bindings;
    this.#path = path;
    this.#wildStart = wildStart;
    this.#decode = decode;
  }

  get pathinfo(): string[] | undefined {
    return this.#wildStart < 0
      ? undefined
      : (this.#pathinfo ??= splitPathinfo(this.#path, this.#wildStart, this.#decode));
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
  return (notAllowedByMask[mask] ??= Object.freeze({
    kind: 'method_not_allowed',
    // The methods of RouteLeaf.mask's bits, uppercase in HTTP_METHODS order (the order of an `allow` header).
    allowed: Object.freeze(
      HTTP_METHODS.filter((_, i) => (mask & (1 << i)) !== 0).map((method) => method.toUpperCase()),
    ),
  }));
}

/** An OPTIONS 405 with the route its first allowed method finds, whose plugins answer a CORS preflight. */
function withPreflight<T>(
  answer: MethodNotAllowed<never>,
  table: HostTable<T>,
  path: string,
  decode: boolean,
  state: MatchState,
) {
  // Never undefined: the allowed methods are those of the routes matching the path here.
  const preflight = found(matchTree(table.root, path, 0, 0, answer.allowed[0] as string, state)!, path, decode, state);
  return { kind: 'method_not_allowed', allowed: answer.allowed, preflight } satisfies MethodNotAllowed<T>;
}

/** The host of routes that answer any host. */
export const ANY_HOST = '_';

/** A Host header's table key: no port (also after `[::1]`), lowercase (RFC 9110 4.2.3), no final dot, as urlHost writes it. */
export function requestHostKey(host: string): string {
  const colon = portColon(host);
  let key = (colon === -1 ? host : host.slice(0, colon)).toLowerCase();
  if (key.charCodeAt(key.length - 1) === 46) key = key.slice(0, -1);
  // Only an IPv6 literal or an IPv4 address not dotted-decimal is parsed (bench/router.bench.ts, the table on three hosts).
  const last = key.charCodeAt(key.lastIndexOf('.') + 1);
  return key.charCodeAt(0) !== 91 && !(last >= 48 && last <= 57 && !isIPv4(key)) ? key : (urlHost(key) ?? key);
}

const URL_HOST = /^(?:\[[0-9a-f:.]+\]|[0-9a-z._~!$&'()*+,;=-]+)$/; // no @/?# (a@127.1 is 127.0.0.1), no % (%61dmin.x would pass a proxy rule on admin.x)
/** A lowercase host without port as the WHATWG URL parser writes an absolute-form target's (`[0:0::1]` → `[::1]`, `127.1` → `127.0.0.1`), or undefined. */
export function urlHost(host: string): string | undefined {
  return URL_HOST.test(host) ? (URL.parse(`http://${host}/`)?.hostname ?? undefined) : undefined;
}

/** Where a Host's port separator is, or -1: after `]` in an IPv6 literal, whose colons are not one. */
export function portColon(host: string): number {
  if (host.charCodeAt(0) !== 91 /* '[' */) return host.indexOf(':');
  const close = host.indexOf(']');
  return close !== -1 && host.charCodeAt(close + 1) === 58 /* ':' */ ? close + 1 : -1;
}

/** One host's routes: its tree, and the leaves of its all-static paths (findStatic). */
export interface HostTable<T> {
  readonly host: string;
  readonly root: RadixNode<T>;
  readonly statics: StaticIndex<T>;
}

/** A router's host tables, indexed the way a lookup tries them: exact name, `*.suffix`, `'_'`. */
export interface HostTables<T> {
  readonly exact: ReadonlyMap<string, HostTable<T>>;
  /** `*.suffix` tables, longer suffix first; `suffix` starts with the dot (`.example.com`). */
  readonly wildcards: readonly { readonly suffix: string; readonly table: HostTable<T> }[];
  readonly any: HostTable<T> | undefined;
}

/** Builds the host tables of checked routes; throws FW_ERR_ROUTE_CONFLICT. */
export function buildHostTables<T>(entries: readonly CheckedRoute<T>[]): HostTables<T> {
  const byHost = new Map<string, { root: RadixNode<T>; statics: Map<string, RouteLeaf<T>> }>();
  for (const entry of entries) {
    const { parsed, route } = entry;
    const tree =
      byHost.get(route.host) ??
      byHost.set(route.host, { root: new RadixNode<T>(''), statics: new Map() }).get(route.host)!;
    const leaf = insertRoute(tree.root, entry);
    if (route.bindingNames.length === 0 && !route.hasWildcard) tree.statics.set(staticPath(parsed), leaf);
  }
  const exact = new Map<string, HostTable<T>>();
  const wildcards: { suffix: string; table: HostTable<T> }[] = [];
  let any: HostTable<T> | undefined;
  for (const [host, { root, statics }] of byHost) {
    finishTree(root);
    const table: HostTable<T> = { host, root, statics: indexStatics(statics) };
    if (host === ANY_HOST) any = table;
    else if (host.startsWith('*.')) wildcards.push({ suffix: host.slice(1), table });
    else exact.set(host, table);
  }
  // Suffixes are unique: no two compare equal.
  wildcards.sort((a, b) => b.suffix.length - a.suffix.length || (a.suffix < b.suffix ? -1 : 1));
  return { exact, wildcards, any };
}

/** The canonical text of a path template with only static segments, as a request path spells it. */
function staticPath(parsed: ParsedPath): string {
  return `/${parsed.segments.map((segment) => (segment.kind === 'static' ? segment.text : '')).join('/')}`;
}

/**
 * A table's all-static paths by length, then by their character (low 7 bits) at `at`, where that
 * length's paths differ most: a Map would hash a path fresh off the socket (bench/router.bench.ts).
 */
type StaticIndex<T> = readonly (StaticGroup<T> | undefined)[];
interface StaticGroup<T> {
  readonly at: number;
  readonly byCode: readonly (readonly (readonly [string, RouteLeaf<T>])[])[];
}

function findStatic<T>(statics: StaticIndex<T>, path: string): RouteLeaf<T> | undefined {
  const group = path.length < statics.length ? statics[path.length] : undefined;
  if (group === undefined) return undefined;
  const entries = group.byCode[path.charCodeAt(group.at) & 127] as readonly (readonly [string, RouteLeaf<T>])[];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as readonly [string, RouteLeaf<T>];
    if (entry[0] === path) return entry[1];
  }
  return undefined;
}

function indexStatics<T>(statics: ReadonlyMap<string, RouteLeaf<T>>): StaticIndex<T> {
  const byLength: [string, RouteLeaf<T>][][] = [];
  for (const entry of statics) (byLength[entry[0].length] ??= []).push(entry);
  return Array.from(byLength, (entries) => (entries === undefined ? undefined : staticGroup(entries)));
}

function staticGroup<T>(entries: readonly [string, RouteLeaf<T>][]): StaticGroup<T> {
  const length = (entries[0] as [string, RouteLeaf<T>])[0].length;
  let at = length - 1;
  let best = 0;
  for (let position = 1; position < length && entries.length > 1; position++) {
    const codes = new Set(entries.map(([path]) => path.charCodeAt(position) & 127));
    if (codes.size > best) {
      best = codes.size;
      at = position;
    }
  }
  const byCode: [string, RouteLeaf<T>][][] = Array.from({ length: 128 }, () => []);
  for (const entry of entries) byCode[entry[0].charCodeAt(at) & 127]?.push(entry);
  return { at, byCode };
}
