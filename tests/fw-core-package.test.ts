/**
 * fw-core is publishable: `npm pack` it, install the tarball into a project outside the
 * workspace, start a server from the installed package and request a route, on this Node and
 * on the oldest Node its `engines` allows (issue 15, item 2: engines say what it really needs;
 * that Node comes from packages/fw-core/test/support/lowest-node.ts, the test is skipped without it).
 */
import assert from 'node:assert/strict';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { enginesNode, lowestNode } from '../packages/fw-core/test/support/lowest-node.ts';
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

/** Starts main.mjs of `project` with `node`; resolves to the server's URL and the child. */
async function startConsumer(node: string, project: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(node, ['main.mjs'], { cwd: project, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await new Promise<string>((resolveUrl, reject) => {
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolveUrl(out.trim());
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`consumer exited ${code}: ${err}`)));
  });
  return { url, child };
}

describe('fw-core package', () => {
  const dirs: string[] = [];
  let project: string;
  let engines: string;
  before(async () => {
    const packDir = await mkdtemp(join(tmpdir(), 'fw-pack-'));
    project = await mkdtemp(join(tmpdir(), 'fw-consumer-'));
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
    engines = JSON.parse(await readFile(join(project, 'node_modules', 'fw-core', 'package.json'), 'utf8')).engines.node;
  });
  after(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('installs from its npm pack tarball outside the workspace and serves a route', { timeout: 120_000 }, async () => {
    const { url, child } = await startConsumer(process.execPath, project);
    try {
      const res = await fetch(`${url}/hello/w%C3%B6rld`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { hello: 'wörld' });
    } finally {
      child.kill('SIGTERM');
    }
  });

  it('routes and serves on the oldest Node its engines allow', { timeout: 120_000 }, async (t) => {
    assert.equal(engines, enginesNode(), 'the tarball says what the workspace says');
    const { version, binary: node, missing } = lowestNode();
    if (node === undefined) return t.skip(missing);
    assert.equal((await run(node, ['--version'])).stdout.trim(), `v${version}`);
    const { url, child } = await startConsumer(node, project);
    try {
      const res = await fetch(`${url}/hello/w%C3%B6rld`);
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { hello: 'wörld' });
      assert.equal((await fetch(`${url}/hello/x`, { method: 'POST' })).status, 405);
      assert.equal((await fetch(`${url}/nowhere`)).status, 404);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
