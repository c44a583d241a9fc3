/** How fw prints a file it wrote: relative to the cwd when inside it, else absolute. */
import { isAbsolute, relative } from 'node:path';

/** `path` for humans, seen from `cwd`. */
export function displayPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  if (rel === '') return '.';
  return rel.startsWith('..') || isAbsolute(rel) ? path : rel;
}
