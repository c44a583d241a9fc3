/**
 * A project outside the workspace that installs fw's packages from their `npm pack` tarballs,
 * as a user installs them from the registry, without the network: the registry packages it
 * needs are pinned by a package-lock.json cut from the repository's own lock, so `npm ci
 * --offline` finds every one of them in the npm cache that the repository's `npm ci` filled.
 * (`npm install <name>` would need each package's registry document, which that cache lacks.)
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** The repository root. */
export const REPO = join(import.meta.dirname, '..', '..');

/** One entry of a package-lock.json's `packages`. */
type LockEntry = { readonly link?: boolean; readonly dependencies?: Record<string, string>; readonly optionalDependencies?: Record<string, string> } & Record<string, unknown>;

/** `npm pack`s the workspace package `packages/<name>` into `dest`; resolves to the tarball's path. */
export async function packWorkspace(name: string, dest: string): Promise<string> {
  const before = new Set(await readdir(dest));
  await run(npm, ['pack', '--silent', '--pack-destination', dest], { cwd: join(REPO, 'packages', name) });
  const [tarball] = (await readdir(dest)).filter((file) => file.endsWith('.tgz') && !before.has(file));
  if (tarball === undefined) throw new Error(`npm pack of packages/${name} wrote no tarball`);
  return join(dest, tarball);
}

/**
 * Installs the project's package.json with `npm ci --offline`: the dependencies named in
 * `tarballs` from those files, every other one at the version the repository's lock has.
 */
export async function installOffline(project: string, tarballs: Readonly<Record<string, string>>): Promise<void> {
  const manifest = JSON.parse(await readFile(join(project, 'package.json'), 'utf8'));
  for (const field of ['dependencies', 'devDependencies'] as const) {
    for (const name of Object.keys(manifest[field] ?? {})) {
      if (tarballs[name] !== undefined) manifest[field][name] = `file:${relative(project, tarballs[name])}`;
    }
  }
  await writeFile(join(project, 'package.json'), JSON.stringify(manifest, null, 2));
  const repoLock = JSON.parse(await readFile(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
  const packages: Record<string, unknown> = {
    '': { name: manifest.name, dependencies: manifest.dependencies, devDependencies: manifest.devDependencies },
    ...(await tarballEntries(project, tarballs)),
  };
  const registryDeps = [...Object.keys(manifest.dependencies ?? {}), ...Object.keys(manifest.devDependencies ?? {})].filter((name) => tarballs[name] === undefined);
  const closure = lockClosure(repoLock.packages, [
    ...registryDeps.map((name) => ({ from: '', name })),
    ...Object.keys(tarballs).flatMap((pkg) => Object.keys(repoLock.packages[`packages/${pkg}`]?.dependencies ?? {}).filter((name) => tarballs[name] === undefined).map((name) => ({ from: `packages/${pkg}`, name }))),
  ]);
  for (const [key, entry] of closure) {
    // A workspace package's own nested dependencies sit at the project's top level here.
    const at = key.replace(/^packages\/[^/]+\//, '');
    if (packages[at] !== undefined && packages[at] !== entry) throw new Error(`two versions of ${at} in the cut lock`);
    packages[at] = entry;
  }
  await writeFile(join(project, 'package-lock.json'), JSON.stringify({ name: manifest.name, lockfileVersion: 3, requires: true, packages }, null, 2));
  await run(npm, ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: project });
}

/** Lock entries of the tarballs themselves, from each package's package.json. */
async function tarballEntries(project: string, tarballs: Readonly<Record<string, string>>): Promise<Record<string, unknown>> {
  const entries: Record<string, unknown> = {};
  for (const [name, tarball] of Object.entries(tarballs)) {
    const { version, license, dependencies, peerDependencies, peerDependenciesMeta, bin, engines } = JSON.parse(await readFile(join(REPO, 'packages', name, 'package.json'), 'utf8'));
    const integrity = `sha512-${createHash('sha512').update(await readFile(tarball)).digest('base64')}`;
    entries[`node_modules/${name}`] = { version, resolved: `file:${relative(project, tarball)}`, integrity, license, dependencies, peerDependencies, peerDependenciesMeta, bin, engines };
  }
  return entries;
}

/** The lock entries `wanted` resolve to, with their dependencies, by Node's lookup from each entry's folder up. */
function lockClosure(lock: Readonly<Record<string, LockEntry>>, wanted: readonly { from: string; name: string }[]): Map<string, LockEntry> {
  const out = new Map<string, LockEntry>();
  const resolve = (from: string, name: string): string | undefined => {
    for (let at = from; ; at = at.includes('/node_modules/') ? at.slice(0, at.lastIndexOf('/node_modules/')) : '') {
      const key = at === '' ? `node_modules/${name}` : `${at}/node_modules/${name}`;
      if (lock[key] !== undefined) return key;
      if (at === '') return undefined;
    }
  };
  const required = (from: string, name: string): string => {
    const key = resolve(from, name);
    if (key === undefined) throw new Error(`the repository's package-lock.json has no ${name} for ${from || 'the root'}`);
    return key;
  };
  const visit = (key: string): void => {
    const entry = lock[key]!;
    if (out.has(key) || entry.link) return;
    out.set(key, entry);
    for (const name of Object.keys(entry.dependencies ?? {})) visit(required(key, name));
    // Platform packages (typescript's native compilers): npm installs only this machine's.
    for (const name of Object.keys(entry.optionalDependencies ?? {})) {
      const found = resolve(key, name);
      if (found !== undefined) visit(found);
    }
  };
  for (const { from, name } of wanted) visit(required(from, name));
  return out;
}
