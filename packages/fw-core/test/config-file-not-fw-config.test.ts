/**
 * FW_CONFIG naming something that is not fw's configuration file got errors that left the fix to guesswork: a directory
 * was `Cannot read ... (EISDIR)` and nothing more, a missing file did not say FW_CONFIG named it, a package.json was
 * "Unknown configuration key fw.app", a YAML file and an empty one were a JSON syntax error alone, and JSON of an array
 * said "fw.config.json must be an object" whatever the file's name. Each now names the path and what fw expects there.
 */
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { resolveConfig } from '../src/config/index.ts';
import { FwError } from '../src/errors.ts';
import { removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

const MINIMAL = `{"fw": {"bootstrap_application": "<your app's name>"}}`;

/** `code: message` of resolving an app whose FW_CONFIG is `named`, after `prepare` wrote into its directory. */
async function refusal(named: string, prepare: (dir: string) => Promise<unknown> = async () => {}): Promise<{ said: string; dir: string }> {
  const dir = await writeApp({ fw: { bootstrap_application: 'blog' } });
  await prepare(dir);
  const error = await resolveConfig(dir, { FW_CONFIG: named }).then(() => assert.fail('resolved'), (failure: unknown) => failure);
  assert.ok(error instanceof FwError, String(error));
  return { said: `${error.code}: ${error.message}`, dir };
}

describe('FW_CONFIG naming something other than fw\'s configuration file', { concurrency: true }, () => {
  it('a directory: says so and names the file to give', async () => {
    const { said, dir } = await refusal('conf', (at) => mkdir(join(at, 'conf')));
    assert.equal(said, `FW_ERR_CONFIG_NOT_FOUND: Cannot read the configuration file ${join(dir, 'conf')}, named by FW_CONFIG=conf (EISDIR): it is a directory; name the file itself, FW_CONFIG=${join('conf', 'fw.config.json')}`);
  });

  it('a file that does not exist: says FW_CONFIG named it', async () => {
    const { said, dir } = await refusal('absent.json');
    assert.ok(said.startsWith(`FW_ERR_CONFIG_NOT_FOUND: Cannot read the configuration file ${join(dir, 'absent.json')}, named by FW_CONFIG=absent.json (ENOENT); create it with at least ${MINIMAL}, `), said);
  });

  it("the app's package.json: FW_CONFIG must name fw's own file", async () => {
    const { said, dir } = await refusal('package.json', (at) => writeFile(join(at, 'package.json'), JSON.stringify({ name: 'blog', fw: { app: './app.ts' } })));
    const file = join(dir, 'package.json');
    assert.equal(said, `FW_ERR_CONFIG_BAD_VALUE: FW_CONFIG must be fw's configuration file, ${MINIMAL} in a file of its own, not a package.json (${file}: its "fw" field names the app module); found "package.json" (a string)`);
  });

  it('a YAML file: fw reads JSON', async () => {
    const { said, dir } = await refusal('fw.yaml', (at) => writeFile(join(at, 'fw.yaml'), 'fw:\n  bootstrap_application: blog\n'));
    assert.equal(said, `FW_ERR_CONFIG_BAD_JSON: ${join(dir, 'fw.yaml')} is not valid JSON at line 1, column 2 (position 1): expected 'false', found 'w'; fw reads its configuration as JSON, not YAML`);
  });

  it('an empty file: says it is empty and what it must hold', async () => {
    const { said, dir } = await refusal('empty.json', (at) => writeFile(join(at, 'empty.json'), '\n'));
    assert.equal(said, `FW_ERR_CONFIG_BAD_JSON: ${join(dir, 'empty.json')} is not valid JSON at line 2, column 1 (position 1): expected a value, found the end of the file; it is empty: give it at least ${MINIMAL}`);
  });

  it('JSON of an array: names the file, not fw.config.json', async () => {
    const { said, dir } = await refusal('list.json', (at) => writeFile(join(at, 'list.json'), '[1, 2]'));
    assert.equal(said, `FW_ERR_CONFIG_BAD_VALUE: ${join(dir, 'list.json')} must be an object such as ${MINIMAL}; found [1,2] (an array)`);
  });
});
