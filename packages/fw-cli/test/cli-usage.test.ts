/**
 * The command line itself: `fw --help` and `fw <command> --help` describe every flag; no
 * command, an unknown command, an unknown flag, a flag without its value, a missing app
 * directory and a missing bootstrap_application are each one `fw: <code>: <message>` line (plus
 * a hint for usage errors) and exit 1; `npx fw` inspects the directory it was typed in
 * (INIT_CWD); the inspection commands load neither the OpenAPI validator nor tar, and
 * `fw openapi` loads the validator precompiled (no ajv compiling the OpenAPI schema).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { assertSucceeded, cleanEnv, FIXTURES, lines, REPO, runFw } from './support/run-fw.ts';

const VERSION = (JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { version: string }).version;

const COMMON_OPTIONS = [
  '      --app      The app directory: where fw.config.json and package.json are  [string] [default: the current directory, or the nearest above it holding the app]',
  '  -h, --help     Show help  [boolean]',
  '      --version  Show version number  [boolean]',
];
const JSON_OPTION = '      --json     Print the same information as JSON (shapes in docs/cli.md)  [boolean] [default: false]';

/** Expected `fw <command> --help`. */
function commandHelp(command: string, describe: string, options: readonly string[]): string {
  return lines(`fw ${command}`, '', describe, '', 'Options:', ...options);
}

describe('fw --help and fw <command> --help', { concurrency: true }, () => {
  it('fw --help lists every command and the global flags, exit 0', async () => {
    const run = await runFw(['--help']);
    assert.deepEqual(run, {
      code: 0,
      stderr: '',
      stdout: lines(
        'Usage: fw <command> [options]',
        '',
        'Inspect, document and release the fw application in the current directory or the nearest one above it (or --app DIR).',
        '',
        'Commands:',
        '  fw config      Show every configuration key with the value the server runs with; (default) marks built-in defaults',
        '  fw middleware  Show the global plugins and every route group with its security, plugins and routes',
        '  fw routes      Show the compiled routing tree, host by host',
        '  fw audit       List routes without security (writes and wildcard methods as warnings, reads as info) and the server\'s start-up warnings',
        '  fw openapi     Write the OpenAPI 3.0.3 document of the routes and priv/schemas, and swagger.html beside it',
        '  fw release     Regenerate the OpenAPI files, build the app and assemble _build/<profile>/rel/<app> and its tarball',
        '',
        'Options:',
        ...COMMON_OPTIONS,
      ),
    });
  });

  it('fw --version prints the package version', async () => {
    assert.deepEqual(await runFw(['--version']), { code: 0, stderr: '', stdout: `${VERSION}\n` });
  });

  it('fw routes --help describes --app and --json', async () => {
    assert.deepEqual(await runFw(['routes', '--help']), { code: 0, stderr: '', stdout: commandHelp('routes', 'Show the compiled routing tree, host by host', [...COMMON_OPTIONS, JSON_OPTION]) });
  });

  // The commands that print configuration values mask secrets unless --show-secrets (cli-config-secrets.test.ts).
  const printingSecrets: [string, string][] = [
    ['config', 'Show every configuration key with the value the server runs with; (default) marks built-in defaults'],
    ['middleware', 'Show the global plugins and every route group with its security, plugins and routes'],
  ];
  for (const [command, describe] of printingSecrets) {
    it(`fw ${command} --help describes --app, --json and --show-secrets`, async () => {
      assert.deepEqual(await runFw([command, '--help']), {
        code: 0,
        stderr: '',
        stdout: commandHelp(command, describe, [
          ...[...COMMON_OPTIONS, JSON_OPTION].map((line) => line.replace(/^( {2}(?:-h,| {3}) --[a-z]+) +/, (_, flag: string) => flag.padEnd(22))),
          '      --show-secrets  Print tokens, passwords and URL passwords in clear instead of *** (docs/cli.md, "Secrets")  [boolean] [default: false]',
        ]),
      });
    });
  }

  it('fw audit --help describes --json, --strict and --public', async () => {
    const run = await runFw(['audit', '--help']);
    assert.deepEqual(run, {
      code: 0,
      stderr: '',
      stdout: commandHelp('audit', 'List routes without security (writes and wildcard methods as warnings, reads as info) and the server\'s start-up warnings', [
        ...COMMON_OPTIONS,
        JSON_OPTION,
        '      --strict   Exit with status 2 when there is at least one warning (for CI)  [boolean] [default: false]',
        "      --public   A route public on purpose, as the audit lists it ('POST /links'): its missing security is info, not a warning; repeatable  [array] [default: []]",
      ]),
    });
  });

  it('fw openapi --help describes --output, --title, --api-version, --offline, --ui and --types', async () => {
    const run = await runFw(['openapi', '--help']);
    assert.deepEqual(run, {
      code: 0,
      stderr: '',
      stdout: commandHelp('openapi', 'Write the OpenAPI 3.0.3 document of the routes and priv/schemas, and swagger.html beside it', [
        '      --app          The app directory: where fw.config.json and package.json are  [string] [default: the current directory, or the nearest above it holding the app]',
        '  -h, --help         Show help  [boolean]',
        '      --version      Show version number  [boolean]',
        '  -o, --output       The spec file to write, relative to the current directory; swagger.html goes beside it  [string] [default: "openapi.json"]',
        '      --title        info.title of the document  [string] [default: the application name]',
        '      --api-version  info.version of the document  [string] [default: "0.1.0"]',
        '      --offline      Copy the Swagger UI assets beside swagger.html instead of loading them from a CDN  [boolean] [default: false]',
        '      --ui           Write swagger.html beside the document (--no-ui: the document, and --types, only)  [boolean] [default: true]',
        "      --types        Also write the document's TypeScript types (paths, components, operations) for openapi-fetch to this file  [string]",
      ]),
    });
  });

  it('fw release --help describes --profile', async () => {
    const run = await runFw(['release', '--help']);
    assert.deepEqual(run, {
      code: 0,
      stderr: '',
      stdout: commandHelp('release', 'Regenerate the OpenAPI files, build the app and assemble _build/<profile>/rel/<app> and its tarball', [
        ...COMMON_OPTIONS,
        '      --profile  Release profile: names the _build/<profile> directory, and is the environment (FW_ENV) the docs are generated for and the release starts in  [string] [default: "prod"]',
      ]),
    });
  });
});

