/**
 * A copy of the blog that runs its TypeScript directly, as `npm start` runs the blog
 * (`node src/main.ts`): its tsconfig.json only type-checks (`noEmit`, no `outDir`) and it has
 * no build script.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BLOG_DIR } from './run-fw.ts';
import { copyBlog } from './temp-app.ts';

/** The copy's directory, under the repository's .tmp/; `pkg` is merged into its package.json. */
export async function copyTsDirectBlog(pkg: Record<string, unknown> = {}): Promise<string> {
  const dir = await copyBlog(BLOG_DIR);
  await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ extends: '../../tsconfig.base.json', compilerOptions: { noEmit: true, allowImportingTsExtensions: true }, include: ['src'] }));
  const manifest = JSON.parse(await readFile(join(dir, 'package.json'), 'utf8')) as { scripts: Record<string, string>; dependencies: Record<string, string> };
  delete manifest.scripts.build;
  const dependencies = { ...manifest.dependencies, ...(pkg.dependencies as Record<string, string> | undefined) };
  await writeFile(join(dir, 'package.json'), JSON.stringify({ ...manifest, ...pkg, dependencies }, null, 2));
  return dir;
}
