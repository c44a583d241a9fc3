/**
 * docs/cli.md and docs/configuration.md on the `fw` command and Node's compile cache: fw turns it on
 * (into `node-compile-cache` in the system's temporary directory, TMPDIR here),
 * NODE_DISABLE_COMPILE_CACHE=1 turns it off, and while NODE_V8_COVERAGE is set fw leaves it off,
 * since code read from the cache blurs V8's coverage (Node's module.enableCompileCache
 * documentation). Before, the command turned it on under coverage too: only fw-core's
 * loadApplication (the server's path) left it off. (NODE_COMPILE_CACHE is left unset: Node reads
 * it itself before fw runs, and turns the cache on whatever fw does.)
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BLOG_DIR, cleanEnv, FW, runNode } from '../packages/fw-cli/test/support/run-fw.ts';

/** `fw routes` on the blog with `env` over this process's (without its own NODE_* cache and coverage variables). */
async function routesWith(env: Record<string, string>): Promise<void> {
  const base = cleanEnv();
  for (const name of ['NODE_COMPILE_CACHE', 'NODE_DISABLE_COMPILE_CACHE', 'NODE_V8_COVERAGE', 'TMPDIR']) delete base[name];
  const run = await runNode([FW, 'routes'], BLOG_DIR, { ...base, ...env });
  assert.equal(run.code, 0, run.stderr);
}

describe("the fw command's compile cache", () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'fw-cli-compile-cache-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The cache directory fw fills when run with `env` and TMPDIR a directory of its own; undefined when it made none. */
  async function cacheOf(name: string, env: Record<string, string> = {}): Promise<string[] | undefined> {
    const tmp = join(dir, name);
    await mkdir(tmp);
    await routesWith({ TMPDIR: tmp, ...env });
    const cache = join(tmp, 'node-compile-cache');
    return existsSync(cache) ? readdir(cache) : undefined;
  }

  it("fills node-compile-cache in the system's temporary directory", async () => {
    assert.equal((await cacheOf('on'))?.length, 1);
  });

  it('stays off with NODE_DISABLE_COMPILE_CACHE=1', async () => {
    assert.equal(await cacheOf('disabled', { NODE_DISABLE_COMPILE_CACHE: '1' }), undefined);
  });

  it('stays off while NODE_V8_COVERAGE is set', async () => {
    assert.equal(await cacheOf('coverage', { NODE_V8_COVERAGE: join(dir, 'v8-coverage') }), undefined);
  });
});
