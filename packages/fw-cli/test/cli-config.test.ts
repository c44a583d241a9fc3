/**
 * `fw config`: the header, one line per key in CONFIG_KEYS order with the key padded to 25,
 * strings bare and everything else as JSON, ` (default)` for built-in values, the missing
 * required key marked (exit 1), and `--json`. The values are the ones the server runs with: what
 * the app adds at start (withTelemetry's otel_fw_stream_h and otel_fw_plugin) is shown, marked
 * with what added it (before, only the file's values were, so a traced app showed no tracing);
 * an app that cannot be loaded leaves the file's values, with a note on stderr. Then the app's own section, the
 * environment's overlay merged (what the app reads as config.app; before, `FW_ENV=prod fw config` showed none of it, so
 * the store prod runs with was nowhere to see).
 */
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { blogPlugins, blogServer, DEFAULT_SERVER, DEFAULT_SERVER_TEXT as SERVER } from './support/blog-config.ts';
import { assertSucceeded, BLOG_DIR, FIXTURES, lines, runFw } from './support/run-fw.ts';
import { copyApp, osTempDir, removeTempDirs } from './support/temp-app.ts';

after(removeTempDirs);

// The blog's server_configuration and plugins come from its fw.config.json (support/blog-config.ts).
const BLOG_SERVER = JSON.stringify(blogServer());
const BLOG_PLUGINS = JSON.stringify(blogPlugins());

