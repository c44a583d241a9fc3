/**
 * An in-memory index of entries kept sorted in reverse list order (oldest first), so the common
 * create (newest so far) is a push and a page is a binary search plus a walk backwards:
 * O(log n + limit) per list request, no sorting per request.
 */
import { compareListKeys } from './list-order.ts';
import type { ListCursor } from './store.ts';

/** What the index needs of an entry: its list sort key. */
export interface IndexedEntry {
  readonly id: number;
  readonly insertedMs: number | null;
}

/** Entries in reverse list order with cursor paging. */
export class OrderedIndex<T extends IndexedEntry> {
  readonly #entries: T[] = [];

  /** Adds an entry (its key must not be in the index yet). */
  insert(entry: T): void {
    const entries = this.#entries;
    const last = entries[entries.length - 1];
    if (last === undefined || compareListKeys(entry.insertedMs, entry.id, last.insertedMs, last.id) < 0) {
      entries.push(entry);
      return;
    }
    entries.splice(this.#countListedAfter(entry.insertedMs, entry.id), 0, entry);
  }

  /** Replaces the entry with the same key; returns false when there is none. */
  replace(entry: T): boolean {
    const at = this.#indexOf(entry);
    if (at < 0) return false;
    this.#entries[at] = entry;
    return true;
  }

  /** Removes the entry with the same key; returns false when there is none. */
  remove(entry: IndexedEntry): boolean {
    const at = this.#indexOf(entry);
    if (at < 0) return false;
    this.#entries.splice(at, 1);
    return true;
  }

  /**
   * Up to `limit` entries in list order, starting strictly after `after`; the walk stops at the
   * first entry `admit` refuses, so entries past that one are never visited.
   */
  page(limit: number, after?: ListCursor, admit?: (entry: T) => boolean): T[] {
    const entries = this.#entries;
    let at = after === undefined ? entries.length : this.#countListedAfter(after.inserted_at, after.id);
    const page: T[] = [];
    while (at > 0 && page.length < limit) {
      const entry = entries[--at]!;
      if (admit !== undefined && !admit(entry)) break;
      page.push(entry);
    }
    return page;
  }

  #indexOf(entry: IndexedEntry): number {
    const at = this.#countListedAfter(entry.insertedMs, entry.id);
    return this.#entries[at]?.id === entry.id ? at : -1;
  }

  // Binary search: the number of entries listed after the key, which is also the array position
  // of the key itself (the array holds the list reversed).
  #countListedAfter(time: number | null, id: number): number {
    const entries = this.#entries;
    let low = 0;
    let high = entries.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      const probe = entries[mid]!;
      if (compareListKeys(probe.insertedMs, probe.id, time, id) > 0) low = mid + 1;
      else high = mid;
    }
    return low;
  }
}
