/**
 * Replying from inside a plugin: what a plugin calls before it returns `['stop', ...]`. The
 * pipeline's own response writer (write-response.ts) is for controller answers; this one is
 * the direct path, and it carries the same request-wide headers (`req.responseHeaders`, e.g.
 * CORS) and the request id.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { FwRequest } from './request.ts';
import type { HeaderMap } from './response.ts';

/** Content type of `replyJson` answers. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Writes a complete response: `req.responseHeaders` first, `headers` over them, then
 * `x-request-id` and `content-length`. HEAD answers and 204/304 carry no body (RFC 9110
 * §6.4.1); HEAD still gets the length the body would have. For 204/304 no length is computed
 * (a caller may pass `content-length: 0`, as preflight answers do for Safari). Does nothing
 * when a response was already started or the connection is gone.
 */
export function reply(req: FwRequest, status: number, headers: HeaderMap, body?: string | Uint8Array): void {
  const res = req.res;
  if (res.headersSent || res.writableEnded || res.destroyed) return;
  const out: OutgoingHttpHeaders = {};
  copyLowercased(req.responseHeaders, out);
  copyLowercased(headers, out);
  out['x-request-id'] = req.id;
  const bodyless = status === 204 || status === 304;
  if (!bodyless) out['content-length'] = body === undefined ? 0 : byteLength(body);
  res.writeHead(status, out);
  if (bodyless || req.method === 'HEAD' || body === undefined) res.end();
  else res.end(body);
}

/** `reply` with a JSON body and `content-type: application/json; charset=utf-8` (unless `headers` says otherwise). */
export function replyJson(req: FwRequest, status: number, value: unknown, headers?: HeaderMap): void {
  reply(req, status, { 'content-type': JSON_CONTENT_TYPE, ...headers }, JSON.stringify(value));
}

function copyLowercased(from: HeaderMap, to: OutgoingHttpHeaders): void {
  for (const [name, value] of Object.entries(from)) {
    to[name.toLowerCase()] = typeof value === 'string' ? value : [...value];
  }
}

function byteLength(body: string | Uint8Array): number {
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}
