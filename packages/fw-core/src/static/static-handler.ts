/**
 * Static routes (docs/static-files.md). A route's path and options are checked once, at start-up:
 * a missing path stops the server rather than 404 forever. A request gets a file, a directory's
 * index file or listing, a redirect, or a 404. Each pathinfo segment is checked as text (no `..`,
 * separators, NUL, drive prefixes or dotfiles), then its realpath must lie under the root's (no
 * symlink out).
 */
import { realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isJsonObject } from '../config/validate-config.ts';
import { FwError } from '../errors.ts';
import type { FwRequest } from '../http/request.ts';
import { createContentTypeLookup, encodeLocation, escapeHtml, isSitePath } from '../http/write-response.ts';
import { isUnservableError, reply, sendFileAt, writeError } from '../http/write-response.ts';

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
    throw new FwError(
      'FW_ERR_STATIC_NOT_FOUND',
      `${where}: ${kind} ${path} (${absolute}) does not exist or cannot be read; create it or fix the path (relative paths resolve against ${baseDir})`,
      { cause, details },
    );
  }
  if (kind === 'directory' ? !stats.isDirectory() : !stats.isFile()) {
    const what =
      kind === 'directory'
        ? 'directory; use file: for a single file'
        : 'regular file; use directory: with a /[...] route for a directory';
    throw new FwError('FW_ERR_STATIC_WRONG_KIND', `${where}: ${path} (${absolute}) is not a ${what}`, { details });
  }
  return kind === 'directory' ? realpathSync(absolute) : absolute;
}

/**
 * Wraps `serve`: only GET and HEAD get in (else 405); a missing, unreadable or swapped file is a 404
 * (nothing about it reaches the client), any other failure a 500 and a coded rejection fw logs.
 */
