/**
 * Copies of apps to write into. A copy under the repository's git-ignored `.tmp/` (two levels
 * below the root, like examples/blog) still resolves the workspace's node_modules and the
 * blog's `../../tsconfig.base.json`; a copy under the OS temp dir proves independence from the
 * repository.
 */
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './run-fw.ts';

const made: string[] = [];

/** A fresh directory under `<repo>/.tmp/`. */
export async function repoTempDir(): Promise<string> {
  await mkdir(join(REPO, '.tmp'), { recursive: true });
  const dir = await mkdtemp(join(REPO, '.tmp', 'fw-cli-'));
  made.push(dir);
  return dir;
}

/** A fresh directory under the OS temp dir (outside the repository). */
export async function osTempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-cli-'));
  made.push(dir);
  return dir;
}

/** Copies the named entries of `appDir` into `target`. */
export async function copyApp(appDir: string, target: string, entries: readonly string[]): Promise<string> {
  for (const entry of entries) await cp(join(appDir, entry), join(target, entry), { recursive: true });
  return target;
}

/** The blog's sources (no dist, no generated docs) copied under `<repo>/.tmp/`. */
export async function copyBlog(blogDir: string): Promise<string> {
  const dir = await repoTempDir();
  await copyApp(blogDir, dir, ['src', 'priv/schemas', 'priv/assets/index.html', 'package.json', 'fw.config.json', 'tsconfig.json']);
  return dir;
}

/** Removes every directory made here. */
export async function removeTempDirs(): Promise<void> {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
}

/** A one-module app under `<repo>/.tmp/` (so it resolves fw-core): fw.config.json from `config`, package.json naming ./app.mjs, and `app` as app.mjs. */
export async function writeTempApp(name: string, config: object, app: string): Promise<string> {
  const dir = await repoTempDir();
  await writeFile(join(dir, 'fw.config.json'), JSON.stringify(config));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name, version: '0.0.1', private: true, type: 'module', fw: { app: './app.mjs' } }));
  await writeFile(join(dir, 'app.mjs'), app);
  return dir;
}
