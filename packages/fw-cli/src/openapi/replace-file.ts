/**
 * Writes a file that a server may be serving meanwhile: into a temporary file beside it, then
 * renamed over it. A reader gets the old bytes or the new, never a file cut short: the blog
 * serves /docs/ from the files `fw openapi --offline` writes, and during a rolling restart the
 * next instance's `npm start` regenerates them while the old one still answers (a copy over the
 * file in place truncated the Swagger UI bundle under a browser that was loading it).
 */
import { randomBytes } from 'node:crypto';
import { copyFile, rename, rm, writeFile } from 'node:fs/promises';

/** Replaces `path` with `content`, or with a copy of the file `content.copyOf`. */
export async function replaceFile(path: string, content: string | { readonly copyOf: string }): Promise<void> {
  const temporary = `${path}.${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  try {
    if (typeof content === 'string') await writeFile(temporary, content);
    else await copyFile(content.copyOf, temporary);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
