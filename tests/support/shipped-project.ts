/**
 * A project outside the workspace that installs the packed fw-core with what a shipped app uses beside it: the
 * OpenTelemetry peers of docs/telemetry.md, ajv, zod, TypeScript and Node's types, at the versions of the
 * repository's lock (offline: tests/support/packed-project.ts).
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runNode } from '../../packages/fw-cli/test/support/run-fw.ts';
import { installOffline, packWorkspace, REPO } from './packed-project.ts';

/** Makes the project in a new folder of the OS's temp directory (`type`: its package.json's) and resolves to that folder. */
export async function shippedProject(type: 'module' | 'commonjs', packDir: string): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), `fw-shipped-${type}-`));
  const peers = JSON.parse(await readFile(join(REPO, 'packages', 'fw-core', 'package.json'), 'utf8')).peerDependencies as Record<string, string>;
  const repo = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')).devDependencies as Record<string, string>;
  const dependencies = { 'fw-core': '0.1.0', zod: repo.zod!, ...peers };
  const devDependencies = { typescript: repo.typescript!, '@types/node': repo['@types/node']! };
  await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'shipped', private: true, type, dependencies, devDependencies }));
  await installOffline(project, { 'fw-core': await packWorkspace('fw-core', packDir) });
  return project;
}

/** Writes `tsconfig` (strict, es2022, Node's types, `src/`, and `compilerOptions`) in `project`, runs its tsc on it and asserts it reports nothing. */
export async function assertTypeChecks(project: string, tsconfig: string, compilerOptions: Record<string, unknown>): Promise<void> {
  await writeFile(join(project, tsconfig), JSON.stringify({ compilerOptions: { target: 'es2022', strict: true, types: ['node'], ...compilerOptions }, include: ['src'] }));
  const tsc = await runNode([join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', tsconfig, '--pretty', 'false'], project);
  assert.deepEqual([tsc.code, tsc.stdout], [0, ''], tsc.stderr);
}
