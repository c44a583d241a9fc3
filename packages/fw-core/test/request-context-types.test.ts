/**
 * The typed request context (issue 38, item 8): types/request-context/request-context.types.ts
 * declares an app's RequestContext and uses it from a security callback, a plugin, a controller
 * and a typed route. Compiled alone (support/compile-alone.ts): as it stands it compiles; each
 * line marked `@ts-expect-error` fails by itself; without the declaration the typed uses fail
 * (auth_data is `unknown` again) and the misuses it catches compile. The sample of
 * docs/applications.md, "Typed request context", compiles too.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { compileAlone, errorLines, ROOT, typeTestDir, withoutMarks } from './support/compile-alone.ts';

const source = join(ROOT, 'packages/fw-core/test/types/request-context/request-context.types.ts');

describe('typed request context type test', () => {
  let dir: string;
  let remove: () => Promise<void>;
  let text: string;
  /** The 1-based line of the first line containing `snippet`. */
  const lineOf = (snippet: string): number => text.split('\n').findIndex((line) => line.includes(snippet)) + 1;
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
    assert.equal(marked.length, 4, 'the number of expected failures in request-context.types.ts');
    assert.deepEqual(errorLines(await compileAlone(dir, 'without-marks.ts', bare)), marked);
  });

  it('without the RequestContext declaration, the typed uses fail and the misuses compile', async () => {
    const start = text.indexOf("declare module 'fw-core' {");
    const end = text.indexOf('\n}\n', start) + 3;
    assert.ok(start > 0 && end > start, 'the file declares RequestContext');
    // Blank the declaration in place, so line numbers stay.
    const undeclared = text.slice(0, start) + text.slice(start, end).replace(/[^\n]/g, '') + text.slice(end);
    const unused = (snippet: string): string => `${lineOf(snippet) - 1}: TS2578`;
    assert.deepEqual(await compileAlone(dir, 'undeclared.ts', undeclared), [
      unused("auth_data: { id: '7' }"),
      unused('req.locals.tenant = 42'),
      unused("req.locals.tennant = 'acme'"),
      `${lineOf('typeof req.auth_data, User')}: TS2344`,
      `${lineOf('typeof req.locals.tenant, string | undefined')}: TS2344`,
      `${lineOf('user: req.auth_data.id')}: TS18046`,
      `${lineOf('= req.auth_data.scopes')}: TS18046`,
    ]);
  });

  it('compiles the sample of docs/applications.md, "Typed request context"', async () => {
    const docs = await readFile(join(ROOT, 'docs/applications.md'), 'utf8');
    const section = docs.slice(docs.indexOf('\n## Typed request context\n'));
    const sample = /```ts fragment\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
    assert.match(sample, /interface RequestContext/, 'the section opens with a ts sample declaring RequestContext');
    assert.deepEqual(await compileAlone(dir, 'docs-sample.ts', sample), []);
  });
});
