/**
 * The body of fw's own error answers: JSON `{"error": message}` for API clients, a small HTML
 * page when the client prefers text/html (browsers). 5xx messages are always the generic text
 * (the caller's job); stack lines only when `use_stacktrace` is on, in either form.
 */
import type { JsonLib } from './request.ts';
import { JSON_CONTENT_TYPE } from './write-head.ts';

/** Reason phrases for the statuses fw answers with itself. */
const REASONS: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  408: 'Request Timeout',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  501: 'Not Implemented',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** The text a 5xx answer shows instead of its error's message: `internal server error`, `service unavailable`... */
export function serverErrorText(status: number): string {
  return (REASONS[status] ?? REASONS[500]!).toLowerCase();
}

/** What an error body may carry besides its message. */
export interface ErrorBodyOptions {
  /** Stack lines to include (only with `use_stacktrace`). */
  readonly stack?: readonly string[];
}

/** The content type and body of an error answer for a client whose Accept header is `accept`. */
export function errorBody(accept: string | undefined, status: number, message: string, json: JsonLib, options: ErrorBodyOptions): { contentType: string; body: string } {
  const { stack } = options;
  if (prefersHtml(accept)) return { contentType: 'text/html; charset=utf-8', body: htmlPage(status, message, stack) };
  return { contentType: JSON_CONTENT_TYPE, body: json.stringify(stack ? { error: message, stacktrace: stack } : { error: message }) };
}

/** True when the Accept header lists text/html before any JSON type (browsers do). */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept) return false;
  const htmlAt = accept.indexOf('text/html');
  if (htmlAt === -1) return false;
  const jsonAt = accept.indexOf('json');
  return jsonAt === -1 || htmlAt < jsonAt;
}

function htmlPage(status: number, message: string, stack: readonly string[] | undefined): string {
  const title = `${status} ${REASONS[status] ?? 'Error'}`;
  const trace = stack === undefined ? '' : `<pre>${escapeHtml(stack.join('\n'))}</pre>`;
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${escapeHtml(message)}</p>${trace}</body></html>\n`;
}

/** Escapes `text` for an HTML text node or a quoted attribute value (error pages, directory listings). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
