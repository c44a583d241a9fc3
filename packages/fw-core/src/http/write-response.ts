/**
 * The one place fw writes a response (controller answers, plugin replies, errors, files, JSON streams), so all share one
 * header precedence, lowest first: fw's defaults for the kind of body (its content-type), the plugins' `req.responseHeaders`
 * (CORS, rate limits), the response's own headers (a `vary` both's); then fw's own: `content-length` when the body is known, `x-request-id`,
 * and `x-content-type-options: nosniff` (no browser may sniff a JSON error or an uploaded text into HTML). And one rule for
 * bodies: HEAD carries the GET answer's headers and length, no body (RFC 9110 §9.3.2); 204 and 304 neither body nor
 * computed length (§15.3.5, §15.4.5); nothing is encoded for a client that is gone; a route's response schema projects a
 * `json` body first, so fields it does not list never leave.
 */
import { constants, createReadStream, type Stats } from 'node:fs';
import { open, stat, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { FwError } from '../errors.ts';
import { KNOWN_LENGTH } from '../stream/exchange.ts';
import { closeLingering } from './lingering-close.ts';
import { leavesBodyUnread } from './read-body.ts';
import type { FwRequest, JsonLib } from './request.ts';
import { isThenable, type FwResponse, type HeaderMap, type JsonStreamResponse, type Projection } from './response.ts';

/** The request a response answers, its plugins' `responseHeaders` optional. An FwRequest is one; so is fw's context before routing. */
export interface ResponseTarget
  extends Pick<FwRequest, 'raw' | 'res' | 'id' | 'json'>, Partial<Pick<FwRequest, 'responseHeaders'>> {}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** True when no response can be written any more: one was started, or the client is gone. */
export function isAnswered(res: ServerResponse): boolean {
  return res.headersSent || res.writableEnded || res.destroyed;
}

const JSON_DEFAULTS: HeaderMap = Object.freeze({ 'content-type': JSON_CONTENT_TYPE });
const KINDS = new Set(['json', 'status', 'redirect', 'file', 'json_stream']);

/** Writes a response description (a promise for files and streams), or throws FW_ERR_HANDLER_BAD_RESPONSE first; `projections`: schemas by status. */
export function writeResponse(
  target: ResponseTarget,
  response: FwResponse,
  projections?: ReadonlyMap<number, Projection>,
): void | Promise<void> {
  let status: number;
  try {
    status = checkResponse(response);
  } catch (error) {
    void unread(response)?.catch(() => undefined);
    throw error;
  }
  if (isAnswered(target.res)) return unread(response);
  switch (response.kind) {
    case 'json': {
      const project = projections?.get(status);
      return writeComplete(
        target,
        status,
        response.headers,
        JSON_DEFAULTS,
        encodeJson(target.json, project === undefined ? response.body : project(response.body)),
      );
    }
    case 'status':
      return writeComplete(target, status, response.headers, undefined, response.body);
    case 'redirect':
      return writeComplete(
        target,
        status,
        { ...response.headers, location: encodeLocation(response.location) },
        undefined,
        undefined,
      );
    case 'file':
      return writeFile(target, response.path, status, response.headers);
    case 'json_stream': {
      // The head goes with the first bytes: an item that fails before them (its projection, the iterator) gets fw's 500, not a cut.
      const head = () =>
        void (target.res.headersSent || writeHead(target, status, response.headers, JSON_DEFAULTS, undefined));
      if (target.raw.method === 'HEAD') return (head(), target.res.end(), unread(response));
      const { items, key } = response;
      const each = itemProjection(projections?.get(status), response, status);
      const [open, close] = key === undefined ? ['[', ']'] : [`{${target.json.stringify(key)}:[`, ']}'];
      // An Array subclass's slices stay subclasses, whose toJSON() JSON.stringify would send: its elements, as a plain Array.
      const list = Array.isArray(items) && Object.getPrototypeOf(items) !== Array.prototype ? Array.from(items) : items;
      return Array.isArray(list) && target.json === JSON
        ? writeJsonArray(target.res, head, list, each, open, close, 0, 1)
        : writeJsonStream(target, head, list, each, open, close);
    }
  }
}

/** Disposes of items fw never pulls (a HEAD, a client gone, an answer refused or dropped), as a GET's end does: Symbol.asyncDispose, else return(). */
export function unread(response: unknown): Promise<void> | undefined {
  if ((response as FwResponse | null)?.kind !== 'json_stream') return undefined;
  type Held = { [Symbol.asyncDispose]?: () => unknown; return?: () => unknown };
  const items = Object((response as JsonStreamResponse).items) as Held;
  const dispose = items[Symbol.asyncDispose] ?? items.return;
  return dispose && Promise.resolve().then(async () => void (await dispose.call(items)));
}

/** A plugin's whole answer (then it returns `['stop', ...]`); none once one started or the client left. */
export function reply(req: ResponseTarget, status: number, headers: HeaderMap, body?: string | Uint8Array): void {
  if (!isAnswered(req.res)) writeComplete(req, status, headers, undefined, body);
}

/** `reply` with `value` encoded by `json_lib` and `content-type: application/json; charset=utf-8` unless `headers` names another. */
export function replyJson(req: ResponseTarget, status: number, value: unknown, headers?: HeaderMap): void {
  if (!isAnswered(req.res)) writeComplete(req, status, headers, JSON_DEFAULTS, encodeJson(req.json, value));
}

/**
 * fw's own error answers (404, 405, 401, 500...; a 5xx message is the caller's generic text): `{"error": message}`, or a
 * small HTML page when Accept lists text/html before any JSON type; either with the `stack` lines given (only with
 * `use_stacktrace`). A response already started is cut, never completed wrong.
 */
export function writeError(
  target: ResponseTarget,
  status: number,
  message: string,
  options: { readonly stack?: readonly string[]; readonly headers?: HeaderMap } = {},
): void {
  const { res } = target;
  if (res.headersSent && !res.writableEnded) res.destroy();
  if (isAnswered(res)) return;
  const { stack, headers } = options;
  const html = prefersHtml(target.raw.headers.accept);
  const shown = stack === undefined ? { error: message } : { error: message, stacktrace: stack };
  const type = html ? 'text/html; charset=utf-8' : JSON_CONTENT_TYPE;
  const body = html ? htmlPage(status, message, stack) : target.json.stringify(shown);
  writeComplete(target, status, { ...headers, 'content-type': type }, undefined, body);
}

/** Head and whole body in one go, following the body rules above. */
function writeComplete(
  target: ResponseTarget,
  status: number,
  own: HeaderMap | undefined,
  defaults: HeaderMap | undefined,
  body: string | Uint8Array | undefined,
): void {
  const bodyless = status === 204 || status === 304;
  const length = bodyless ? undefined : typeof body === 'string' ? Buffer.byteLength(body) : (body?.byteLength ?? 0);
  writeHead(target, status, own, defaults, length);
  if (bodyless || body === undefined || target.raw.method === 'HEAD') return void target.res.end();
  // A response that counts its bytes (stream/exchange.ts) is told the length, UTF-8 bytes for a string.
  const noting = target.res as ServerResponse & { [KNOWN_LENGTH]?: number };
  if (noting[KNOWN_LENGTH] !== undefined) noting[KNOWN_LENGTH] = length;
  target.res.end(body);
}

/**
 * The head with the precedence above, in one `writeHead(status, flatArray)` (bench/server.bench.ts). The body's framing is fw's
 * (`length`, or chunked): a map's `transfer-encoding` or `content-length` is dropped, but a 204's or 304's `content-length: 0` (Safari).
 */
function writeHead(
  target: ResponseTarget,
  status: number,
  own: HeaderMap | undefined,
  defaults: HeaderMap | undefined,
  length: number | undefined,
): void {
  const flat: (string | number)[] = [];
  const merged = mergeHeaders(defaults, target.responseHeaders, own);
  for (const name in merged) {
    if (name === 'x-request-id' || name === 'x-content-type-options' || name === 'transfer-encoding') continue;
    if (name === 'content-length' && (merged[name] !== '0' || (status !== 204 && status !== 304))) continue;
    const value = merged[name] as string | readonly string[];
    // A `location` that is a path on fw's own site goes under the mount path (RFC 9110 §10.2.2 allows a relative reference).
    if (name === 'location' && typeof value === 'string')
      flat.push(name, isSitePath(value) ? `${mountPath(target)}${value}` : value);
    else if (typeof value === 'string') flat.push(name, value);
    else for (const item of value) flat.push(name, item);
  }
  if (length !== undefined) flat.push('content-length', length);
  flat.push('x-request-id', target.id, 'x-content-type-options', 'nosniff');
  // An answer that says `connection: close` (a 429 refusing a body it never read) or leaves a large body unread (a 404) closes lingering: node:http's own close would reset a client still sending, whose stack then drops the answer; its drain would read all the client sends.
  const connection = merged?.['connection'];
  if ((connection !== undefined && /^close$/i.test(String(connection))) || leavesBodyUnread(target.raw))
    closeLingering(target.res);
  target.res.writeHead(status, flat as string[]);
}

/**
 * The path another server mounted fw under, as the client sent it: `/fw` under Express's `app.use('/fw', listener)`
 * (`req.baseUrl`), or what a Connect-style host cut off `req.url` (`originalUrl`); '' when fw serves the whole server.
 * fw adds it to `location` itself; an app adds it to the other links it builds (`Link`, URLs in bodies).
 */
export function mountPath(target: Pick<ResponseTarget, 'raw'>): string {
  const raw = target.raw as IncomingMessage & { baseUrl?: unknown; originalUrl?: unknown };
  let prefix = '';
  if (typeof raw.baseUrl === 'string') prefix = raw.baseUrl;
  else if (typeof raw.originalUrl === 'string' && raw.url !== undefined) {
    const original = raw.originalUrl.split('?')[0]!;
    const own = raw.url.split('?')[0]!;
    prefix = original.endsWith(own) ? original.slice(0, original.length - own.length) : own === '/' ? original : '';
  }
  if (prefix.endsWith('/')) prefix = prefix.slice(0, -1);
  return isSitePath(prefix) ? prefix : '';
}

/** `location` as a URI-reference (RFC 9110 §10.2.2): what none holds (non-ASCII, spaces, CR/LF, a stray `%`) percent-encoded as UTF-8, escapes kept, as Express's encodeurl. */
export function encodeLocation(location: string): string {
  return location.replace(
    /(?:[^\x21\x23-\x3b\x3d\x3f-\x5f\x61-\x7a\x7c\x7e]|%(?:[^0-9a-fA-F]|[0-9a-fA-F][^0-9a-fA-F]|$))+/g,
    (text) => encodeURI(text.toWellFormed()),
  );
}

/** A path on this site: `/x`, not `//host/x` nor `/\\host/x`, which leave it. */
export function isSitePath(path: string): boolean {
  return path[0] === '/' && path[1] !== '/' && path[1] !== '\\';
}

/** Lowercased union of the maps, later ones winning; the map itself when only `defaults` has entries (`for in` skips an undefined one, here and in writeHead). */
function mergeHeaders(defaults?: HeaderMap, plugins?: HeaderMap, own?: HeaderMap): HeaderMap | undefined {
  if (isEmpty(plugins) && isEmpty(own)) return defaults;
  const merged: Record<string, string | readonly string[]> = { ...defaults };
  for (const map of [plugins, own]) {
    for (const name in map) {
      const key = name.toLowerCase();
      // Vary is a list (RFC 9110 §12.5.5): a plugin's (CORS's Origin) and the handler's both decide the answer, so both are sent.
      merged[key] =
        key === 'vary' && merged.vary !== undefined
          ? [merged.vary, map[name]!].flat().join(', ')
          : (map[name] as string | readonly string[]);
    }
  }
  return merged;
}

function isEmpty(map: HeaderMap | undefined): boolean {
  for (const _ in map) return false;
  return true;
}

/** `json.stringify(value)`, or FW_ERR_HANDLER_BAD_RESPONSE when json_lib cannot encode it. */
function encodeJson(json: JsonLib, value: unknown): string {
  try {
    const text: unknown = json.stringify(value);
    if (typeof text === 'string') return text;
  } catch (cause) {
    throw badResponse('a JSON body that json_lib cannot encode', cause);
  }
  throw badResponse('a JSON body that json_lib cannot encode');
}

/** A response fw can write, and its status; else FW_ERR_HANDLER_BAD_RESPONSE before any byte goes (a 500, not a cut). */
function checkResponse(response: FwResponse): number {
  if (typeof response !== 'object' || response === null || !KINDS.has(response.kind))
    throw badResponse(unlike(response));
  const status = response.status ?? 200;
  if (!Number.isInteger(status) || status < 200 || status > 599) throw badResponse(`status ${String(status)}`);
  for (const name in response.headers)
    if (typeof response.headers[name] !== 'string' && !Array.isArray(response.headers[name]))
      throw badResponse(`the header ${name}: ${typeof response.headers[name]}, not a string`);
  const body: unknown = response.kind === 'status' ? response.body : undefined;
  if (body !== undefined && typeof body !== 'string' && !(body instanceof Uint8Array))
    throw badResponse(`a status() body that is ${unlike(body)}`);
  if (response.kind === 'redirect' && typeof response.location !== 'string')
    throw badResponse('redirect() without a location');
  const { kind, items } = response as { kind: string; items?: unknown };
  if (kind === 'json_stream' && !(Symbol.iterator in Object(items) || Symbol.asyncIterator in Object(items)))
    throw badResponse('jsonStream() of something not iterable');
  return status;
}

/** What `value` is (untyped JavaScript may return a body itself, as Fastify takes it), and what answers it. */
function unlike(value: unknown): string {
  if (typeof value === 'string') return 'a string: answer text with html() or status(200, headers, text)';
  if (typeof value !== 'object' || value === null) return `${String(value)}, not a response: wrap a body in json()`;
  if ('kind' in value) return `kind ${String(value.kind)}`;
  // Hono's answer: fw writes its own descriptions (docs/decisions.md).
  if (value instanceof Response) return 'a web Response, which fw does not write: use status(), html() or json()';
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Blob)
    return 'bytes, not a response: answer them with status(200, headers, bytes) (a Uint8Array)';
  if (Symbol.asyncIterator in value) return 'a stream, not a response: answer a JSON list with jsonStream(items)';
  const plain = Object.getPrototypeOf(value) === Object.prototype;
  return `${plain ? 'a plain object' : `a ${value.constructor?.name}`}, not a response: wrap a body in json()`;
}

