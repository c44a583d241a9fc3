/**
 * The production dependency tree of an app, as Node resolves it from the app directory, laid
 * out as a node_modules tree for the release.
 *
 * Every package's `dependencies` (and `optionalDependencies` and non-optional
 * `peerDependencies`, as `npm install --omit=dev` installs them) is resolved the way Node does:
 * from the package's real directory, `node_modules/<name>` in it and in each parent. In the
 * release a package goes to the top-level node_modules unless that name already holds another
 * package on the requiring package's lookup path; then it nests under the requiring package, so
 * every require in the release finds the same package as it does in the source tree.
 */
import { existsSync, realpathSync } from 'node:fs';
import { basename, dirname, join, sep } from 'node:path';
import { CliError } from '../errors.ts';
import { readJsonObject } from './app-package.ts';

/** One package to copy into the release. */
export interface PlacedPackage {
  readonly name: string;
  /** Real directory of the package in the source tree. */
  readonly source: string;
  /** Release-relative directory, e.g. `node_modules/ajv` or `node_modules/a/node_modules/b`. */
  readonly target: string;
  /** True for a linked (workspace) package: not under any node_modules directory. */
  readonly linked: boolean;
}

interface Wanted {
  readonly name: string;
  readonly from: string;
  /** Release-relative directory of the requiring package ('' for the app). */
  readonly parent: string;
  readonly optional: boolean;
}

/** Every package the app needs at run time, in breadth-first order. */
export async function resolveDependencies(
  appDir: string,
  dependencies: Readonly<Record<string, string>>,
  optional: Readonly<Record<string, string>>,
): Promise<PlacedPackage[]> {
  const placed = new Map<string, string>();
  const out: PlacedPackage[] = [];
  const queue: Wanted[] = dependencyNames(dependencies, optional, {}).map(([name, isOptional]) => ({
    name,
    from: realpathSync(appDir),
    parent: '',
    optional: isOptional,
  }));
  for (let wanted = queue.shift(); wanted !== undefined; wanted = queue.shift()) {
    const source = resolvePackage(wanted.name, wanted.from);
    if (source === undefined) {
      if (wanted.optional) continue;
      throw new CliError(
        'FW_CLI_ERR_RELEASE_MISSING_DEPENDENCY',
        `cannot find ${wanted.name}, a dependency of ${wanted.from}, in any node_modules from there up; run npm install`,
      );
    }
    const existing = lookup(placed, wanted.name, wanted.parent);
    if (existing !== undefined && placed.get(existing) === source) continue;
    const target =
      existing === undefined ? join('node_modules', wanted.name) : join(wanted.parent, 'node_modules', wanted.name);
    placed.set(target, source);
    out.push({ name: wanted.name, source, target, linked: !source.split(sep).includes('node_modules') });
    const pkg = await readJsonObject(join(source, 'package.json'));
    for (const [name, isOptional] of dependencyNames(
      pkg.dependencies,
      pkg.optionalDependencies,
      pkg.peerDependencies,
      pkg.peerDependenciesMeta,
    )) {
      queue.push({ name, from: source, parent: target, optional: isOptional });
    }
  }
  return out;
}

// [name, optional] pairs: dependencies, optional dependencies, peers not marked optional.
function dependencyNames(deps: unknown, optional: unknown, peers: unknown, peersMeta?: unknown): [string, boolean][] {
  const optionalNames = new Set(Object.keys(asRecord(optional)));
  const meta = asRecord(peersMeta) as Record<string, { optional?: unknown }>;
  const out = new Map<string, boolean>();
  for (const name of Object.keys(asRecord(deps))) out.set(name, optionalNames.has(name));
  for (const name of optionalNames) out.set(name, true);
  for (const name of Object.keys(asRecord(peers)))
    if (!out.has(name) && meta[name]?.optional !== true) out.set(name, false);
  return [...out];
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** Node's lookup: `<dir>/node_modules/<name>` for `from` and each parent; the real path. */
function resolvePackage(name: string, from: string): string | undefined {
  for (let dir = from; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const candidate = join(dir, 'node_modules', name);
      if (existsSync(join(candidate, 'package.json'))) return realpathSync(candidate);
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** The release directory `name` resolves to from `parent`, if any is placed on its path. */
function lookup(placed: ReadonlyMap<string, string>, name: string, parent: string): string | undefined {
  for (let dir = parent; ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const candidate = join(dir === '.' ? '' : dir, 'node_modules', name);
      if (placed.has(candidate)) return candidate;
    }
    if (dir === '' || dir === '.') return undefined;
  }
}
