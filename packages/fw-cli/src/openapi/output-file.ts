/**
 * Where `fw openapi` (and `fw release`) may write a file, checked before anything is written, so
 * a bad path fails with one coded line and leaves no file half the set: before, `--output DIR`
 * failed with EISDIR naming a temporary file, an `--output` below a file with EEXIST from mkdir,
 * a `--types` that could not be written after openapi.json had been, `--output /dev/stdout` run
 * as root renamed a regular file over /dev/stdout, and an `--output` under /proc hung (Node's
 * recursive mkdir loops where mkdir answers ENOENT for a parent that exists).
 */
import { mkdir, realpath, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { dirname } from 'node:path';
import { CliError } from '../errors.ts';

/**
 * The path to write `what` (`OpenAPI spec`, `TypeScript types`...) to for `path`: `path` itself,
 * its missing parent directories made, or the file an existing symlink points at (so the link
 * stays). Throws FW_CLI_ERR_OUTPUT when `path` is a directory or no regular file, or a parent is
 * a file or cannot be made.
 */
export async function outputFile(path: string, what: string): Promise<string> {
  const stats = await statOf(path, what);
  if (stats === undefined) {
    await makeDirectory(dirname(path), `Cannot write the ${what} to ${path}`);
    return path;
  }
  if (stats.isFile()) return realpath(path);
  const kind = stats.isDirectory()
    ? 'a directory; name a file in it'
    : 'not a regular file (a device, a pipe or a socket, which fw would replace); name a file';
  throw new CliError('FW_CLI_ERR_OUTPUT', `Cannot write the ${what} to ${path}: it is ${kind}`);
}

/** Wraps an error writing `path` as FW_CLI_ERR_OUTPUT. */
export function outputError(error: unknown, what: string, path: string): CliError {
  return new CliError(
    'FW_CLI_ERR_OUTPUT',
    `Cannot write the ${what} to ${path} (${reason(error)}); check that its directory is writable`,
    { cause: error },
  );
}

// A system error's code (EACCES, EROFS), whose message repeats it with the path; another error's message.
function reason(error: unknown): string {
  const { code, message } = error as NodeJS.ErrnoException;
  return typeof code === 'string' ? code : String(message ?? error);
}

// A path below a file (ENOTDIR) is missing too: making its parents says which is the file.
function missing(error: unknown): boolean {
  const { code } = error as NodeJS.ErrnoException;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

async function statOf(path: string, what: string): Promise<Stats | undefined> {
  try {
    return await stat(path);
  } catch (error) {
    if (missing(error)) return undefined;
    throw outputError(error, what, path);
  }
}

// One level at a time, each parent first: never mkdir's recursive loop.
async function makeDirectory(dir: string, failure: string): Promise<void> {
  const stats = await stat(dir).catch((error: unknown) => {
    if (missing(error)) return undefined;
    throw new CliError('FW_CLI_ERR_OUTPUT', `${failure}: ${reason(error)}`, { cause: error });
  });
  if (stats?.isDirectory() === true) return;
  if (stats !== undefined) throw new CliError('FW_CLI_ERR_OUTPUT', `${failure}: ${dir} is a file, not a directory`);
  await makeDirectory(dirname(dir), failure);
  await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST')
      throw new CliError('FW_CLI_ERR_OUTPUT', `${failure}: cannot create the directory ${dir} (${reason(error)})`, {
        cause: error,
      });
  });
}