/** FW_ERR_HANDLER_BAD_RESPONSE: `who` (the handler, a plugin, a hook) returned `what`, and what it may return. */
export function badResponse(what: string, cause?: unknown, who = 'handler'): FwError {
  return new FwError(
    'FW_ERR_HANDLER_BAD_RESPONSE',
    `${who} returned ${what}; return json(), jsonStream(), status(), html(), redirect() or sendFile()`,
    { cause, details: { what } },
  );
}

/** `error`, when it refuses an answer `who` gave (a post_request plugin's, a hook's), as `who`'s: not the handler's. */
export const blamed = (error: unknown, who: string): unknown =>
  error instanceof FwError && error.code === 'FW_ERR_HANDLER_BAD_RESPONSE'
    ? badResponse(error.details['what'] as string, error.cause, who)
    : error;

/** Bytes gathered before one `res.write`: large enough that writes stay cheap, small enough to yield often. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Writes a `jsonStream()` body, its head (`head()`) with the first chunk: items projected, encoded in batches (with JSON,
 * sized from the last batch to fill a chunk) and written in chunks, waiting for drains. A client gone ends the work at the
 * next item and runs an async iterator's `return()` (a database cursor is released). Rejects with what the iterator or
 * json_lib throws; the caller answers 500 when no byte went, else cuts the response.
 */
