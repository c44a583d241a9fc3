/**
 * The one place fw writes a response (controller answers, plugin replies, errors, files, JSON
 * streams), so all share write-head.ts's header precedence and one rule for bodies: HEAD carries
 * the GET answer's headers and length, no body (RFC 9110 §9.3.2); 204 and 304 neither body nor
 * computed length (§15.3.5, §15.4.5); nothing is encoded for a client that is gone; a route's
 * response schema projects a `json` body first, so fields it does not list never leave.
 */
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { FwError } from '../errors.ts';
import type { JsonLib } from './request.ts';
import type { FwResponse, HeaderMap, JsonStreamResponse, Projection } from './response.ts';
import { contentTypeFor, sendFileAt } from './send-file.ts';
import { endKnown, isAnswered, JSON_CONTENT_TYPE, writeHead, type ResponseTarget } from './write-head.ts';

export type { Projection };

const JSON_DEFAULTS: HeaderMap = Object.freeze({ 'content-type': JSON_CONTENT_TYPE });
const KINDS = new Set(['json', 'status', 'redirect', 'file', 'json_stream']);

/**
 * Writes a response description (a promise for files and streams); throws FW_ERR_HANDLER_BAD_RESPONSE
 * before writing when it is malformed. `projections`: the route's response schemas by status.
 */
export function writeResponse(target: ResponseTarget, response: FwResponse, projections?: ReadonlyMap<number, Projection>): void | Promise<void> {
  const status = checkStatus(response);
  if (isAnswered(target.res)) return;
  switch (response.kind) {
    case 'json': {
      const project = projections?.get(status);
      const body = project === undefined ? response.body : project(response.body);
      return writeComplete(target, status, response.headers, JSON_DEFAULTS, encodeJson(target.json, body));
    }
    case 'status':
      return writeComplete(target, status, response.headers, undefined, response.body);
    case 'redirect':
      return writeComplete(target, status, { ...response.headers, location: response.location }, undefined, undefined);
    case 'file':
      return writeFile(target, response.path, status, response.headers);
    case 'json_stream':
      writeHead(target, status, response.headers, JSON_DEFAULTS, undefined);
      return writeJsonStream(target, response, projections?.get(status));
  }
}

/** A plugin's whole answer (then it returns `['stop', ...]`); none once one started or the client left. */
export function reply(req: ResponseTarget, status: number, headers: HeaderMap, body?: string | Uint8Array): void {
  if (isAnswered(req.res)) return;
  writeComplete(req, status, headers, undefined, body);
}

/** `reply` with `value` encoded by `json_lib` and `content-type: application/json; charset=utf-8` unless `headers` names another. */
export function replyJson(req: ResponseTarget, status: number, value: unknown, headers?: HeaderMap): void {
  if (isAnswered(req.res)) return;
  writeComplete(req, status, headers, JSON_DEFAULTS, encodeJson(req.json, value));
}

/** What an error answer carries besides its message. */
export interface ErrorBodyOptions {
  /** Stack lines to include (only with `use_stacktrace`), in either form. */
  readonly stack?: readonly string[];
  readonly headers?: HeaderMap;
}

/**
 * fw's own error answers (404, 405, 401, 500...; a 5xx message is the caller's generic text):
 * `{"error": message}` for API clients, a small HTML page when the Accept header lists text/html
 * before any JSON type (browsers). When a response was already started it can only be cut: the
 * connection is destroyed so the client sees a truncated answer, never a wrong complete one.
 */
export function writeError(target: ResponseTarget, status: number, message: string, options: ErrorBodyOptions = {}): void {
  const { res } = target;
  if (res.headersSent) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  if (res.destroyed) return;
  const { stack } = options;
  const html = prefersHtml(target.raw.headers.accept);
  const error = stack === undefined ? { error: message } : { error: message, stacktrace: stack };
  const body = html ? htmlPage(status, message, stack) : target.json.stringify(error);
  const contentType = html ? 'text/html; charset=utf-8' : JSON_CONTENT_TYPE;
  writeComplete(target, status, { ...options.headers, 'content-type': contentType }, undefined, body);
}

/** Head and whole body in one go, following the body rules above. */
function writeComplete(target: ResponseTarget, status: number, own: HeaderMap | undefined, defaults: HeaderMap | undefined, body: string | Uint8Array | undefined): void {
  const bodyless = status === 204 || status === 304;
  const length = bodyless ? undefined : body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  writeHead(target, status, own, defaults, length);
  if (bodyless || body === undefined || target.raw.method === 'HEAD') target.res.end();
  else endKnown(target.res, body, length!);
}

