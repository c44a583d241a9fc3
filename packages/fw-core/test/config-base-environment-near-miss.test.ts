/**
 * The base `fw.environment` names the environment when FW_ENV is unset, and any name will do; but one an overlay's name
 * is a typo of (`"prd"` beside `environments.prod`) ran on the base alone, the overlay never applied and nothing said
 * so, as FW_ENV=production did before it was checked. It is refused with the overlay it likely means.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { resolveConfig } from '../src/config/index.ts';
import { rejection, removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

const withBase = (environment: string) => ({ fw: { bootstrap_application: 'blog', environment }, environments: { prod: { fw: { log_level: 'warn' } } } });

describe('a base fw.environment that misses an overlay by a typo', { concurrency: true }, () => {
  for (const [written, meant] of [['prd', 'prod'], ['production', 'prod'], ['Prod', 'prod']] as const) {
    it(`"${written}" is refused, naming "${meant}"`, async () => {
      const error = await rejection(withBase(written));
      assert.equal(
        `${error.code}: ${error.message}`,
        `FW_ERR_CONFIG_BAD_VALUE: fw.environment must be "${meant}", the overlay under environments it is close to, or a name no overlay's is close to; found "${written}" (a string)`,
      );
    });
  }

  it('a name of its own, an overlay or not, still selects it', async () => {
    for (const environment of ['staging', 'prod', 'dev']) {
      const report = await resolveConfig(await writeApp(withBase(environment)), {});
      assert.equal(report.environment, environment);
    }
  });

  it('is refused under any FW_ENV: every environment of the file is checked, so the typo fails on a developer\'s machine', async () => {
    const error = await rejection(withBase('prd'), { FW_ENV: 'prod' });
    assert.equal(error.code, 'FW_ERR_CONFIG_BAD_VALUE');
  });
});
