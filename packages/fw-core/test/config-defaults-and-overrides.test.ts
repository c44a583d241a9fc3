import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { CONFIG_KEYS, configDefaults } from '../src/config/config.ts';
import { resolveConfig, type ConfigEntry } from '../src/config/index.ts';
import { removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

const DEFAULT_SERVER = {
  port: 8080,
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
};

function entry(entries: readonly ConfigEntry[], key: string): ConfigEntry {
  const found = entries.find((candidate) => candidate.key === key);
  assert.ok(found, `no entry for ${key}`);
  return found;
}

describe('config defaults', () => {
  it('lists the keys in print order', () => {
    assert.deepEqual(CONFIG_KEYS, [
      'bootstrap_application',
      'environment',
      'server_configuration',
      'plugins',
      'json_lib',
      'use_stacktrace',
      'dispatch_backend',
      'log_level',
    ]);
  });

  it('holds the built-in value of every key but bootstrap_application', () => {
    assert.deepEqual(configDefaults, {
      environment: 'dev',
      server_configuration: DEFAULT_SERVER,
      plugins: [],
      json_lib: 'JSON',
      use_stacktrace: false,
      dispatch_backend: 'persistent_term',
      log_level: 'info',
    });
    assert.ok(Object.isFrozen(configDefaults.server_configuration.stream_handlers));
  });

  it('reports every key but bootstrap_application as default for a minimal file', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog' } });
    const report = await resolveConfig(dir, {});
    assert.equal(report.file, join(dir, 'fw.config.json'));
    assert.equal(report.environment, 'dev');
    assert.deepEqual(report.app, {});
    assert.deepEqual(report.entries, [
      { key: 'bootstrap_application', value: 'blog', isDefault: false, missing: false },
      { key: 'environment', value: 'dev', isDefault: true, missing: false },
      { key: 'server_configuration', value: DEFAULT_SERVER, isDefault: true, missing: false },
      { key: 'plugins', value: [], isDefault: true, missing: false },
      { key: 'json_lib', value: 'JSON', isDefault: true, missing: false },
      { key: 'use_stacktrace', value: false, isDefault: true, missing: false },
      { key: 'dispatch_backend', value: 'persistent_term', isDefault: true, missing: false },
      { key: 'log_level', value: 'info', isDefault: true, missing: false },
    ]);
  });

  it('marks keys written in the file as not default, even when equal to the default', async () => {
    const dir = await writeApp({
      fw: {
        bootstrap_application: 'blog',
        environment: 'dev',
        plugins: [],
        json_lib: 'JSON',
        use_stacktrace: true,
        dispatch_backend: 'persistent_term',
        log_level: 'warn',
      },
    });
    const { entries } = await resolveConfig(dir, {});
    assert.deepEqual(
      entries.map(({ key, value, isDefault }) => [key, value, isDefault]),
      [
        ['bootstrap_application', 'blog', false],
        ['environment', 'dev', false],
        ['server_configuration', DEFAULT_SERVER, true],
        ['plugins', [], false],
        ['json_lib', 'JSON', false],
        ['use_stacktrace', true, false],
        ['dispatch_backend', 'persistent_term', false],
        ['log_level', 'warn', false],
      ],
    );
  });

  it('fills server_configuration with defaults around the fields the file sets', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog', server_configuration: { port: 0, host: '127.0.0.1' } },
    });
    const server = entry((await resolveConfig(dir, {})).entries, 'server_configuration');
    assert.deepEqual(server, {
      key: 'server_configuration',
      value: { ...DEFAULT_SERVER, port: 0, host: '127.0.0.1' },
      isDefault: false,
      missing: false,
    });
  });

  it('listens on loopback only and trusts no client request id unless configured', () => {
    assert.equal(configDefaults.server_configuration.host, '127.0.0.1');
    assert.equal(configDefaults.server_configuration.request_id_header, false);
  });

  it('takes request_id_header from the file', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog', server_configuration: { request_id_header: 'x-request-id' } },
    });
    const server = entry((await resolveConfig(dir, {})).entries, 'server_configuration');
    assert.deepEqual(server.value, { ...DEFAULT_SERVER, request_id_header: 'x-request-id' });
    assert.equal(server.isDefault, false);
  });

  it('keeps server_configuration default when the file writes an empty map', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog', server_configuration: {} } });
    const server = entry((await resolveConfig(dir, {})).entries, 'server_configuration');
    assert.equal(server.isDefault, true);
    assert.deepEqual(server.value, DEFAULT_SERVER);
  });

  it('returns the application section named by bootstrap_application', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog' }, blog: { store: 'memory' } });
    assert.deepEqual((await resolveConfig(dir, {})).app, { store: 'memory' });
  });

  it('freezes everything it returns', async () => {
    const dir = await writeApp({
      fw: {
        bootstrap_application: 'blog',
        server_configuration: { stream_handlers: ['fw_stream_h'] },
        plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
      },
      blog: { nested: { list: [1] } },
    });
    const report = await resolveConfig(dir, {});
    const server = entry(report.entries, 'server_configuration').value as { stream_handlers: string[] };
    const plugins = entry(report.entries, 'plugins').value as [{ options: object }];
    const app = report.app as { nested: { list: number[] } };
    const reached: unknown[] = [report, report.entries, report.entries[0], server, server.stream_handlers];
    reached.push(plugins, plugins[0], plugins[0].options, app, app.nested, app.nested.list);
    for (const value of reached) assert.equal(Object.isFrozen(value), true);
    assert.throws(() => server.stream_handlers.push('x'), TypeError);
  });
});

