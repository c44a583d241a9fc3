/**
 * Type tests compiled by themselves (typed routes, the typed request context, named schemas): a file is copied
 * to a temporary directory, its `fw-core` and `../../src/` imports pointed at fw-core's sources,
 * and tsc checks it alone with the repo's compiler options. Alone, because a test of declaration
 * merging would type every other file of tsconfig.test.json's program.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, describe, it } from 'node:test';
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

/** What a type test's own checks get: its file's text, a line's number, and compileAlone in its directory. */
export interface TypeTest {
  readonly text: string;
  /** The 1-based line of the first line containing `snippet`. */
  lineOf(snippet: string): number;
  compile(name: string, text: string): Promise<string[]>;
  /** `text` with the `declare module 'fw-core' {...}` block blanked in place, so line numbers stay. */
  undeclared(): string;
}

/** The sample a type test compiles too: the first ```<fence> block under `heading` of docs/applications-reference.md, which must match `shows`. */
export interface DocsSample {
  readonly heading: string;
  readonly fence: string;
  readonly shows: RegExp;
}

/**
 * The describe every compiled-alone type test is: `file` (under packages/fw-core/test/types) compiles as it stands,
 * fails on exactly its `marks` lines marked `@ts-expect-error` once the marks are gone, and the docs' sample compiles;
 * `more` adds the file's own checks.
 */
export function describeTypeTest(title: string, file: string, marks: number, sample: DocsSample, more: (test: () => TypeTest) => void = () => {}): void {
  describe(title, () => {
    let dir: string;
    let remove: () => Promise<void>;
    let test: TypeTest;
    before(async () => {
      ({ dir, remove } = await typeTestDir());
      const text = await readFile(join(ROOT, 'packages/fw-core/test/types', file), 'utf8');
      const start = text.indexOf("declare module 'fw-core' {");
      const end = text.indexOf('\n}\n', start) + 3;
      test = {
        text,
        lineOf: (snippet) => text.split('\n').findIndex((line) => line.includes(snippet)) + 1,
        compile: (name, source) => compileAlone(dir, name, source),
        undeclared: () => {
          assert.ok(start > 0 && end > start, `${file} has a declare module 'fw-core' block`);
          return text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, '') + text.slice(end);
        },
      };
    });
    after(() => remove());

    it('compiles as it stands', async () => {
      assert.deepEqual(await test.compile('as-is.ts', test.text), []);
    });

    it('fails on every line marked @ts-expect-error once the marks are gone, and only there', async () => {
      const { bare, marked } = withoutMarks(test.text);
      assert.equal(marked.length, marks, `the number of expected failures in ${file}`);
      assert.deepEqual(errorLines(await test.compile('without-marks.ts', bare)), marked);
    });

    it(`compiles the sample of docs/applications-reference.md, "${sample.heading.replace(/^#+ /, '')}"`, async () => {
      const docs = await readFile(join(ROOT, 'docs/applications-reference.md'), 'utf8');
      const section = docs.slice(docs.indexOf(`\n${sample.heading}\n`));
      const code = new RegExp(`\`\`\`${sample.fence}\\n([\\s\\S]*?)\`\`\``).exec(section)?.[1] ?? '';
      assert.match(code, sample.shows, `the section's first ${sample.fence} sample`);
      assert.deepEqual(await test.compile('docs-sample.ts', code), []);
    });

    more(() => test);
  });
}