async function writeJsonStream(
  target: ResponseTarget,
  head: () => void,
  items: JsonStreamResponse['items'],
  each: Projection | undefined,
  open: string,
  close: string,
): Promise<void> {
  const { res, json } = target;
  const iterator =
    Symbol.asyncIterator in items ? items[Symbol.asyncIterator]() : (items as Iterable<unknown>)[Symbol.iterator]();
  let chunk = open;
  let batch: unknown[] = [];
  let wanted = 1; // the batch's size
  let comma = '';
  let finished = false;
  // An item awaited when the client leaves (a feed's) may never come: the wait ends (leave), the finally's return() ends a feed's (on()'s,
  // a Readable's), unawaited: an async generator waiting inside takes it at its next yield, and a stop would wait its grace for that.
  let leave: ((gone: IteratorResult<unknown>) => void) | undefined;
  res.once('close', () => leave?.({ done: true, value: undefined }));
  try {
    for (;;) {
      const next = iterator.next();
      const step = isThenable<IteratorResult<unknown>>(next)
        ? await new Promise<IteratorResult<unknown>>((resolve, reject) => void next.then((leave = resolve), reject))
        : next;
      if (res.destroyed) return;
      leave = undefined;
      if (step.done !== true) {
        batch.push(each === undefined ? step.value : each(step.value));
        if (batch.length < wanted) continue;
      }
      if (batch.length > 0) {
        // JSON's array without its brackets; undefined and functions are null there, as in any JSON array.
        const text = json === JSON ? encodeJson(JSON, batch).slice(1, -1) : (json.stringify(batch[0]) ?? 'null');
        chunk = `${chunk}${comma}${text}`;
        if (json === JSON)
          wanted = Math.max(1, Math.floor(((CHUNK_CHARS - chunk.length) * batch.length) / text.length));
        [comma, batch] = [',', []];
      }
      if (step.done === true) break;
      if (chunk.length >= CHUNK_CHARS) {
        head();
        const flowing = res.write(chunk);
        chunk = '';
        if (!flowing) await drained(res);
        if (res.destroyed) return;
      }
    }
    finished = true;
    head();
    res.end(chunk + close);
  } finally {
    if (leave !== undefined && res.destroyed) void Promise.resolve(iterator.return?.()).catch(() => undefined);
    else if (!finished) await iterator.return?.();
  }
}

