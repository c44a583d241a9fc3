/**
 * The only application section a configuration may hold is the one fw.bootstrap_application
 * names: a misspelt section (`blgo`) at the top level or in an overlay would otherwise be
 * ignored and the app would run on its defaults, as the blog did on its memory store under
 * FW_ENV=prod.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { isFwError } from '../src/errors.ts';
import { loadConfig, resolveConfig, resolveConfigDocument } from '../src/config/index.ts';
import { removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

const BLOG = { bootstrap_application: 'blog' };

describe('config with an application section fw.bootstrap_application does not name', () => {
  it('refuses a misspelt top-level section, naming it and suggesting the app section', async () => {
    const dir = await writeApp({ fw: BLOG, blgo: { store: 'postgres' } });
    await assert.rejects(resolveConfig(dir, {}), (error) => {
      assert.ok(isFwError(error, 'FW_ERR_CONFIG_UNKNOWN_KEY'));
      assert.equal(
        error.message,
        'Unknown configuration key blgo; the only application section is blog, named by fw.bootstrap_application; did you mean blog?',
      );
      assert.deepEqual(error.details, { key: 'blgo', suggestion: 'blog' });
      return true;
    });
  });

  it('refuses a misspelt section in the prod overlay, so FW_ENV=prod does not start on the base section', async () => {
    const dir = await writeApp({ fw: BLOG, blog: { store: 'memory' }, environments: { prod: { blgo: { store: 'postgres' } } } });
    const message =
      'Unknown configuration key environments.prod.blgo; the only application section is environments.prod.blog, ' +
      'named by fw.bootstrap_application; did you mean environments.prod.blog?';
    await assert.rejects(loadConfig(dir, { FW_ENV: 'prod' }), { code: 'FW_ERR_CONFIG_UNKNOWN_KEY', message });
    // Every overlay is checked, so the typo fails on a developer's machine too.
    await assert.rejects(loadConfig(dir, {}), { code: 'FW_ERR_CONFIG_UNKNOWN_KEY', message });
  });

  it('lists the allowed top-level keys when no key is close', async () => {
    const dir = await writeApp({ fw: BLOG, blog: {}, posts: { limit: 10 } });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_UNKNOWN_KEY',
      message:
        'Unknown configuration key posts; the only application section is blog, named by fw.bootstrap_application; ' +
        'the keys allowed at the top level are fw, environments, blog',
    });
  });

  it('lists the allowed overlay keys when no key is close', async () => {
    const dir = await writeApp({ fw: BLOG, environments: { 'eu-prod': { posts: {} } } });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_UNKNOWN_KEY',
      message:
        'Unknown configuration key environments["eu-prod"].posts; the only application section is ' +
        'environments["eu-prod"].blog, named by fw.bootstrap_application; the keys allowed in environments["eu-prod"] are fw, blog',
    });
  });

  it('refuses in an overlay the section of the app another environment runs', async () => {
    const dir = await writeApp({
      fw: BLOG,
      blog: {},
      shop: {},
      environments: { shop: { fw: { bootstrap_application: 'shop' }, shop: { a: 1 } }, prod: { shop: { a: 2 } } },
    });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_UNKNOWN_KEY',
      message:
        'Unknown configuration key environments.prod.shop; the only application section is environments.prod.blog, ' +
        'named by fw.bootstrap_application; the keys allowed in environments.prod are fw, blog',
    });
  });

  it('refuses a stray section next to configuration given in code', () => {
    assert.throws(() => resolveConfigDocument({ fw: BLOG, blog: {}, blgo: {} }, 'the configuration given in code', {}), {
      code: 'FW_ERR_CONFIG_UNKNOWN_KEY',
      message:
        'Unknown configuration key blgo; the only application section is blog, named by fw.bootstrap_application; did you mean blog?',
    });
  });
});

describe("config with one of fw's own keys beside the fw section", () => {
  it('says to write it inside fw, at the top level and in an overlay, whatever its value', async () => {
    const top = await writeApp({ fw: BLOG, log_level: 'warn' });
    await assert.rejects(resolveConfig(top, {}), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: `log_level must be inside fw, as fw.log_level: it is one of fw's own keys; found "warn" (a string)`,
    });
    // An object value too: it would otherwise pass as an application section.
    const overlay = await writeApp({ fw: BLOG, environments: { prod: { server_configuration: { port: 80 } } } });
    await assert.rejects(loadConfig(overlay, { FW_ENV: 'prod' }), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: `environments.prod.server_configuration must be inside fw, as environments.prod.fw.server_configuration: it is one of fw's own keys; found {"port":80} (an object)`,
    });
  });
});

describe('config with the application section fw.bootstrap_application names', () => {
  it('accepts it at the top level and in every overlay', async () => {
    const dir = await writeApp({ fw: BLOG, blog: { store: 'memory' }, environments: { prod: { blog: { store: 'postgres' } } } });
    assert.deepEqual((await loadConfig(dir, { FW_ENV: 'prod' })).app, { store: 'postgres' });
  });

  it('accepts at the top level the section of an app an overlay switches to', async () => {
    const dir = await writeApp({ fw: BLOG, blog: {}, shop: { a: 1 }, environments: { shop: { fw: { bootstrap_application: 'shop' } } } });
    assert.deepEqual((await loadConfig(dir, { FW_ENV: 'shop' })).app, { a: 1 });
  });

  it('leaves sections unchecked when no bootstrap_application is set: the missing key stops loading', async () => {
    const dir = await writeApp({ fw: {}, blog: {} });
    await assert.rejects(loadConfig(dir, {}), { code: 'FW_ERR_CONFIG_MISSING_KEY' });
  });
});
