/**
 * `fw release` of an app that runs its TypeScript directly (tsconfig.json with `noEmit`, no
 * `outDir`, `node src/main.ts`): the release ships the .ts sources as they run, and its tarball,
 * unpacked outside the repository, starts from bin/blog on Node 24 and answers requests.
 */
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { extract } from 'tar';
import { assertSucceeded, cleanEnv, runFw } from './support/run-fw.ts';
import { startApp } from './support/start-app.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';
import { copyTsDirectBlog } from './support/ts-direct-blog.ts';

after(removeTempDirs);

it('releases the .ts sources of a TypeScript-direct app, and the release serves', async () => {
  const dir = await copyTsDirectBlog();
  const run = await runFw(['release'], { cwd: dir });
  assertSucceeded(run);
  const out = run.stdout.split('\n');
  assert.deepEqual(out.slice(0, 5), [
    'No build script in package.json: the code is released as it is',
    'OpenAPI spec written to _build/prod/rel/blog/priv/assets/openapi.json',
    'Swagger UI written to _build/prod/rel/blog/priv/assets/swagger.html',
    'Swagger UI asset written to _build/prod/rel/blog/priv/assets/swagger-ui.css',
    'Swagger UI asset written to _build/prod/rel/blog/priv/assets/swagger-ui-bundle.js',
  ]);
  assert.equal(out[6], 'Release blog 0.1.0 (profile prod) written to _build/prod/rel/blog; start it with _build/prod/rel/blog/bin/blog');
  const release = join(dir, '_build', 'prod', 'rel', 'blog');
  assert.deepEqual((await readdir(release)).sort(), ['bin', 'fw.config.json', 'node_modules', 'package.json', 'priv', 'src']);
  assert.deepEqual((await readdir(join(release, 'src'))).sort(), (await readdir(join(dir, 'src'))).sort());
  assert.deepEqual((JSON.parse(await readFile(join(release, 'package.json'), 'utf8')) as { fw: unknown }).fw, { app: './src/app.ts' });
  assert.match(await readFile(join(release, 'bin', 'blog'), 'utf8'), /^exec "\$\{NODE:-node\}" src\/main\.ts "\$@"$/m);

  const unpacked = await osTempDir();
  await extract({ file: join(dir, '_build', 'prod', 'rel', 'blog-0.1.0.tar.gz'), cwd: unpacked });
  const env = cleanEnv({ NODE: process.execPath, PORT: '0', METRICS_PORT: '0', OTEL_SDK_DISABLED: 'true', BLOG_STORE: 'memory', BLOG_ALLOW_MEMORY_STORE: 'true', BLOG_API_TOKEN: 'release-test-token-0123456789' });
  const app = await startApp(join(unpacked, 'blog', 'bin', 'blog'), [], unpacked, env);
  try {
    const heartbeat = await fetch(`${app.url}/heartbeat`);
    assert.equal(heartbeat.status, 200);
    assert.deepEqual(await heartbeat.json(), { status: 'ok' });
    const posts = await fetch(`${app.url}/api/posts`);
    assert.equal(posts.status, 200);
    assert.equal((await fetch(`${app.url}/docs/openapi.json`)).status, 200);
  } finally {
    assert.equal(await app.stop(), 0);
  }
});
