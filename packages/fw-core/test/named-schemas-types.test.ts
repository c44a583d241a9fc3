/**
 * Named schemas in the types (issue 38, item 2): types/named-schemas/named-schemas.types.ts
 * declares an app's NamedSchemas and uses `{$ref: name}` in typed routes. Compiled alone
 * (support/compile-alone.ts): as it stands it compiles; each line marked `@ts-expect-error` fails
 * by itself; without the declaration a reference is `unknown` again, so the typed uses fail. The
 * sample of docs/applications.md, "Named schemas", compiles too.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { compileAlone, errorLines, ROOT, typeTestDir, withoutMarks } from './support/compile-alone.ts';

const source = join(ROOT, 'packages/fw-core/test/types/named-schemas/named-schemas.types.ts');

describe('named schemas type test', () => {
  let dir: string;
  let remove: () => Promise<void>;
  let text: string;
  before(async () => {
    ({ dir, remove } = await typeTestDir());
    text = await readFile(source, 'utf8');
  });
  after(() => remove());

  it('compiles as it stands', async () => {
    assert.deepEqual(await compileAlone(dir, 'as-is.ts', text), []);
  });

  it('fails on every line marked @ts-expect-error once the marks are gone, and only there', async () => {
    const { bare, marked } = withoutMarks(text);
    assert.equal(marked.length, 2, 'the number of expected failures in named-schemas.types.ts');
    assert.deepEqual(errorLines(await compileAlone(dir, 'without-marks.ts', bare)), marked);
  });

  it('without the NamedSchemas declaration, a reference is unknown and the typed uses fail', async () => {
    const start = text.indexOf("declare module 'fw-core' {");
    const end = text.indexOf('\n}\n', start) + 3;
    assert.ok(start > 0 && end > start, 'the file declares NamedSchemas');
    const undeclared = text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, '') + text.slice(end);
    const errors = await compileAlone(dir, 'undeclared.ts', undeclared);
    const lineOf = (snippet: string): number => text.split('\n').findIndex((line) => line.includes(snippet)) + 1;
    for (const snippet of ["FromSchema<{ $ref: 'task' }>, Task", 'typeof req.body, Task', 'req.body.tags ?? []']) {
      assert.ok(errors.some((error) => error.startsWith(`${lineOf(snippet)}: `)), `an error on the line of ${snippet}: ${errors.join(', ')}`);
    }
  });

  it('compiles the sample of docs/applications.md, "Named schemas"', async () => {
    const docs = await readFile(join(ROOT, 'docs/applications.md'), 'utf8');
    const section = docs.slice(docs.indexOf('\n### Named schemas\n'));
    const sample = /```ts fragment\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    assert.match(sample, /interface NamedSchemas/, 'the section opens with a ts sample declaring NamedSchemas');
    assert.deepEqual(await compileAlone(dir, 'docs-sample.ts', sample), []);
  });
});
