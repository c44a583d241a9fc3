/**
 * `fw openapi --output` and `--types` naming a path fw cannot write to. Before, `--output DIR`
 * failed with a raw EISDIR naming a temporary file, an output below a file with mkdir's EEXIST,
 * a `--types` directory after openapi.json had been written, an output under /proc hung for good
 * (Node's recursive mkdir loops there), and a FIFO or a device (`--output /dev/stdout` run as root)
 * was replaced by a regular file. Now each is one FW_CLI_ERR_OUTPUT line, exit 1, nothing written;
 * a symlink to a file keeps pointing at it.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { lstat, mkdir, readdir, readFile, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { assertSucceeded, FIXTURES, runFw } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

after(removeTempDirs);

const APP = join(FIXTURES, 'bodies-app');

function openapi(...args: string[]) {
  return runFw(['openapi', '--app', APP, ...args], { cwd: APP });
}

function assertOutputError(run: { code: number | null; stdout: string; stderr: string }, message: string): void {
  assert.deepEqual(run, { code: 1, stdout: '', stderr: `fw: FW_CLI_ERR_OUTPUT: ${message}\n` });
}

describe('fw openapi refuses an output path it cannot write, writing nothing', { concurrency: true }, () => {
  it('--output naming a directory', async () => {
    const dir = await osTempDir();
    assertOutputError(await openapi('--output', dir), `Cannot write the OpenAPI spec to ${dir}: it is a directory; name a file in it`);
    assert.deepEqual(await readdir(dir), []);
  });

  it('--output below a file', async () => {
    const dir = await osTempDir();
    await writeFile(join(dir, 'file'), 'x');
    const output = join(dir, 'file', 'docs', 'openapi.json');
    assertOutputError(await openapi('--output', output), `Cannot write the OpenAPI spec to ${output}: ${join(dir, 'file')} is a file, not a directory`);
    assert.deepEqual(await readdir(dir), ['file']);
  });

  it('--types naming a directory: not even the document is written', async () => {
    const dir = await osTempDir();
    await mkdir(join(dir, 'api.ts'));
    const types = join(dir, 'api.ts');
    assertOutputError(await openapi('--output', join(dir, 'openapi.json'), '--types', types), `Cannot write the TypeScript types to ${types}: it is a directory; name a file in it`);
    assert.deepEqual(await readdir(dir), ['api.ts']);
  });

  it('--output naming a FIFO: refused, not replaced by a regular file', async () => {
    const dir = await osTempDir();
    const fifo = join(dir, 'openapi.json');
    execFileSync('mkfifo', [fifo]);
    assertOutputError(await openapi('--output', fifo), `Cannot write the OpenAPI spec to ${fifo}: it is not a regular file (a device, a pipe or a socket, which fw would replace); name a file`);
    assert.equal((await lstat(fifo)).isFIFO(), true);
  });

  it('--output under /proc fails at once instead of hanging', { skip: !existsSync('/proc/self') && 'no /proc', timeout: 30_000 }, async () => {
    assertOutputError(await openapi('--output', '/proc/fw-no-such-dir/openapi.json'), 'Cannot write the OpenAPI spec to /proc/fw-no-such-dir/openapi.json: cannot create the directory /proc/fw-no-such-dir (ENOENT)');
  });

  it('--output naming a symlink to a file writes the file and keeps the link', async () => {
    const dir = await osTempDir();
    await mkdir(join(dir, 'real'));
    await writeFile(join(dir, 'real', 'spec.json'), '{}');
    await symlink(join(dir, 'real', 'spec.json'), join(dir, 'openapi.json'));
    assertSucceeded(await openapi('--output', join(dir, 'openapi.json'), '--no-ui'));
    assert.equal((await lstat(join(dir, 'openapi.json'))).isSymbolicLink(), true);
    assert.equal((JSON.parse(await readFile(join(dir, 'real', 'spec.json'), 'utf8')) as { openapi: string }).openapi, '3.0.3');
  });
});

// Before, each of these wrote one file over another, silently: the types over the document (or
// the page, or an asset), the page over a document named swagger.html.
describe('fw openapi refuses two of its files on one path, writing nothing', { concurrency: true }, () => {
  const cases: [string, (dir: string) => string[], (dir: string) => string][] = [
    ['--types naming the --output file', (dir) => ['--output', join(dir, 'api.json'), '--types', join(dir, 'api.json')], (dir) => `The TypeScript types would be written to ${join(dir, 'api.json')}, where fw writes the OpenAPI spec`],
    ['--types naming an --offline asset', (dir) => ['--output', join(dir, 'api.json'), '--offline', '--types', join(dir, 'swagger-ui.css')], (dir) => `The TypeScript types would be written to ${join(dir, 'swagger-ui.css')}, where fw writes the Swagger UI asset`],
    ['--output naming swagger.html', (dir) => ['--output', join(dir, 'swagger.html')], (dir) => `The Swagger UI would be written to ${join(dir, 'swagger.html')}, where fw writes the OpenAPI spec`],
  ];
  for (const [name, args, message] of cases) {
    it(name, async () => {
      const dir = await osTempDir();
      assert.deepEqual(await openapi(...args(dir)), {
        code: 1,
        stdout: '',
        stderr: `fw: FW_CLI_ERR_USAGE: ${message(dir)}; give it a path of its own\nRun 'fw openapi --help' for its flags.\n`,
      });
      assert.deepEqual(await readdir(dir), []);
    });
  }
});
