/**
 * docs/cli.md shows what `fw config`, `fw middleware`, `fw routes` and `fw audit` print for the
 * blog: each of those listings is the command's output, run here in examples/blog as a
 * subprocess. Before, the middleware, routes and audit listings had no GET /ready (added to the
 * blog later), and the audit's summary counted 5 infos where fw prints 6.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fencedBlocks } from '../../../tests/support/markdown-fences.ts';
import { assertSucceeded, REPO, runFw } from './support/run-fw.ts';

/** The `text` blocks of docs/cli.md's `## fw <command>` section. */
async function listingsOf(command: string): Promise<string[]> {
  const text = await readFile(join(REPO, 'docs', 'cli.md'), 'utf8');
  const start = text.indexOf(`\n## fw ${command}\n`);
  assert.ok(start >= 0, `docs/cli.md has a "## fw ${command}" section`);
  const end = text.indexOf('\n## ', start + 1);
  const section = text.slice(start, end < 0 ? undefined : end);
  return fencedBlocks(`docs/cli.md, fw ${command}`, section).filter((block) => block.info[0] === 'text').map((block) => block.code);
}

describe("docs/cli.md's listings of the blog are what fw prints", { concurrency: true }, () => {
  for (const command of ['config', 'middleware', 'routes', 'audit']) {
    it(`fw ${command}`, async () => {
      const run = await runFw([command]);
      assertSucceeded(run);
      // The listing of the whole output starts with its first line (fw config also shows two lines alone).
      const [first] = run.stdout.split('\n');
      const listing = (await listingsOf(command)).find((code) => code.startsWith(`${first}\n`));
      assert.equal(listing, run.stdout);
    });
  }
});
