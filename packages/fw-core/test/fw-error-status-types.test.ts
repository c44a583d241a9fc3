/**
 * isFwError narrows `status` to a number where it always has one (types/fw-error-status.types.ts): once `expose` is
 * checked, as a plugin answering readBody's error does (docs/plugins.md writes `replyJson(req, error.status, ...)`
 * with no `!`), and for a code the registry gives a status. Compiled alone (support/compile-alone.ts), so node's run
 * fails where tsc -p tsconfig.test.json would: the file compiles, and each `@ts-expect-error` line fails without its mark.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { compileAlone, errorLines, ROOT, typeTestDir, withoutMarks } from './support/compile-alone.ts';

describe('isFwError status types', () => {
  let dir: string;
  let remove: () => Promise<void>;
  let text: string;
  before(async () => {
    ({ dir, remove } = await typeTestDir());
    text = await readFile(join(ROOT, 'packages/fw-core/test/types/fw-error-status.types.ts'), 'utf8');
  });
  after(() => remove());

  it('lets an exposed FwError, or one of a code with a status, answer with error.status, no `!`', async () => {
    assert.deepEqual(await compileAlone(dir, 'as-is.ts', text), []);
  });

  it('keeps status optional for an FwError not exposed, and for a code without a status', async () => {
    const { bare, marked } = withoutMarks(text);
    assert.equal(marked.length, 3);
    assert.deepEqual(errorLines(await compileAlone(dir, 'without-marks.ts', bare)), marked);
  });
});
