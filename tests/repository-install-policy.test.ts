/**
 * A fresh clone's `npm ci` (issue 15, item 4; docs/operations.md, "Installing the repository"):
 * every dependency with an install script has a decision in the root package.json's
 * `allowScripts` (approved only where the project needs it, so npm prints no install-scripts
 * warning and runs no analytics), and the root declares no `engines`, which npm would check
 * against the Node that runs npm: the project's Node is the pinned `node` devDependency.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO } from './support/packed-project.ts';

const manifest = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8'));
const lock = JSON.parse(await readFile(join(REPO, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean; link?: boolean }> };

describe('installing the repository', () => {
  it('decides on every install script in the lock: the pinned Node is approved, the rest denied', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([key, entry]) => entry.hasInstallScript === true && key.includes('node_modules/'))
      .map(([key]) => key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length));
    assert.deepEqual([...new Set(withScripts)].sort(), Object.keys(manifest.allowScripts).sort(), 'allowScripts names exactly the packages with install scripts');
    // node's preinstall installs the platform's Node binary (node-<os>-<arch>) that npm scripts run; esbuild's
    // postinstall only checks the binary npm installs anyway, as its optional dependency @esbuild/<os>-<arch>.
    assert.deepEqual(manifest.allowScripts, { node: true, protobufjs: false, '@scarf/scarf': false, esbuild: false });
    assert.deepEqual(manifest.scarfSettings, { enabled: false }, 'Scarf is off for npm versions that ignore allowScripts too');
  });

  it('declares the project\'s Node as the pinned devDependency, not as root engines', async () => {
    assert.equal(manifest.engines, undefined);
    const nvmrc = (await readFile(join(REPO, '.nvmrc'), 'utf8')).trim();
    assert.match(manifest.devDependencies.node, new RegExp(`^\\^${nvmrc}\\.`), '.nvmrc names the pinned major');
    assert.deepEqual(manifest.devEngines, { packageManager: { name: 'npm', version: '>=11.16.0', onFail: 'warn' } }, 'an npm that reads allowScripts');
  });
});
