/**
 * Answers GET/HEAD for one file: validators, 304, headers, then the body streamed from an open
 * file handle. The handle is opened non-blocking and checked again with fstat, so a file swapped
 * for a FIFO between stat and open can neither block a thread-pool thread nor be read.
 */
import { constants, createReadStream, type Stats } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import type { FwRequest } from '../http/request.ts';
import type { HeaderMap } from '../http/response.ts';
import { isNotModified, validatorsFor } from './conditional-request.ts';
import type { ResolvedStaticOptions } from './static-options.ts';
import { notFound, writeHead } from './static-responses.ts';
import { isUnservableError } from './unservable-error.ts';

// O_NONBLOCK is undefined on Windows, where FIFOs cannot appear in a directory anyway.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/**
 * Serves `path`, whose `stats` were just taken; 404 unless it is a regular file, also when it
 * vanished since. Other file-system errors propagate to the handler (404 or 500 there).
 */
export async function serveFile(req: FwRequest, path: string, stats: Stats, options: ResolvedStaticOptions): Promise<void> {
  if (!stats.isFile()) return notFound(req);
  const validators = validatorsFor(stats);
  if (isNotModified(req.headers, validators, stats.mtimeMs)) {
    // RFC 9110 §15.4.5: a 304 carries the validators and cache-control a 200 would, no body.
    writeHead(req, 304, { etag: validators.etag, 'last-modified': validators.lastModified, 'cache-control': options.cacheControl });
    req.res.end();
    return;
  }
  if (req.method === 'HEAD') {
    writeHead(req, 200, fileHeaders(path, stats, options));
    req.res.end();
    return;
  }
  const opened = await openRegularFile(path);
  if (opened === undefined) return notFound(req);
  writeHead(req, 200, fileHeaders(path, opened.stats, options));
  await streamFile(req, opened.handle);
}

/** The open file and its fstat, or undefined when it vanished or is no longer a regular file. */
async function openRegularFile(path: string): Promise<{ handle: FileHandle; stats: Stats } | undefined> {
  let handle: FileHandle;
  try {
    handle = await open(path, OPEN_FLAGS);
  } catch (error) {
    // Deleted or made unreadable since the stat: as absent as if it never existed.
    if (isUnservableError(error)) return undefined;
    throw error;
  }
  try {
    const stats = await handle.stat();
    if (stats.isFile()) return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
  await handle.close();
  return undefined;
}

function fileHeaders(path: string, stats: Stats, options: ResolvedStaticOptions): HeaderMap {
  const { etag, lastModified } = validatorsFor(stats);
  return {
    'content-type': options.contentType(path),
    'content-length': String(stats.size),
    etag,
    'last-modified': lastModified,
    'cache-control': options.cacheControl,
    // Range requests are not supported (RFC 9110 §14.3: "none" tells clients not to try).
    'accept-ranges': 'none',
  };
}

/** Pipes the file to the response; a client that goes away mid-stream is not an error. */
async function streamFile(req: FwRequest, handle: FileHandle): Promise<void> {
  // autoClose (the default) closes the handle when the stream ends or is destroyed.
  const stream = createReadStream('', { fd: handle });
  try {
    await pipeline(stream, req.res);
  } catch (error) {
    // pipeline destroyed the stream (closing the file) and the response already.
    if ((error as { code?: unknown }).code === 'ERR_STREAM_PREMATURE_CLOSE') return;
    throw error;
  }
}
