import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { isFwError } from '../src/errors.ts';
import { resolveConfig, type ConfigReport } from '../src/config/index.ts';
import { removeApps, writeApp } from './fixtures/config-helpers/temp-app.ts';

after(removeApps);

const EXAMPLE_URL = new URL('./fixtures/config-example/', import.meta.url);
const EXAMPLE_DIR = fileURLToPath(EXAMPLE_URL);

function valueOf(report: ConfigReport, key: string): unknown {
  return report.entries.find((entry) => entry.key === key)?.value;
}

function isDefault(report: ConfigReport, key: string): boolean | undefined {
  return report.entries.find((entry) => entry.key === key)?.isDefault;
}

describe('config environment overlays', () => {
  it('uses the same example as docs/configuration.md', async () => {
    const docs = await readFile(new URL('../../../docs/configuration.md', import.meta.url), 'utf8');
    const documented = /```json\n([\s\S]*?)```/.exec(docs)?.[1];
    const fixture = await readFile(new URL('fw.config.json', EXAMPLE_URL), 'utf8');
    assert.deepEqual(JSON.parse(documented ?? 'null'), JSON.parse(fixture));
  });

  it('leaves the documented example as written in dev', async () => {
    const report = await resolveConfig(EXAMPLE_DIR, {});
    assert.equal(report.environment, 'dev');
    assert.equal((valueOf(report, 'server_configuration') as { port: number }).port, 8080);
    assert.deepEqual(valueOf(report, 'plugins'), [
      {
        phase: 'pre_request',
        module: 'fw_request_plugin',
        options: { decode_json_body: true, read_urlencoded_body: true },
      },
    ]);
    assert.deepEqual(report.app, { store: 'memory' });
  });

  it('applies the prod overlay of the documented example when FW_ENV=prod', async () => {
    const report = await resolveConfig(EXAMPLE_DIR, { FW_ENV: 'prod' });
    assert.equal(report.environment, 'prod');
    assert.deepEqual(valueOf(report, 'server_configuration'), {
      port: 80,
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
    });
    assert.deepEqual(report.app, { store: 'postgres' });
  });

  it('selects the overlay named by the file environment', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog', environment: 'test' },
      environments: { test: { fw: { log_level: 'silent' } }, prod: { fw: { log_level: 'error' } } },
    });
    const report = await resolveConfig(dir, {});
    assert.equal(valueOf(report, 'log_level'), 'silent');
    assert.equal(isDefault(report, 'log_level'), false);
  });

  it('merges objects recursively and replaces arrays and scalars', async () => {
    const dir = await writeApp({
      fw: {
        bootstrap_application: 'blog',
        server_configuration: { port: 3000, host: '127.0.0.1', stream_handlers: ['auth_h', 'fw_stream_h'] },
        plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
      },
      blog: { db: { host: 'localhost', pool: 5 }, tags: ['a', 'b'], cache: true },
      environments: {
        prod: {
          fw: {
            server_configuration: { stream_handlers: ['fw_stream_h'] },
            plugins: [{ phase: 'post_request', module: 'audit_plugin' }],
          },
          blog: { db: { host: 'db.internal' }, tags: ['c'], cache: false },
        },
      },
    });
    const report = await resolveConfig(dir, { FW_ENV: 'prod' });
    const server = valueOf(report, 'server_configuration') as Record<string, unknown>;
    assert.equal(server['port'], 3000);
    assert.equal(server['host'], '127.0.0.1');
    assert.deepEqual(server['stream_handlers'], ['fw_stream_h']);
    assert.deepEqual(valueOf(report, 'plugins'), [{ phase: 'post_request', module: 'audit_plugin' }]);
    assert.deepEqual(report.app, { db: { host: 'db.internal', pool: 5 }, tags: ['c'], cache: false });
  });

  it('uses the base alone when the environment has no overlay', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog', environment: 'staging' },
      blog: { store: 'memory' },
      environments: { prod: { blog: { store: 'postgres' } } },
    });
    const report = await resolveConfig(dir, { FW_ENV: 'staging' });
    assert.equal(report.environment, 'staging');
    assert.deepEqual(report.app, { store: 'memory' });
  });

  it('builds the application section from the overlay alone when the base has none', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog' },
      environments: { prod: { blog: { store: 'postgres' } } },
    });
    assert.deepEqual((await resolveConfig(dir, { FW_ENV: 'prod' })).app, { store: 'postgres' });
  });

  it('takes bootstrap_application from the active overlay', async () => {
    const dir = await writeApp({ environments: { dev: { fw: { bootstrap_application: 'shop' } }, }, shop: { a: 1 } });
    const report = await resolveConfig(dir, {});
    assert.equal(valueOf(report, 'bootstrap_application'), 'shop');
    assert.deepEqual(report.app, { a: 1 });
  });

  it('marks server_configuration not default when only the active overlay sets it', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog' },
      environments: { prod: { fw: { server_configuration: { port: 80 } } } },
    });
    assert.equal(isDefault(await resolveConfig(dir, {}), 'server_configuration'), true);
    assert.equal(isDefault(await resolveConfig(dir, { FW_ENV: 'prod' }), 'server_configuration'), false);
  });
});