describe('command-line errors: one fw: <code>: <message> line, exit 1', { concurrency: true }, () => {
  const cases: [string, string[], string][] = [
    ['no command', [], lines('fw: FW_CLI_ERR_USAGE: name a command: config, middleware, routes, audit, openapi or release', "Run 'fw --help' for the commands.")],
    ['an unknown command', ['deploy'], lines('fw: FW_CLI_ERR_USAGE: Unknown command: deploy', "Run 'fw --help' for the commands.")],
    ['a mistyped command', ['rout'], lines('fw: FW_CLI_ERR_USAGE: Unknown command: rout. Did you mean routes?', "Run 'fw --help' for the commands.")],
    ['an unknown flag', ['routes', '--verbose'], lines('fw: FW_CLI_ERR_USAGE: Unknown flag: --verbose', "Run 'fw routes --help' for its flags.")],
    ['unknown flags, short and with values', ['audit', '-x', '--level=3'], lines('fw: FW_CLI_ERR_USAGE: Unknown flags: -x, --level', "Run 'fw audit --help' for its flags.")],
    // A mistyped flag is named with the command's flag it is closest to, once (yargs also names its camel-cased copy).
    ['a mistyped flag', ['openapi', '--type', 'client.ts'], lines('fw: FW_CLI_ERR_USAGE: Unknown flag: --type (did you mean --types?)', "Run 'fw openapi --help' for its flags.")],
    ['a mistyped dashed flag', ['openapi', '--api-verison', '2'], lines('fw: FW_CLI_ERR_USAGE: Unknown flag: --api-verison (did you mean --api-version?)', "Run 'fw openapi --help' for its flags.")],
    ['a mistyped flag among others', ['audit', '--publc', 'x', '-x'], lines('fw: FW_CLI_ERR_USAGE: Unknown flags: --publc (did you mean --public?), -x', "Run 'fw audit --help' for its flags.")],
    ['a mistyped global flag before the command', ['--ap', '.', 'routes'], lines('fw: FW_CLI_ERR_USAGE: Unknown flag: --ap (did you mean --app?)', "Run 'fw routes --help' for its flags.")],
    ['an extra argument', ['routes', 'all'], lines('fw: FW_CLI_ERR_USAGE: Unexpected argument: all', "Run 'fw routes --help' for its flags.")],
    ['a flag without its value', ['openapi', '--api-version'], lines('fw: FW_CLI_ERR_USAGE: --api-version needs a value', "Run 'fw openapi --help' for its flags.")],
    ['--types without its file', ['openapi', '--types'], lines('fw: FW_CLI_ERR_USAGE: --types needs a value', "Run 'fw openapi --help' for its flags.")],
    ['a bad release profile', ['release', '--profile', '../x'], lines('fw: FW_CLI_ERR_USAGE: --profile "../x" is not a profile name: use letters, digits, _ . - (e.g. prod)', "Run 'fw release --help' for its flags.")],
  ];
  for (const [what, args, stderr] of cases) {
    it(`${what}: ${JSON.stringify(args)}`, async () => {
      assert.deepEqual(await runFw(args), { code: 1, stdout: '', stderr });
    });
  }

  for (const command of ['config', 'routes', 'openapi', 'release']) {
    it(`--app naming a missing directory (fw ${command})`, async () => {
      const run = await runFw(['--app', 'no-such-app', command], { cwd: FIXTURES });
      const dir = join(FIXTURES, 'no-such-app');
      assert.deepEqual(run, { code: 1, stdout: '', stderr: `fw: FW_CLI_ERR_APP_DIR_MISSING: --app no-such-app: there is no directory ${dir}; give the directory that holds fw.config.json\n` });
    });
  }

  it('--app naming a file', async () => {
    const run = await runFw(['middleware', '--app', 'wildcard-app/app.mjs'], { cwd: FIXTURES });
    const file = join(FIXTURES, 'wildcard-app', 'app.mjs');
    assert.deepEqual(run, { code: 1, stdout: '', stderr: `fw: FW_CLI_ERR_APP_DIR_MISSING: --app wildcard-app/app.mjs: ${file} is not a directory; give the directory that holds fw.config.json\n` });
  });

  for (const command of ['middleware', 'routes', 'audit', 'openapi']) {
    it(`a missing bootstrap_application (fw ${command})`, async () => {
      const run = await runFw([command], { cwd: join(FIXTURES, 'no-bootstrap-app') });
      const file = join(FIXTURES, 'no-bootstrap-app', 'fw.config.json');
      assert.deepEqual(run, {
        code: 1,
        stdout: '',
        stderr: `fw: FW_ERR_CONFIG_MISSING_KEY: Required configuration key fw.bootstrap_application is not set in ${file}; set it to the name of the application to start, e.g. "blog"\n`,
      });
    });
  }
});

