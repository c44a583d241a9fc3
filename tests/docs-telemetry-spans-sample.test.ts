/**
 * docs/telemetry.md's "Asserting spans in a test" sample is a test file an app author copies: run
 * as they would run it (`node --test`, in a directory of its own inside the repository so
 * `fw-core` resolves to the workspace package), its one test passes. An app author found no way in
 * the docs to assert spans in a test (three-way build, issue 38).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fencedBlocks } from './support/markdown-fences.ts';

const DOC = 'docs/telemetry.md';
const ROOT = join(import.meta.dirname, '..');

describe("docs/telemetry.md's in-memory spans test", () => {
  it('passes as written: one SERVER span with the route and the status', async () => {
    const block = fencedBlocks(DOC, await readFile(join(ROOT, DOC), 'utf8')).find((b) => b.info[0] === 'ts' && b.code.startsWith('// test/spans.test.ts'));
    assert.ok(block, `${DOC} shows test/spans.test.ts`);
    await mkdir(join(ROOT, '.tmp'), { recursive: true });
    const dir = await mkdtemp(join(ROOT, '.tmp', 'docs-spans-'));
    try {
      await writeFile(join(dir, 'spans.test.ts'), block.code);
      // Without this runner's NODE_TEST_CONTEXT, which would make the child report to it instead of printing.
      const { NODE_TEST_CONTEXT: _runner, ...env } = process.env;
      const run = spawnSync(process.execPath, ['--test', '--test-reporter=spec', join(dir, 'spans.test.ts')], { cwd: dir, env, encoding: 'utf8', timeout: 60_000 });
      assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
      assert.match(run.stdout, /^ℹ pass 1$/m);
      assert.match(run.stdout, /^ℹ fail 0$/m);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
