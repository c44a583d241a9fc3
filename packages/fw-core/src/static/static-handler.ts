/**
 * The static-files contract: what a static route hands `createStaticHandler` and the handler it
 * gets back; docs/static-files.md describes the behaviour. createStaticHandler resolves and
 * checks a static route's directory or file once, at start-up (a missing path stops the server,
 * it does not 404 forever), and returns the per-request handler.
 */
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { stat } from 'node:fs/promises';
import { FwError } from '../errors.ts';
import type { FwRequest } from '../http/request.ts';
import { isUnservableError } from '../http/send-file.ts';
import { serveFromDirectory } from './serve-directory.ts';
import { resolveStaticOptions, type ResolvedStaticOptions } from './static-options.ts';
import { internalError, methodNotAllowed, notFound, serveFile } from './static-responses.ts';

/** Options of a static route (`{path, directory|file, options}`), snake_case as in route tables. */
export interface StaticOptions {
  /** File names tried, in order, for a directory request; default `['index.html']`. */
  readonly index_files?: readonly string[];
  /** Answer a directory request that has no index file with an HTML listing; default false. */
  readonly list_dir?: boolean;
  /** Extension without the dot → content type; overrides and extends the built-in table. */
  readonly mimetype?: Readonly<Record<string, string>>;
  /** Seconds for `cache-control: public, max-age=<n>`; default 0. */
  readonly max_age?: number;
}

/** What a static route serves: a directory (route path ends in `/[...]`) or always one file. */
export type StaticSpec = ({ readonly directory: string } | { readonly file: string }) & {
  readonly options?: StaticOptions;
  /** The route template (e.g. `/docs/[...]`), named in start-up errors when given. */
  readonly route?: string;
};

/**
 * Serves one request: writes the whole response on `req.res` itself and resolves when done.
 * Client input never makes it reject; an unexpected file-system failure is answered with 500
 * and then rejects with FW_ERR_STATIC_READ_FAILED so the pipeline logs it.
 */
export type StaticHandler = (req: FwRequest) => Promise<void>;

/**
 * A handler serving `spec.directory` (by `req.pathinfo`) or always `spec.file`. Relative paths
 * resolve against `baseDir`. Throws FW_ERR_STATIC_NOT_FOUND / FW_ERR_STATIC_WRONG_KIND when the
 * path is missing or of the wrong kind, FW_ERR_ROUTE_BAD_OPTIONS for bad options.
 */
export function createStaticHandler(spec: StaticSpec, baseDir: string = process.cwd()): StaticHandler {
  const where = spec.route === undefined ? 'static route' : `static route ${spec.route}`;
  const options = resolveStaticOptions(spec.options, where);
  if ('directory' in spec && typeof spec.directory === 'string' && spec.directory !== '') {
    const root = checkSource(spec.directory, 'directory', baseDir, where);
    return guardStaticRequest(where, (req) => serveFromDirectory(req, root, options));
  }
  if ('file' in spec && typeof spec.file === 'string' && spec.file !== '') {
    const file = checkSource(spec.file, 'file', baseDir, where);
    return guardStaticRequest(where, (req) => serveOneFile(req, file, options));
  }
  throw new FwError('FW_ERR_ROUTE_BAD_HANDLER', `${where} needs a non-empty directory or file to serve`);
}

/** The absolute path of the source (the real path for a directory: the containment root). */
function checkSource(path: string, kind: 'directory' | 'file', baseDir: string, where: string): string {
  const absolute = resolve(baseDir, path);
  const details = { route: where, path, absolute };
  let isKind: boolean;
  try {
    const stats = statSync(absolute);
    isKind = kind === 'directory' ? stats.isDirectory() : stats.isFile();
  } catch (cause) {
    throw new FwError('FW_ERR_STATIC_NOT_FOUND', `${where}: ${kind} ${path} (${absolute}) does not exist or cannot be read; create it or fix the path (relative paths resolve against ${baseDir})`, { cause, details });
  }
  if (!isKind) {
    throw new FwError('FW_ERR_STATIC_WRONG_KIND', `${where}: ${path} (${absolute}) is not a ${kind === 'directory' ? 'directory; use file: for a single file' : 'regular file; use directory: with a /[...] route for a directory'}`, { details });
  }
  return kind === 'directory' ? realpathSync(absolute) : absolute;
}

async function serveOneFile(req: FwRequest, file: string, options: ResolvedStaticOptions): Promise<void> {
  return serveFile(req, file, await stat(file), options);
}

// The shell around every static request: only GET and HEAD get in, and whatever the serving code
// throws becomes a response. Missing, unreadable or swapped files are 404; anything else is a
// server fault: 500 to the client, then a coded rejection so fw's pipeline logs the cause.

/** Wraps `serve` with the method check and the error mapping; `where` names the route in errors. */
export function guardStaticRequest(where: string, serve: (req: FwRequest) => Promise<void>): StaticHandler {
  return async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return methodNotAllowed(req);
    try {
      await serve(req);
    } catch (error) {
      // Nothing about the file (not even that it exists but is unreadable) reaches the client.
      if (isUnservableError(error)) return notFound(req);
      internalError(req);
      throw new FwError('FW_ERR_STATIC_READ_FAILED', `${where}: serving ${req.path} failed`, { cause: error });
    }
  };
}