describe('where fw looks for the app', { concurrency: true }, () => {
  it('under npm exec (npx fw), the directory it was typed in (INIT_CWD), not npm\'s cwd', async () => {
    const run = await runFw(['routes'], { cwd: REPO, env: { npm_command: 'exec', INIT_CWD: join(FIXTURES, 'plugins-app') } });
    assertSucceeded(run);
    assert.equal(run.stdout.split('\n')[2], '    GET /hello (plugged, plugged_greetings_controller:hello/1)');
  });

  it('under another npm command (a script), the cwd: INIT_CWD may be stale there', async () => {
    const run = await runFw(['routes'], { cwd: join(FIXTURES, 'hosts-app'), env: { npm_command: 'run-script', INIT_CWD: join(FIXTURES, 'plugins-app') } });
    assert.equal(run.code, 0);
    assert.equal(run.stdout.split('\n')[0], "Host: 'api.example.com'");
  });

  it('--app resolves against INIT_CWD under npm exec', async () => {
    const run = await runFw(['--app', 'wildcard-app', 'audit', '--json'], { cwd: REPO, env: { npm_command: 'exec', INIT_CWD: FIXTURES } });
    assert.equal(run.code, 0);
    assert.deepEqual(JSON.parse(run.stdout).summary, { warnings: 4, infos: 4 });
  });
});

