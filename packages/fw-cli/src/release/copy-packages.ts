/**
 * Copies the resolved dependencies into the release as real directories (never symlinks): a
 * linked workspace package with only what `npm pack` ships, an installed package whole but
 * without its own node_modules (its dependencies are placed by resolveDependencies).
 */
import { cp, mkdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { packFiles } from './pack-files.ts';
import type { PlacedPackage } from './resolve-dependencies.ts';

/** Copies every package under `releaseDir`. */
export async function copyPackages(packages: readonly PlacedPackage[], releaseDir: string, env: NodeJS.ProcessEnv): Promise<void> {
  for (const pkg of packages) {
    const target = join(releaseDir, pkg.target);
    if (pkg.linked) await copyPackFiles(pkg.source, target, env);
    else await cp(pkg.source, target, { recursive: true, dereference: true, filter: (path) => !relative(pkg.source, path).split(sep).includes('node_modules') });
  }
}

async function copyPackFiles(source: string, target: string, env: NodeJS.ProcessEnv): Promise<void> {
  for (const file of await packFiles(source, env)) {
    await mkdir(dirname(join(target, file)), { recursive: true });
    await cp(join(source, file), join(target, file), { dereference: true });
  }
}
