/**
 * fw-core is publishable: `npm pack` it, install the tarball into a project outside the
 * workspace, start a server from the installed package and request a route.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import { packWorkspace } from './support/packed-project.ts';

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const APP = `
import { defineApp, defineController, json, startServer } from 'fw-core';
const hello = defineController('hello_controller', { show: (req) => json({ hello: req.bindings.name }) });
const app = defineApp({ name: 'packaged', router: { name: 'packaged_router', routes: () => [
  { prefix: '', security: false, routes: [{ path: '/hello/:name', handler: hello.show, options: { methods: ['get'] } }] },
] } });
const server = await startServer({ appDir: process.cwd(), app, env: { PORT: '0', LOG_LEVEL: 'warn' } });
process.stdout.write(server.url + '\\n');
process.on('SIGTERM', () => server.stop().then(() => process.exit(0)));
`;

describe('fw-core package', () => {
  const dirs: string[] = [];
  after(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('installs from its npm pack tarball outside the workspace and serves a route', { timeout: 120_000 }, async () => {
    const packDir = await mkdtemp(join(tmpdir(), 'fw-pack-'));
    const project = await mkdtemp(join(tmpdir(), 'fw-consumer-'));
    dirs.push(packDir, project);
    const tarball = await packWorkspace('fw-core', packDir);
    const listing = (await run('tar', ['-tzf', tarball])).stdout.split('\n');
    assert.ok(listing.includes('package/dist/index.js'), 'the tarball has the built entry');
    assert.ok(listing.includes('package/dist/index.d.ts'), 'the tarball has declarations');
    assert.ok(!listing.some((f) => f.includes('/src/') || f.includes('/test/')), 'no sources or tests in the tarball');
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await writeFile(join(project, 'fw.config.json'), JSON.stringify({ fw: { bootstrap_application: 'packaged', server_configuration: { host: '127.0.0.1' } } }));
    await writeFile(join(project, 'main.mjs'), APP);
    await run(npm, ['install', '--no-audit', '--no-fund', '--offline', tarball], { cwd: project });
    const child = spawn(process.execPath, ['main.mjs'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const url = await new Promise<string>((resolveUrl, reject) => {
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolveUrl(out.trim());
        });
        child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
        child.once('exit', (code) => reject(new Error(`consumer exited ${code}: ${err}`)));
      });
      const res = await fetch(`${url}/hello/w%C3%B6rld`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { hello: 'wörld' });
    } finally {
      child.kill('SIGTERM');
    }
  });
});
