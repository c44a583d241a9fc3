/**
 * Which app a command works on without `--app`: the nearest directory from the cwd up that holds
 * fw.config.json (or the file FW_CONFIG names) or a package.json with an `fw` field, noted on
 * stderr when it is not the cwd; `--app` is taken as given. When there is none, or its
 * configuration file is missing, FW_ERR_CONFIG_NOT_FOUND says where fw looked and what the
 * command line can do about it.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { assertSucceeded, BLOG_DIR, FIXTURES, runFw } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

after(removeTempDirs);

const MINIMAL = `{"fw": {"bootstrap_application": "<your app's name>"}}`;

describe('fw in a subdirectory of the app', { concurrency: true }, () => {
  it('finds the blog from its src/ and says so on stderr; stdout is what the app directory prints', async () => {
    const [below, inApp] = await Promise.all([runFw(['routes'], { cwd: join(BLOG_DIR, 'src', 'controllers') }), runFw(['routes'])]);
    assertSucceeded(inApp);
    assert.deepEqual(below, { code: 0, stdout: inApp.stdout, stderr: `fw: using the app in ${BLOG_DIR}\n` });
  });

  it('works for every command that reads the app, fw config included', async () => {
    for (const args of [['config', '--json'], ['middleware'], ['audit', '--json']]) {
      const [below, inApp] = await Promise.all([runFw(args, { cwd: join(FIXTURES, 'plugins-app', 'src') }), runFw(args, { cwd: join(FIXTURES, 'plugins-app') })]);
      assertSucceeded(inApp);
      assert.deepEqual(below, { code: 0, stdout: inApp.stdout, stderr: `fw: using the app in ${join(FIXTURES, 'plugins-app')}\n` }, args.join(' '));
    }
  });

  it('notes nothing in the app directory itself', async () => {
    assertSucceeded(await runFw(['routes'], { cwd: join(FIXTURES, 'plugins-app') }));
  });

  it('--app wins: the directory given is used, without a search', async () => {
    const src = join(BLOG_DIR, 'src');
    const run = await runFw(['routes', '--app', '.'], { cwd: src });
    assert.deepEqual(run, {
      code: 1,
      stdout: '',
      stderr: `fw: FW_ERR_CONFIG_NOT_FOUND: Cannot read the configuration file ${join(src, 'fw.config.json')} (ENOENT); create it with at least ${MINIMAL}, or point --app at the app's directory or FW_CONFIG at its configuration file\n`,
    });
  });

  it('FW_CONFIG names the file looked for; a package.json with an "fw" field marks the app too', async () => {
    const run = await runFw(['routes'], { cwd: join(BLOG_DIR, 'src'), env: { FW_CONFIG: 'fw.other.json' } });
    const file = join(BLOG_DIR, 'fw.other.json');
    assert.deepEqual(run, {
      code: 1,
      stdout: '',
      stderr: `fw: using the app in ${BLOG_DIR}\nfw: FW_ERR_CONFIG_NOT_FOUND: Cannot read the configuration file ${file}, named by FW_CONFIG=fw.other.json (ENOENT); create it with at least ${MINIMAL}, or point --app at the app's directory or FW_CONFIG at its configuration file\n`,
    });
  });

  it('FW_CONFIG found above the cwd', async () => {
    const app = await osTempDir();
    await writeFile(join(app, 'fw.alt.json'), JSON.stringify({ fw: { bootstrap_application: 'alt' } }));
    await mkdir(join(app, 'deep', 'er'), { recursive: true });
    const run = await runFw(['config', '--json'], { cwd: join(app, 'deep', 'er'), env: { FW_CONFIG: 'fw.alt.json' } });
    // A configuration without an app yet: fw config shows the file's values and says why.
    const unloaded = `fw: the app was not loaded, so the values are fw.config.json's, without what the app adds at start: FW_ERR_APP_NOT_FOUND: cannot read ${join(app, 'package.json')}: an fw app directory needs a package.json`;
    assert.equal(run.stderr, `fw: using the app in ${app}\n${unloaded}\n`);
    assert.equal(run.code, 0);
    assert.equal(JSON.parse(run.stdout).file, join(app, 'fw.alt.json'));
  });
});

describe('no app found: FW_ERR_CONFIG_NOT_FOUND with the command line\'s fixes', { concurrency: true }, () => {
  for (const command of ['config', 'routes', 'audit', 'openapi', 'release']) {
    it(`fw ${command} outside any app names where it looked`, async () => {
      const dir = join(await osTempDir(), 'empty');
      await mkdir(dir);
      assert.deepEqual(await runFw([command], { cwd: dir }), {
        code: 1,
        stdout: '',
        stderr: `fw: FW_ERR_CONFIG_NOT_FOUND: No fw app in ${dir} or any directory above it (none holds fw.config.json or a package.json with an "fw" field); run fw in the app directory or below it, point --app at it, or create fw.config.json there with at least ${MINIMAL} (FW_CONFIG names another file)\n`,
      });
    });
  }

  it('names the FW_CONFIG file it looked for', async () => {
    const dir = await osTempDir();
    const run = await runFw(['routes'], { cwd: dir, env: { FW_CONFIG: 'deploy/fw.json' } });
    assert.equal(
      run.stderr,
      `fw: FW_ERR_CONFIG_NOT_FOUND: No fw app in ${dir} or any directory above it (none holds deploy/fw.json (FW_CONFIG) or a package.json with an "fw" field); run fw in the app directory or below it, point --app at it, or create fw.config.json there with at least ${MINIMAL} (FW_CONFIG names another file)\n`,
    );
  });
});
