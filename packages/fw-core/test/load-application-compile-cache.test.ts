/**
 * loadApplication turns Node's module compile cache on before it imports the app module, so from
 * the second start on a server loads its app's modules (TypeScript already stripped) and ajv
 * compiled (bench/startup.bench.ts); under coverage (NODE_V8_COVERAGE) it leaves the cache off.
 * A child process loads an app and reports module.getCompileCacheDir() before and after.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';

const SRC = join(import.meta.dirname, '..', 'src');
const script = `
  import { getCompileCacheDir } from 'node:module';
  import { loadApplication } from ${JSON.stringify(pathToFileURL(join(SRC, 'app', 'load-application.ts')).href)};
  const before = getCompileCacheDir() ?? null;
  await loadApplication({ appDir: process.cwd(), config: {} });
  console.log(JSON.stringify({ before, after: getCompileCacheDir() ?? null }));
`;

const dirs: string[] = [];
after(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

/** The compile cache directory before and after loadApplication imports app.mjs, in a child whose temporary directory is a fresh one. */
async function cacheDirs(env: NodeJS.ProcessEnv): Promise<{ tmp: string; before: string | null; after: string | null }> {
  const tmp = await mkdtemp(join(tmpdir(), 'fw-compile-cache-'));
  dirs.push(tmp);
  await writeFile(join(tmp, 'package.json'), JSON.stringify({ type: 'module', fw: { app: './app.mjs' } }));
  await writeFile(join(tmp, 'app.mjs'), "export default { name: 'cached', router: { name: 'cached_router', routes: () => [] } };\n");
  const { NODE_V8_COVERAGE: _coverage, NODE_COMPILE_CACHE: _cache, NODE_DISABLE_COMPILE_CACHE: _disabled, ...inherited } = process.env;
  // Node hands a child the parent's NODE_V8_COVERAGE (npm run coverage) unless the env names it: named, and undefined, it is left out.
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { cwd: tmp, env: { ...inherited, NODE_V8_COVERAGE: undefined, TMPDIR: tmp, ...env } });
  return { tmp, ...(JSON.parse(stdout) as { before: string | null; after: string | null }) };
}

describe('loadApplication and Node\'s compile cache', () => {
  it('turns the cache on, in the default directory, which holds the app module compiled once the process exits', async () => {
    const { tmp, before, after } = await cacheDirs({});
    assert.equal(before, null);
    // Node's default directory, in its subdirectory for this Node version and build.
    assert.equal(dirname(after ?? ''), join(tmp, 'node-compile-cache'));
    assert.match(basename(after!), new RegExp(`^v${process.versions.node}-${process.arch}-`));
    assert.ok((await readdir(after!)).length > 0, 'app.mjs was not cached');
  });

  it('leaves it off under coverage (NODE_V8_COVERAGE)', async () => {
    const coverage = await mkdtemp(join(tmpdir(), 'fw-compile-cache-coverage-'));
    dirs.push(coverage);
    const { before, after } = await cacheDirs({ NODE_V8_COVERAGE: coverage });
    assert.deepEqual([before, after], [null, null]);
  });
});
