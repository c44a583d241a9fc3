/**
 * The routes of one host (an exact name, a `*.suffix`, or `'_'`) in one radix tree, and the set
 * of host tables a router tries in precedence order (radix-router.ts).
 */
import { ANY_HOST, wildcardSuffix } from './host-name.ts';
import type { ParsedPath } from './parse-path.ts';
import { finishTree, insertRoute, RadixNode } from './radix-tree.ts';
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

/** Builds the host tables of checked routes; throws FW_ERR_ROUTE_CONFLICT (see RouteLeaf.add). */
export function buildHostTables<T>(entries: readonly CheckedRoute<T>[]): HostTables<T> {
  const byHost = new Map<string, HostTable<T>>();
  for (const { parsed, route, label } of entries) {
    let table = byHost.get(route.host);
    if (table === undefined) {
      table = { host: route.host, root: new RadixNode<T>('') };
      byHost.set(route.host, table);
    }
    insertRoute(table.root, parsed, route, label);
  }
  const exact = new Map<string, HostTable<T>>();
  const wildcards: { suffix: string; table: HostTable<T> }[] = [];
  for (const [host, table] of byHost) {
    finishTree(table.root);
    const suffix = wildcardSuffix(host);
    if (suffix !== undefined) wildcards.push({ suffix, table });
    else if (host !== ANY_HOST) exact.set(host, table);
  }
  wildcards.sort((a, b) => b.suffix.length - a.suffix.length || compareText(a.suffix, b.suffix));
  const any = byHost.get(ANY_HOST);
  const ordered = [...[...exact.values()].sort((a, b) => compareText(a.host, b.host)), ...wildcards.map((wildcard) => wildcard.table)];
  if (any !== undefined) ordered.push(any);
  return { exact, wildcards, any, ordered };
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
