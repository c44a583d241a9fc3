/**
 * The type test (types/typed-routes.types.ts) proves something only if each line it marks
 * `@ts-expect-error` fails by itself: this compiles a copy without the directives, with the
 * repo's compiler options, and wants an error on exactly those lines and on no other. It also
 * compiles the sample of docs/applications.md, "Typed routes".
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const source = join(root, 'packages/fw-core/test/types/typed-routes.types.ts');
const DIRECTIVE = /^\s*\/\/ @ts-expect-error\b/;

/** tsc's errors for `file` as `line: TScode`, compiled alone with tsconfig.base.json's options. */
async function compile(dir: string, name: string, text: string): Promise<string[]> {
  const file = join(dir, name);
  const src = relative(dir, join(root, 'packages/fw-core/src'));
  await writeFile(file, text.replaceAll("'../../src/", `'${src}/`).replaceAll("from 'fw-core'", `from '${src}/index.ts'`));
  const config = {
    extends: join(root, 'tsconfig.base.json'),
    compilerOptions: { noEmit: true, allowImportingTsExtensions: true, declaration: false, declarationMap: false, sourceMap: false, typeRoots: [join(root, 'node_modules/@types')] },
    files: [file],
  };
  const project = join(dir, `${name}.tsconfig.json`);
  await writeFile(project, JSON.stringify(config));
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
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

describe('typed routes type test', () => {
  let dir: string;
  let text: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-types-'));
    // The copies are ES modules, as the repo's files are.
    await writeFile(join(dir, 'package.json'), '{"type": "module"}');
    text = await readFile(source, 'utf8');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('compiles as it stands', async () => {
    assert.deepEqual(await compile(dir, 'as-is.ts', text), []);
  });

  it('fails on every line marked @ts-expect-error once the marks are gone, and only there', async () => {
    const lines = text.split('\n');
    const marked = lines.flatMap((line, at) => (DIRECTIVE.test(line) ? [at + 2] : []));
    assert.equal(marked.length, 19, 'the number of expected failures in typed-routes.types.ts');
    // Blank the directives in place, so line numbers stay those of the original.
    const bare = lines.map((line) => (DIRECTIVE.test(line) ? '' : line)).join('\n');
    const errors = await compile(dir, 'without-marks.ts', bare);
    assert.deepEqual([...new Set(errors.map((e) => Number(e.split(':')[0])))], marked);
  });

  it('compiles the sample of docs/applications.md, "Typed routes"', async () => {
    const docs = await readFile(join(root, 'docs/applications.md'), 'utf8');
    const section = docs.slice(docs.indexOf('\n## Typed routes\n'));
    const sample = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    assert.match(sample, /route\(\{/, 'the section opens with a ts sample using route()');
    assert.deepEqual(await compile(dir, 'docs-sample.ts', sample), []);
  });
});
