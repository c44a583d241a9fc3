/**
 * An app whose package.json is not valid JSON read as one without a package.json: `fw routes` said FW_ERR_APP_NOT_FOUND,
 * "an fw app directory needs a package.json", and the search for the app passed over it as if it held no "fw" field.
 * fw now names the file and where its JSON breaks (FW_ERR_APP_BAD_PACKAGE_JSON), and a search that found no app names
 * the package.json it could not read, with Node's parse message.
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runFw } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

after(removeTempDirs);

const BROKEN = '{\n  "name": "broken",\n  "fw": {"app": "./app.mjs"},\n}\n';

describe('a package.json that is not valid JSON is named, with where it breaks', { concurrency: true }, () => {
  it('in the app directory: FW_ERR_APP_BAD_PACKAGE_JSON with its line and column', async () => {
    const dir = await osTempDir();
    await writeFile(join(dir, 'fw.config.json'), JSON.stringify({ fw: { bootstrap_application: 'broken' } }));
    await writeFile(join(dir, 'package.json'), BROKEN);
    const file = join(dir, 'package.json');
    assert.deepEqual(await runFw(['routes', '--app', dir]), {
      code: 1,
      stdout: '',
      stderr: `fw: FW_ERR_APP_BAD_PACKAGE_JSON: ${file} is not valid JSON at line 4, column 1 (position 52): expected a double-quoted property name, found '}'\n`,
    });
  });

  it('found by the search: the no-app error names it, with Node\'s parse message', async () => {
    const dir = await osTempDir();
    await writeFile(join(dir, 'package.json'), BROKEN);
    const run = await runFw(['routes'], { cwd: dir });
    assert.equal(run.code, 1);
    const unread = `${join(dir, 'package.json')} is not valid JSON (Expected double-quoted property name in JSON at position 52 (line 4 column 1)), so fw could not tell whether it marks the app: fix it`;
    assert.ok(run.stderr.startsWith(`fw: FW_ERR_CONFIG_NOT_FOUND: No fw app in ${dir} or any directory above it (none holds fw.config.json or a package.json with an "fw" field); ${unread}; run fw`), run.stderr);
  });
});
