/**
 * The compiled router and its lookup, read top to bottom: find() cuts the request target and
 * picks how the path is prepared (its path mode), lookup() asks the host tables in precedence
 * order, lookupTable() walks one table's radix tree and turns the match into an answer as the
 * path mode says. The checks of route definitions are in create-router.ts.
 */
import { canonicalPath } from './percent-decoding.ts';
import { buildHostTables, rootFilters, type CheckedRoute, type HostTable, type HostTables } from './host-table.ts';
import { requestHostKey } from './host-name.ts';
import { matchTree, type MatchState } from './radix-tree.ts';
import { maskToMethods, requestMethodBit } from './route-methods.ts';
import type { RouteTarget } from './route-target.ts';
import type { StaticEntry, StaticPaths } from './static-paths.ts';
import { HTTP_METHODS, type CompiledRoute, type LookupResult, type MethodNotAllowed, type RouteFound, type RouteNotFound, type Router } from './router.ts';

const NOT_FOUND: RouteNotFound = Object.freeze({ kind: 'not_found' });

/**
 * How a path handed to a lookup was prepared. `raw`: as received, cut at '?' only, so it may
 * still hold a '%' or '#'; they are looked for only where they can change the answer.
 * `plain`: holds neither. `decode`: canonical (see percent-decoding.ts), captures get decoded.
 */
const PATH_MODE = { raw: 0, plain: 1, decode: 2 } as const;

/** One of PATH_MODE. */
type PathMode = (typeof PATH_MODE)[keyof typeof PATH_MODE];

/** What a lookup of a raw path answers when the path must be canonicalised first. */
const RETRY: unique symbol = Symbol('retry');

/** A router over one radix tree per host. */
export class RadixRouter<T> implements Router<T> {
  readonly #tables: HostTables<T>;
  readonly #routes: readonly CompiledRoute<T>[];
  /** True when some route names a host, so the Host header has to be read at all. */
  readonly #namedHosts: boolean;
  readonly #state: MatchState;
  /** False when a static segment holds a '#' (written %23): raw paths cannot be walked then. */
  readonly #rawSafe: boolean;
  /** rootFilters' `first` of every table at once: 1 where each table rules the code out. */
  readonly #rejectsFirst: Uint8Array;
  /** rootFilters' `firstTwo` of every table at once. */
  readonly #rejectsFirstTwo: Uint8Array;
  /**
   * The static paths of the one table of a router without named hosts, when none holds a '?' or
   * '#' (written %3F, %23): a request target equal to one of them is that path as it is, with
   * nothing to cut or decode. Undefined otherwise.
   */
  readonly #wholeTargets: StaticPaths<T> | undefined;

