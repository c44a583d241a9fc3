/**
 * Error responses fw writes itself (404, 405, 401, 500...): JSON `{"error": message}` for API
 * clients, a small HTML page when the client prefers text/html. 5xx messages are always the
 * generic text; stack traces only with `use_stacktrace`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HeaderMap } from '../http/response.ts';

/** Reason phrases for the statuses fw answers with itself. */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** Everything sendError needs besides the status and message. */
export interface ErrorContext {
  readonly raw: IncomingMessage;
  readonly res: ServerResponse;
  readonly id: string;
  /** Headers plugins added (CORS); merged under `headers`. */
  readonly responseHeaders?: HeaderMap;
  readonly headers?: HeaderMap;
  /** Stack lines to include (only when use_stacktrace is on). */
  readonly stack?: readonly string[];
  readonly closeConnection?: boolean;
}

/** Writes an error response unless one was already sent. */
export function sendError(ctx: ErrorContext, status: number, message: string): void {
  const { res } = ctx;
  if (res.headersSent) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  const html = prefersHtml(ctx.raw.headers.accept);
  const body = html ? htmlPage(status, message) : jsonBody(message, ctx.stack);
  res.statusCode = status;
  setHeaders(res, ctx.responseHeaders);
  setHeaders(res, ctx.headers);
  res.setHeader('x-request-id', ctx.id);
  res.setHeader('content-type', html ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8');
  res.setHeader('content-length', Buffer.byteLength(body));
  if (ctx.closeConnection) res.setHeader('connection', 'close');
  res.end(body);
}

/** Sets every header of `headers` on `res`. */
export function setHeaders(res: ServerResponse, headers: HeaderMap | undefined): void {
  if (!headers) return;
  for (const name in headers) res.setHeader(name, headers[name] as string | string[]);
}

/** True when the Accept header lists text/html before any JSON type (browsers do). */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const htmlAt = accept.indexOf('text/html');
  if (htmlAt === -1) return false;
  const jsonAt = accept.indexOf('json');
  return jsonAt === -1 || htmlAt < jsonAt;
}

function jsonBody(message: string, stack: readonly string[] | undefined): string {
  return JSON.stringify(stack ? { error: message, stacktrace: stack } : { error: message });
}

function htmlPage(status: number, message: string): string {
  const title = `${status} ${REASONS[status] ?? 'Error'}`;
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${escapeHtml(message)}</p></body></html>\n`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