/** The same body from an array, with JSON: slices sized from the first item to fill a chunk, synchronous until the socket pushes back (bench/list-answer.bench.ts). */
function writeJsonArray(
  res: ServerResponse,
  head: () => void,
  items: readonly unknown[],
  each: Projection | undefined,
  chunk: string,
  close: string,
  from: number,
  count: number,
): void | Promise<void> {
  for (let at = from; at < items.length;) {
    if (res.destroyed) return;
    const slice = items.slice(at, at + count);
    const text = encodeJson(JSON, each === undefined ? slice : slice.map(each)).slice(1, -1);
    chunk = at === 0 ? chunk + text : `${chunk},${text}`;
    if (at === 0) count = Math.max(1, Math.floor(CHUNK_CHARS / (text.length + 1)));
    at += slice.length;
    if (chunk.length < CHUNK_CHARS || at === items.length) continue;
    head();
    const flowing = res.write(chunk);
    chunk = '';
    if (!flowing) return drained(res).then(() => writeJsonArray(res, head, items, each, '', close, at, count));
  }
  if (!res.destroyed) res.end((head(), chunk + close));
}

/** What each item goes through: the schema of the array's items, else the item projected as the only one of `[item]` or `{"<key>": [item]}`, as a json() body would be; a key that body leaves out fails the answer (a 500), not nulls. */
function itemProjection(
  project: Projection | undefined,
  response: JsonStreamResponse,
  status: number,
): Projection | undefined {
  const { key } = response;
  const each = (key === undefined ? project : project?.fields?.get(key))?.each;
  if (each !== undefined || project === undefined) return each;
  if (key === undefined) return (item) => (project([item]) as unknown[])[0];
  const keyed = (list: unknown[]): unknown[] => {
    const kept = (project({ [key]: list }) as Record<string, unknown[] | undefined>)[key];
    if (kept !== undefined) return kept;
    if (list.length === 0) void unread(response);
    throw new FwError(
      'FW_ERR_RESPONSE_NOT_PROJECTABLE',
      `jsonStream key ${key}: the response schema for ${status} lets no value leave under it, so each item would be sent as null; list ${key} in its properties`,
      { details: { key, status } },
    );
  };
  // Tried on [] before any item is read: an empty list is refused too, its items disposed of unread (a cursor released).
  keyed([]);
  return (item) => keyed([item])[0];
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

/** Reason phrases: node:http's (not ES-imported: server/start-server.ts says why), RFC 9110's where they changed (§15.5.14, §15.5.21). */
const REASONS: Readonly<Record<number, string | undefined>> = {
  ...process.getBuiltinModule('node:http').STATUS_CODES,
  413: 'Content Too Large',
  422: 'Unprocessable Content',
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
  return `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1><p>${escapeHtml(message)}</p>${stack === undefined ? '' : `<pre>${escapeHtml(stack.join('\n'))}</pre>`}</body></html>\n`;
}

/** Escapes `text` for an HTML text node or a quoted attribute value (error pages, directory listings). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The built-in content types by extension; text types carry a charset so browsers never guess; text/javascript for all scripts (RFC 9239). */
const MIME_TYPES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    'text/html; charset=utf-8': 'html htm',
    'text/css; charset=utf-8': 'css',
    'text/javascript; charset=utf-8': 'js mjs cjs',
    'application/json; charset=utf-8': 'json map',
    'application/manifest+json; charset=utf-8': 'webmanifest',
    'text/plain; charset=utf-8': 'txt',
    'text/csv; charset=utf-8': 'csv',
    'text/markdown; charset=utf-8': 'md',
    'application/xml; charset=utf-8': 'xml',
    'image/svg+xml; charset=utf-8': 'svg',
    'image/png': 'png',
    'image/jpeg': 'jpg jpeg',
    'image/gif': 'gif',
    'image/webp': 'webp',
    'image/avif': 'avif',
    'image/x-icon': 'ico',
    'application/pdf': 'pdf',
    'application/wasm': 'wasm',
    'application/zip': 'zip',
    'font/woff': 'woff',
    'font/woff2': 'woff2',
    'font/ttf': 'ttf',
    'font/otf': 'otf',
    'video/mp4': 'mp4',
    'video/webm': 'webm',
    'audio/mpeg': 'mp3',
    'audio/ogg': 'ogg',
    'audio/wav': 'wav',
  }).flatMap(([type, extensions]) => extensions.split(' ').map((extension) => [extension, type] as const)),
);

