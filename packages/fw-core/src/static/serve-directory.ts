/**
 * A request against a directory route: check the pathinfo, resolve it inside the root, then
 * answer with the file, the directory's index file, a listing (when asked for), a redirect to the
 * slashed URL, or 404.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Dirent, Stats } from 'node:fs';
import type { FwRequest } from '../http/request.ts';
import { renderListing, sortEntries, type ListingEntry } from './directory-listing.ts';
import { checkPathinfo, isInsideRoot, isSafeSegment, resolveInside, type StaticTarget } from './resolve-static-path.ts';
import type { ResolvedStaticOptions } from './static-options.ts';
import { notFound, redirectToSlash, sendPage, serveFile } from './static-responses.ts';
import { isUnservableError } from '../http/send-file.ts';

/** Serves `req.pathinfo` from `root` (a real path). File-system errors propagate to the handler. */
export async function serveFromDirectory(req: FwRequest, root: string, options: ResolvedStaticOptions): Promise<void> {
  const target = checkPathinfo(req.pathinfo ?? []);
  if (target === undefined) return notFound(req);
  const real = await resolveInside(root, target.names);
  if (real === undefined) return notFound(req);
  const stats = await stat(real);
  if (!stats.isDirectory()) return target.directory ? notFound(req) : serveFile(req, real, stats, options);
  if (!target.directory) {
    const answers = options.listDir || (await findIndexFile(root, real, options.indexFiles)) !== undefined;
    return answers ? redirectToSlash(req) : notFound(req);
  }
  const index = await findIndexFile(root, real, options.indexFiles);
  if (index !== undefined) return serveFile(req, index.path, index.stats, options);
  if (options.listDir) return sendListing(req, root, real, target);
  return notFound(req);
}

/** The first of `names` in `dir` that is a regular file inside `root`. */
async function findIndexFile(root: string, dir: string, names: readonly string[]): Promise<{ path: string; stats: Stats } | undefined> {
  for (const name of names) {
    try {
      // The index file itself may be a symlink: it too must stay inside the root.
      const path = await realpath(join(dir, name));
      if (!isInsideRoot(root, path)) continue;
      const stats = await stat(path);
      if (stats.isFile()) return { path, stats };
    } catch (error) {
      if (!isUnservableError(error)) throw error;
    }
  }
  return undefined;
}

async function sendListing(req: FwRequest, root: string, dir: string, target: StaticTarget): Promise<void> {
  const dirents = await readdir(dir, { withFileTypes: true });
  const entries = await Promise.all(dirents.map((dirent) => listingEntry(root, dir, dirent)));
  const title = `/${target.names.map((name) => `${name}/`).join('')}`;
  const shown = sortEntries(entries.filter((entry) => entry !== undefined));
  const body = renderListing({ title, parent: target.names.length > 0, entries: shown });
  // A listing changes whenever the directory does: always revalidate.
  sendPage(req, body, { 'cache-control': 'no-cache' });
}

/** The row for `dirent`, or undefined when a request for it would 404 (dotfile, FIFO, link out). */
async function listingEntry(root: string, dir: string, dirent: Dirent): Promise<ListingEntry | undefined> {
  if (!isSafeSegment(dirent.name)) return undefined;
  if (dirent.isFile()) return { name: dirent.name, directory: false };
  if (dirent.isDirectory()) return { name: dirent.name, directory: true };
  if (!dirent.isSymbolicLink()) return undefined;
  try {
    const real = await realpath(join(dir, dirent.name));
    if (!isInsideRoot(root, real)) return undefined;
    const stats = await stat(real);
    if (stats.isFile()) return { name: dirent.name, directory: false };
    return stats.isDirectory() ? { name: dirent.name, directory: true } : undefined;
  } catch (error) {
    if (isUnservableError(error)) return undefined;
    throw error;
  }
}
