/** The routes of each host (exact, `*.suffix`, `'_'`) in a radix tree, in the order a lookup tries them. */
import { ANY_HOST, wildcardSuffix } from './host-name.ts';
import type { ParsedPath } from './parse-path.ts';
import { finishTree, insertRoute, RadixNode, type RouteLeaf } from './radix-tree.ts';
import type { CompiledRoute, RouteName } from './router.ts';

/** A checked route with its parsed path and the label errors name it by. */
export interface CheckedRoute<T> {
  readonly parsed: ParsedPath;
  readonly route: CompiledRoute<T>;
  readonly label: RouteName;
}

/** One host's routes. */
export interface HostTable<T> {
  readonly host: string;
  readonly root: RadixNode<T>;
  /** The leaves of the all-static paths, found before the tree is walked (findStatic). */
  readonly statics: StaticIndex<T>;
}

/** A router's host tables, indexed the way a lookup tries them: exact name, `*.suffix`, `'_'`. */
export interface HostTables<T> {
  readonly exact: ReadonlyMap<string, HostTable<T>>;
  /** `*.suffix` tables, longer suffix first; `suffix` starts with the dot (`.example.com`). */
  readonly wildcards: readonly { readonly suffix: string; readonly table: HostTable<T> }[];
  readonly any: HostTable<T> | undefined;
}

/** Builds the host tables of checked routes; throws FW_ERR_ROUTE_CONFLICT (see RouteLeaf.add). */
export function buildHostTables<T>(entries: readonly CheckedRoute<T>[]): HostTables<T> {
  const byHost = new Map<string, { root: RadixNode<T>; statics: Map<string, RouteLeaf<T>> }>();
  for (const { parsed, route, label } of entries) {
    let tree = byHost.get(route.host);
    if (tree === undefined) {
      tree = { root: new RadixNode<T>(''), statics: new Map() };
      byHost.set(route.host, tree);
    }
    const leaf = insertRoute(tree.root, parsed, route, label);
    if (route.bindingNames.length === 0 && !route.hasWildcard) tree.statics.set(staticPath(parsed), leaf);
  }
  const exact = new Map<string, HostTable<T>>();
  const wildcards: { suffix: string; table: HostTable<T> }[] = [];
  let any: HostTable<T> | undefined;
  for (const [host, { root, statics }] of byHost) {
    finishTree(root);
    const table: HostTable<T> = { host, root, statics: indexStatics(statics) };
    if (host === ANY_HOST) any = table;
    const suffix = wildcardSuffix(host);
    if (suffix !== undefined) wildcards.push({ suffix, table });
    else if (host !== ANY_HOST) exact.set(host, table);
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
 * A table's all-static paths by length, then by their character (low 7 bits) where that length's
 * paths differ most: a lookup reads one character and compares one or two paths, where a Map
 * would first hash a path fresh off the socket (bench/router.bench.ts, static hits and misses).
 */
type StaticIndex<T> = readonly (StaticGroup<T> | undefined)[];

/** The static paths of one length, by their code at `at`. */
interface StaticGroup<T> {
  readonly at: number;
  readonly byCode: readonly (readonly (readonly [string, RouteLeaf<T>])[])[];
}

/** The leaf of the all-static path equal to `path`, if any. */
export function findStatic<T>(statics: StaticIndex<T>, path: string): RouteLeaf<T> | undefined {
  if (path.length >= statics.length) return undefined;
  const group = statics[path.length];
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
