/**
 * The routes of one host (an exact name, a `*.suffix`, or `'_'`) in one radix tree, and the
 * set of host tables a router tries in precedence order. How a table is looked up is in
 * radix-router.ts.
 */
import { compileTree, type CompiledMatcher } from './compile-tree.ts';
import type { RouteName } from './create-router.ts';
import { ANY_HOST, wildcardSuffix } from './host-name.ts';
import type { ParsedPath } from './parse-path.ts';
import { finishTree, insertRoute, matchTree, RadixNode, type MatchState } from './radix-tree.ts';
import { RouteTarget, type ReaderCache } from './route-target.ts';
import type { CompiledRoute } from './router.ts';
import { StaticPaths } from './static-paths.ts';

/** A checked route with its parsed path and the label errors name it by. */
export interface CheckedRoute<T> {
  readonly parsed: ParsedPath;
  readonly route: CompiledRoute<T>;
  readonly label: RouteName;
}

/** One host's routes. */
export class HostTable<T> {
  readonly host: string;
  readonly root = new RadixNode<T>('');
  /** The bindings readers of the router this table is part of, shared by its tables. */
  readonly #readers: ReaderCache;

  constructor(host: string, readers: ReaderCache) {
    this.host = host;
    this.#readers = readers;
  }

  /**
   * The leaves of the routes whose paths are all static: a lookup finds them before it walks the
   * tree. Static segments take precedence over bindings and `[...]` at every node, so such a leaf
   * is the walk's answer too whenever it has a route for the method.
   */
  readonly staticPaths = new StaticPaths<T>();

  /** Adds a checked route; throws FW_ERR_ROUTE_CONFLICT (see RouteLeaf.add). */
  add(parsed: ParsedPath, route: CompiledRoute<T>, label: RouteName): void {
    const leaf = insertRoute(this.root, parsed, new RouteTarget(route, this.#readers), label);
    if (route.bindingNames.length === 0 && !route.hasWildcard) this.staticPaths.add(staticPath(parsed), leaf);
  }

  /** The tree's walk compiled to code (compile-tree.ts); undefined where the generic walk is kept. */
  match: CompiledMatcher<T> | undefined = undefined;

  /**
   * Finishes the tree once every route is added, and, for a router that will look paths up, the
   * static paths' index and the compiled walk (a printed tree needs neither).
   */
  finish(forLookups: boolean): void {
    finishTree(this.root);
    if (!forLookups) return;
    for (const entry of this.staticPaths.entries()) entry.allowed = allowedAt(this.root, entry.path);
    this.staticPaths.finish();
    this.match = compileTree(this.root);
  }
}

/**
 * What a table's root rules out by a request's first one or two characters after '/' (codes
 * below 128): `first[c]` is 1 when no route of the table can match a path starting with c (the
 * root has no binding and no `[...]`, and no static child starts with c), `firstTwo[c1 << 7 |
 * c2]` is 1 when no static child starts with both. Undefined when the root rules nothing out.
 * A router combines its tables' filters once (radix-router.ts); tables do not keep them.
 */
export function rootFilters<T>(table: HostTable<T>): { readonly first: Uint8Array; readonly firstTwo: Uint8Array } | undefined {
  const root = table.root;
  if (root.binding !== undefined || root.rest !== undefined) return undefined;
  const first = new Uint8Array(128).fill(1);
  const firstTwo = new Uint8Array(128 * 128).fill(1);
  for (const { label } of root.statics) {
    // The empty edge starts with '/', never ruled out below.
    if (label === '') continue;
    const code = label.charCodeAt(0) & 127;
    first[code] = 0;
    // A one-character label is followed by '/' or nothing, never ruled out below.
    if (label.length > 1) firstTwo[(code << 7) | (label.charCodeAt(1) & 127)] = 0;
  }
  for (const code of NEVER_RULED_OUT) {
    first[code] = 0;
    for (let other = 0; other < 128; other++) {
      firstTwo[(code << 7) | other] = 0;
      firstTwo[(other << 7) | code] = 0;
    }
  }
  return { first, firstTwo };
}

/** '#', '%', '/' and '?': they may cut, decode, empty or end a segment, so a filter never rules them out. */
const NEVER_RULED_OUT = [35, 37, 47, 63];

/** What a walk of `path` for a method no route names collects: see StaticEntry.allowed. */
function allowedAt<T>(root: RadixNode<T>, path: string): number {
  const segments = path.split('/').length;
  const state: MatchState = { starts: new Int32Array(segments), ends: new Int32Array(segments), wildStart: 0, allowed: 0, reach: 0, escaped: false };
  return matchTree(root, path, 0, path.length, 0, '', state) === undefined ? state.allowed : -1;
}

/** The canonical text of a path template with only static segments, as a request path spells it. */
function staticPath(parsed: ParsedPath): string {
  let path = '';
  for (const segment of parsed.segments) path += `/${segment.kind === 'static' ? segment.text : ''}`;
  return path;
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

/** Builds the host tables of routes already checked (`forLookups` false: the trees alone, for printing); `add` throws on a conflict. */
export function buildHostTables<T>(entries: readonly CheckedRoute<T>[], forLookups = true): HostTables<T> {
  const byHost = new Map<string, HostTable<T>>();
  const readers: ReaderCache = new Map();
  for (const { parsed, route, label } of entries) {
    let table = byHost.get(route.host);
    if (table === undefined) {
      table = new HostTable<T>(route.host, readers);
      byHost.set(route.host, table);
    }
    table.add(parsed, route, label);
  }
  for (const table of byHost.values()) table.finish(forLookups);
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
