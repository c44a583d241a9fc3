/**
 * A project outside the workspace that installs the packed fw-core and fw-cli with what a shipped app uses beside
 * them: the OpenTelemetry peers of docs/telemetry.md, ajv, zod, TypeScript and Node's types, at the versions of the
 * repository's lock (offline: tests/support/packed-project.ts).
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../../packages/fw-cli/test/support/run-fw.ts';
import { installOffline, packWorkspace, REPO } from './packed-project.ts';

/**
 * Makes the project in a new folder of the OS's temp directory (`type`: its package.json's) and resolves to that folder;
 * `extra`: more of the repository's devDependencies the app installs (a propagator package).
 */
export async function shippedProject(type: 'module' | 'commonjs', packDir: string, extra: readonly string[] = []): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), `fw-shipped-${type}-`));
  const peers = JSON.parse(await readFile(join(REPO, 'packages', 'fw-core', 'package.json'), 'utf8')).peerDependencies as Record<string, string>;
  const repo = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')).devDependencies as Record<string, string>;
  const dependencies = { 'fw-core': '0.1.0', zod: repo.zod!, ...peers, ...Object.fromEntries(extra.map((name) => [name, repo[name]!])) };
  const devDependencies = { 'fw-cli': '0.1.0', typescript: repo.typescript!, '@types/node': repo['@types/node']! };
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'shipped', private: true, type, dependencies, devDependencies }));
  // One folder each: packWorkspace finds its tarball as the folder's new file.
  const tarballs: Record<string, string> = {};
  for (const name of ['fw-core', 'fw-cli']) tarballs[name] = await packWorkspace(name, await mkdtemp(join(packDir, `${name}-`)));
  await installOffline(project, tarballs);
  return project;
}

/** TypeScript 5's tsc, which the repository keeps for tools/openapi-typescript (the project's own is the repository's 7). */
export const TSC_5 = join(REPO, 'tools', 'openapi-typescript', 'node_modules', 'typescript', 'bin', 'tsc');

/**
 * Writes `tsconfig` (strict, es2022, Node's types, `src/`, and `compilerOptions`) in `project`, runs `tsc` (the
 * project's own by default) on it and asserts it reports nothing.
 */
export async function assertTypeChecks(project: string, tsconfig: string, compilerOptions: Record<string, unknown>, tsc = join(project, 'node_modules', 'typescript', 'bin', 'tsc')): Promise<void> {
  await writeFile(join(project, tsconfig), JSON.stringify({ compilerOptions: { target: 'es2022', strict: true, types: ['node'], ...compilerOptions }, include: ['src'] }));
  const run = await runNode([tsc, '-p', tsconfig, '--pretty', 'false'], project);
  assert.deepEqual([run.code, run.stdout], [0, ''], run.stderr);
}
