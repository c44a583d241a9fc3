/**
 * `fw config`: the header, one line per key in CONFIG_KEYS order with the key padded to 25,
 * strings bare and everything else as JSON, ` (default)` for built-in values, the missing
 * required key marked (exit 1), and `--json`.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { blogPlugins, blogServer, DEFAULT_SERVER_TEXT as SERVER } from './support/blog-config.ts';
import { assertSucceeded, BLOG_DIR, FIXTURES, lines, runFw } from './support/run-fw.ts';

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
    assert.deepEqual(server, { key: 'server_configuration', value: { ...blogServer(), host: '0.0.0.0' }, default: false, missing: false });
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
        { key: 'bootstrap_application', value: null, default: false, missing: true },
        { key: 'environment', value: 'dev', default: true, missing: false },
        { key: 'server_configuration', value: JSON.parse(SERVER.replace('8080', '8081')), default: false, missing: false },
        { key: 'plugins', value: [], default: true, missing: false },
        { key: 'json_lib', value: 'JSON', default: false, missing: false },
        { key: 'use_stacktrace', value: false, default: true, missing: false },
        { key: 'dispatch_backend', value: 'persistent_term', default: true, missing: false },
        { key: 'log_level', value: 'info', default: true, missing: false },
      ],
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
  });

  it('reports a missing configuration file as fw: <code>: <message>, exit 1', async () => {
    const run = await runFw(['config', '--app', FIXTURES]);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.equal(run.stderr, `fw: FW_ERR_CONFIG_NOT_FOUND: Cannot read the configuration file ${join(FIXTURES, 'fw.config.json')} (ENOENT); create it with at least {"fw": {"bootstrap_application": "<your app's name>"}}, or point --app at the app's directory or FW_CONFIG at its configuration file\n`);
  });
});
