/**
 * Writes a controller's response description. JSON goes through `json_lib`; files stream; HEAD
 * requests get the GET headers without a body (node:http drops the body for HEAD).
 *
 * Headers go out in one `writeHead(status, flatArray)`: measured with bench/server.bench.ts,
 * one setHeader per header cost about 3 µs of CPU per request more. writeHead still merges with
 * anything a stream handler set earlier through setHeader.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { FwError } from '../errors.ts';
import type { JsonLib } from '../pipeline/runtime.ts';
import { contentTypeFor } from '../static/index.ts';
import type { FwRequest } from './request.ts';
import type { FwResponse, HeaderMap } from './response.ts';

const JSON_TYPE = 'application/json; charset=utf-8';
const KINDS = new Set(['json', 'status', 'redirect', 'file']);

/**
 * Writes `response` for `req`; a promise only for files. Throws FW_ERR_HANDLER_BAD_RESPONSE
 * before writing anything when the response is malformed.
 */
export function writeResponse(req: FwRequest, response: FwResponse, json: JsonLib, close: boolean): void | Promise<void> {
  const status = checkStatus(response);
  switch (response.kind) {
    case 'json': {
      const body = json.stringify(response.body);
      if (typeof body !== 'string') throw badResponse('a JSON body that json_lib cannot encode');
      writeHead(req, status, response.headers, close, JSON_TYPE, Buffer.byteLength(body));
      req.res.end(body);
      return;
    }
    case 'status': {
      const empty = status === 204 || status === 304;
      const body = empty ? undefined : response.body;
      const length = empty ? undefined : body === undefined ? 0 : typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
      writeHead(req, status, response.headers, close, undefined, length);
      req.res.end(body);
      return;
    }
    case 'redirect':
      writeHead(req, status, { ...response.headers, location: response.location }, close, undefined, 0);
      req.res.end();
      return;
    case 'file':
      return writeFile(req, response.path, status, response.headers, close);
  }
}

function checkStatus(response: FwResponse): number {
  if (typeof response !== 'object' || response === null) throw badResponse(String(response));
  const status = response.status ?? 200;
  if (!Number.isInteger(status) || status < 200 || status > 599) throw badResponse(`status ${String(status)}`);
  if (!KINDS.has(response.kind)) throw badResponse(`kind ${String(response.kind)}`);
  return status;
}

function badResponse(what: string): FwError {
  return new FwError('FW_ERR_HANDLER_BAD_RESPONSE', `handler returned ${what}; return json(), status(), html(), redirect() or sendFile()`);
}

/**
 * One writeHead with, in order of precedence: the response's own headers, the plugins'
 * `req.responseHeaders`, then fw's defaults (content-type unless given, content-length,
 * x-request-id, connection: close while stopping).
 */
function writeHead(req: FwRequest, status: number, headers: HeaderMap | undefined, close: boolean, contentType: string | undefined, length: number | undefined): void {
  const flat: (string | number)[] = [];
  let typed = false;
  const merged = mergeHeaders(req.responseHeaders, headers);
  if (merged !== undefined) {
    for (const name in merged) {
      const value = merged[name] as string | readonly string[];
      if (name === 'content-type') typed = true;
      if (typeof value === 'string') flat.push(name, value);
      else for (const item of value) flat.push(name, item);
    }
  }
  if (contentType !== undefined && !typed) flat.push('content-type', contentType);
  if (length !== undefined) flat.push('content-length', length);
  flat.push('x-request-id', req.id);
  if (close) flat.push('connection', 'close');
  req.res.writeHead(status, flat as string[]);
}

/** Lowercased union of the two maps, the second winning; undefined when both are empty. */
function mergeHeaders(first: HeaderMap, second: HeaderMap | undefined): HeaderMap | undefined {
  let merged: Record<string, string | readonly string[]> | undefined;
  for (const map of [first, second]) {
    if (map === undefined) continue;
    for (const name in map) {
      merged ??= {};
      merged[name.toLowerCase()] = map[name] as string | readonly string[];
    }
  }
  return merged;
}

async function writeFile(req: FwRequest, path: string, status: number, headers: HeaderMap | undefined, close: boolean): Promise<void> {
  const info = await stat(path);
  if (!info.isFile()) throw new FwError('FW_ERR_HANDLER_BAD_RESPONSE', `sendFile(${path}) is not a regular file`);
  writeHead(req, status, headers, close, contentTypeFor(path), info.size);
  if (req.method === 'HEAD') {
    req.res.end();
    return;
  }
  await pipeline(createReadStream(path), req.res);
}
