/**
 * What npm users get (issue 15, item 1): each publishable package's `npm pack` tarball has its
 * README and LICENSE, its package.json says where the repository, home page and issue tracker
 * are, and no shipped file points at a source map that is not shipped with it. The maps that
 * are shipped carry their TypeScript inside (`inlineSources`), since `src/` is not shipped.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, posix } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { packWorkspace } from './support/packed-project.ts';

const run = promisify(execFile);
const REPOSITORY = 'https://github.com/fw-framework/fw';

describe('the published tarballs', { concurrency: true }, () => {
  let packDir: string;
  let unpacked: string;
  before(async () => {
    packDir = await mkdtemp(join(tmpdir(), 'fw-tarballs-'));
    unpacked = await mkdtemp(join(tmpdir(), 'fw-tarballs-unpacked-'));
  });
  after(async () => {
    await rm(packDir, { recursive: true, force: true });
    await rm(unpacked, { recursive: true, force: true });
  });

  for (const name of ['fw-core', 'fw-cli']) {
    describe(name, () => {
      let files: string[];
      let root: string;
      before(async () => {
        // One folder each: packWorkspace finds its tarball as the folder's new file.
        await mkdir(join(packDir, name));
        const tarball = await packWorkspace(name, join(packDir, name));
        root = join(unpacked, name);
        await mkdir(root);
        await run('tar', ['-xzf', tarball, '-C', root]);
        files = (await run('tar', ['-tzf', tarball])).stdout.split('\n').filter(Boolean).map((file) => file.replace(/^package\//, ''));
      });

      it('ships README.md and LICENSE (MIT)', async () => {
        assert.ok(files.includes('README.md'), 'README.md is in the tarball');
        assert.ok(files.includes('LICENSE'), 'LICENSE is in the tarball');
        assert.match(await readFile(join(root, 'package', 'LICENSE'), 'utf8'), /^MIT License\n/);
      });

      it('names the repository, home page and issue tracker', async () => {
        const manifest = JSON.parse(await readFile(join(root, 'package', 'package.json'), 'utf8'));
        assert.deepEqual(manifest.repository, { type: 'git', url: `git+${REPOSITORY}.git`, directory: `packages/${name}` });
        assert.equal(manifest.homepage, `${REPOSITORY}/tree/main/packages/${name}#readme`);
        assert.deepEqual(manifest.bugs, { url: `${REPOSITORY}/issues` });
      });

      it('links the documentation with real URLs in its README', async () => {
        const readme = await readFile(join(root, 'package', 'README.md'), 'utf8');
        assert.ok(readme.includes(`(${REPOSITORY}/tree/main/docs)`), 'the README links the docs folder');
      });

      it('ships every source map a shipped file points at, with the TypeScript inside', async () => {
        const shipped = new Set(files);
        const pointing = files.filter((file) => /\.(js|d\.ts)$/.test(file) && !file.startsWith('vendor/'));
        assert.ok(pointing.length > 10, 'the tarball has built files');
        for (const file of pointing) {
          const text = await readFile(join(root, 'package', file), 'utf8');
          for (const [, url] of text.matchAll(/^\/\/# sourceMappingURL=(\S+)$/gm)) {
            const map = posix.join(posix.dirname(file), url!);
            assert.ok(shipped.has(map), `${file} points at ${map}, which is not shipped`);
            const { sources, sourcesContent } = JSON.parse(await readFile(join(root, 'package', map), 'utf8'));
            assert.equal(sourcesContent?.length, sources.length, `${map} carries its sources`);
          }
        }
        assert.deepEqual(files.filter((file) => file.endsWith('.d.ts.map')), [], 'no declaration maps: they would point at src/, which is not shipped');
      });
    });
  }
});
