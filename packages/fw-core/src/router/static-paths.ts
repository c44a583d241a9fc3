/**
 * The all-static paths of one host table, found without walking the tree or hashing the path:
 * grouped by length, and within a length by the character at the one position that tells that
 * length's paths apart best, so a lookup reads one character and compares the path with the one
 * or two paths left (`===` on strings of one length compares characters; a Map would hash the
 * whole path first, since a path fresh off the socket has no hash yet). Paths are canonical text,
 * as the tree's labels are.
 */
import type { RouteLeaf } from './radix-tree.ts';

/** One static path and the leaf of its routes. */
export interface StaticEntry<T> {
  readonly path: string;
  readonly leaf: RouteLeaf<T>;
  /**
   * The method bits of every route of the table whose template matches this path (its own and
   * those of bindings and `[...]` that match it too), or -1 when a `'_'` route matches it: a
   * method outside a positive mask is a 405 without walking the tree.
   */
  allowed: number;
}

/** The paths of one length, by the code (low 7 bits) of their character at `at`. */
interface LengthGroup<T> {
  readonly at: number;
  readonly byCode: readonly (readonly StaticEntry<T>[])[];
}

const CODES = 128;
const NONE: readonly never[] = Object.freeze([]);

/** The static paths of a host table: add() while building, finish() once, then find(). */
export class StaticPaths<T> {
  readonly #entries = new Map<string, StaticEntry<T>>();
  #groups: (LengthGroup<T> | undefined)[] = [];

  add(path: string, leaf: RouteLeaf<T>): void {
    this.#entries.set(path, { path, leaf, allowed: -1 });
  }

  /** Every entry, for the table to fill in `allowed` once its tree is finished. */
  entries(): IterableIterator<StaticEntry<T>> {
    return this.#entries.values();
  }

  finish(): void {
    const byLength: StaticEntry<T>[][] = [];
    for (const entry of this.#entries.values()) (byLength[entry.path.length] ??= []).push(entry);
    this.#groups = Array.from(byLength, (entries) => (entries === undefined ? undefined : group(entries)));
  }

  /** The entry of the static path equal to `path` cut at `end`, if any. */
  find(path: string, end: number): StaticEntry<T> | undefined {
    const groups = this.#groups;
    if (end >= groups.length) return undefined;
    const found = groups[end];
    if (found === undefined) return undefined;
    const entries = found.byCode[path.charCodeAt(found.at) & (CODES - 1)] as readonly StaticEntry<T>[];
    for (let i = 0; i < entries.length; i++) {
      const entry = entries[i] as StaticEntry<T>;
      if (end === path.length ? path === entry.path : path.startsWith(entry.path)) return entry;
    }
    return undefined;
  }
}

/** Groups paths of one length by their character at the position with the most distinct codes. */
function group<T>(entries: readonly StaticEntry<T>[]): LengthGroup<T> {
  const length = (entries[0] as StaticEntry<T>).path.length;
  let at = length - 1;
  let best = 0;
  for (let position = 1; position < length && entries.length > 1; position++) {
    const codes = new Set(entries.map((entry) => entry.path.charCodeAt(position) & (CODES - 1)));
    if (codes.size > best) {
      best = codes.size;
      at = position;
    }
  }
  const byCode: StaticEntry<T>[][] = [];
  for (const entry of entries) (byCode[entry.path.charCodeAt(at) & (CODES - 1)] ??= []).push(entry);
  return { at, byCode: Array.from({ length: CODES }, (_, code) => byCode[code] ?? NONE) };
}
