/**
 * The text budget of a list (`ListQuery.maxTextBytes`), one rule for every store: posts are
 * listed in order while the text of the posts before the next one is within the budget, and the
 * first two always are. That is exactly the page `takePage` keeps (at least one post) plus the
 * one post after it, which is how the API learns that a next page exists. Listing only the first
 * post when it alone passes the budget would hide that next page.
 */

/** UTF-8 bytes of a post's title and body: what a page's byte budget counts. */
export function postTextBytes(post: { readonly title: string; readonly body: string }): number {
  return Buffer.byteLength(post.title) + Buffer.byteLength(post.body);
}

// How many posts a list holds whatever their size: the first of the page, and the one after it.
const ALWAYS_LISTED = 2;

/** The rule, post by post: what has been listed so far decides whether the next post is. */
export class TextBudget {
  readonly #maxBytes: number;
  #listed = 0;
  #bytes = 0;

  constructor(maxBytes: number) {
    this.#maxBytes = maxBytes;
  }

  /** True once no further post may be listed. */
  get spent(): boolean {
    return this.#listed >= ALWAYS_LISTED && this.#bytes > this.#maxBytes;
  }

  /** Lists a post of `bytes` unless the budget is spent; answers whether it did. */
  admit(bytes: number): boolean {
    if (this.spent) return false;
    this.#listed += 1;
    this.#bytes += bytes;
    return true;
  }

  /**
   * What is left, as the SQL list statements take it: how many more posts are listed whatever
   * their size, and how many bytes the posts before the next one may still hold (negative when
   * the first post alone passed the budget: then only the one post after it is still listed).
   */
  remaining(): [alwaysListed: number, maxBytes: number] {
    return [Math.max(0, ALWAYS_LISTED - this.#listed), this.#maxBytes - this.#bytes];
  }
}
