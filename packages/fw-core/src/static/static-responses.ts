/**
 * The static handler's answers besides files, through fw's one response writer: 404/405/500 as
 * fw's error bodies, listings, and the trailing-slash redirect.
 */
import type { FwRequest } from '../http/request.ts';
import type { HeaderMap } from '../http/response.ts';
import { reply, writeError } from '../http/write-response.ts';
import { sendFileAt } from '../http/send-file.ts';
import type { Stats } from 'node:fs';
import type { ResolvedStaticOptions } from './static-options.ts';

const ALLOW: HeaderMap = { allow: 'GET, HEAD' };

/** Serves `path` (just stat'ed) with the route's content types and cache-control; 404 unless it is a regular file. */
export async function serveFile(req: FwRequest, path: string, stats: Stats, options: ResolvedStaticOptions): Promise<void> {
  const sent = await sendFileAt(req, path, stats, { contentType: options.contentType(path), cacheControl: options.cacheControl });
  if (!sent) notFound(req);
}

/** A 200 HTML page (a directory listing). */
export function sendPage(req: FwRequest, body: string, headers: HeaderMap): void {
  reply(req, 200, { 'content-type': 'text/html; charset=utf-8', ...headers }, body);
}

/** 404 `{"error":"not found"}`, the same answer whether the path is missing, forbidden or unreadable. */
export function notFound(req: FwRequest): void {
  writeError(req, 404, 'not found');
}

/** 405 with `allow: GET, HEAD`. */
export function methodNotAllowed(req: FwRequest): void {
  writeError(req, 405, 'method not allowed', { headers: ALLOW });
}

/** 500 `{"error":"internal server error"}`; nothing about the cause reaches the client. */
export function internalError(req: FwRequest): void {
  writeError(req, 500, 'internal server error');
}

/** 301 to the request path plus '/', query kept, so relative links in the page resolve. */
export function redirectToSlash(req: FwRequest): void {
  const location = `${req.path}/${req.query === '' ? '' : `?${req.query}`}`;
  // `//host` or `/\host` would leave the site; the router never hands such a path, but be sure.
  if (location.length > 1 && (location[1] === '/' || location[1] === '\\')) return notFound(req);
  reply(req, 301, { location });
}