export function guardStaticRequest(where: string, serve: (req: FwRequest) => Promise<void>): StaticHandler {
  return async (req) => {
    if (req.method !== 'GET' && req.method !== 'HEAD')
      return writeError(req, 405, 'method not allowed', { headers: { allow: 'GET, HEAD' } });
    try {
      await serve(req);
    } catch (error) {
      if (isUnservableError(error)) return writeError(req, 404, 'not found');
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

/** A static route's options after validation, with defaults applied. */
export type ResolvedStaticOptions = ReturnType<typeof resolveStaticOptions>;

/** Checks a static route's `options` (undefined: all defaults) once, into what the handler uses per request. */
export function resolveStaticOptions(options: unknown = {}, where: string) {
  const bad = (message: string): FwError => new FwError('FW_ERR_ROUTE_BAD_OPTIONS', `${where}: ${message}`);
  if (!isJsonObject(options))
    throw bad('options must be an object like {index_files: ["index.html"], list_dir: false}');
  for (const key of Object.keys(options))
    if (!KEYS.includes(key)) throw bad(`unknown static option ${key}; static options are ${KEYS.join(', ')}`);
  const { index_files, list_dir, mimetype, max_age } = { ...STATIC_OPTION_DEFAULTS, ...options } as Record<
    string,
    unknown
  >;
  if (!Array.isArray(index_files)) throw bad('index_files must be a list of file names like ["index.html"]');
  // An index name is looked up inside the requested directory, so it obeys the request rules.
  const unsafe = index_files.findIndex((name) => typeof name !== 'string' || !isSafeSegment(name));
  if (unsafe !== -1)
    throw bad(
      `index_files entry ${JSON.stringify(index_files[unsafe])} must be a plain file name (no '/', '\\', leading '.' or NUL)`,
    );
  if (typeof list_dir !== 'boolean') throw bad('list_dir must be true or false');
  if (!isJsonObject(mimetype)) throw bad('mimetype must be an object like {md: "text/markdown; charset=utf-8"}');
  const table: Record<string, string> = {};
  for (const [extension, type] of Object.entries(mimetype)) {
    if (extension === '' || extension.startsWith('.') || /[/\\\0]/.test(extension))
      throw bad(`mimetype key ${JSON.stringify(extension)} must be an extension without the dot, like "md"`);
    if (typeof type !== 'string' || !MEDIA_TYPE.test(type))
      throw bad(`mimetype.${extension} must be a content type like "text/markdown; charset=utf-8"`);
    table[extension.toLowerCase()] = type;
  }
  if (!Number.isSafeInteger(max_age) || (max_age as number) < 0)
    throw bad('max_age must be a whole number of seconds, 0 or more');
  return {
    indexFiles: Object.freeze([...(index_files as string[])]),
    listDir: list_dir,
    contentType: createContentTypeLookup(table),
    cacheControl: `public, max-age=${max_age}`,
  };
}

/** Serves `path` (just stat'ed) with the route's content types and cache-control; 404 unless it is a regular file. */
export async function serveFile(
  req: FwRequest,
  path: string,
  stats: Stats,
  options: ResolvedStaticOptions,
): Promise<void> {
  if (
    !(await sendFileAt(req, path, stats, {
      contentType: options.contentType(path),
      cacheControl: options.cacheControl,
    }))
  )
    writeError(req, 404, 'not found');
}

/** Serves `req.pathinfo` from `root` (a real path). File-system errors propagate to the handler. */
async function serveFromDirectory(req: FwRequest, root: string, options: ResolvedStaticOptions): Promise<void> {
  // `[]` is the route's own path without its slash (`/docs`): redirected to `/docs/`. A final '' asks for a directory.
  const pathinfo = req.pathinfo ?? [];
  const directory = pathinfo.at(-1) === '';
  const names = directory ? pathinfo.slice(0, -1) : pathinfo;
  if (!names.every(isSafeSegment)) return writeError(req, 404, 'not found');
  const found = await statInside(root, root, ...names);
  if (found === undefined) return writeError(req, 404, 'not found');
  if (!found.stats.isDirectory())
    return directory ? writeError(req, 404, 'not found') : serveFile(req, found.path, found.stats, options);
  // Without its final '/', a directory with a listing or an index file is redirected to it; the index is not looked up for a listing's.
  const index = directory || !options.listDir ? await findIndexFile(root, found.path, options.indexFiles) : undefined;
  if (!directory)
    return options.listDir || index !== undefined ? redirectToSlash(req) : writeError(req, 404, 'not found');
  if (index !== undefined) return serveFile(req, index.path, index.stats, options);
  return options.listDir ? sendListing(req, root, found.path, names) : writeError(req, 404, 'not found');
}

/** True for a segment naming an entry of this directory: not a dotfile ('.', '..', .env), a drive (`C:`, path.win32) nor U+FFFD (a name not UTF-8). */
function isSafeSegment(segment: string): boolean {
  return segment !== '' && !segment.startsWith('.') && !/[/\\\0\uFFFD]|^[a-zA-Z]:/.test(segment);
}

/** True when `real` is `root` or below it, without a `..` or dotfile segment in between. */
function isInsideRoot(root: string, real: string): boolean {
  const rel = relative(root, real);
  return !isAbsolute(rel) && rel.split(sep).every((segment) => !segment.startsWith('.'));
}

/** A path inside a static root, real (links resolved), with its stats. */
type Entry = { path: string; stats: Stats };

/** The real path of `dir` joined with `names` when it lies inside `root`, with its stats; undefined when it cannot be served. */
async function statInside(root: string, dir: string, ...names: string[]): Promise<Entry | undefined> {
  try {
    const path = await realpath(join(dir, ...names));
    return isInsideRoot(root, path) ? { path, stats: await stat(path) } : undefined;
  } catch (error) {
    if (isUnservableError(error)) return undefined;
    throw error;
  }
}

/** The first of `names` in `dir` that is a regular file inside `root` (an index file may be a symlink too). */
async function findIndexFile(root: string, dir: string, names: readonly string[]): Promise<Entry | undefined> {
  for (const name of names) {
    const found = await statInside(root, dir, name);
    if (found?.stats.isFile()) return found;
  }
  return undefined;
}

/** 301 to the request path plus '/', query kept (a URI reference, as redirect()'s), so relative links in the page resolve. */
function redirectToSlash(req: FwRequest): void {
  const location = `${req.path}/${req.query === '' ? '' : `?${req.query}`}`;
  // The router never hands a path that leaves the site (`//host`, `/\host`), but be sure.
  if (!isSitePath(location)) return writeError(req, 404, 'not found');
  reply(req, 301, { location: encodeLocation(location) });
}

/**
 * The listing page: entries a request would not 404 on, in code-unit order (the same on every machine).
 * Names are HTML-escaped, and percent-encoded in links starting './', so none reads as a scheme (`javascript:`).
 */
async function sendListing(req: FwRequest, root: string, dir: string, names: readonly string[]): Promise<void> {
  const entries = (
    await Promise.all((await readdir(dir, { withFileTypes: true })).map((dirent) => listingEntry(root, dir, dirent)))
  ).filter((entry) => entry !== undefined);
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const title = `Index of ${escapeHtml(`/${names.map((name) => `${name}/`).join('')}`)}`;
  const rows = entries.map(({ name, suffix }) => {
    const href = escapeHtml(`./${encodeURIComponent(name)}${suffix}`);
    return `<li><a href="${href}">${escapeHtml(name)}${suffix}</a></li>\n`;
  });
  if (names.length > 0) rows.unshift('<li><a href="../">../</a></li>\n');
  const head = `<!doctype html>\n<html><head><meta charset="utf-8"><title>${title}</title></head>`;
  const body = `${head}<body><h1>${title}</h1>\n<ul>\n${rows.join('')}</ul>\n</body></html>\n`;
  // A listing changes whenever the directory does: always revalidate.
  reply(req, 200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }, body);
}

/** The row for `dirent` (suffix '/' for a directory), or undefined when a request for it would 404 (dotfile, FIFO, link out). */
async function listingEntry(
  root: string,
  dir: string,
  dirent: Dirent,
): Promise<{ name: string; suffix: string } | undefined> {
  if (!isSafeSegment(dirent.name)) return undefined;
  const kind = dirent.isSymbolicLink() ? (await statInside(root, dir, dirent.name))?.stats : dirent;
  if (kind?.isFile()) return { name: dirent.name, suffix: '' };
  return kind?.isDirectory() ? { name: dirent.name, suffix: '/' } : undefined;
}
