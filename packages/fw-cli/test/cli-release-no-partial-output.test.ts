/**
 * A `fw release` that fails midway (here: a production dependency missing, found after the
 * code, priv/ and the regenerated OpenAPI files are staged) leaves nothing behind: the previous
 * release and tarball are as they were, no staging directory remains, a _build/ the run created
 * is gone, and the app's priv/ is untouched.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { after, describe, it } from 'node:test';
import { lines, runFw } from './support/run-fw.ts';
import { removeTempDirs } from './support/temp-app.ts';
import { copyTsDirectBlog } from './support/ts-direct-blog.ts';

after(removeTempDirs);

/** Every file under `dir` with its content, by relative path. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
  return Object.fromEntries(await Promise.all(files.map(async (file) => [relative(dir, file), await readFile(file, 'utf8')] as const)));
}

const failure = (dir: string) => ({
  code: 1,
  stdout: lines('No build script in package.json: the code is released as it is'),
  stderr: `fw: FW_CLI_ERR_RELEASE_MISSING_DEPENDENCY: cannot find fw-no-such-package, a dependency of ${dir}, in any node_modules from there up; run npm install\n`,
});

describe('a release that fails midway', { concurrency: true }, () => {
  it('keeps the previous release and tarball, and the app\'s priv/, as they were', async () => {
    const dir = await copyTsDirectBlog({ dependencies: { 'fw-no-such-package': '1.0.0' } });
    const rel = join(dir, '_build', 'prod', 'rel');
    await mkdir(join(rel, 'blog', 'bin'), { recursive: true });
    await writeFile(join(rel, 'blog', 'bin', 'blog'), 'the previous release\n');
    await writeFile(join(rel, 'blog-0.1.0.tar.gz'), 'the previous tarball\n');
    const [build, priv] = await Promise.all([snapshot(join(dir, '_build')), snapshot(join(dir, 'priv'))]);
    assert.deepEqual(await runFw(['release'], { cwd: dir }), failure(dir));
    assert.deepEqual(await snapshot(join(dir, '_build')), build);
    assert.deepEqual(await readdir(rel), ['blog', 'blog-0.1.0.tar.gz']);
    assert.deepEqual(await snapshot(join(dir, 'priv')), priv);
  });

  it('removes the _build/ directory it created', async () => {
    const dir = await copyTsDirectBlog({ dependencies: { 'fw-no-such-package': '1.0.0' } });
    const priv = await snapshot(join(dir, 'priv'));
    assert.deepEqual(await runFw(['release'], { cwd: dir }), failure(dir));
    assert.equal(existsSync(join(dir, '_build')), false);
    assert.deepEqual(await snapshot(join(dir, 'priv')), priv);
  });
});
