/**
 * Sending one file, for static routes and `sendFile()` alike: the content type by extension,
 * validators (a weak ETag from size and mtime, Last-Modified) and the 304 decision (RFC 9110 §8.8,
 * §13), headers, then the body streamed from a handle opened non-blocking and checked again with
 * fstat, so a file swapped for a FIFO between stat and open can neither block a thread-pool thread
 * nor be read.
 */
import { constants, createReadStream, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { extname } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { HeaderMap } from './response.ts';
import { writeHead, type ResponseTarget } from './write-head.ts';

/**
 * The built-in content types and their extensions; text types carry a charset so browsers never
 * guess. RFC 9239: text/javascript is the one JavaScript type, for classic scripts and modules alike.
 */
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

/** Maps a file path to the content type to send. */
export type ContentTypeLookup = (path: string) => string;

/** A lookup over the built-in table with a static route's `mimetype` (lowercase extension → type) on top. */
export function createContentTypeLookup(overrides: Readonly<Record<string, string>>): ContentTypeLookup {
  const table = new Map([...MIME_TYPES, ...Object.entries(overrides)]);
  return (path) => table.get(extname(path).slice(1).toLowerCase()) ?? 'application/octet-stream';
}

/** The built-in content type for `path`, `application/octet-stream` when its extension is unknown. */
export function contentTypeFor(path: string): string {
  return MIME_TYPES.get(extname(path).slice(1).toLowerCase()) ?? 'application/octet-stream';
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
 * Sends `path`, whose `stats` were just taken. False, with nothing written, unless it is (still)
 * a regular file. Other file-system errors propagate.
 */
export async function sendFileAt(target: ResponseTarget, path: string, stats: Stats, options: FileSendOptions): Promise<boolean> {
  if (!stats.isFile()) return false;
  const status = options.status ?? 200;
  const validators = validatorsFor(stats);
  if (status === 200 && isNotModified(target.raw.headers, validators.etag, stats.mtimeMs)) {
    // RFC 9110 §15.4.5: a 304 carries the validators and cache-control a 200 would, no body.
    writeHead(target, 304, { ...options.headers, ...cacheHeaders(options), etag: validators.etag, 'last-modified': validators.lastModified }, undefined, undefined);
    target.res.end();
    return true;
  }
  if (target.raw.method === 'HEAD') {
    writeHead(target, status, options.headers, fileHeaders(options, validators), stats.size);
    target.res.end();
    return true;
  }
  const opened = await openRegularFile(path);
  if (opened === undefined) return false;
  // The client may have gone while the file was opened: nobody is left to send it to.
  if (target.res.destroyed) {
    await opened.handle.close();
    return true;
  }
  // The validators of the file opened, which may have changed since the stat.
  writeHead(target, status, options.headers, fileHeaders(options, validatorsFor(opened.stats)), opened.stats.size);
  await streamFile(target, opened.handle);
  return true;
}

/** The open file and its fstat, or undefined when it vanished or is no longer a regular file. */
async function openRegularFile(path: string): Promise<{ handle: FileHandle; stats: Stats } | undefined> {
  // Deleted or made unreadable since the stat: as absent as if it never existed.
  const handle = await open(path, OPEN_FLAGS).catch((error: unknown) => {
    if (!isUnservableError(error)) throw error;
  });
  if (handle === undefined) return undefined;
  const stats = await handle.stat().catch(async (error: unknown) => {
    await handle.close();
    throw error;
  });
  if (stats.isFile()) return { handle, stats };
  await handle.close();
  return undefined;
}

/** fw's headers for a file body (defaults: the response's own headers override them). */
function fileHeaders(options: FileSendOptions, { etag, lastModified }: Validators): HeaderMap {
  return {
    'content-type': options.contentType,
    etag,
    'last-modified': lastModified,
    ...cacheHeaders(options),
    // Range requests are not supported (RFC 9110 §14.3: "none" tells clients not to try).
    'accept-ranges': 'none',
  };
}

function cacheHeaders(options: FileSendOptions): HeaderMap {
  return options.cacheControl === undefined ? {} : { 'cache-control': options.cacheControl };
}

/**
 * Pipes the file to the response. A client that goes away before or during the stream is not an
 * error (issue 35, item 12): the handle is closed and nothing is thrown; a failed read of the file is.
 */
async function streamFile(target: ResponseTarget, handle: FileHandle): Promise<void> {
  const stream = createReadStream('', { fd: handle }); // autoClose: the handle closes with the stream
  let readFailed = false;
  stream.once('error', () => (readFailed = !target.res.destroyed));
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

type Validators = { readonly etag: string; readonly lastModified: string };

/** Weak ETag (`W/"<size hex>-<mtime ms hex>"`) and Last-Modified of `stats`. */
function validatorsFor(stats: Stats): Validators {
  // Weak: equal size and mtime say "same content" with high, not byte-exact, confidence (§8.8.1).
  const etag = `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;
  return { etag, lastModified: stats.mtime.toUTCString() };
}

/**
 * True when the client's copy is current: If-None-Match decides when present (weak comparison,
 * §13.1.2); If-Modified-Since is consulted only without it (§13.2.2 step 3).
 */
function isNotModified(headers: IncomingHttpHeaders, etag: string, mtimeMs: number): boolean {
  const noneMatch = headers['if-none-match'];
  if (noneMatch !== undefined) {
    const opaque = opaqueTag(etag);
    return noneMatch.trim() === '*' || noneMatch.split(',').some((tag) => opaqueTag(tag.trim()) === opaque);
  }
  const since = Date.parse(headers['if-modified-since'] ?? '');
  // An invalid date is ignored (§13.1.3); HTTP dates have whole seconds.
  return !Number.isNaN(since) && Math.floor(mtimeMs / 1000) * 1000 <= since;
}

function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}