/** A lookup over the built-in table with a static route's `mimetype` (lowercase extension → type) on top. */
export function createContentTypeLookup(overrides: Readonly<Record<string, string>>): (path: string) => string {
  const table = new Map([...MIME_TYPES, ...Object.entries(overrides)]);
  return (path) => table.get(extname(path).slice(1).toLowerCase()) ?? 'application/octet-stream';
}

/** The built-in content type for a path, `application/octet-stream` when its extension is unknown. */
export const contentTypeFor: (path: string) => string = createContentTypeLookup({});

/** `sendFile(path)`: like a static file (validators, 304, FIFO-safe open, a 404 when missing, unreadable or not a regular file: its name may be the client's), status 200 unless given. */
async function writeFile(target: ResponseTarget, path: string, status: number, headers?: HeaderMap): Promise<void> {
  const stats = await stat(path).catch(unservable);
  const options = { contentType: contentTypeFor(path), status, headers };
  if (stats === undefined || !(await sendFileAt(target, path, stats, options))) writeError(target, 404, 'not found');
}

// O_NONBLOCK is undefined on Windows, where FIFOs cannot appear in a directory anyway.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** How one file is sent. */
export interface FileSendOptions {
  readonly contentType: string;
  /** `cache-control` sent with the file and its 304s; none when undefined. */
  readonly cacheControl?: string;
  /** 200 unless given; only a 200 answers conditional requests with 304. */
  readonly status?: number;
  /** The response's own headers (sendFile's), over fw's file headers. */
  readonly headers?: HeaderMap;
}

