/**
 * docs/applications-reference.md's samples for schema libraries ("TypeBox", "Zod and other
 * Standard Schemas") run as the reader would run them (`node app.ts`) and print what their last
 * comment says.
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

/** Runs the sample importing `library` as `node app.ts` and checks it prints `said`, which its comment after `printed` must show too. */
async function runsAsItSays(library: string, printed: RegExp, said: string): Promise<void> {
  const block = fencedBlocks(DOC, await readFile(join(ROOT, DOC), 'utf8')).find((b) => b.info[0] === 'ts' && b.code.includes(`from '${library}'`));
  assert.ok(block, `${DOC} shows the ${library} sample`);
  assert.equal(printed.exec(block.code)?.[1], said);
  await mkdir(join(ROOT, '.tmp'), { recursive: true });
  const dir = await mkdtemp(join(ROOT, '.tmp', `docs-${library}-sample-`));
  try {
    await writeFile(join(dir, 'app.ts'), block.code);
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['app.ts'], { cwd: dir, env: { ...process.env, LOG_LEVEL: 'warn' } });
    assert.deepEqual({ stdout, stderr }, { stdout: `${said}\n`, stderr: '' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe("docs/applications-reference.md's schema library samples", () => {
  it('zod: prints the 201 and the created link its comment shows, admin stripped', async () => {
    await runsAsItSays('zod', /console\.log\(created\.status, created\.json\(\)\); \/\/ (.+) \(admin stripped\)\n/, "201 { slug: 'node', url: 'https://nodejs.org', clicks: 0 }");
  });

  it('TypeBox: prints the 201 with the created task, and the 400 for a hexadecimal limit', async () => {
    await runsAsItSays('typebox', /console\.log\(created\.status, created\.body, listed\.status\); \/\/ (.+)\n/, '201 {"id":1,"title":"write docs","due":"2026-12-01"} 400');
  });
});