describe('config overlays of inactive environments', () => {
  it('rejects an unknown key in an overlay that is not active', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog' },
      environments: { staging: { fw: { server_configuration: { prot: 80 } } } },
    });
    await assert.rejects(resolveConfig(dir, {}), (error) => {
      assert.ok(isFwError(error, 'FW_ERR_CONFIG_UNKNOWN_KEY'));
      assert.equal(
        error.message,
        'Unknown configuration key environments.staging.fw.server_configuration.prot; ' +
          'did you mean environments.staging.fw.server_configuration.port?',
      );
      return true;
    });
  });

  it('rejects a bad value in an overlay that is not active', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog' },
      environments: { prod: { fw: { use_stacktrace: 'no' } } },
    });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: 'environments.prod.fw.use_stacktrace must be a boolean (true or false); found "no" (a string)',
    });
  });

  it('rejects timeouts that only conflict once an inactive overlay is merged', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog' },
      environments: { prod: { fw: { server_configuration: { request_timeout_ms: 5000 } } } },
    });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message:
        'fw.server_configuration.headers_timeout_ms must be at most ' +
        'fw.server_configuration.request_timeout_ms (5000) in environment "prod"; found 10000 (a number)',
    });
  });

  it('rejects environments that is not an object', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog' }, environments: ['prod'] });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: 'environments must be an object; found ["prod"] (an array)',
    });
  });

  it('rejects an overlay that is not an object', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog' }, environments: { prod: 'big' } });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: 'environments.prod must be an object; found "big" (a string)',
    });
  });

  it('rejects an overlay application section that is not an object', async () => {
    const dir = await writeApp({ fw: { bootstrap_application: 'blog' }, environments: { prod: { blog: 1 } } });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: 'environments.prod.blog must be an object; found 1 (a number)',
    });
  });

  it('rejects an overlay that sets fw.environment', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog' },
      environments: { prod: { fw: { environment: 'dev' } } },
    });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message:
        'environments.prod.fw.environment must be absent: choose the environment in the base fw section ' +
        'or with FW_ENV; found "dev" (a string)',
    });
  });

  it('rejects an overlay that nests environments', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog' },
      environments: { prod: { environments: { eu: {} } } },
    });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: 'environments.prod.environments must be absent: overlays do not nest; found {"eu":{}} (an object)',
    });
  });

  it('names an environment that is not a plain identifier in brackets', async () => {
    const dir = await writeApp({
      fw: { bootstrap_application: 'blog' },
      environments: { 'eu-west.prod': { fw: { json_lib: '' } } },
    });
    await assert.rejects(resolveConfig(dir, {}), {
      code: 'FW_ERR_CONFIG_BAD_VALUE',
      message: 'environments["eu-west.prod"].fw.json_lib must be a non-empty string; found "" (a string)',
    });
  });
});
