/**
 * One page of GET /api/posts: at most `limit` posts, and no more once their text (title and body,
 * UTF-8) passes the page's byte budget, so a client asking for 1000 posts of 180 KB gets a few
 * of them and a `Link` to the rest instead of making the service encode 180 MB. A page always
 * holds at least one post, so paging always moves on. The stores apply the same budget
 * (ListQuery.maxTextBytes) and answer this page plus one post, so the rest is never read.
 */
import type { Post } from '../store/store.ts';
import { postTextBytes } from '../store/text-budget.ts';

/** The byte budget of one page's post text: 1 MiB, the same as the largest request body. */
export const MAX_PAGE_TEXT_BYTES = 1_048_576;

/** The leading posts of `rows` that fit `limit` and `maxBytes`. */
export function takePage(rows: readonly Post[], limit: number, maxBytes: number = MAX_PAGE_TEXT_BYTES): Post[] {
  const page: Post[] = [];
  let bytes = 0;
  for (const row of rows) {
    if (page.length === limit) break;
    const size = postTextBytes(row);
    if (page.length > 0 && bytes + size > maxBytes) break;
    bytes += size;
    page.push(row);
  }
  return page;
}
