/**
 * The one place fw writes a response (controller answers, plugin replies, errors, files), so all
 * share write-head.ts's header precedence and one rule for bodies: HEAD carries the GET answer's
 * headers and length, no body (RFC 9110 §9.3.2); 204 and 304 neither body nor computed length
 * (§15.3.5, §15.4.5); nothing is encoded for a client that is gone; a route's response schema
 * projects a `json` body first, so fields it does not list never leave.
 */
import { stat } from 'node:fs/promises';
import { FwError } from '../errors.ts';
import { errorBody, type ErrorBodyOptions } from './error-body.ts';
import { writeJsonStream } from './json-stream.ts';
import { contentTypeFor } from './mime-types.ts';
import type { JsonLib } from './request.ts';
import type { FwResponse, HeaderMap, Projection } from './response.ts';
import { sendFileAt } from './send-file.ts';
import { endKnown, isAnswered, JSON_CONTENT_TYPE, writeHead, type ResponseTarget } from './write-head.ts';

export type { Projection };

const JSON_DEFAULTS: HeaderMap = Object.freeze({ 'content-type': JSON_CONTENT_TYPE });
const KINDS = new Set(['json', 'status', 'redirect', 'file', 'json_stream']);

/**
 * Writes a response description; a promise for files and streams. Throws
 * FW_ERR_HANDLER_BAD_RESPONSE before writing when it is malformed. `projections`: the route's
 * response schemas by status (a stream's items go through theirs one by one).
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

/**
 * A complete answer from a plugin (before it returns `['stop', ...]`). Does nothing when a
 * response was already started or the client is gone.
 */
export function reply(req: ResponseTarget, status: number, headers: HeaderMap, body?: string | Uint8Array): void {
  if (isAnswered(req.res)) return;
  writeComplete(req, status, headers, undefined, body);
}

/** `reply` with `value` encoded by `json_lib` and `content-type: application/json; charset=utf-8` unless `headers` names another. */
export function replyJson(req: ResponseTarget, status: number, value: unknown, headers?: HeaderMap): void {
  if (isAnswered(req.res)) return;
  writeComplete(req, status, headers, JSON_DEFAULTS, encodeJson(req.json, value));
}

/**
 * fw's own error answers (404, 405, 401, 500...): `{"error": message}` for API clients, a small
 * HTML page for browsers. When a response was already started it can only be cut: the
 * connection is destroyed so the client sees a truncated answer, never a wrong complete one.
 */
export function writeError(target: ResponseTarget, status: number, message: string, options: ErrorBodyOptions & { readonly headers?: HeaderMap } = {}): void {
  const { res } = target;
  if (res.headersSent) {
    if (!res.writableEnded) res.destroy();
    return;
  }
  if (res.destroyed) return;
  const { contentType, body } = errorBody(target.raw.headers.accept, status, message, target.json, options);
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
export function encodeJson(json: JsonLib, value: unknown): string {
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
