/**
 * An app module that imports a package nobody installed (fw-core/otel without its OpenTelemetry peers, a store's driver)
 * was refused as FW_ERR_APP_NOT_FOUND, which sent `fw routes` users looking for an app that was there, with Node's
 * message and no fix. It is FW_ERR_APP_BAD_MODULE naming the package and the install; an app module that is missing
 * itself stays FW_ERR_APP_NOT_FOUND.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadApplication } from '../src/app/load-application.ts';

const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function appImporting(specifier: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'fw-missing-package-'));
  dirs.push(dir);
  await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module', fw: { app: './app.mjs' } }));
  await writeFile(join(dir, 'app.mjs'), `import '${specifier}';\nexport default { name: 'a', router: { name: 'r', routes: () => [] } };\n`);
  return dir;
}

describe('an app module importing a package that is not installed', () => {
  it('is a bad module naming the package and its install', async () => {
    const dir = await appImporting('left-pad-not-installed');
    await assert.rejects(loadApplication({ appDir: dir, env: {}, config: {} }), (error: Error & { code: string }) => {
      assert.equal(error.code, 'FW_ERR_APP_BAD_MODULE');
      assert.match(error.message, /^cannot import .*app\.mjs, the module .*package\.json names in "fw": \{"app"\}: Cannot find package 'left-pad-not-installed' imported from .*app\.mjs; to fix, npm install left-pad-not-installed$/);
      return true;
    });
  });

  it("points an OpenTelemetry peer at docs/telemetry.md's install line", async () => {
    const dir = await appImporting('@opentelemetry/not-installed');
    await assert.rejects(loadApplication({ appDir: dir, env: {}, config: {} }), (error: Error & { code: string }) => {
      assert.equal(error.code, 'FW_ERR_APP_BAD_MODULE');
      assert.match(error.message, /Cannot find package '@opentelemetry\/not-installed' imported from .*; to fix, npm install fw-core\/otel's OpenTelemetry peers: the npm install line of docs\/telemetry\.md$/);
      return true;
    });
  });

  it('keeps FW_ERR_APP_NOT_FOUND for an app module that is not there', async () => {
    const dir = await appImporting('x');
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type: 'module', fw: { app: './gone.mjs' } }));
    await assert.rejects(loadApplication({ appDir: dir, env: {}, config: {} }), { code: 'FW_ERR_APP_NOT_FOUND' });
  });
});