/**
 * Sends one file, for static routes and `sendFile()` alike: a handle opened non-blocking and checked again with fstat, so a
 * file swapped for a FIFO after the stat can neither block a thread-pool thread nor be read; then the opened file's validators
 * (weak ETag from size and mtime, Last-Modified), the 304 decision (RFC 9110 §8.8, §13), headers and body. `stats` were just
 * taken. False, with nothing written, unless it is (still) a regular file fw can open; other file-system errors propagate.
 */
export async function sendFileAt(
  target: ResponseTarget,
  path: string,
  stats: Stats,
  options: FileSendOptions,
): Promise<boolean> {
  if (!stats.isFile()) return false;
  // Opened for a 304 and a HEAD too: a file fw may not read is a 404 to every request, its size and dates unseen (RFC 9110 §9.3.2).
  const opened = await openRegularFile(path);
  if (opened === undefined) return false;
  const status = options.status ?? 200;
  // The validators of the file opened, which may have changed since the stat.
  const validators = validatorsFor(opened.stats);
  if (status === 200 && isNotModified(target.raw, validators.etag, opened.stats.mtimeMs)) {
    await opened.handle.close();
    // RFC 9110 §15.4.5: a 304 carries the validators and cache-control a 200 would, no body.
    writeComplete(target, 304, { ...options.headers, ...cacheHeaders(options), ...validators }, undefined, undefined);
    return true;
  }
  // The client may have gone while the file was opened: nobody is left to send it to.
  if (target.res.destroyed) {
    await opened.handle.close();
    return true;
  }
  writeHead(target, status, options.headers, fileHeaders(options, validators), opened.stats.size);
  // HEAD: the length GET gets, sent as an empty file is (the handle closed, the answer ended).
  await streamFile(target, opened.handle, target.raw.method === 'HEAD' ? 0 : opened.stats.size);
  return true;
}

