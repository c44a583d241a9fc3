/**
 * Copies the resolved dependencies into the release as real directories (never symlinks): a
 * linked workspace package with only what `npm pack` ships, an installed package whole but
 * without its own node_modules (its dependencies are placed by resolveDependencies).
 *
 * A linked package whose package.json names entry points it does not have yet (an unbuilt
 * `dist/`, as in a fresh checkout) is built first with its own `npm run build`; without a build
 * script, or when the build does not make them, the release stops and says what is missing.
 */
import { cp, mkdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { CliError } from '../errors.ts';
import { readJsonObject } from './app-package.ts';
import { buildApp } from './build-app.ts';
import { missingEntries } from './package-entries.ts';
import { packFiles } from './pack-files.ts';
import type { PlacedPackage } from './resolve-dependencies.ts';

/** Copies every package under `releaseDir`; resolves to the names of the linked packages it had to build. */
export async function copyPackages(
  packages: readonly PlacedPackage[],
  releaseDir: string,
  env: NodeJS.ProcessEnv,
): Promise<string[]> {
  const built: string[] = [];
  for (const pkg of packages) {
    const target = join(releaseDir, pkg.target);
    if (pkg.linked) {
      const { files, wasBuilt } = await builtPackFiles(pkg, env);
      if (wasBuilt) built.push(pkg.name);
      await copyFiles(pkg.source, target, files);
    } else
      await cp(pkg.source, target, {
        recursive: true,
        dereference: true,
        filter: (path) => !relative(pkg.source, path).split(sep).includes('node_modules'),
      });
  }
  return built;
}

/** The files `npm pack` ships from a linked package, once every entry it names is there. */
async function builtPackFiles(
  pkg: PlacedPackage,
  env: NodeJS.ProcessEnv,
): Promise<{ files: string[]; wasBuilt: boolean }> {
  const manifest = await readJsonObject(join(pkg.source, 'package.json'));
  const files = await packFiles(pkg.source, env);
  const missing = missingEntries(manifest, files);
  if (missing.length === 0) return { files, wasBuilt: false };
  const scripts = (manifest['scripts'] ?? {}) as Record<string, unknown>;
  if (typeof scripts['build'] !== 'string') throw unbuilt(pkg, missing, 'it has no build script to make them');
  await buildApp(pkg.source, env);
  const rebuilt = await packFiles(pkg.source, env);
  const still = missingEntries(manifest, rebuilt);
  if (still.length > 0) throw unbuilt(pkg, still, 'its npm run build did not make them');
  return { files: rebuilt, wasBuilt: true };
}

function unbuilt(pkg: PlacedPackage, missing: readonly string[], why: string): CliError {
  return new CliError(
    'FW_CLI_ERR_RELEASE_UNBUILT_PACKAGE',
    `${pkg.name} (linked from ${pkg.source}) lacks ${missing.join(', ')}, named by its package.json, and ${why}; build it, then run fw release again`,
  );
}

async function copyFiles(source: string, target: string, files: readonly string[]): Promise<void> {
  for (const file of files) {
    await mkdir(dirname(join(target, file)), { recursive: true });
    await cp(join(source, file), join(target, file), { dereference: true });
  }
}
