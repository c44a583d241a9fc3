/**
 * Query parameters of GET /api/posts (spec rule 6 leaves them open): `limit` (1..1000, default
 * 100), `cursor` (from the previous page's Link header) and `status` (one of the post statuses).
 * Each may appear at most once; a bad value is a 400 naming the parameter; unknown parameters
 * are ignored.
 */
import { POST_STATUSES, type ListCursor, type PostStatus } from '../store/store.ts';
import { decodeCursor, encodeCursor } from './list-cursor.ts';

/** Page size when the client gives none. */
export const DEFAULT_LIMIT = 100;
/** Largest page size. */
export const MAX_LIMIT = 1000;

/** A valid list request. */
export interface ListParams {
  readonly limit: number;
  readonly status: PostStatus | undefined;
  readonly after: ListCursor | undefined;
}

/** The parsed parameters, or the message of a 400. */
export type ParsedList = { readonly ok: true; readonly value: ListParams } | { readonly ok: false; readonly error: string };

const LIMIT_TEXT = /^[1-9][0-9]{0,3}$/;

/** Parses the raw query string (without `?`). */
export function parseListQuery(query: string): ParsedList {
  const params = new URLSearchParams(query);
  for (const name of ['limit', 'cursor', 'status']) {
    if (params.getAll(name).length > 1) return { ok: false, error: `${name} must be given at most once` };
  }
  const limitText = params.get('limit');
  const limit = limitText === null ? DEFAULT_LIMIT : LIMIT_TEXT.test(limitText) ? Number(limitText) : NaN;
  if (!(limit >= 1 && limit <= MAX_LIMIT)) return { ok: false, error: `limit must be an integer from 1 to ${MAX_LIMIT}` };
  const statusText = params.get('status');
  if (statusText !== null && !(POST_STATUSES as readonly string[]).includes(statusText)) {
    return { ok: false, error: `status must be one of ${POST_STATUSES.join(', ')}` };
  }
  const cursorText = params.get('cursor');
  const after = cursorText === null ? undefined : decodeCursor(cursorText);
  if (cursorText !== null && after === undefined) {
    return { ok: false, error: 'cursor is not valid: pass the cursor of a Link rel="next" header unchanged' };
  }
  return { ok: true, value: { limit, status: (statusText ?? undefined) as PostStatus | undefined, after } };
}

/** The `Link` header value pointing at the page after `last` (RFC 8288). */
export function nextLink(path: string, params: ListParams, last: ListCursor): string {
  const status = params.status === undefined ? '' : `&status=${params.status}`;
  return `<${path}?limit=${params.limit}&cursor=${encodeCursor(last)}${status}>; rel="next"`;
}
