/**
 * Writing a response head, for every writer in fw. Precedence, lowest first: fw's defaults for
 * the kind of body (its content-type), the plugins' `req.responseHeaders` (CORS, rate limits),
 * the response's own headers. Then fw's own: `content-length` when the body is known,
 * `x-request-id`, and `x-content-type-options: nosniff` (no browser may sniff a JSON error or an
 * uploaded text into HTML). One `writeHead(status, flatArray)`, not a setHeader each (bench/server.bench.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { JsonLib } from './request.ts';
import type { HeaderMap } from './response.ts';
import { KNOWN_LENGTH } from '../stream/exchange.ts';

/** The request a response answers. An FwRequest is one; so is fw's context before routing. */
export interface ResponseTarget {
  readonly raw: IncomingMessage;
  readonly res: ServerResponse;
  readonly id: string;
  /** The app's `json_lib`. */
  readonly json: JsonLib;
  /** Headers plugins added for whatever response is written (CORS, rate limits). */
  readonly responseHeaders?: HeaderMap;
}

/** `res.end(body)`, noting `length` (UTF-8 bytes for a string) for a response that counts. */
export function endKnown(res: ServerResponse, body: string | Uint8Array, length: number): void {
  const noting = res as ServerResponse & { [KNOWN_LENGTH]?: number };
  if (noting[KNOWN_LENGTH] !== undefined) noting[KNOWN_LENGTH] = length;
  res.end(body);
}

/** Content type of every JSON body fw writes. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** True when no response can be written any more: one was started, or the client is gone. */
export function isAnswered(res: ServerResponse): boolean {
  return res.headersSent || res.writableEnded || res.destroyed;
}

/**
 * Writes the head with the precedence above. `length`, the body's real length, wins over any
 * `content-length` in the maps; without it a map's value stands (a file's size) or the body goes chunked.
 */
export function writeHead(target: ResponseTarget, status: number, own: HeaderMap | undefined, defaults: HeaderMap | undefined, length: number | undefined): void {
  const flat: (string | number)[] = [];
  const merged = mergeHeaders(defaults, target.responseHeaders, own);
  if (merged !== undefined) {
    for (const name in merged) {
      if (name === 'x-request-id' || name === 'x-content-type-options' || (length !== undefined && name === 'content-length')) continue;
      const value = merged[name] as string | readonly string[];
      if (typeof value === 'string') flat.push(name, value);
      else for (const item of value) flat.push(name, item);
    }
  }
  if (length !== undefined) flat.push('content-length', length);
  flat.push('x-request-id', target.id, 'x-content-type-options', 'nosniff');
  target.res.writeHead(status, flat as string[]);
}

/** Lowercased union of the maps, later ones winning; the map itself when only `defaults` has entries. */
function mergeHeaders(defaults: HeaderMap | undefined, plugins: HeaderMap | undefined, own: HeaderMap | undefined): HeaderMap | undefined {
  if (isEmpty(plugins) && isEmpty(own)) return defaults;
  const merged: Record<string, string | readonly string[]> = { ...defaults };
  for (const map of [plugins, own]) {
    if (map === undefined) continue;
    for (const name in map) merged[name.toLowerCase()] = map[name] as string | readonly string[];
  }
  return merged;
}

function isEmpty(map: HeaderMap | undefined): boolean {
  if (map === undefined) return true;
  for (const _ in map) return false;
  return true;
}
