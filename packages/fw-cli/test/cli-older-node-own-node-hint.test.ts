/**
 * fw's bin run by a Node older than 24 says what to do: `npx fw` when the project installs its own
 * Node (the node package's node_modules/.bin/node, which npx and npm scripts run), else install
 * Node.js 24. The project's Node is looked for upward from the directory fw runs in, as npm does:
 * in a workspace's package (examples/blog) it sits at the workspace root, where fw missed it and
 * said "install Node.js 24" to someone who had it.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { olderNode } from './support/older-node.ts';
import { BLOG_DIR, FW, REPO } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

after(removeTempDirs);

/** What `<old node> <bin> routes` printed in `cwd`, and how it exited. */
function runOld(node: string, bin: string, cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(node, [bin, 'routes'], { cwd }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }));
  });
}

const npxHint = (old: { path: string; version: string }) =>
  `fw: needs Node.js 24 or later, found ${old.version} (${old.path}); this project installs its own Node.js (the node package): run \`npx fw\`, or fw from an npm script, which use it\n`;
const installHint = (old: { path: string; version: string }) =>
  `fw: needs Node.js 24 or later, found ${old.version} (${old.path}); install Node.js 24 (https://nodejs.org, or \`nvm install 24\`) and run fw with it\n`;

describe('fw under a Node older than 24', () => {
  it('in a workspace package (examples/blog), finds the Node the workspace root installs and says to run npx fw', async (t) => {
    const old = await olderNode();
    if (old === undefined) return t.skip('no Node older than 24 on this machine (PATH, /usr/bin, /usr/local/bin)');
    assert.ok(existsSync(join(REPO, 'node_modules', '.bin', 'node')), 'the repository installs the node package at its root');
    assert.ok(!existsSync(join(BLOG_DIR, 'node_modules', '.bin', 'node')), 'the blog has no Node of its own');
    assert.deepEqual(await runOld(old.path, FW, BLOG_DIR), { code: 1, stdout: '', stderr: npxHint(old) });
  });

  it('looks upward from the directory it runs in, and says to install Node.js 24 where no directory above has one', async (t) => {
    const old = await olderNode();
    if (old === undefined) return t.skip('no Node older than 24 on this machine (PATH, /usr/bin, /usr/local/bin)');
    // The bin alone, away from this repository's own node_modules: it loads nothing before the check.
    const bin = join(await osTempDir(), 'bin', 'fw.js');
    await mkdir(join(bin, '..'));
    await copyFile(FW, bin);
    const project = await osTempDir();
    await mkdir(join(project, 'node_modules', '.bin'), { recursive: true });
    await symlink(process.execPath, join(project, 'node_modules', '.bin', 'node'));
    const deeper = join(project, 'packages', 'api', 'src');
    await mkdir(deeper, { recursive: true });
    assert.deepEqual(await runOld(old.path, bin, deeper), { code: 1, stdout: '', stderr: npxHint(old) });
    assert.deepEqual(await runOld(old.path, bin, project), { code: 1, stdout: '', stderr: npxHint(old) });
    const elsewhere = await osTempDir();
    assert.deepEqual(await runOld(old.path, bin, elsewhere), { code: 1, stdout: '', stderr: installHint(old) });
  });
});
