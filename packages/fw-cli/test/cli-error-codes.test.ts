/**
 * src/errors.ts and docs/cli.md's error table list the same codes with the same meanings, in
 * the same order (the promise in src/errors.ts's header comment).
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { cliErrorCodes } from '../src/errors.ts';
import { REPO } from './support/run-fw.ts';

it('docs/cli.md has one table row per code in src/errors.ts: | `code` | meaning |', async () => {
  const docs = await readFile(join(REPO, 'docs', 'cli.md'), 'utf8');
  const rows = [...docs.matchAll(/^\| `(FW_CLI_ERR_[A-Z_]+)` \| (.+) \|$/gm)].map((match) => [match[1], match[2]]);
  assert.deepEqual(rows, Object.entries(cliErrorCodes));
});
