/**
 * fw's listener speaks HTTP/1.x only. llhttp, under node:http, also accepts the request lines
 * `GET / HTTP/2.0` (reported as version 2.0) and `GET /` without a version, HTTP/0.9's form
 * (reported as 0.9, as is an explicit `HTTP/0.9`, so the two cannot be told apart); other
 * versions it refuses itself (HPE_INVALID_VERSION). The pipeline reads
 * `raw.httpVersionMajor !== 1` once per request and answers the rest here.
 */
import { writeError } from './write-response.ts';
import type { ResponseTarget } from './write-head.ts';

/**
 * Answers a request whose major version is not 1, then closes the connection: 400 for the
 * versionless HTTP/0.9 form (RFC 9112 §3: an invalid request-line is a 400), 505 for another
 * major version (RFC 9110 §15.6.6).
 */
export function refuseVersion(ctx: ResponseTarget): void {
  ctx.res.shouldKeepAlive = false;
  if (ctx.raw.httpVersionMajor === 0) return writeError(ctx, 400, 'request line without an HTTP/1.x version');
  writeError(ctx, 505, 'http version not supported');
}
