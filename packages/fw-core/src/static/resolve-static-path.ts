/**
 * Turns a request's pathinfo into a real path that is guaranteed to lie inside the served root.
 * Two layers: every segment is checked as text first (no `..`, `.`, separators, NUL, drive
 * prefixes or dotfiles), then the joined path is resolved with realpath and must still be under
 * the root's real path, so a symlink cannot lead out of it either.
 */
import { realpath } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';

/** A checked pathinfo: the segments to join, and whether it asked for a directory (trailing ''). */
export interface StaticTarget {
  readonly names: readonly string[];
  readonly directory: boolean;
}

// `C:` at the start of a segment makes path.win32.join treat it as a drive.
const DRIVE_PREFIX = /^[a-zA-Z]:/;

/**
 * Checks pathinfo segments (already percent-decoded once by the router); undefined when any
 * segment could name something outside the root or a dotfile. A final `''` asks for a
 * directory.
 */
export function checkPathinfo(pathinfo: readonly string[]): StaticTarget | undefined {
  // `[]` is the route's own path without its slash (`/docs`): not a directory request, so the
  // directory answers with a redirect to `/docs/` and relative links in its page resolve.
  const directory = pathinfo[pathinfo.length - 1] === '';
  const names = directory ? pathinfo.slice(0, -1) : pathinfo;
  return names.every(isSafeSegment) ? { names, directory } : undefined;
}

/** True for a segment that names an entry of the current directory and is not a dotfile. */
export function isSafeSegment(segment: string): boolean {
  return (
    segment !== '' &&
    // '.', '..' and dotfiles (.env, .git) all start with '.'.
    !segment.startsWith('.') &&
    !segment.includes('/') &&
    !segment.includes('\\') &&
    !segment.includes('\0') &&
    !DRIVE_PREFIX.test(segment)
  );
}

/**
 * The real path of `root/names...` when it lies inside `root` (itself a real path) and passes
 * through no dotfile; undefined otherwise. File-system errors (ENOENT...) propagate.
 */
export async function resolveInside(root: string, names: readonly string[]): Promise<string | undefined> {
  const real = await realpath(join(root, ...names));
  return isInsideRoot(root, real) ? real : undefined;
}

/** True when `real` is `root` or below it, without a `..` or dotfile segment in between. */
export function isInsideRoot(root: string, real: string): boolean {
  const rel = relative(root, real);
  if (rel === '') return true;
  if (isAbsolute(rel)) return false;
  return rel.split(sep).every((segment) => !segment.startsWith('.'));
}
