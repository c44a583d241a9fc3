/**
 * FW_ENV must name an environment the file defines (an overlay, the base fw.environment, or the
 * built-in dev): otherwise fw would run on the base alone, e.g. `FW_ENV=production` next to a
 * `prod` overlay would start without prod's settings and nobody would notice.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { isFwError } from '../src/errors.ts';
import { loadConfig, resolveConfig } from '../src/config/index.ts';
import { removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

const WITH_PROD = {
  fw: { bootstrap_application: 'blog' },
  blog: { store: 'memory' },
  environments: { prod: { blog: { store: 'postgres' } } },
};

describe('config with FW_ENV naming an undefined environment', () => {
  it('FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT names it, lists the defined ones and suggests prod for production', async () => {
    const dir = await writeApp(WITH_PROD);
    const file = join(dir, 'fw.config.json');
    await assert.rejects(resolveConfig(dir, { FW_ENV: 'production' }), (error) => {
      assert.ok(isFwError(error, 'FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT'));
      assert.equal(
        error.message,
        `FW_ENV selects the environment "production", which ${file} does not define (defined: "dev", "prod"); ` +
          'did you mean "prod"? set FW_ENV to a defined environment, or add "production" under environments ' +
          '(an empty overlay {} will do)',
      );
      assert.deepEqual(error.details, { environment: 'production', defined: ['dev', 'prod'], suggestion: 'prod', file });
      assert.equal(error.expose, false);
      return true;
    });
  });

  it('suggests the overlay a typo was meant for', async () => {
    const dir = await writeApp(WITH_PROD);
    await assert.rejects(resolveConfig(dir, { FW_ENV: 'prdo' }), (error) => {
      assert.ok(isFwError(error, 'FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT'));
      assert.equal(error.details['suggestion'], 'prod');
      return true;
    });
  });

  it('suggests nothing when no defined environment is close', async () => {
    const dir = await writeApp(WITH_PROD);
    const file = join(dir, 'fw.config.json');
    await assert.rejects(resolveConfig(dir, { FW_ENV: 'qa' }), {
      code: 'FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT',
      message:
        `FW_ENV selects the environment "qa", which ${file} does not define (defined: "dev", "prod"); ` +
        'set FW_ENV to a defined environment, or add "qa" under environments (an empty overlay {} will do)',
    });
  });

  it('lists the base fw.environment among the defined ones', async () => {
    const dir = await writeApp({ ...WITH_PROD, fw: { bootstrap_application: 'blog', environment: 'staging' } });
    await assert.rejects(resolveConfig(dir, { FW_ENV: 'stage' }), (error) => {
      assert.ok(isFwError(error, 'FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT'));
      assert.deepEqual(error.details['defined'], ['dev', 'prod', 'staging']);
      assert.equal(error.details['suggestion'], 'staging');
      return true;
    });
  });

  it('stops loadConfig too, so the server does not start', async () => {
    const dir = await writeApp(WITH_PROD);
    await assert.rejects(loadConfig(dir, { FW_ENV: 'production' }), { code: 'FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT' });
  });
});

describe('config with FW_ENV naming a defined environment', () => {
  it('accepts an overlay name', async () => {
    const dir = await writeApp(WITH_PROD);
    const report = await resolveConfig(dir, { FW_ENV: 'prod' });
    assert.equal(report.environment, 'prod');
    assert.deepEqual(report.app, { store: 'postgres' });
  });

  it('accepts the built-in dev without an overlay', async () => {
    const dir = await writeApp(WITH_PROD);
    const report = await resolveConfig(dir, { FW_ENV: 'dev' });
    assert.equal(report.environment, 'dev');
    assert.deepEqual(report.app, { store: 'memory' });
  });

  it('accepts the base fw.environment without an overlay', async () => {
    const dir = await writeApp({ ...WITH_PROD, fw: { bootstrap_application: 'blog', environment: 'staging' } });
    const report = await resolveConfig(dir, { FW_ENV: 'staging' });
    assert.equal(report.environment, 'staging');
    assert.deepEqual(report.app, { store: 'memory' });
  });

  it('accepts an empty overlay, the way to declare an environment that changes nothing', async () => {
    const dir = await writeApp({ ...WITH_PROD, environments: { ...WITH_PROD.environments, production: {} } });
    assert.equal((await resolveConfig(dir, { FW_ENV: 'production' })).environment, 'production');
  });
});