/** The open file and its fstat, or undefined when it vanished or is no longer a regular file. */
async function openRegularFile(path: string): Promise<{ handle: FileHandle; stats: Stats } | undefined> {
  // Deleted or made unreadable since the stat: as absent as if it never existed.
  const handle = await open(path, OPEN_FLAGS).catch(unservable);
  if (handle === undefined) return undefined;
  const stats = await handle.stat().catch((error: unknown) => handle.close().then(() => Promise.reject(error)));
  if (stats.isFile()) return { handle, stats };
  return handle.close().then(() => undefined);
}

/** fw's headers for a file body (defaults: the response's own headers override them). */
function fileHeaders(options: FileSendOptions, validators: HeaderMap): HeaderMap {
  // Range requests are not supported (RFC 9110 §14.3: "none" tells clients not to try).
  return { 'content-type': options.contentType, ...validators, ...cacheHeaders(options), 'accept-ranges': 'none' };
}

function cacheHeaders(options: FileSendOptions): HeaderMap {
  return options.cacheControl === undefined ? {} : { 'cache-control': options.cacheControl };
}

/** Pipes the file's `size` bytes to the response: a client gone is no error (the handle closes), a failed read is, and a file cut short cuts the connection. */
async function streamFile(target: ResponseTarget, handle: FileHandle, size: number): Promise<void> {
  if (size === 0) return handle.close().then(() => void target.res.end());
  // Up to the length sent (autoClose: the handle closes with the stream): bytes a file gains meanwhile would start the next answer.
  const stream = createReadStream('', { fd: handle, end: size - 1 });
  let readFailed = false;
  stream
    .once('error', () => (readFailed = !target.res.destroyed))
    .once('end', () => stream.bytesRead < size && target.res.destroy());
  try {
    await pipeline(stream, target.res);
  } catch (error) {
    // pipeline leaves the source open when the response was destroyed before it started
    // (ERR_STREAM_UNABLE_TO_PIPE): destroy it whatever happened, so the handle is closed.
    stream.destroy();
    if (!readFailed && target.res.destroyed) return;
    throw error;
  }
}

// Permission errors are 404 too: a client must not learn that a file exists but is unreadable.
const UNSERVABLE = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'EACCES', 'EPERM', 'ELOOP', 'ENAMETOOLONG', 'ENXIO']);

/** True for a file-system error meaning "nothing to serve here" (404), not a server fault (500, logged). */
export function isUnservableError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNSERVABLE.has(code);
}

/** For a file-system call's `.catch()`: undefined for an unservable error (nothing to serve), else the same rejection. */
const unservable = (error: unknown): Promise<undefined> =>
  isUnservableError(error) ? Promise.resolve(undefined) : Promise.reject(error);

/** Weak ETag (`W/"<size hex>-<mtime ms hex>"`) and Last-Modified, never after now (RFC 9110 §8.8.2.1: sent back, a date ahead outlives edits). */
function validatorsFor(stats: Stats): { etag: string; 'last-modified': string } {
  // Weak: equal size and mtime say "same content" with high, not byte-exact, confidence (§8.8.1).
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  return { etag, 'last-modified': new Date(Math.min(stats.mtimeMs, Date.now())).toUTCString() };
}

// If-Modified-Since is an IMF-fixdate, rfc850-date or asctime-date, read as GMT (RFC 9110 §5.6.7), or ignored (§13.1.3): Date.parse
// alone takes '2030' and reads an asctime as local time. HTTP dates have whole seconds.
const HTTP_DATE =
  /^(?:\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT|\w{6,9}, \d\d-\w{3}-\d\d \d\d:\d\d:\d\d GMT|\w{3} \w{3} [ \d]\d \d\d:\d\d:\d\d \d{4})$/;

/** True when a GET or HEAD (only those get a 304, §15.4.5) has the current copy: If-None-Match decides when present (weak, §13.1.2); else If-Modified-Since (§13.2.2). */
function isNotModified({ method, headers }: IncomingMessage, etag: string, mtimeMs: number): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    // fw's `etag` is weak: each tag compared with its `W/` aside.
    return (
      noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag.slice(2))
    );
  }
  const since = HTTP_DATE.test(headers['if-modified-since'] ?? '')
    ? Date.parse(`${headers['if-modified-since']} GMT`)
    : Number.NaN;
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}
