/**
 * A Node.js older than the one fw needs, found on this machine (a Debian host's /usr/bin/node is
 * Node 20): for the tests that run fw's bin or a release's start script with it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A `node` on the PATH (or in /usr/bin, /usr/local/bin) older than Node 24, with its version. */
export async function olderNode(): Promise<{ path: string; version: string } | undefined> {
  const self = await realpath(process.execPath);
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/usr/local/bin'];
  for (const dir of dirs) {
    const candidate = join(dir, process.platform === 'win32' ? 'node.exe' : 'node');
    if (!existsSync(candidate) || (await realpath(candidate)) === self) continue;
    const [version, execPath] = JSON.parse((await run(candidate, ['-p', 'JSON.stringify([process.versions.node, process.execPath])'])).stdout) as [string, string];
    if (Number(version.split('.')[0]) < 24) return { path: execPath, version };
  }
  return undefined;
}
