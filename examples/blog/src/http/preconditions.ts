/**
 * If-Match and If-None-Match on PUT and DELETE /api/posts/:id (RFC 9110 §13). The blog sends no entity tag, so no
 * tag a client names can match: If-Match with tags is false, If-Match `*` true (the post exists); If-None-Match `*`
 * false, with tags true. A false one means the write must not run (§13.1.1: 412). Choices in docs/blog-api.md
 * ("Preconditions").
 */
import { json, type FwRequest, type JsonResponse, type JsonSchema } from 'fw-core';

/** True when the request's preconditions are false for an existing post (§13.2.2's order: If-Match, then If-None-Match). */
export function preconditionFails(req: FwRequest): boolean {
  const ifMatch = req.headers['if-match'];
  if (ifMatch !== undefined && ifMatch.trim() !== '*') return true;
  return req.headers['if-none-match']?.trim() === '*';
}

/** The 412 of a write whose precondition is false. */
export const preconditionFailed = (): JsonResponse => json({ error: 'precondition failed' }, 412);

/** The two headers as PUT's and DELETE's `schema.headers` properties, so `fw openapi` lists them (any value: preconditionFails is the rule). */
export const PRECONDITION_HEADERS: Readonly<Record<string, JsonSchema>> = {
  'if-match': {
    type: 'string',
    description:
      'Optional (RFC 9110 §13.1.1): `*` writes only if the post exists; entity tags never match (the blog sends none), so they answer 412.',
  },
  'if-none-match': {
    type: 'string',
    description:
      'Optional (RFC 9110 §13.1.2): `*` answers 412 for an existing post; entity tags never match, so the write runs.',
  },
};
