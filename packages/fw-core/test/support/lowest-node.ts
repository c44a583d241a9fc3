/**
 * The lowest Node that fw-core's `engines` admits (`>=X.Y.Z`), for the tests that run on it
 * (node-internals-contract.test.ts, tests/fw-core-package.test.ts): that version's binary package
 * (node-<os>-<arch>, what the `node` package installs) kept in node_modules/.cache/fw-lowest-node.
 * scripts/test-setup.ts installs it from the npm registry; a test takes it from there, else from
 * the npm cache alone (no network), else skips saying how to get it.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..', '..', '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const platform = process.platform === 'win32' ? 'win' : process.platform;
/** The binary package of this machine's OS and CPU. */
const BINARY_PACKAGE = `node-${platform}-${process.arch}`;

/** fw-core's `engines.node`. */
export function enginesNode(): string {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'packages', 'fw-core', 'package.json'), 'utf8')) as { engines: { node: string } };
  return manifest.engines.node;
}

/** The version `engines.node` starts at; throws unless it is a plain floor (`>=X.Y.Z`). */
export function lowestNodeVersion(): string {
  const engines = enginesNode();
  const version = /^>=(\d+\.\d+\.\d+)$/.exec(engines)?.[1];
  if (version === undefined) throw new Error(`fw-core's engines.node is a plain floor (>=X.Y.Z), not ${engines}`);
  return version;
}

/** The lowest admitted Node's binary, installed from the npm cache if need be; undefined when it is not to be had offline. */
export function lowestNode(): { version: string; binary?: string; missing: string } {
  const version = lowestNodeVersion();
  const missing = `Node ${version} (${BINARY_PACKAGE}@${version}) is not installed: run \`node scripts/test-setup.ts\` once online`;
  const binary = binaryPath(version);
  if (existsSync(binary) || install(version, ['--offline'])) return { version, binary, missing };
  return { version, missing };
}

/** Installs the lowest admitted Node from the npm registry unless it is there; returns its binary, or undefined when npm failed. */
export function installLowestNode(): string | undefined {
  const version = lowestNodeVersion();
  const binary = binaryPath(version);
  return existsSync(binary) || install(version, ['--prefer-offline']) ? binary : undefined;
}

function cacheDir(version: string): string {
  return join(ROOT, 'node_modules', '.cache', 'fw-lowest-node', version);
}

function binaryPath(version: string): string {
  return join(cacheDir(version), 'node_modules', BINARY_PACKAGE, 'bin', platform === 'win' ? 'node.exe' : 'node');
}

/** `npm install` of the binary package into its own folder (a package.json there keeps npm out of the workspace). */
function install(version: string, mode: readonly string[]): boolean {
  const dir = cacheDir(version);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'fw-lowest-node', private: true }));
  const args = ['install', ...mode, '--no-audit', '--no-fund', '--no-save', '--no-package-lock', `${BINARY_PACKAGE}@${version}`];
  const run = spawnSync(npm, args, { cwd: dir, stdio: 'ignore', timeout: 5 * 60_000 });
  return run.status === 0 && existsSync(binaryPath(version));
}
