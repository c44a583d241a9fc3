/** The ids a store can hold. Anything else is answered as "not found" by every store alike. */

/** True for a positive safe integer: what ids are, in every store. */
export function isPostId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

/**
 * A stored user_id as posts carry it: null when a JavaScript number cannot hold it exactly (a script's 2^63 - 1), as
 * an inserted_at that is not a date-time reads as null; the API never writes such a value.
 */
export function storedUserId(userId: number | null): number | null {
  return userId !== null && Number.isSafeInteger(userId) ? userId : null;
}
