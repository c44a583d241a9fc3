/**
 * The text budget of a list (`ListQuery.maxTextBytes`), one rule for every store. A post's text
 * is counted as the API sends it: the UTF-8 bytes of its title and body inside their JSON
 * strings, escapes included (`\u0001` is 6 bytes, a newline 2, `é` 2, `𝄞` 4), so a page of
 * control characters costs what it weighs on the wire. The SQL stores keep this count in a
 * column (text_json_bytes), written with the post. Posts are
 * listed in order while the text of the posts before the next one is within the budget, and the
 * first two always are. That is exactly the page `takePage` keeps (at least one post) plus the
 * one post after it, which is how the API learns that a next page exists. Listing only the first
 * post when it alone passes the budget would hide that next page.
 */

/** What a page's byte budget counts for a post: its title and body as JSON strings, without the quotes. */
export function postTextBytes(post: { readonly title: string; readonly body: string }): number {
  return jsonStringBytes(post.title) + jsonStringBytes(post.body);
}

// What JSON.stringify escapes in a well-formed string (the API refuses lone surrogates).
const ESCAPED = /["\\\u0000-\u001f]/;
const SHORT_ESCAPES = new Set([0x22, 0x5c, 0x08, 0x09, 0x0a, 0x0c, 0x0d]);

/** The UTF-8 bytes of `text` as JSON.stringify writes it, without the two quotes. */
export function jsonStringBytes(text: string): number {
  const bytes = Buffer.byteLength(text);
  if (!ESCAPED.test(text)) return bytes;
  let extra = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0x20 && code !== 0x22 && code !== 0x5c) continue;
    // `\"`, `\\`, `\n`... take one byte more; other control characters are `\u00XX`, five more.
    extra += SHORT_ESCAPES.has(code) ? 1 : 5;
  }
  return bytes + extra;
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