describe('fw config', { concurrency: true }, () => {
  it('prints every key of the blog, marking the defaults', async () => {
    const run = await runFw(['config']);
    assertSucceeded(run);
    assert.equal(
      run.stdout,
      lines(
        '=== fw Configuration ===',
        '  bootstrap_application     blog',
        '  environment               dev (default)',
        `  server_configuration      ${BLOG_SERVER}`,
        `  plugins                   ${BLOG_PLUGINS}`,
        '  json_lib                  JSON (default)',
        '  use_stacktrace            false',
        '  dispatch_backend          persistent_term (default)',
        '  log_level                 info (default)',
        "=== blog (the app's section, config.app) ===",
        '  store                     memory',
      ),
    );
  });

  it('applies FW_ENV=prod and PORT: the overlay and the variables are not defaults', async () => {
    const run = await runFw(['config'], { env: { FW_ENV: 'prod', BLOG_API_TOKEN: 'a-long-enough-test-token', PORT: '9090' } });
    assert.equal(run.code, 0);
    assert.equal(
      run.stdout,
      lines(
        '=== fw Configuration ===',
        '  bootstrap_application     blog',
        '  environment               prod',
        `  server_configuration      ${JSON.stringify({ ...blogServer('prod'), port: 9090 })}`,
        `  plugins                   ${JSON.stringify(blogPlugins('prod'))}`,
        '  json_lib                  JSON (default)',
        '  use_stacktrace            false',
        '  dispatch_backend          persistent_term (default)',
        '  log_level                 info',
        "=== blog (the app's section, config.app) ===",
        '  store                     postgres',
      ),
    );
  });

  it('refuses an environment the blog does not define, suggesting the one meant, exit 1', async () => {
    const run = await runFw(['config'], { env: { FW_ENV: 'production' } });
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.equal(
      run.stderr,
      `fw: FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT: FW_ENV selects the environment "production", which ${join(BLOG_DIR, 'fw.config.json')} ` +
        'does not define (defined: "dev", "prod"); did you mean "prod"? set FW_ENV to a defined environment, ' +
        'or add "production" under environments (an empty overlay {} will do)\n',
    );
  });

  it('shows HOST in server_configuration: the variable is not a default', async () => {
    const run = await runFw(['config', '--json'], { env: { HOST: '0.0.0.0' } });
    assertSucceeded(run);
    const server = JSON.parse(run.stdout).entries[2];
    assert.deepEqual(server, { key: 'server_configuration', value: { ...blogServer(), host: '0.0.0.0' }, default: false, missing: false, added: [] });
  });

  it('marks a wholly default server_configuration and plugins list (a fixture app, via --app)', async () => {
    const run = await runFw(['--app', 'wildcard-app', 'config'], { cwd: FIXTURES });
    assert.equal(run.code, 0);
    assert.equal(
      run.stdout,
      lines(
        '=== fw Configuration ===',
        '  bootstrap_application     wild',
        '  environment               dev (default)',
        `  server_configuration      ${SERVER} (default)`,
        '  plugins                   [] (default)',
        '  json_lib                  JSON (default)',
        '  use_stacktrace            true',
        '  dispatch_backend          persistent_term (default)',
        '  log_level                 warn',
      ),
    );
  });

  it("shows withTelemetry's stream handler and plugin, which the file does not list, marked as withTelemetry's (a fixture app)", async () => {
    const run = await runFw(['--app', 'with-telemetry-app', 'config'], { cwd: FIXTURES });
    assertSucceeded(run);
    const server = JSON.stringify({ ...DEFAULT_SERVER, stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] });
    const plugins = JSON.stringify([{ phase: 'pre_request', module: 'otel_fw_plugin', options: {} }, { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }]);
    assert.equal(
      run.stdout,
      lines(
        '=== fw Configuration ===',
        '  bootstrap_application     tasks',
        '  environment               dev (default)',
        `  server_configuration      ${server} (otel_fw_stream_h added by withTelemetry)`,
        `  plugins                   ${plugins} (otel_fw_plugin added by withTelemetry)`,
        '  json_lib                  JSON (default)',
        '  use_stacktrace            false (default)',
        '  dispatch_backend          persistent_term (default)',
        '  log_level                 info (default)',
      ),
    );
  });

  it('--json of a withTelemetry app: the values run with, each addition with what added it, the app loaded', async () => {
    const run = await runFw(['--app', 'with-telemetry-app', 'config', '--json'], { cwd: FIXTURES });
    assertSucceeded(run);
    const model = JSON.parse(run.stdout);
    assert.deepEqual(model.app, { loaded: true });
    assert.deepEqual(model.entries[2], { key: 'server_configuration', value: { ...DEFAULT_SERVER, stream_handlers: ['otel_fw_stream_h', 'fw_stream_h'] }, default: false, missing: false, added: [{ name: 'otel_fw_stream_h', by: 'withTelemetry' }] });
    assert.deepEqual(model.entries[3].added, [{ name: 'otel_fw_plugin', by: 'withTelemetry' }]);
    assert.deepEqual(model.entries[4], { key: 'json_lib', value: 'JSON', default: true, missing: false, added: [] });
  });

  it("shows the file's values of an app that cannot be loaded yet (no package.json), saying so on stderr, exit 0", async () => {
    const dir = await copyApp(join(FIXTURES, 'with-telemetry-app'), await osTempDir(), ['fw.config.json']);
    const run = await runFw(['--app', dir, 'config', '--json']);
    assert.equal(run.code, 0);
    const reason = `FW_ERR_APP_NOT_FOUND: cannot read ${join(dir, 'package.json')}: an fw app directory needs a package.json`;
    assert.equal(run.stderr, `fw: the app was not loaded, so the values are fw.config.json's, without what the app adds at start: ${reason}\n`);
    const model = JSON.parse(run.stdout);
    assert.deepEqual(model.app, { loaded: false, reason });
    assert.deepEqual(model.entries[2], { key: 'server_configuration', value: DEFAULT_SERVER, default: true, missing: false, added: [] });
  });

  it('marks a missing bootstrap_application and exits 1', async () => {
    const run = await runFw(['config'], { cwd: join(FIXTURES, 'no-bootstrap-app') });
    assert.equal(run.code, 1);
    assert.equal(run.stderr, '');
    assert.equal(
      run.stdout,
      lines(
        '=== fw Configuration ===',
        '  bootstrap_application     *** MISSING (required) ***',
        '  environment               dev (default)',
        `  server_configuration      ${SERVER.replace('8080', '8081')}`,
        '  plugins                   [] (default)',
        '  json_lib                  JSON',
        '  use_stacktrace            false (default)',
        '  dispatch_backend          persistent_term (default)',
        '  log_level                 info (default)',
      ),
    );
  });

  it('--json prints the file, the environment and each key with value, default and missing', async () => {
    const run = await runFw(['config', '--json'], { cwd: join(FIXTURES, 'no-bootstrap-app') });
    assert.equal(run.code, 1);
    assert.deepEqual(JSON.parse(run.stdout), {
      file: join(FIXTURES, 'no-bootstrap-app', 'fw.config.json'),
      environment: 'dev',
      entries: [
        { key: 'bootstrap_application', value: null, default: false, missing: true, added: [] },
        { key: 'environment', value: 'dev', default: true, missing: false, added: [] },
        { key: 'server_configuration', value: JSON.parse(SERVER.replace('8080', '8081')), default: false, missing: false, added: [] },
        { key: 'plugins', value: [], default: true, missing: false, added: [] },
        { key: 'json_lib', value: 'JSON', default: false, missing: false, added: [] },
        { key: 'use_stacktrace', value: false, default: true, missing: false, added: [] },
        { key: 'dispatch_backend', value: 'persistent_term', default: true, missing: false, added: [] },
        { key: 'log_level', value: 'info', default: true, missing: false, added: [] },
      ],
      section: { name: null, values: {} },
      app: { loaded: false, reason: 'a required key is missing' },
    });
  });

  it('--json of the blog is the same information as its text', async () => {
    const run = await runFw(['config', '--json']);
    assert.equal(run.code, 0);
    const model = JSON.parse(run.stdout);
    assert.equal(model.file, join(BLOG_DIR, 'fw.config.json'));
    assert.deepEqual(
      model.entries.map((entry: { key: string; default: boolean }) => [entry.key, entry.default]),
      [['bootstrap_application', false], ['environment', true], ['server_configuration', false], ['plugins', false], ['json_lib', true], ['use_stacktrace', false], ['dispatch_backend', true], ['log_level', true]],
    );
    assert.deepEqual(model.entries[2].value, blogServer());
    assert.deepEqual(model.entries[3].value, blogPlugins());
    assert.deepEqual(model.section, { name: 'blog', values: { store: 'memory' } });
  });

  it('reports a missing configuration file as fw: <code>: <message>, exit 1', async () => {
    const run = await runFw(['config', '--app', FIXTURES]);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr, `fw: FW_ERR_CONFIG_NOT_FOUND: Cannot read the configuration file ${join(FIXTURES, 'fw.config.json')} (ENOENT); create it with at least {"fw": {"bootstrap_application": "<your app's name>"}}, or point --app at the app's directory or FW_CONFIG at its configuration file\n`);
  });
});
