/**
 * If-Match and If-None-Match on PUT and DELETE /api/posts/:id (RFC 9110 §13). The blog sends no entity tag, so no
 * tag a client names can match: If-Match with tags is false, If-Match `*` true (the post exists); If-None-Match `*`
 * false, with tags true. A false one means the write must not run (§13.1.1: 412). Choices in docs/blog-api.md
 * ("Preconditions").
 */
import { json, type FwRequest, type JsonResponse } from 'fw-core';

/** True when the request's preconditions are false for an existing post (§13.2.2's order: If-Match, then If-None-Match). */
export function preconditionFails(req: FwRequest): boolean {
  const ifMatch = req.headers['if-match'];
  if (ifMatch !== undefined && ifMatch.trim() !== '*') return true;
  return req.headers['if-none-match']?.trim() === '*';
}

/** The 412 of a write whose precondition is false. */
export const preconditionFailed = (): JsonResponse => json({ error: 'precondition failed' }, 412);
