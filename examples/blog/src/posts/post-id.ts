/**
 * The `:id` rule (spec rule 4 leaves non-integer ids open): an id is canonical decimal digits
 * without sign, leading zero, exponent, fraction or spaces, from 1 to Number.MAX_SAFE_INTEGER.
 * Anything else names no post, so it answers the same 404 as a missing post.
 */

const CANONICAL_ID = /^[1-9][0-9]{0,15}$/;

/** The post id `text` names, or undefined when it cannot name one. */
export function parsePostId(text: string | undefined): number | undefined {
  if (text === undefined || !CANONICAL_ID.test(text)) return undefined;
  const id = Number(text);
  return id <= Number.MAX_SAFE_INTEGER ? id : undefined;
}
