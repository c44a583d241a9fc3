import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { isFwError } from '../src/errors.ts';
import { loadConfig, resolveConfig } from '../src/config/index.ts';
import { removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

const MISSING_APP = { key: 'bootstrap_application', value: undefined, isDefault: false, missing: true };

describe('config with bootstrap_application missing', () => {
  it('resolveConfig reports the key as missing and resolves the rest', async () => {
    const dir = await writeApp({ fw: { log_level: 'debug' }, blog: { store: 'memory' } });
    const report = await resolveConfig(dir, {});
    assert.deepEqual(report.entries[0], MISSING_APP);
    assert.deepEqual(
      report.entries.map(({ key, missing }) => [key, missing]),
      [
        ['bootstrap_application', true],
        ['environment', false],
        ['server_configuration', false],
        ['plugins', false],
        ['json_lib', false],
        ['use_stacktrace', false],
        ['dispatch_backend', false],
        ['log_level', false],
      ],
    );
    assert.equal(report.entries[7]?.value, 'debug');
    assert.deepEqual(report.app, {});
  });

  it('resolveConfig reports it missing when the file has no fw section', async () => {
    const dir = await writeApp({});
    assert.deepEqual((await resolveConfig(dir, {})).entries[0], MISSING_APP);
  });

  it('resolveConfig reports it missing when only an inactive overlay sets it', async () => {
    const dir = await writeApp({ environments: { prod: { fw: { bootstrap_application: 'blog' } } } });
    assert.deepEqual((await resolveConfig(dir, {})).entries[0], MISSING_APP);
    assert.equal((await resolveConfig(dir, { FW_ENV: 'prod' })).entries[0]?.value, 'blog');
  });

  it('loadConfig throws FW_ERR_CONFIG_MISSING_KEY naming the key and the file', async () => {
    const dir = await writeApp({ fw: {} });
    const file = join(dir, 'fw.config.json');
    await assert.rejects(loadConfig(dir, {}), (error) => {
      assert.ok(isFwError(error, 'FW_ERR_CONFIG_MISSING_KEY'));
      assert.equal(
        error.message,
        `Required configuration key fw.bootstrap_application is not set in ${file}; ` +
          'set it to the name of the application to start, e.g. "blog"',
      );
      assert.deepEqual(error.details, { key: 'fw.bootstrap_application', file });
      return true;
    });
  });

  it('loadConfig reports other errors before the missing key', async () => {
    const dir = await writeApp({ fw: { use_stacktrace: 1 } });
    await assert.rejects(loadConfig(dir, {}), { code: 'FW_ERR_CONFIG_BAD_VALUE' });
  });
});

describe('config with every required key set', () => {
  it('loadConfig returns the frozen FwConfig, its entries and the application section', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog', use_stacktrace: true },
      blog: { store: 'memory' },
    });
    const loaded = await loadConfig(dir, { PORT: '0' });
    assert.equal(loaded.file, join(dir, 'fw.config.json'));
    assert.deepEqual(loaded.fw, {
      bootstrap_application: 'blog',
      environment: 'dev',
      server_configuration: {
        port: 0,
        host: '127.0.0.1',
        stream_handlers: ['fw_stream_h'],
        request_timeout_ms: 30000,
        headers_timeout_ms: 10000,
        keep_alive_timeout_ms: 72000,
        max_header_size: 16384,
        shutdown_grace_ms: 10000,
        shutdown_delay_ms: 5000,
        max_inflight_per_connection: 1,
        send_timeout_ms: 30000,
        request_id_header: false,
      },
      plugins: [],
      json_lib: 'JSON',
      use_stacktrace: true,
      dispatch_backend: 'persistent_term',
      log_level: 'info',
    });
    assert.deepEqual(loaded.entries, (await resolveConfig(dir, { PORT: '0' })).entries);
    assert.deepEqual(loaded.app, { store: 'memory' });
    for (const value of [loaded, loaded.fw, loaded.fw.server_configuration, loaded.entries, loaded.app]) {
      assert.equal(Object.isFrozen(value), true);
    }
  });
});
