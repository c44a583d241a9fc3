/**
 * The responses the static handler writes besides file bodies: the common head (request id,
 * plugin headers, nosniff), 404/405/500 through fw's one error writer, and the trailing-slash
 * redirect.
 */
import type { FwRequest } from '../http/request.ts';
import type { HeaderMap } from '../http/response.ts';
import { sendError, setHeaders } from '../pipeline/send-error.ts';

const NOSNIFF = { 'x-content-type-options': 'nosniff' } as const;
const ALLOW = { allow: 'GET, HEAD' } as const;

/** Sets status and headers: `req.responseHeaders` (CORS...), then `headers`, nosniff and the request id. */
export function writeHead(req: FwRequest, status: number, headers: HeaderMap): void {
  const { res } = req;
  res.statusCode = status;
  setHeaders(res, req.responseHeaders);
  setHeaders(res, headers);
  setHeaders(res, NOSNIFF);
  res.setHeader('x-request-id', req.id);
}

/** Ends the response with `body`, or with none for HEAD (same headers as GET, RFC 9110 §9.3.2). */
export function endWith(req: FwRequest, body: string): void {
  if (req.method === 'HEAD') req.res.end();
  else req.res.end(body);
}

/** 404 `{"error":"not found"}`, the same answer whether the path is missing, forbidden or unreadable. */
export function notFound(req: FwRequest): void {
  sendStaticError(req, 404, 'not found');
}

/** 405 with `allow: GET, HEAD`. */
export function methodNotAllowed(req: FwRequest): void {
  sendStaticError(req, 405, 'method not allowed', ALLOW);
}

/** 500 `{"error":"internal server error"}`; nothing about the cause reaches the client. */
export function internalError(req: FwRequest): void {
  sendStaticError(req, 500, 'internal server error');
}

/** 301 to the request path plus '/', query kept, so relative links in the page resolve. */
export function redirectToSlash(req: FwRequest): void {
  const location = `${req.path}/${req.query === '' ? '' : `?${req.query}`}`;
  // `//host` or `/\host` would leave the site; the router never hands such a path, but be sure.
  if (location.length > 1 && (location[1] === '/' || location[1] === '\\')) return notFound(req);
  writeHead(req, 301, { location, 'content-length': '0' });
  req.res.end();
}

function sendStaticError(req: FwRequest, status: number, message: string, headers?: HeaderMap): void {
  const merged = headers === undefined ? NOSNIFF : { ...headers, ...NOSNIFF };
  sendError({ raw: req.raw, res: req.res, id: req.id, responseHeaders: req.responseHeaders, headers: merged }, status, message);
}
