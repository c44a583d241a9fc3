/**
 * `fw release`: on a copy of the blog, regenerates priv/assets (spec, page, Swagger UI assets),
 * builds, assembles _build/prod/rel/blog and its tarball and prints each step. The tarball,
 * unpacked outside the repository, starts from its bin/ script and serves /heartbeat and the
 * docs with the assets from the release itself. Release failures are coded errors.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { extract } from 'tar';
import { assertSucceeded, BLOG_DIR, cleanEnv, FIXTURES, lines, runFw } from './support/run-fw.ts';
import { olderNode } from './support/older-node.ts';
import { startApp } from './support/start-app.ts';
import { copyApp, copyBlog, osTempDir, removeTempDirs, repoTempDir } from './support/temp-app.ts';

after(removeTempDirs);

describe('fw release of the blog', () => {
  /** The release unpacked from its tarball outside the repository: its directory and where it was unpacked. */
  let home: string;
  let unpacked: string;
  const releaseEnv = { PORT: '0', METRICS_PORT: '0', OTEL_SDK_DISABLED: 'true', BLOG_STORE: 'memory', BLOG_ALLOW_MEMORY_STORE: 'true', BLOG_API_TOKEN: 'release-test-token-0123456789' };

  it('assembles a release whose tarball runs anywhere from bin/blog', async () => {
    const dir = await copyBlog(BLOG_DIR);
    const run = await runFw(['release'], { cwd: dir });
    assertSucceeded(run);
    const out = run.stdout.split('\n');
    const packages = /^Copied (\d+) production package\(s\) into _build\/prod\/rel\/blog\/node_modules$/.exec(out[5]!);
    assert.ok(packages !== null, out[5]);
    const size = /^Tarball written to _build\/prod\/rel\/blog-0\.1\.0\.tar\.gz \((\d+) KiB\)$/.exec(out[7]!);
    assert.ok(size !== null, out[7]);
    assert.equal(
      run.stdout,
      lines(
        'Built the app with npm run build',
        'OpenAPI spec written to _build/prod/rel/blog/priv/assets/openapi.json',
        'Swagger UI written to _build/prod/rel/blog/priv/assets/swagger.html',
        'Swagger UI asset written to _build/prod/rel/blog/priv/assets/swagger-ui.css',
        'Swagger UI asset written to _build/prod/rel/blog/priv/assets/swagger-ui-bundle.js',
        `Copied ${packages[1]} production package(s) into _build/prod/rel/blog/node_modules`,
        'Release blog 0.1.0 (profile prod) written to _build/prod/rel/blog; start it with _build/prod/rel/blog/bin/blog',
        `Tarball written to _build/prod/rel/blog-0.1.0.tar.gz (${size[1]} KiB)`,
      ),
    );
    const release = join(dir, '_build', 'prod', 'rel', 'blog');
    assert.deepEqual((await readdir(release)).sort(), ['bin', 'dist', 'fw.config.json', 'node_modules', 'package.json', 'priv']);
    assert.deepEqual((await readdir(join(release, 'priv', 'assets'))).sort(), ['index.html', 'openapi.json', 'swagger-ui-bundle.js', 'swagger-ui.css', 'swagger.html']);
    assert.deepEqual(await readdir(join(dir, 'priv', 'assets')), ['index.html'], "the app's priv/ is only read");
    assert.deepEqual(await readdir(join(dir, '_build', 'prod', 'rel')), ['blog', 'blog-0.1.0.tar.gz'], 'no staging left');
    for (const workspace of ['fw-core']) assert.equal(existsSync(join(release, 'node_modules', workspace, 'dist', 'index.js')), true, `${workspace} copied in`);

    unpacked = await osTempDir();
    await extract({ file: join(dir, '_build', 'prod', 'rel', 'blog-0.1.0.tar.gz'), cwd: unpacked });
    home = join(unpacked, 'blog');
    const env = cleanEnv({ NODE: process.execPath, ...releaseEnv });
    const app = await startApp(join(home, 'bin', 'blog'), [], unpacked, env);
    try {
      const heartbeat = await fetch(`${app.url}/heartbeat`);
      assert.equal(heartbeat.status, 200);
      assert.deepEqual(await heartbeat.json(), { status: 'ok' });
      const page = await fetch(`${app.url}/docs/swagger.html`);
      assert.equal(page.status, 200);
      const html = await page.text();
      assert.equal(html, await readFile(join(home, 'priv', 'assets', 'swagger.html'), 'utf8'));
      assert.match(html, /<script src="swagger-ui-bundle\.js"><\/script>/);
      assert.doesNotMatch(html, /https?:\/\//, 'no CDN');
      for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
        const answer = await fetch(`${app.url}/docs/${asset}`);
        assert.equal(answer.status, 200, asset);
        assert.ok(Buffer.from(await answer.arrayBuffer()).equals(await readFile(join(home, 'priv', 'assets', asset))), `${asset} from the release`);
      }
      const spec = (await (await fetch(`${app.url}/docs/openapi.json`)).json()) as { paths: Record<string, unknown> };
      assert.deepEqual(Object.keys(spec.paths), ['/api/posts', '/api/posts/{id}', '/login', '/heartbeat', '/ready']);
      const write = await fetch(`${app.url}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"t","body":"b"}' });
      assert.equal(write.status, 401, 'prod guards writes');
    } finally {
      assert.equal(await app.stop(), 0);
    }
  });

  it('bin/blog run by an older node on the PATH says what it needs and found, in one line, and exits 1', async (t) => {
    const old = await olderNode();
    if (old === undefined) return t.skip('no Node older than 24 on this machine (PATH, /usr/bin, /usr/local/bin)');
    const run = await runCommand(join(home, 'bin', 'blog'), unpacked, releaseEnvWithNode(await nodeOnPath(old.path)));
    assert.deepEqual(run, {
      code: 1,
      stdout: '',
      stderr: `blog: needs Node.js 24 or later, found ${old.version} (${old.path}); install Node.js 24 (https://nodejs.org, or \`nvm install 24\`) or set NODE to its binary\n`,
    });
  });

  it('bin/blog run by Node 24 on the PATH (NODE unset) starts', async () => {
    const app = await startApp(join(home, 'bin', 'blog'), [], unpacked, releaseEnvWithNode(await nodeOnPath(process.execPath)));
    try {
      assert.equal((await fetch(`${app.url}/heartbeat`)).status, 200);
    } finally {
      assert.equal(await app.stop(), 0);
    }
  });

  it('bin/blog with NODE naming no binary says so in one line and exits 1', async () => {
    const missing = join(unpacked, 'no-such-node');
    const run = await runCommand(join(home, 'bin', 'blog'), unpacked, { ...releaseEnvWithNode(await nodeOnPath(process.execPath)), NODE: missing });
    assert.deepEqual(run, {
      code: 1,
      stdout: '',
      stderr: `blog: cannot run Node.js as "${missing}"; install Node.js 24 or later, or set NODE to its binary\n`,
    });
  });

  /** The release's environment with a PATH whose `node` is the one in `bin` (then the system's tools), NODE unset. */
  function releaseEnvWithNode(bin: string): NodeJS.ProcessEnv {
    const env = cleanEnv({ ...releaseEnv, PATH: `${bin}${delimiter}/usr/bin${delimiter}/bin` });
    delete env['NODE'];
    return env;
  }
});