/** `json.stringify(value)`, or FW_ERR_HANDLER_BAD_RESPONSE when json_lib cannot encode it. */
function encodeJson(json: JsonLib, value: unknown): string {
  let text: unknown;
  try {
    text = json.stringify(value);
  } catch (cause) {
    throw badResponse('a JSON body that json_lib cannot encode', cause);
  }
  if (typeof text !== 'string') throw badResponse('a JSON body that json_lib cannot encode');
  return text;
}

function checkStatus(response: FwResponse): number {
  if (typeof response !== 'object' || response === null) throw badResponse(String(response));
  const status = response.status ?? 200;
  if (!Number.isInteger(status) || status < 200 || status > 599) throw badResponse(`status ${String(status)}`);
  if (!KINDS.has(response.kind)) throw badResponse(`kind ${String(response.kind)}`);
  return status;
}

function badResponse(what: string, cause?: unknown): FwError {
  return new FwError('FW_ERR_HANDLER_BAD_RESPONSE', `handler returned ${what}; return json(), jsonStream(), status(), html(), redirect() or sendFile()`, { cause });
}

/** `sendFile(path)`: like a static file (validators, 304, FIFO-safe open), status 200 unless given. */
async function writeFile(target: ResponseTarget, path: string, status: number, headers: HeaderMap | undefined): Promise<void> {
  const sent = await sendFileAt(target, path, await stat(path), { contentType: contentTypeFor(path), status, headers });
  if (!sent) throw new FwError('FW_ERR_HANDLER_BAD_RESPONSE', `sendFile(${path}) is not a regular file`);
}

/** Bytes gathered before one `res.write`: large enough that writes stay cheap, small enough to yield often. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes a `jsonStream()` body after its head: items encoded one at a time, written in chunks,
 * waiting for the socket to drain when Node's buffer is full, so a slow client holds one chunk of
 * memory and other requests are served between chunks. A client gone ends the work at the next
 * chunk and runs an async iterator's `return()` (a database cursor is released). Rejects with what
 * the iterator or json_lib throws: the caller's error path then cuts the response.
 */
async function writeJsonStream(target: ResponseTarget, response: JsonStreamResponse, project?: Projection): Promise<void> {
  const { res, json } = target;
  if (target.raw.method === 'HEAD') {
    res.end();
    return;
  }
  const { items, key } = response;
  const iterator = Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : (items as Iterable<unknown>)[Symbol.iterator]();
  let chunk = key === undefined ? '[' : `{${json.stringify(key)}:[`;
  let first = true;
  let finished = false;
  try {
    for (;;) {
      const next = iterator.next();
      const step = typeof (next as Partial<PromiseLike<unknown>>).then === 'function' ? await next : (next as IteratorResult<unknown>);
      if (step.done === true) break;
      if (res.destroyed) return;
      const item = project === undefined ? step.value : projectItem(project, key, step.value);
      // JSON.stringify gives undefined for undefined and functions; inside an array JSON says null.
      const text = json.stringify(item) ?? 'null';
      chunk = first ? chunk + text : `${chunk},${text}`;
      first = false;
      if (chunk.length >= CHUNK_CHARS) {
        const flowing = res.write(chunk);
        chunk = '';
        if (!flowing) await drained(res);
        if (res.destroyed) return;
      }
    }
    finished = true;
    res.end(key === undefined ? `${chunk}]` : `${chunk}]}`);
  } finally {
    if (!finished) await iterator.return?.();
  }
}

/** An item projected as the only one of `[item]` or `{"<key>": [item]}`, as a json() body would be. */
function projectItem(project: Projection, key: string | undefined, item: unknown): unknown {
  if (key === undefined) return (project([item]) as unknown[])[0];
  const projected = project({ [key]: [item] }) as Record<string, unknown[] | undefined>;
  return projected[key]?.[0];
}

/** Resolves when `res` can take more, or when it closed (the client went away). */
function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done).off('close', done);
      resolve();
    };
    res.on('drain', done).on('close', done);
  });
}

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

function prefersHtml(accept: string | undefined): boolean {
  const htmlAt = accept?.indexOf('text/html') ?? -1;
  const jsonAt = accept?.indexOf('json') ?? -1;
  return htmlAt !== -1 && (jsonAt === -1 || htmlAt < jsonAt);
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