  /** Builds the host tables of checked routes; throws FW_ERR_ROUTE_CONFLICT (see RouteLeaf.add). */
  constructor(entries: readonly CheckedRoute<T>[]) {
    this.#tables = buildHostTables(entries);
    this.#routes = Object.freeze(entries.map((entry) => entry.route));
    // One index loop over the routes: a build runs mostly before V8 optimises it (step 13).
    let hash = false;
    let question = false;
    let maxBindings = 0;
    for (let i = 0; i < entries.length; i++) {
      const parsed = (entries[i] as CheckedRoute<T>).parsed;
      hash ||= parsed.staticHash;
      question ||= parsed.staticQuestion;
      if (parsed.bindingNames.length > maxBindings) maxBindings = parsed.bindingNames.length;
    }
    this.#rawSafe = !hash;
    this.#namedHosts = this.#tables.exact.size > 0 || this.#tables.wildcards.length > 0;
    const any = this.#tables.any;
    this.#wholeTargets = any !== undefined && !this.#namedHosts && !hash && !question ? any.staticPaths : undefined;
    const filters = this.#tables.ordered.map(rootFilters);
    this.#rejectsFirst = rejectedByAll(filters.map((filter) => filter?.first), 128);
    this.#rejectsFirstTwo = rejectedByAll(filters.map((filter) => filter?.firstTwo), 128 * 128);
    this.#state = {
      starts: new Int32Array(maxBindings),
      ends: new Int32Array(maxBindings),
      wildStart: 0,
      allowed: 0,
      reach: 0,
      escaped: false,
    };
  }

  routes(): readonly CompiledRoute<T>[] {
    return this.#routes;
  }

  find(method: string, host: string | undefined, url: string): LookupResult<T> {
    // A request target that is a static path, whole, is answered before anything scans it for
    // '?', '%' or '#': a static hit on the blog table took 640 instructions, now 375 (callgrind,
    // docs/performance.md step 11). Other targets pay one length lookup for it.
    const wholeTargets = this.#wholeTargets;
    if (wholeTargets !== undefined) {
      const entry = wholeTargets.find(url, url.length);
      if (entry !== undefined) {
        const answer = staticAnswer(entry, method);
        if (answer !== undefined) return answer;
      }
    }
    if (url.charCodeAt(0) !== 47) return NOT_FOUND;
    // A first segment no table's root can take (most of a bot's probes): no scan of the URL.
    const first = url.charCodeAt(1);
    if (first < 128) {
      if (this.#rejectsFirst[first] === 1) return NOT_FOUND;
      const second = url.charCodeAt(2);
      if (second < 128 && this.#rejectsFirstTwo[(first << 7) | second] === 1) return NOT_FOUND;
    }
    let end = url.indexOf('?');
    if (end === -1) end = url.length;
    if (this.#rawSafe) {
      // Most paths hold no '%' or '#': walk them as they are, checking for either only where it
      // could change the answer. Saves two scans of the URL (about 20 ns a lookup, docs/performance.md).
      // A target without a query was looked up whole in the one table's static paths above: its
      // walk skips that lookup (3-8 ns of a miss or a parameter hit, docs/performance.md trial h).
      const answer =
        wholeTargets !== undefined && end === url.length
          ? (lookupTable(this.#tables.any as HostTable<T>, method, url, end, PATH_MODE.raw, this.#state, true) ?? NOT_FOUND)
          : this.#lookup(method, host, url, end, PATH_MODE.raw);
      if (answer !== RETRY) return answer;
    }
    // The path ends at '?' or '#' (RFC 3986 section 3.3) and is matched in canonical form.
    const hash = url.indexOf('#');
    if (hash !== -1 && hash < end) end = hash;
    const percent = url.indexOf('%');
    if (percent === -1 || percent >= end) {
      const answer = this.#lookup(method, host, url, end, PATH_MODE.plain);
      return answer === RETRY ? NOT_FOUND : answer;
    }
    const canonical = canonicalPath(url.slice(0, end));
    if (canonical === undefined) return NOT_FOUND;
    const mode = canonical.includes('%') ? PATH_MODE.decode : PATH_MODE.plain;
    const answer = this.#lookup(method, host, canonical, canonical.length, mode);
    return answer === RETRY ? NOT_FOUND : answer;
  }

  /** Asks the host tables in precedence order; the first that has the path answers. */
  #lookup(
    method: string,
    host: string | undefined,
    path: string,
    end: number,
    mode: PathMode,
  ): LookupResult<T> | typeof RETRY {
    const state = this.#state;
    if (host !== undefined && this.#namedHosts) {
      const key = requestHostKey(host);
      const exact = this.#tables.exact.get(key);
      if (exact !== undefined) {
        const answer = lookupTable(exact, method, path, end, mode, state, false);
        if (answer !== undefined) return answer;
        // A raw path a table passed over has been checked for '%' and '#': it is plain.
        mode = mode === PATH_MODE.raw ? PATH_MODE.plain : mode;
      }
      for (const { suffix, table } of this.#tables.wildcards) {
        if (key.length > suffix.length && key.endsWith(suffix)) {
          const answer = lookupTable(table, method, path, end, mode, state, false);
          if (answer !== undefined) return answer;
          mode = mode === PATH_MODE.raw ? PATH_MODE.plain : mode;
        }
      }
    }
    const any = this.#tables.any;
    return any === undefined ? NOT_FOUND : (lookupTable(any, method, path, end, mode, state, false) ?? NOT_FOUND);
  }
}

/**
 * 1 where every table's filter is 1 (all of them rule the code out); all 0 when some table rules
 * nothing out (undefined), all 1 for a router with no table.
 */
function rejectedByAll(filters: readonly (Uint8Array | undefined)[], size: number): Uint8Array {
  if (filters.some((filter) => filter === undefined)) return new Uint8Array(size);
  const [first, ...others] = filters as readonly Uint8Array[];
  // Most routers have one table: its filter as it is, not a loop, since a build runs mostly unoptimised.
  const all = first ?? new Uint8Array(size).fill(1);
  for (const filter of others) for (let i = 0; i < size; i++) all[i] = (all[i] as number) & (filter[i] as number);
  return all;
}

/**
 * The answer of one host table for `path` cut at `end`, prepared as `mode` says; undefined when
 * no route here has the path (then the next host table in precedence order is asked), RETRY
 * when a raw path turns out to need its canonical form. `staticsChecked`: the caller has looked
 * the same path up in the table's static paths already.
 */
function lookupTable<T>(
  table: HostTable<T>,
  method: string,
  path: string,
  end: number,
  mode: PathMode,
  state: MatchState,
  staticsChecked: boolean,
): LookupResult<T> | typeof RETRY | undefined {
  const entry = staticsChecked ? undefined : table.staticPaths.find(path, end);
  if (entry !== undefined) {
    const answer = staticAnswer(entry, method);
    if (answer !== undefined) return answer;
  }
  state.allowed = 0;
  state.reach = 0;
  state.escaped = false;
  const match = table.match;
  const target = match !== undefined ? match(path, end, method, state) : matchTree(table.root, path, 0, end, 0, method, state);
  if (target !== undefined) {
    if (mode === PATH_MODE.raw) {
      // A compiled walk noted escapes in the bindings as it matched them; only a `[...]`'s
      // capture is left to check. The generic walk checks every capture here.
      const escaped =
        match !== undefined
          ? state.escaped || (target.route.hasWildcard && hasEscape(path, state.wildStart, end))
          : capturedEscape(target.route, path, end, state);
      if (escaped) return RETRY;
    }
    return found(target, path, end, mode === PATH_MODE.decode, state);
  }
  // A raw path's 404 is final when the part of it the walk read holds nothing its canonical
  // form would change (a bot's `/wp-login.php` is decided by its first character): the walk of
  // the canonical form reads the same text. A 405 needs the whole path free of escapes, since
  // a malformed escape anywhere makes it a 404.
  const read = state.allowed === 0 && state.reach < end ? state.reach : end;
  if (mode === PATH_MODE.raw && hasEscape(path, 0, read)) return RETRY;
  if (state.allowed === 0) return undefined;
  const answer = methodNotAllowed(state.allowed);
  return method === 'OPTIONS' ? withPreflight(answer, table, path, end, mode === PATH_MODE.decode, state) : answer;
}

/**
 * What a static path answers without a walk: its route for the method, or a 405 when no route
 * of the table answers the method on this path (OPTIONS walks, for its preflight route);
 * undefined when a binding or `[...]` may answer it.
 */
function staticAnswer<T>(entry: StaticEntry<T>, method: string): RouteFound<T> | MethodNotAllowed<never> | undefined {
  const target = entry.leaf.targetFor(method);
  if (target !== undefined) return { kind: 'found', route: target.route, bindings: {}, pathinfo: undefined };
  const allowed = entry.allowed;
  if (allowed > 0 && method !== 'OPTIONS' && (allowed & requestMethodBit(method)) === 0) return methodNotAllowed(allowed);
  return undefined;
}

/**
 * Whether the text a match captured (from its first binding or `[...]` on) holds a '%' or '#'.
 * Static edges before it matched character for character, and static labels never hold a raw
 * '#' or a '%' other than the canonical `%25` and `%2F` (see RadixRouter's #rawSafe), so only
 * captures can hide text the canonical path would decode or cut.
 */
function capturedEscape<T>(route: CompiledRoute<T>, path: string, end: number, state: MatchState): boolean {
  const first = route.bindingNames.length > 0 ? (state.starts[0] as number) : route.hasWildcard ? state.wildStart : end;
  return first < end && hasEscape(path, first, end);
}

/** Whether `path` holds a '%' or '#' between `from` and `end`. */
function hasEscape(path: string, from: number, end: number): boolean {
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

function found<T>(target: RouteTarget<T>, path: string, end: number, decode: boolean, state: MatchState): RouteFound<T> {
  const route = target.route;
  const bindings = target.bindings(path, state.starts, state.ends);
  if (decode) {
    // Canonical text holds only %25 and %2F, which always decode.
    for (const name of route.bindingNames) bindings[name] = decodeURIComponent(bindings[name] as string);
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

/** The answers without a preflight, one per set of allowed methods (a mask < 2 ** 9): made once, shared. */
const notAllowedByMask: (MethodNotAllowed<never> | undefined)[] = new Array(1 << HTTP_METHODS.length).fill(undefined);

function methodNotAllowed(mask: number): MethodNotAllowed<never> {
  let answer = notAllowedByMask[mask];
  if (answer === undefined) {
    answer = Object.freeze({ kind: 'method_not_allowed', allowed: Object.freeze(maskToMethods(mask)) });
    notAllowedByMask[mask] = answer;
  }
  return answer;
}

/**
 * An OPTIONS request's 405 with the route the path finds for its first allowed method, the one
 * whose plugins answer the OPTIONS (a CORS preflight). A 405 means the raw path held no escape,
 * so the raw and plain modes read it alike.
 */
function withPreflight<T>(
  answer: MethodNotAllowed<never>,
  table: HostTable<T>,
  path: string,
  end: number,
  decode: boolean,
  state: MatchState,
): MethodNotAllowed<T> {
  const target = matchTree(table.root, path, 0, end, 0, answer.allowed[0] as string, state);
  // Never undefined: the allowed methods are those of the routes matching the path here.
  if (target === undefined) return answer;
  return { kind: 'method_not_allowed', allowed: answer.allowed, preflight: found(target, path, end, decode, state) };
}
