/**
 * Query parameters of GET /api/posts (spec rule 6 leaves them open): `limit` (1..1000, default
 * 100), `cursor` (from the previous page's Link header) and `status` (one of the post statuses).
 * Each may appear at most once; a bad value is a 400 naming the parameter; unknown parameters
 * are ignored. fw checks the route's query schema (LIST_QUERY_SCHEMA); listQueryError words its
 * failures, and the cursor, which only the store's ordering can read, is decoded here.
 */
import type { JsonSchema, SchemaIssue } from 'fw-core';
import { POST_STATUSES, type ListCursor, type PostStatus } from '../store/store.ts';
import { decodeCursor, encodeCursor } from './list-cursor.ts';

/** Page size when the client gives none. */
export const DEFAULT_LIMIT = 100;
/** Largest page size. */
export const MAX_LIMIT = 1000;

const PARAMETERS = ['limit', 'cursor', 'status'] as const;
const CURSOR_INVALID = 'cursor is not valid: pass the cursor of a Link rel="next" header unchanged';

/**
 * The route's query schema. `limit` stays text with a pattern rather than a coerced integer:
 * coercion would accept `05`, `1e2` and ` 5`, which the blog refuses (docs/blog-api.md).
 * A repeated name arrives as an array, which every one of these types refuses.
 */
export const LIST_QUERY_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    limit: { type: 'string', pattern: `^(?:[1-9][0-9]{0,2}|${MAX_LIMIT})$` },
    cursor: {
      type: 'string',
      description:
        'The cursor of the previous page\'s Link rel="next" header, passed unchanged (opaque: it encodes a position in the list); any other value is 400.',
    },
    status: { type: 'string', enum: [...POST_STATUSES] },
  },
};
/** A valid list request. */
export interface ListParams {
  readonly limit: number;
  readonly status: PostStatus | undefined;
  readonly after: ListCursor | undefined;
}

/** The parsed parameters, or the message of a 400. */
export type ParsedList =
  { readonly ok: true; readonly value: ListParams } | { readonly ok: false; readonly error: string };

/** The parameters of a query that passed LIST_QUERY_SCHEMA (`req.queryParams`); the cursor may still be bad. */
export function readListQuery(params: Readonly<Record<string, unknown>>): ParsedList {
  const { limit, status, cursor } = params as { limit?: string; status?: PostStatus; cursor?: string };
  const after = cursor === undefined ? undefined : decodeCursor(cursor);
  if (cursor !== undefined && after === undefined) return { ok: false, error: CURSOR_INVALID };
  return { ok: true, value: { limit: limit === undefined ? DEFAULT_LIMIT : Number(limit), status, after } };
}

/**
 * The 400 message of a query that failed LIST_QUERY_SCHEMA: a repeated parameter first, then
 * the first bad one in the order limit, status, cursor (`query` is the raw query string).
 */
export function listQueryError(query: string, issues: readonly SchemaIssue[]): string {
  const given = new URLSearchParams(query);
  const repeated = PARAMETERS.find((name) => given.getAll(name).length > 1);
  if (repeated !== undefined) return `${repeated} must be given at most once`;
  const bad = (name: string) => issues.some((issue) => issue.path === `/${name}`);
  if (bad('limit')) return `limit must be an integer from 1 to ${MAX_LIMIT}`;
  if (bad('status')) return `status must be one of ${POST_STATUSES.join(', ')}`;
  return CURSOR_INVALID;
}

/** The `Link` header value pointing at the page after `last` (RFC 8288). */
export function nextLink(path: string, params: ListParams, last: ListCursor): string {
  const status = params.status === undefined ? '' : `&status=${params.status}`;
  return `<${path}?limit=${params.limit}&cursor=${encodeCursor(last)}${status}>; rel="next"`;
}
