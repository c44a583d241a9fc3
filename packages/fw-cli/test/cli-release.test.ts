/**
 * `fw release`: on a copy of the blog, regenerates priv/assets (spec, page, Swagger UI assets),
 * builds, assembles _build/prod/rel/blog and its tarball and prints each step. The tarball,
 * unpacked outside the repository, starts from its bin/ script and serves /heartbeat and the
 * docs with the assets from the release itself. Release failures are coded errors.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { extract } from 'tar';
import { assertSucceeded, BLOG_DIR, cleanEnv, FIXTURES, lines, runFw } from './support/run-fw.ts';
import { startApp } from './support/start-app.ts';
import { copyApp, copyBlog, osTempDir, removeTempDirs, repoTempDir } from './support/temp-app.ts';

after(removeTempDirs);

describe('fw release of the blog', () => {
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

    const unpacked = await osTempDir();
    await extract({ file: join(dir, '_build', 'prod', 'rel', 'blog-0.1.0.tar.gz'), cwd: unpacked });
    const home = join(unpacked, 'blog');
    const env = cleanEnv({ NODE: process.execPath, PORT: '0', METRICS_PORT: '0', OTEL_SDK_DISABLED: 'true', BLOG_STORE: 'memory', BLOG_ALLOW_MEMORY_STORE: 'true', BLOG_API_TOKEN: 'release-test-token-0123456789' });
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
      assert.deepEqual(Object.keys(spec.paths), ['/api/posts', '/api/posts/{id}', '/login', '/heartbeat']);
      const write = await fetch(`${app.url}/api/posts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"title":"t","body":"b"}' });
      assert.equal(write.status, 401, 'prod guards writes');
    } finally {
      assert.equal(await app.stop(), 0);
    }
  });
});

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