/** A directory holding only `node`, a link to `binary`: put first on a PATH, it is the `node` found. */
async function nodeOnPath(binary: string): Promise<string> {
  const dir = await osTempDir();
  await symlink(binary, join(dir, 'node'));
  return dir;
}

/** Runs `command` in `cwd` with `env`; resolves to its exit code and output. */
function runCommand(command: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(command, [], { cwd, env }, (error, stdout, stderr) => {
      if (error !== null && typeof error.code !== 'number') reject(error);
      else resolve({ code: error === null ? 0 : (error.code as number), stdout, stderr });
    });
  });
}

describe('fw release failures', { concurrency: true }, () => {
  const copyWild = async (pkg: Record<string, unknown>): Promise<string> => {
    // Under the repository's .tmp/, so the app module's `import 'fw-core'` resolves.
    const dir = await copyApp(join(FIXTURES, 'wildcard-app'), await repoTempDir(), ['app.mjs', 'fw.config.json', 'favicon.ico']);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'wild-app', version: '1.2.3', type: 'module', fw: { app: './app.mjs' }, ...pkg }));
    // fw release loads the app in its profile's environment (prod), which the app must define.
    const config = JSON.parse(await readFile(join(dir, 'fw.config.json'), 'utf8')) as Record<string, unknown>;
    await writeFile(join(dir, 'fw.config.json'), JSON.stringify({ ...config, environments: { prod: {} } }));
    return dir;
  };

  it('a --profile the app does not define: the error names the flag the user gave, not FW_ENV', async () => {
    const dir = await copyWild({});
    const file = join(dir, 'fw.config.json');
    assert.deepEqual(await runFw(['release', '--profile', 'staging'], { cwd: dir }), {
      code: 1,
      stdout: '',
      stderr: `fw: FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT: --profile staging is the environment the release starts in, which ${file} does not define (defined: "dev", "prod"); give --profile a defined environment, or add "staging" under environments (an empty overlay {} will do)\n`,
    });
    const typo = await runFw(['release', '--profile', 'prd'], { cwd: dir });
    assert.equal(typo.stderr, `fw: FW_ERR_CONFIG_UNKNOWN_ENVIRONMENT: --profile prd is the environment the release starts in, which ${file} does not define (defined: "dev", "prod"); did you mean --profile prod? give --profile a defined environment, or add "prd" under environments (an empty overlay {} will do)\n`);
    assert.equal(existsSync(join(dir, '_build')), false);
  });

  it('a package.json without a version', async () => {
    const dir = await copyWild({ version: undefined });
    const run = await runFw(['release'], { cwd: dir });
    assert.deepEqual(run, { code: 1, stdout: '', stderr: `fw: FW_CLI_ERR_RELEASE_BAD_PACKAGE: ${join(dir, 'package.json')} has no version; the release tarball is named after it\n` });
  });

  it('a failing build script', async () => {
    const dir = await copyWild({ scripts: { build: 'echo compiling; exit 3' } });
    const run = await runFw(['release'], { cwd: dir });
    assert.equal(run.code, 1);
    assert.equal(run.stdout, lines('No priv/schemas: the OpenAPI files are not regenerated'));
    assert.match(run.stderr, new RegExp(`^fw: FW_CLI_ERR_RELEASE_BUILD_FAILED: npm run build in ${dir} exited with status 3:\\n[^]*\\ncompiling\\n`));
  });

  it('a production dependency that is not installed', async () => {
    const dir = await copyWild({ dependencies: { 'fw-no-such-package': '1.0.0' } });
    const run = await runFw(['release'], { cwd: dir });
    assert.deepEqual(run, {
      code: 1,
      stdout: lines('No priv/schemas: the OpenAPI files are not regenerated', 'No build script in package.json: the code is released as it is'),
      stderr: `fw: FW_CLI_ERR_RELEASE_MISSING_DEPENDENCY: cannot find fw-no-such-package, a dependency of ${dir}, in any node_modules from there up; run npm install\n`,
    });
  });

  /** An app depending on fw-core and on a linked (file:) package local-lib whose entry is dist/index.js, not built yet. */
  const withUnbuiltLib = async (scripts: Record<string, string>): Promise<string> => {
    const dir = await copyWild({ dependencies: { 'local-lib': 'file:./local-lib', 'fw-core': '0.1.0' } });
    await mkdir(join(dir, 'local-lib'));
    const manifest = { name: 'local-lib', version: '1.0.0', type: 'module', main: './dist/index.js', exports: { '.': './dist/index.js' }, files: ['dist'], scripts };
    await writeFile(join(dir, 'local-lib', 'package.json'), JSON.stringify(manifest));
    await mkdir(join(dir, 'node_modules'));
    await symlink(join(dir, 'local-lib'), join(dir, 'node_modules', 'local-lib'));
    return dir;
  };

  it('a linked package that is not built: the release builds it with its npm run build, and ships what it built', async () => {
    const dir = await withUnbuiltLib({ build: 'mkdir -p dist && echo "export const built = true;" > dist/index.js' });
    const run = await runFw(['release'], { cwd: dir });
    assertSucceeded(run);
    assert.deepEqual(run.stdout.split('\n').slice(0, 4), [
      'No priv/schemas: the OpenAPI files are not regenerated',
      'No build script in package.json: the code is released as it is',
      'Built the linked package local-lib with npm run build',
      'Copied 2 production package(s) into _build/prod/rel/wild/node_modules',
    ]);
    const release = join(dir, '_build', 'prod', 'rel', 'wild');
    assert.deepEqual((await readdir(join(release, 'node_modules', 'local-lib'))).sort(), ['dist', 'package.json']);
    assert.equal(await readFile(join(release, 'node_modules', 'local-lib', 'dist', 'index.js'), 'utf8'), 'export const built = true;\n');
  });

  it('a linked package that is not built and has no build script', async () => {
    const dir = await withUnbuiltLib({});
    const run = await runFw(['release'], { cwd: dir });
    assert.deepEqual(run, {
      code: 1,
      stdout: lines('No priv/schemas: the OpenAPI files are not regenerated', 'No build script in package.json: the code is released as it is'),
      stderr:
        `fw: FW_CLI_ERR_RELEASE_UNBUILT_PACKAGE: local-lib (linked from ${join(dir, 'local-lib')}) lacks dist/index.js, named by its package.json, ` +
        'and it has no build script to make them; build it, then run fw release again\n',
    });
  });

  it('a linked package whose build does not make its entry', async () => {
    const dir = await withUnbuiltLib({ build: 'echo nothing to do' });
    const run = await runFw(['release'], { cwd: dir });
    assert.equal(run.code, 1);
    assert.equal(
      run.stderr,
      `fw: FW_CLI_ERR_RELEASE_UNBUILT_PACKAGE: local-lib (linked from ${join(dir, 'local-lib')}) lacks dist/index.js, named by its package.json, ` +
        'and its npm run build did not make them; build it, then run fw release again\n',
    );
  });

  it('a linked package when npm cannot be run to list its files', async () => {
    const dir = await copyWild({ dependencies: { 'local-lib': 'file:./local-lib' } });
    await mkdir(join(dir, 'local-lib'));
    await writeFile(join(dir, 'local-lib', 'package.json'), JSON.stringify({ name: 'local-lib', version: '1.0.0' }));
    await mkdir(join(dir, 'node_modules'));
    await symlink(join(dir, 'local-lib'), join(dir, 'node_modules', 'local-lib'));
    const run = await runFw(['release'], { cwd: dir, env: { PATH: join(dir, 'no-bin') } });
    assert.deepEqual(run, {
      code: 1,
      stdout: lines('No priv/schemas: the OpenAPI files are not regenerated', 'No build script in package.json: the code is released as it is'),
      stderr: `fw: FW_CLI_ERR_RELEASE_PACK_FAILED: npm pack --dry-run in ${join(dir, 'local-lib')} failed: spawn npm ENOENT\n`,
    });
  });
});