describe('config environment-variable overrides', () => {
  it('PORT replaces the default port and makes server_configuration not default', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog' } });
    const server = entry((await resolveConfig(dir, { PORT: '9090' })).entries, 'server_configuration');
    assert.deepEqual(server, {
      key: 'server_configuration',
      value: { ...DEFAULT_SERVER, port: 9090 },
      isDefault: false,
      missing: false,
    });
  });

  it('PORT wins over the port in the file and in the active overlay', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog', server_configuration: { port: 3000 } },
      environments: { dev: { fw: { server_configuration: { port: 4000 } } } },
    });
    const server = entry((await resolveConfig(dir, { PORT: '0' })).entries, 'server_configuration');
    assert.equal((server.value as { port: number }).port, 0);
  });

  it('HOST replaces the default host and makes server_configuration not default', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog' } });
    const server = entry((await resolveConfig(dir, { HOST: '0.0.0.0' })).entries, 'server_configuration');
    assert.deepEqual(server, {
      key: 'server_configuration',
      value: { ...DEFAULT_SERVER, host: '0.0.0.0' },
      isDefault: false,
      missing: false,
    });
  });

  it('HOST wins over the host in the file and in the active overlay', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog', server_configuration: { host: '10.0.0.5' } },
      environments: { dev: { fw: { server_configuration: { host: '10.0.0.6' } } } },
    });
    const server = entry((await resolveConfig(dir, { HOST: '::' })).entries, 'server_configuration');
    assert.equal((server.value as { host: string }).host, '::');
  });

  it('FW_ENV wins over the file environment and is not default', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog', environment: 'staging' },
      environments: { prod: {} },
    });
    const report = await resolveConfig(dir, { FW_ENV: 'prod' });
    assert.equal(report.environment, 'prod');
    assert.deepEqual(entry(report.entries, 'environment'), {
      key: 'environment',
      value: 'prod',
      isDefault: false,
      missing: false,
    });
  });

  it('uses the file environment when FW_ENV is unset', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog', environment: 'staging' } });
    const report = await resolveConfig(dir, {});
    assert.equal(report.environment, 'staging');
    assert.equal(entry(report.entries, 'environment').isDefault, false);
  });

  it('LOG_LEVEL wins over the file log_level and is not default', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog', log_level: 'warn' } });
    const level = entry((await resolveConfig(dir, { LOG_LEVEL: 'debug' })).entries, 'log_level');
    assert.deepEqual(level, { key: 'log_level', value: 'debug', isDefault: false, missing: false });
  });

  it('treats empty PORT, HOST, FW_ENV and LOG_LEVEL as unset', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog' } });
    const report = await resolveConfig(dir, { PORT: '', HOST: '', FW_ENV: '', LOG_LEVEL: '' });
    assert.equal(report.environment, 'dev');
    assert.deepEqual(
      report.entries.map((item) => item.isDefault),
      [false, true, true, true, true, true, true, true],
    );
  });

  it('FW_CONFIG reads another file, relative to the app directory or absolute', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog', log_level: 'warn' } });
    const other = join(dir, 'deploy.json');
    await writeFile(other, JSON.stringify({ fw: { bootstrap_application: 'blog', log_level: 'debug' } }));
    const relative = await resolveConfig(dir, { FW_CONFIG: 'deploy.json' });
    assert.equal(relative.file, other);
    assert.equal(entry(relative.entries, 'log_level').value, 'debug');
    assert.equal((await resolveConfig(dir, { FW_CONFIG: other })).file, other);
    assert.equal((await resolveConfig(dir, { FW_CONFIG: '' })).file, join(dir, 'fw.config.json'));
  });

  it('FW_CONFIG naming a missing file is FW_ERR_CONFIG_NOT_FOUND with its path', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog' } });
    await assert.rejects(resolveConfig(dir, { FW_CONFIG: 'absent.json' }), (error: Error & { code?: string }) => {
      assert.equal(error.code, 'FW_ERR_CONFIG_NOT_FOUND');
      assert.ok(error.message.includes(join(dir, 'absent.json')), error.message);
      return true;
    });
  });

  it('reads process.env when no env is passed', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog' } });
    const saved = process.env['LOG_LEVEL'];
    process.env['LOG_LEVEL'] = 'error';
    try {
      assert.equal(entry((await resolveConfig(dir)).entries, 'log_level').value, 'error');
    } finally {
      if (saved === undefined) delete process.env['LOG_LEVEL'];
      else process.env['LOG_LEVEL'] = saved;
    }
  });
});
