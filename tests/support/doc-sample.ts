/**
 * A docs sample run as the reader would run it: the first ```ts block of `doc` that `matches`,
 * written to a file of its own in a temporary directory inside the repository (so `fw-core`
 * resolves to the workspace package) and imported. `remove()` deletes the directory.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { fencedBlocks } from './markdown-fences.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** The imported sample module and the removal of its directory. */
export interface DocSample<M> {
  readonly module: M;
  /** The directory the sample was written to, for files that go beside it. */
  readonly dir: string;
  remove(): Promise<void>;
}

/**
 * Imports the sample of `doc` (a path from the repository root) whose code `matches`, as `file` in a fresh directory named after `prefix`;
 * `edit` changes what a test cannot run as written (a fixed port) and nothing else.
 */
export async function importDocSample<M>(doc: string, matches: (code: string) => boolean, file: string, prefix: string, edit = (code: string) => code): Promise<DocSample<M>> {
  const block = fencedBlocks(doc, await readFile(join(ROOT, doc), 'utf8')).find((b) => b.info[0] === 'ts' && matches(b.code));
  assert.ok(block, `${doc} shows the sample ${file}`);
  await mkdir(join(ROOT, '.tmp'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, '.tmp', prefix));
  await writeFile(join(dir, file), edit(block.code));
  const module = (await import(pathToFileURL(join(dir, file)).href)) as M;
  return { module, dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
