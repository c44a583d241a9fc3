/**
 * An app whose package.json is not valid JSON (a trailing comma, an unclosed brace) was refused as FW_ERR_APP_NOT_FOUND,
 * "an fw app directory needs a package.json", next to the package.json the author had just edited. It is
 * FW_ERR_APP_BAD_PACKAGE_JSON naming the file and where the JSON breaks, as fw.config.json's FW_ERR_CONFIG_BAD_JSON does.
 */
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadApplication } from '../src/app/load-application.ts';
import { writeTestAppDir } from './support/test-app.ts';

const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** `code: message` of loading an app whose package.json is `text`. */
async function loadError(text: string): Promise<{ said: string; file: string }> {
  const dir = await writeTestAppDir({}, { 'package.json': text });
  dirs.push(dir);
  const error = await loadApplication({ appDir: dir, env: {} }).then(() => assert.fail('the app loaded'), (failure: Error & { code: string }) => failure);
  return { said: `${error.code}: ${error.message}`, file: join(dir, 'package.json') };
}

describe("a package.json that is not valid JSON is named as such, with where it breaks", { concurrency: true }, () => {
  it('a trailing comma', async () => {
    const { said, file } = await loadError('{\n  "type": "module",\n  "fw": {"app": "./app.mjs"},\n}\n');
    assert.equal(said, `FW_ERR_APP_BAD_PACKAGE_JSON: ${file} is not valid JSON at line 4, column 1 (position 52): expected a double-quoted property name, found '}'`);
  });

  it('an empty file', async () => {
    const { said, file } = await loadError('');
    assert.equal(said, `FW_ERR_APP_BAD_PACKAGE_JSON: ${file} is not valid JSON at line 1, column 1 (position 0): expected a value, found the end of the file`);
  });

  it('JSON that is no object names no app module, and says so', async () => {
    const { said, file } = await loadError('null');
    assert.equal(said, `FW_ERR_APP_NOT_FOUND: ${file} names no app module: set "fw": {"app": "./src/app.ts"} (or "main")`);
  });
});
