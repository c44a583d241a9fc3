/** `<app>-<version>.tar.gz` of a release directory (node-tar; one top-level `<app>/` folder). */
import { stat } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { create } from 'tar';

/** Packs `releaseDir` into `file`; resolves to the tarball's size in bytes. */
export async function writeTarball(releaseDir: string, file: string): Promise<number> {
  await create({ gzip: true, file, cwd: dirname(releaseDir), portable: true }, [basename(releaseDir)]);
  return (await stat(file)).size;
}
