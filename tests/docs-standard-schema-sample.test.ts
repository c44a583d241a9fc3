/**
 * docs/applications-reference.md's zod sample ("Zod and other Standard Schemas") runs as the
 * reader would run it (`node app.ts`) and prints what its last comment says: the 201 with the
 * body as the link schema outputs it, the unknown `admin` key stripped.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { fencedBlocks } from './support/markdown-fences.ts';

const ROOT = join(import.meta.dirname, '..');
const DOC = 'docs/applications-reference.md';

describe("docs/applications-reference.md's zod sample", () => {
  it('prints the 201 and the created link its comment shows, admin stripped', async () => {
    const block = fencedBlocks(DOC, await readFile(join(ROOT, DOC), 'utf8')).find((b) => b.info[0] === 'ts' && b.code.includes("from 'zod'"));
    assert.ok(block, `${DOC} shows the zod sample`);
    const said = /console\.log\(created\.status, created\.json\(\)\); \/\/ (.+) \(admin stripped\)\n/.exec(block.code)?.[1];
    assert.equal(said, "201 { slug: 'node', url: 'https://nodejs.org', clicks: 0 }");
    await mkdir(join(ROOT, '.tmp'), { recursive: true });
    const dir = await mkdtemp(join(ROOT, '.tmp', 'docs-zod-sample-'));
    try {
      await writeFile(join(dir, 'app.ts'), block.code);
      const { stdout, stderr } = await promisify(execFile)(process.execPath, ['app.ts'], { cwd: dir, env: { ...process.env, LOG_LEVEL: 'warn' } });
      assert.deepEqual({ stdout, stderr }, { stdout: `${said}\n`, stderr: '' });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
