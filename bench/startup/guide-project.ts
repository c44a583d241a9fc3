/**
 * The guide's bookmarks app as bench/startup.bench.ts starts it, shared with
 * tests/bench-contenders-startup.test.ts: docs/applications.md's `file=` blocks written to a project
 * directory (as tests/guide-bookmarks-app.test.ts does), the workspace's node_modules (fw-core,
 * fw-cli, ajv, hono) beside them, and the command lines of fw's app and of its Hono twin.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { guideFiles } from '../../tests/support/markdown-fences.ts';

const repo = join(import.meta.dirname, '..', '..');

/** Writes the guide's files into `dir`, with the workspace's node_modules beside them. */
export function writeGuideProject(dir: string): void {
  const guide = 'docs/applications.md';
  for (const [path, code] of guideFiles(guide, readFileSync(join(repo, guide), 'utf8'))) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), code);
  }
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
}

/** `node` arguments, from the project directory `dir`, of the guide's app on fw (its npm start). */
export const fwGuideArgs = (): string[] => ['src/main.ts'];

/** `node` arguments, from `dir`, of the Hono 4 twin (bench/startup/hono-bookmarks.ts, reading the guide's schemas from `dir`). */
export const honoGuideArgs = (dir: string): string[] => [join(repo, 'bench/startup/hono-bookmarks.ts'), dir];
