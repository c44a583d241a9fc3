/**
 * The type test (types/typed-routes.types.ts) proves something only if each line it marks
 * `@ts-expect-error` fails by itself: this compiles a copy without the directives, with the
 * repo's compiler options, and wants an error on exactly those lines and on no other. It also
 * compiles the sample of docs/applications.md, "Typed routes".
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { compileAlone as compile, errorLines, ROOT as root, typeTestDir, withoutMarks } from './support/compile-alone.ts';

const source = join(root, 'packages/fw-core/test/types/typed-routes.types.ts');

describe('typed routes type test', () => {
  let dir: string;
  let remove: () => Promise<void>;
  let text: string;
  before(async () => {
    ({ dir, remove } = await typeTestDir());
    text = await readFile(source, 'utf8');
  });
  after(() => remove());

  it('compiles as it stands', async () => {
    assert.deepEqual(await compile(dir, 'as-is.ts', text), []);
  });

  it('fails on every line marked @ts-expect-error once the marks are gone, and only there', async () => {
    const { bare, marked } = withoutMarks(text);
    assert.equal(marked.length, 23, 'the number of expected failures in typed-routes.types.ts');
    assert.deepEqual(errorLines(await compile(dir, 'without-marks.ts', bare)), marked);
  });

  it('compiles the sample of docs/applications.md, "Typed routes"', async () => {
    const docs = await readFile(join(root, 'docs/applications.md'), 'utf8');
    const section = docs.slice(docs.indexOf('\n## Typed routes\n'));
    const sample = /```ts\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    assert.match(sample, /route\(\{/, 'the section opens with a ts sample using route()');
    assert.deepEqual(await compile(dir, 'docs-sample.ts', sample), []);
  });
});
