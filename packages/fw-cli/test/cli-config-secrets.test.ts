/**
 * `fw config` and `fw middleware` print configuration to terminals and CI logs. Before, the
 * secrets in it were printed in clear: a token or password in the app's section (and its
 * environment's overlay), a connection URL's password, a plugin's credentials. They are now
 * masked as `***` (docs/cli.md, "Secrets"), in the text and in `--json`, and `--show-secrets`
 * prints them as they are.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { assertSucceeded, lines, runFw } from './support/run-fw.ts';
import { removeTempDirs, writeTempApp } from './support/temp-app.ts';

after(removeTempDirs);

const SECTION = {
  db_url: 'postgres://blog:hunter2@db.example.com:5432/blog',
  cache: 'redis://:s3cret@127.0.0.1:6379/0',
  api_token: 'tok-123',
  nested: { password: 'pw', visible: 'shown' },
  list: [{ client_secret: 'x' }],
  webhook: 'https://hooks.example.com/in?apiKey=abc&channel=ops',
  mirror: 'https://ghp_0123@github.com/acme/app.git',
  token_ttl_ms: 3600,
  password: '',
  plain: 'postgres://localhost/blog',
};
const CONFIG = {
  fw: {
    bootstrap_application: 'vault',
    plugins: [{ phase: 'pre_request', module: 'signing_plugin', options: { header: 'x-sig', signing_secret: 'k3y', credentials: { user: 'u', pass: 'p' } } }],
  },
  vault: SECTION,
  environments: { prod: { vault: { api_token: 'prod-token-456', db_url: 'postgresql://app:prodpw@10.0.0.5/vault?sslmode=require&sslpassword=kp' } } },
};
const APP = `import { defineApp, json } from 'fw-core';
const signing = { name: 'signing_plugin', pre_request: (req, _env, _options, state) => ['ok', req, state] };
export default defineApp({ name: 'vault', plugins: [signing], router: { name: 'vault_router', routes: () => [{ prefix: '', security: false, routes: [{ path: '/x', handler: () => json({}), options: { methods: ['get'] } }] }] } });
`;
const CLEAR = ['hunter2', 's3cret', 'tok-123', '"pw"', 'abc', 'ghp_0123', 'k3y', 'prod-token-456', 'prodpw', '=kp'];

let app: string;
before(async () => {
  app = await writeTempApp('vault', CONFIG, APP);
});

function assertNoSecret(text: string): void {
  for (const secret of CLEAR) assert.ok(!text.includes(secret), `${secret} printed in clear:\n${text}`);
}

describe('fw config and fw middleware mask secrets', { concurrency: true }, () => {
  it('fw config masks the keys naming secrets and the URLs\' passwords in the app\'s section', async () => {
    const run = await runFw(['config', '--app', app]);
    assertSucceeded(run);
    assertNoSecret(run.stdout);
    assert.ok(
      run.stdout.endsWith(
        lines(
          "=== vault (the app's section, config.app) ===",
          '  db_url                    postgres://blog:***@db.example.com:5432/blog',
          '  cache                     redis://:***@127.0.0.1:6379/0',
          '  api_token                 ***',
          '  nested                    {"password":"***","visible":"shown"}',
          '  list                      [{"client_secret":"***"}]',
          '  webhook                   https://hooks.example.com/in?apiKey=***&channel=ops',
          '  mirror                    https://***@github.com/acme/app.git',
          '  token_ttl_ms              3600',
          '  password                  ',
          '  plain                     postgres://localhost/blog',
        ),
      ),
      run.stdout,
    );
    assert.match(run.stdout, /^ {2}plugins +\[\{"phase":"pre_request","module":"signing_plugin","options":\{"header":"x-sig","signing_secret":"\*\*\*","credentials":"\*\*\*"\}\}\]$/m);
  });

  it('fw config --json masks them too, with the environment\'s overlay (FW_ENV=prod)', async () => {
    const run = await runFw(['config', '--app', app, '--json'], { env: { FW_ENV: 'prod' } });
    assertSucceeded(run);
    assertNoSecret(run.stdout);
    const model = JSON.parse(run.stdout) as { section: { values: Record<string, unknown> } };
    assert.equal(model.section.values['api_token'], '***');
    assert.equal(model.section.values['db_url'], 'postgresql://app:***@10.0.0.5/vault?sslmode=require&sslpassword=***');
  });

  it('fw middleware masks a plugin\'s secret options, text and --json', async () => {
    for (const json of [[], ['--json']]) {
      const run = await runFw(['middleware', '--app', app, ...json]);
      assertSucceeded(run);
      assertNoSecret(run.stdout);
      assert.ok(run.stdout.includes(json.length === 0 ? 'signing_plugin {"header":"x-sig","signing_secret":"***","credentials":"***"}' : '"signing_secret": "***"'), run.stdout);
    }
  });

  it("fw config's note on an app that did not load masks a URL's password in the error", async () => {
    const failing = await writeTempApp('vault', CONFIG, "throw new Error('cannot reach postgres://blog:hunter2@db.example.com/blog');\n");
    for (const json of [[], ['--json']]) {
      const run = await runFw(['config', '--app', failing, ...json]);
      assert.equal(run.code, 0);
      assertNoSecret(run.stderr + run.stdout);
      assert.ok(run.stderr.includes('cannot reach postgres://blog:***@db.example.com/blog'), run.stderr);
    }
  });

  it('--show-secrets prints them as they are', async () => {
    const config = await runFw(['config', '--app', app, '--json', '--show-secrets'], { env: { FW_ENV: 'prod' } });
    assertSucceeded(config);
    const model = JSON.parse(config.stdout) as { entries: { key: string; value: unknown }[]; section: { values: Record<string, unknown> } };
    assert.deepEqual(model.section.values, { ...SECTION, ...CONFIG.environments.prod.vault });
    assert.deepEqual(model.entries.find((entry) => entry.key === 'plugins')?.value, CONFIG.fw.plugins);
    const middleware = await runFw(['middleware', '--app', app, '--show-secrets']);
    assertSucceeded(middleware);
    assert.ok(middleware.stdout.includes('"signing_secret":"k3y"'), middleware.stdout);
  });
});
