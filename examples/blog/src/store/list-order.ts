/**
 * The one list order every store follows: newest inserted_at first, ties by id descending,
 * posts without a valid inserted_at last (by id descending). A cursor is the sort key of the
 * last post of a page.
 */
import type { ListCursor, Post } from './store.ts';

/** The cursor that continues a list right after `post`. */
export function cursorAfter(post: Post): ListCursor {
  return { inserted_at: post.inserted_at === null ? null : post.inserted_at.getTime(), id: post.id };
}

/**
 * Negative when `a` comes before `b` in list order, positive when after, 0 for the same key.
 * Takes the sort key (milliseconds or null, id) so an index can compare without building posts.
 */
export function compareListKeys(aTime: number | null, aId: number, bTime: number | null, bId: number): number {
  if (aTime !== bTime) {
    if (aTime === null) return 1;
    if (bTime === null) return -1;
    return bTime - aTime;
  }
  return bId - aId;
}
