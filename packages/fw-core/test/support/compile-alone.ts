/**
 * Type tests compiled by themselves (typed routes, the typed request context): a file is copied
 * to a temporary directory, its `fw-core` and `../../src/` imports pointed at fw-core's sources,
 * and tsc checks it alone with the repo's compiler options. Alone, because a test of declaration
 * merging would type every other file of tsconfig.test.json's program.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** The repository's root. */
export const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DIRECTIVE = /^\s*\/\/ @ts-expect-error\b/;

/** A temporary directory of ES modules to compile copies in, and its removal. */
export async function typeTestDir(): Promise<{ readonly dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-types-'));
  await writeFile(join(dir, 'package.json'), '{"type": "module"}');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** tsc's errors for `text` written to `dir/name`, as `line: TScode`, compiled alone with tsconfig.base.json's options. */
export async function compileAlone(dir: string, name: string, text: string): Promise<string[]> {
  const file = join(dir, name);
  const src = relative(dir, join(ROOT, 'packages/fw-core/src'));
  await writeFile(file, text.replaceAll("'../../src/", `'${src}/`).replaceAll("'fw-core'", `'${src}/index.ts'`));
  const config = {
    extends: join(ROOT, 'tsconfig.base.json'),
    compilerOptions: { noEmit: true, allowImportingTsExtensions: true, declaration: false, declarationMap: false, sourceMap: false, typeRoots: [join(ROOT, 'node_modules/@types')] },
    files: [file],
  };
  const project = join(dir, `${name}.tsconfig.json`);
  await writeFile(project, JSON.stringify(config));
  const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
  const out = await run(process.execPath, [tsc, '-p', project, '--pretty', 'false'], { cwd: dir }).then(
    (done) => done.stdout,
    (failed: { stdout: string }) => failed.stdout,
  );
  // tsc names files relative to its working directory, the copy's.
  return [...out.matchAll(/^(.+?)\((\d+),\d+\): error (TS\d+)/gm)].map((m) => {
    assert.equal(m[1], name, `an error outside the copy: ${m[0]}`);
    return `${m[2]}: ${m[3]}`;
  });
}

/** `text` with its `// @ts-expect-error` lines blanked (so line numbers stay), and the lines they marked, 1-based. */
export function withoutMarks(text: string): { readonly bare: string; readonly marked: number[] } {
  const lines = text.split('\n');
  const marked = lines.flatMap((line, at) => (DIRECTIVE.test(line) ? [at + 2] : []));
  return { bare: lines.map((line) => (DIRECTIVE.test(line) ? '' : line)).join('\n'), marked };
}

/** The distinct lines of tsc errors as compileAlone gives them. */
export function errorLines(errors: readonly string[]): number[] {
  return [...new Set(errors.map((error) => Number(error.split(':')[0])))];
}
