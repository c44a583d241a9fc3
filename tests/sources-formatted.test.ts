/**
 * The packages' and the blog's sources are as Prettier writes them (.prettierrc.json; `npm run
 * format` rewrites them): one statement a line, lines of at most 120 characters where Prettier can
 * break them, so fw-core's line count (tests/code-shape.test.ts) measures code, not how tightly it
 * was packed.
 */
import assert from 'node:assert/strict';
import { glob, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import * as prettier from 'prettier';
import { REPO } from './support/packed-project.ts';

const PATTERNS = ['packages/*/src/**/*.ts', 'examples/blog/src/**/*.ts'];

describe('source formatting', () => {
  it("keeps every source file as Prettier writes it with the repository's .prettierrc.json", async () => {
    const options = await prettier.resolveConfig(join(REPO, '.prettierrc.json'));
    assert.deepEqual(options, { printWidth: 120, singleQuote: true });
    const files: string[] = [];
    for await (const file of glob(PATTERNS, { cwd: REPO })) files.push(file);
    files.sort();
    assert.ok(files.length > 200, `${files.length} source files`);
    const unformatted: string[] = [];
    for (const file of files) {
      const text = await readFile(join(REPO, file), 'utf8');
      if (!(await prettier.check(text, { ...options, filepath: file }))) unformatted.push(file);
    }
    assert.deepEqual(unformatted, [], 'run npm run format');
  });
});
