/**
 * Answers one static request: a file, a directory's index file or listing, a redirect, or a 404. Each
 * pathinfo segment is checked as text (no `..`, separators, NUL, drive prefixes or dotfiles), then its
 * realpath must lie under the root's (no symlink out).
 */
import type { Dirent, Stats } from 'node:fs';
import { readdir, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { escapeHtml } from '../http/error-body.ts';
import type { ContentTypeLookup } from '../http/mime-types.ts';
import type { FwRequest } from '../http/request.ts';
import { isUnservableError, sendFileAt } from '../http/send-file.ts';
import { reply, writeError } from '../http/write-response.ts';

/** A static route's options after validation (static-handler.ts), with defaults applied. */
export interface ResolvedStaticOptions {
  readonly indexFiles: readonly string[];
  readonly listDir: boolean;
  readonly contentType: ContentTypeLookup;
  /** The `cache-control` value sent with files. */
  readonly cacheControl: string;
}

/** Serves `path` (just stat'ed) with the route's content types and cache-control; 404 unless it is a regular file. */
export async function serveFile(req: FwRequest, path: string, stats: Stats, options: ResolvedStaticOptions): Promise<void> {
  const sent = await sendFileAt(req, path, stats, { contentType: options.contentType(path), cacheControl: options.cacheControl });
  if (!sent) notFound(req);
}

/** 404 `{"error":"not found"}`, the same answer whether the path is missing, forbidden or unreadable. */
export function notFound(req: FwRequest): void {
  writeError(req, 404, 'not found');
}

/** Serves `req.pathinfo` from `root` (a real path). File-system errors propagate to the handler. */
export async function serveFromDirectory(req: FwRequest, root: string, options: ResolvedStaticOptions): Promise<void> {
  // `[]` is the route's own path without its slash (`/docs`): redirected to `/docs/`. A final '' asks for a directory.
  const pathinfo = req.pathinfo ?? [];
  const directory = pathinfo.at(-1) === '';
  const names = directory ? pathinfo.slice(0, -1) : pathinfo;
  if (!names.every(isSafeSegment)) return notFound(req);
  const real = await realpath(join(root, ...names));
  if (!isInsideRoot(root, real)) return notFound(req);
  const stats = await stat(real);
  if (!stats.isDirectory()) return directory ? notFound(req) : serveFile(req, real, stats, options);
  if (!directory) {
    const answers = options.listDir || (await findIndexFile(root, real, options.indexFiles)) !== undefined;
    return answers ? redirectToSlash(req) : notFound(req);
  }
  const index = await findIndexFile(root, real, options.indexFiles);
  if (index !== undefined) return serveFile(req, index.path, index.stats, options);
  if (options.listDir) return sendListing(req, root, real, names);
  return notFound(req);
}

// `C:` at the start of a segment makes path.win32.join treat it as a drive.
const DRIVE_PREFIX = /^[a-zA-Z]:/;

/** True for a segment that names an entry of the current directory and is not a dotfile ('.', '..', .env). */
export function isSafeSegment(segment: string): boolean {
  return segment !== '' && !segment.startsWith('.') && !/[/\\\0]/.test(segment) && !DRIVE_PREFIX.test(segment);
}

/** True when `real` is `root` or below it, without a `..` or dotfile segment in between. */
function isInsideRoot(root: string, real: string): boolean {
  const rel = relative(root, real);
  if (rel === '') return true;
  return !isAbsolute(rel) && rel.split(sep).every((segment) => !segment.startsWith('.'));
}

/** The real path of `name` in `dir` when it lies inside `root`, with its stats; undefined when it cannot be served. */
async function statInside(root: string, dir: string, name: string): Promise<{ path: string; stats: Stats } | undefined> {
  try {
    const path = await realpath(join(dir, name));
    return isInsideRoot(root, path) ? { path, stats: await stat(path) } : undefined;
  } catch (error) {
    if (isUnservableError(error)) return undefined;
    throw error;
  }
}

/** The first of `names` in `dir` that is a regular file inside `root` (an index file may be a symlink too). */
async function findIndexFile(root: string, dir: string, names: readonly string[]): Promise<{ path: string; stats: Stats } | undefined> {
  for (const name of names) {
    const found = await statInside(root, dir, name);
    if (found?.stats.isFile()) return found;
  }
  return undefined;
}

/** 301 to the request path plus '/', query kept, so relative links in the page resolve. */
function redirectToSlash(req: FwRequest): void {
  const location = `${req.path}/${req.query === '' ? '' : `?${req.query}`}`;
  // `//host` or `/\host` would leave the site; the router never hands such a path, but be sure.
  if (location.length > 1 && (location[1] === '/' || location[1] === '\\')) return notFound(req);
  reply(req, 301, { location });
}

/**
 * The listing page: entries a request would not 404 on, in code-unit order (the same on every machine).
 * Names are HTML-escaped, and percent-encoded in links starting './', so none reads as a scheme (`javascript:`).
 */
async function sendListing(req: FwRequest, root: string, dir: string, names: readonly string[]): Promise<void> {
  const dirents = await readdir(dir, { withFileTypes: true });
  const entries = (await Promise.all(dirents.map((dirent) => listingEntry(root, dir, dirent)))).filter((entry) => entry !== undefined);
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
async function listingEntry(root: string, dir: string, dirent: Dirent): Promise<{ name: string; suffix: string } | undefined> {
  const { name } = dirent;
  if (!isSafeSegment(name)) return undefined;
  const kind = dirent.isSymbolicLink() ? (await statInside(root, dir, name))?.stats : dirent;
  if (kind?.isFile()) return { name, suffix: '' };
  return kind?.isDirectory() ? { name, suffix: '/' } : undefined;
}