/** What `fw <args>` (`fw routes` by default) loads in `appDir`: package names, fw-cli's own dist files and node's internal modules. */
async function loadedBy(appDir: string, args: readonly string[] = ['routes']): Promise<{ packages: Set<string>; urls: string[]; internal: string[] }> {
  // A preload that reports, at exit, every package and internal module the process loaded.
  const hook = `data:text/javascript,${encodeURIComponent(`
    import { registerHooks } from 'node:module';
    const urls = new Set();
    registerHooks({ load(url, context, next) { urls.add(url); return next(url, context); } });
    process.on('exit', () => process.stderr.write(JSON.stringify({ urls: [...urls], internal: process.moduleLoadList }) + '\\n'));
  `)}`;
  const fw = join(REPO, 'packages', 'fw-cli', 'bin', 'fw.js');
  const child = spawn(process.execPath, ['--import', hook, fw, ...args], { cwd: appDir, env: cleanEnv(), stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise((resolve) => child.on('close', resolve));
  assert.equal(code, 0);
  const loaded = JSON.parse(stderr) as { urls: string[]; internal: string[] };
  const packages = new Set(loaded.urls.flatMap((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1] ?? []));
  return { packages, urls: loaded.urls, internal: loaded.internal };
}

describe('start-up cost', () => {
  it('fw routes loads neither the OpenAPI validator, swagger-ui-dist, tar nor undici (docs/performance.md)', async () => {
    const loaded = await loadedBy(join(FIXTURES, 'wildcard-app'));
    for (const heavy of ['@seriousme/openapi-schema-validator', 'ajv', 'swagger-ui-dist', 'tar']) assert.equal(loaded.packages.has(heavy), false, `${heavy} was loaded`);
    assert.ok(loaded.packages.has('yargs'), 'the hook saw the packages');
    assert.deepEqual(loaded.internal.filter((name) => name.includes('undici')), []);
    assert.deepEqual(loaded.urls.filter((url) => /fw-cli\/dist\/(openapi|release)\//.test(url)), []);
  });

  it('an app that lists swaggerUi loads the document builder and its validator only when the document is asked for', async () => {
    const loaded = await loadedBy(join(FIXTURES, 'swagger-ui-app'));
    assert.equal(loaded.packages.has('@seriousme/openapi-schema-validator'), false, 'the validator was loaded');
    const openapi = loaded.urls.flatMap((url) => /fw-cli\/dist\/openapi\/([^/]+)\.js$/.exec(url)?.[1] ?? []);
    assert.ok(openapi.includes('swagger-ui-route'), 'the hook saw the route module');
    assert.deepEqual(openapi.filter((name) => !name.startsWith('swagger-')), []);
  });

  it('fw openapi checks its document with the vendored validator: it compiles no OpenAPI schema (no ajv, yaml or validator entry loaded)', async () => {
    const output = await mkdtemp(join(tmpdir(), 'fw-openapi-loads-'));
    try {
      const loaded = await loadedBy(join(FIXTURES, 'wildcard-app'), ['openapi', '--output', join(output, 'openapi.json')]);
      assert.ok(loaded.urls.some((url) => url.endsWith('/fw-cli/vendor/openapi-3.0-validator.js')), 'the vendored validator was not loaded');
      assert.deepEqual(loaded.urls.filter((url) => /@seriousme\/openapi-schema-validator\/index\.js$|\/ajv\/dist\/(ajv|core|2020)\.js$/.test(url)), []);
      for (const heavy of ['ajv-draft-04', 'yaml']) assert.equal(loaded.packages.has(heavy), false, `${heavy} was loaded`);
    } finally {
      await rm(output, { recursive: true, force: true });
    }
  });
});
