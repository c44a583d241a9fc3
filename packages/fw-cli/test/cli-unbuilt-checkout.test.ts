/**
 * `fw` in a checkout of the fw repository that is installed but not built (a fresh clone after
 * `npm install`): it used to die with a raw ERR_MODULE_NOT_FOUND stack from bin/fw.js. Now it
 * says in one line what is missing and what to run, and exits 1. Each case is a copy of the
 * checkout's layout in a temp directory (the real bin/fw.js, package.json files, src/ present,
 * the dist/ folders present or not), so the repository's own build is left alone.
 */
import assert from 'node:assert/strict';
import { cp, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { REPO, runNode } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

after(removeTempDirs);

/** A checkout layout: root package.json, packages/fw-cli (bin, src, package.json), packages/fw-core linked in node_modules. */
async function checkout(built: { cli: boolean; core: boolean }): Promise<string> {
  const root = await osTempDir();
  await cp(join(REPO, 'package.json'), join(root, 'package.json'));
  for (const name of ['fw-cli', 'fw-core']) {
    const dir = join(root, 'packages', name);
    await mkdir(join(dir, 'src'), { recursive: true });
    await cp(join(REPO, 'packages', name, 'package.json'), join(dir, 'package.json'));
  }
  await cp(join(REPO, 'packages', 'fw-cli', 'bin'), join(root, 'packages', 'fw-cli', 'bin'), { recursive: true });
  await mkdir(join(root, 'node_modules'));
  // npm links workspace packages into the root node_modules.
  await symlink(join(root, 'packages', 'fw-core'), join(root, 'node_modules', 'fw-core'), 'dir');
  if (built.cli) {
    await mkdir(join(root, 'packages', 'fw-cli', 'dist', 'bin'), { recursive: true });
    await writeFile(join(root, 'packages', 'fw-cli', 'dist', 'bin', 'fw.js'), "process.stdout.write('the built CLI ran\\n');\n");
  }
  if (built.core) {
    await mkdir(join(root, 'packages', 'fw-core', 'dist'));
    await writeFile(join(root, 'packages', 'fw-core', 'dist', 'inspect.js'), 'export {};\n');
  }
  return root;
}

const fwIn = (root: string): string => join(root, 'packages', 'fw-cli', 'bin', 'fw.js');

describe('fw in an unbuilt checkout', { concurrency: true }, () => {
  it('nothing built: one line naming fw-cli\'s missing build and the command to run, exit 1', async () => {
    const root = await checkout({ cli: false, core: false });
    const run = await runNode([fwIn(root), 'release'], root);
    assert.deepEqual(run, {
      code: 1,
      stdout: '',
      stderr: `fw: fw-cli is not built (${join(root, 'packages', 'fw-cli', 'dist', 'bin', 'fw.js')} is missing); run \`npm run build\` in ${root}, then run fw again\n`,
    });
  });

  it('fw-cli built but not fw-core: one line naming fw-core\'s missing file, exit 1', async () => {
    const root = await checkout({ cli: true, core: false });
    const run = await runNode([fwIn(root), 'release'], root);
    assert.deepEqual(run, {
      code: 1,
      stdout: '',
      stderr: `fw: fw-core is not built (${join(root, 'node_modules', 'fw-core', 'dist', 'inspect.js')} is missing); run \`npm run build\` in ${root}, then run fw again\n`,
    });
  });

  it('both built: the built CLI runs', async () => {
    const root = await checkout({ cli: true, core: true });
    assert.deepEqual(await runNode([fwIn(root), 'release'], root), { code: 0, stdout: 'the built CLI ran\n', stderr: '' });
  });
});
