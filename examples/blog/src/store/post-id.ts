/** The ids a store can hold. Anything else is answered as "not found" by every store alike. */

/** True for a positive safe integer: what ids are, in every store. */
export function isPostId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}
