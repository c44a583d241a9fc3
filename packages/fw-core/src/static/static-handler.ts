/**
 * The static-files contract (docs/static-files.md) and createStaticHandler. A route's path and
 * options are checked once, at start-up: a missing path stops the server rather than 404 forever.
 */
import { realpathSync, statSync, type Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isJsonObject } from '../config/validate-config.ts';
import { FwError } from '../errors.ts';
import { createContentTypeLookup } from '../http/mime-types.ts';
import type { FwRequest } from '../http/request.ts';
import type { HeaderMap } from '../http/response.ts';
import { isUnservableError } from '../http/send-file.ts';
import { writeError } from '../http/write-response.ts';
import { isSafeSegment, notFound, serveFile, serveFromDirectory, type ResolvedStaticOptions } from './serve-files.ts';

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

/** Serves one request on `req.res`; rejects (FW_ERR_STATIC_READ_FAILED, after a 500) only on an unexpected file-system failure. */
export type StaticHandler = (req: FwRequest) => Promise<void>;

/** A handler serving `spec.directory` (by `req.pathinfo`) or always `spec.file`, relative to `baseDir`. */
export function createStaticHandler(spec: StaticSpec, baseDir: string = process.cwd()): StaticHandler {
  const where = spec.route === undefined ? 'static route' : `static route ${spec.route}`;
  const options = resolveStaticOptions(spec.options, where);
  if ('directory' in spec && typeof spec.directory === 'string' && spec.directory !== '') {
    const root = checkSource(spec.directory, 'directory', baseDir, where);
    return guardStaticRequest(where, (req) => serveFromDirectory(req, root, options));
  }
  if ('file' in spec && typeof spec.file === 'string' && spec.file !== '') {
    const file = checkSource(spec.file, 'file', baseDir, where);
    return guardStaticRequest(where, async (req) => serveFile(req, file, await stat(file), options));
  }
  throw new FwError('FW_ERR_ROUTE_BAD_HANDLER', `${where} needs a non-empty directory or file to serve`);
}

/** The absolute path of the source (for a directory its real path: the containment root). */
function checkSource(path: string, kind: 'directory' | 'file', baseDir: string, where: string): string {
  const absolute = resolve(baseDir, path);
  const details = { route: where, path, absolute };
  let stats: Stats;
  try {
    stats = statSync(absolute);
  } catch (cause) {
    const fix = `create it or fix the path (relative paths resolve against ${baseDir})`;
    throw new FwError('FW_ERR_STATIC_NOT_FOUND', `${where}: ${kind} ${path} (${absolute}) does not exist or cannot be read; ${fix}`, {
      cause,
      details,
    });
  }
  if (kind === 'directory' ? !stats.isDirectory() : !stats.isFile()) {
    const what =
      kind === 'directory' ? 'directory; use file: for a single file' : 'regular file; use directory: with a /[...] route for a directory';
    throw new FwError('FW_ERR_STATIC_WRONG_KIND', `${where}: ${path} (${absolute}) is not a ${what}`, { details });
  }
  return kind === 'directory' ? realpathSync(absolute) : absolute;
}

const ALLOW: HeaderMap = { allow: 'GET, HEAD' };

/**
 * Wraps `serve`: only GET and HEAD get in (else 405); a missing, unreadable or swapped file is a 404
 * (nothing about it reaches the client), any other failure a 500 and a coded rejection fw logs.
 */
export function guardStaticRequest(where: string, serve: (req: FwRequest) => Promise<void>): StaticHandler {
  return async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return writeError(req, 405, 'method not allowed', { headers: ALLOW });
    try {
      await serve(req);
    } catch (error) {
      if (isUnservableError(error)) return notFound(req);
      writeError(req, 500, 'internal server error');
      throw new FwError('FW_ERR_STATIC_READ_FAILED', `${where}: serving ${req.path} failed`, { cause: error });
    }
  };
}

// The defaults, as docs/static-files.md lists them.
const STATIC_OPTION_DEFAULTS = Object.freeze({
  index_files: Object.freeze(['index.html']),
  list_dir: false,
  mimetype: Object.freeze({}),
  max_age: 0,
});

const KEYS = Object.keys(STATIC_OPTION_DEFAULTS);
// A media type as RFC 9110 §8.3.1 spells it, parameters allowed; no control characters.
const MEDIA_TYPE = /^[\w!#$&^.+-]+\/[\w!#$&^.+-]+(\s*;[\x20-\x7e]*)?$/;

/** Checks a static route's `options` (undefined: all defaults) once, into what the handler uses per request. */
export function resolveStaticOptions(options: unknown, where: string): ResolvedStaticOptions {
  const bad = (message: string): FwError => new FwError('FW_ERR_ROUTE_BAD_OPTIONS', `${where}: ${message}`);
  if (options === undefined) options = {};
  if (!isJsonObject(options)) throw bad('options must be an object like {index_files: ["index.html"], list_dir: false}');
  for (const key of Object.keys(options)) {
    if (!KEYS.includes(key)) throw bad(`unknown static option ${key}; static options are ${KEYS.join(', ')}`);
  }
  const { index_files, list_dir, mimetype, max_age } = { ...STATIC_OPTION_DEFAULTS, ...options } as Record<string, unknown>;
  if (!Array.isArray(index_files)) throw bad('index_files must be a list of file names like ["index.html"]');
  for (const name of index_files) {
    // An index name is looked up inside the requested directory, so it obeys the request rules.
    if (typeof name !== 'string' || !isSafeSegment(name)) {
      throw bad(`index_files entry ${JSON.stringify(name)} must be a plain file name (no '/', '\\', leading '.' or NUL)`);
    }
  }
  if (typeof list_dir !== 'boolean') throw bad('list_dir must be true or false');
  if (!isJsonObject(mimetype)) throw bad('mimetype must be an object like {md: "text/markdown; charset=utf-8"}');
  const table: Record<string, string> = {};
  for (const [extension, type] of Object.entries(mimetype)) {
    if (extension === '' || extension.startsWith('.') || /[/\\\0]/.test(extension)) {
      throw bad(`mimetype key ${JSON.stringify(extension)} must be an extension without the dot, like "md"`);
    }
    if (typeof type !== 'string' || !MEDIA_TYPE.test(type)) {
      throw bad(`mimetype.${extension} must be a content type like "text/markdown; charset=utf-8"`);
    }
    table[extension.toLowerCase()] = type;
  }
  if (!Number.isSafeInteger(max_age) || (max_age as number) < 0) throw bad('max_age must be a whole number of seconds, 0 or more');
  const indexFiles = Object.freeze([...(index_files as string[])]);
  return { indexFiles, listDir: list_dir, contentType: createContentTypeLookup(table), cacheControl: `public, max-age=${max_age}` };
}
