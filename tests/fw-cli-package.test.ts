/**
 * fw-cli as npm users get it (issue 15, items 2 and 3): its `npm pack` tarball, installed with
 * fw-core's in an empty project outside the workspace (tests/support/packed-project.ts), brings
 * no install-time script into the tree (swagger-ui-dist pulled @scarf/scarf's analytics
 * postinstall; fw-cli now vendors Swagger UI), serves the offline Swagger UI from its vendored
 * copy, exports fw-cli/swagger-ui, whose route serves the same files from the running app (issue
 * 38, item 12), and its bin, run by a Node older than it needs, says so in one line and exits 1.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import { olderNode } from '../packages/fw-cli/test/support/older-node.ts';
import { cleanEnv, runNode } from '../packages/fw-cli/test/support/run-fw.ts';
import { installOffline, packWorkspace, REPO } from './support/packed-project.ts';

const run = promisify(execFile);
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall'] as const;

/** Every package.json under node_modules (scoped and nested ones too), as [folder, manifest]. */
async function installedPackages(nodeModules: string): Promise<[string, Record<string, any>][]> {
  const found: [string, Record<string, any>][] = [];
  for (const entry of await readdir(nodeModules, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const dirs = entry.name.startsWith('@') ? (await readdir(join(nodeModules, entry.name))).map((name) => join(nodeModules, entry.name, name)) : [join(nodeModules, entry.name)];
    for (const dir of dirs) {
      found.push([dir, JSON.parse(await readFile(join(dir, 'package.json'), 'utf8'))]);
      if (existsSync(join(dir, 'node_modules'))) found.push(...(await installedPackages(join(dir, 'node_modules'))));
    }
  }
  return found;
}

describe('fw-cli installed from its tarball', () => {
  let packDir: string;
  let project: string;
  before(async () => {
    packDir = await mkdtemp(join(tmpdir(), 'fw-cli-pack-'));
    project = await mkdtemp(join(tmpdir(), 'fw-cli-consumer-'));
    const tarballs = { 'fw-core': await packWorkspace('fw-core', packDir), 'fw-cli': await packWorkspace('fw-cli', packDir) };
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module', devDependencies: { 'fw-cli': '0.1.0' } }));
    await installOffline(project, tarballs);
  });
  after(async () => {
    await rm(project, { recursive: true, force: true });
    await rm(packDir, { recursive: true, force: true });
  });

  it('brings no package with an install script into the tree, and no @scarf/scarf', async () => {
    const installed = await installedPackages(join(project, 'node_modules'));
    assert.ok(installed.some(([, manifest]) => manifest.name === 'yargs'), 'the walk sees fw-cli\'s dependencies');
    const withScripts = installed.filter(([, manifest]) => INSTALL_SCRIPTS.some((script) => manifest.scripts?.[script] !== undefined)).map(([, manifest]) => `${manifest.name}@${manifest.version}`);
    assert.deepEqual(withScripts, []);
    assert.deepEqual(installed.filter(([, manifest]) => manifest.name === '@scarf/scarf' || manifest.name === 'swagger-ui-dist').map(([dir]) => dir), []);
  });

  it('writes the offline Swagger UI from its vendored copy', async () => {
    const app = join(project, 'app');
    await cp(join(REPO, 'packages', 'fw-cli', 'test', 'fixtures', 'schemas-app'), app, { recursive: true });
    const fw = join(project, 'node_modules', 'fw-cli', 'bin', 'fw.js');
    const result = await runNode([fw, 'openapi', '--offline'], app, cleanEnv());
    assert.equal(result.code, 0, result.stderr);
    for (const asset of ['swagger-ui.css', 'swagger-ui-bundle.js']) {
      assert.ok((await readFile(join(app, asset))).equals(await readFile(join(REPO, 'packages', 'fw-cli', 'vendor', 'swagger-ui-dist', asset))), `${asset} is the vendored file`);
    }
  });

  it('exports fw-cli/swagger-ui, whose route serves the document, page and vendored assets from the installed package', async () => {
    const app = join(project, 'tasks');
    await cp(join(REPO, 'packages', 'fw-cli', 'test', 'fixtures', 'swagger-ui-app'), app, { recursive: true });
    const fw = join(project, 'node_modules', 'fw-cli', 'bin', 'fw.js');
    assert.equal((await runNode([fw, 'openapi', '--offline'], app, cleanEnv())).code, 0);
    // The app resolves fw-core and fw-cli/swagger-ui from the project's node_modules, as a user's does.
    const serve = `
      import { startServer } from 'fw-core';
      const server = await startServer({ appDir: '.', env: { PORT: '0', LOG_LEVEL: 'error' } });
      const answers = {};
      for (const name of ['', 'openapi.json', 'swagger-ui.css', 'swagger-ui-bundle.js']) {
        const answer = await fetch(server.url + '/docs/' + name);
        answers[name] = { status: answer.status, type: answer.headers.get('content-type'), body: Buffer.from(await answer.arrayBuffer()).toString('base64') };
      }
      await server.stop();
      process.stdout.write(JSON.stringify(answers));`;
    const result = await runNode(['--input-type=module', '-e', serve], app, cleanEnv());
    assert.equal(result.code, 0, result.stderr);
    const answers = JSON.parse(result.stdout) as Record<string, { status: number; type: string; body: string }>;
    const files = { '': 'swagger.html', 'openapi.json': 'openapi.json', 'swagger-ui.css': 'swagger-ui.css', 'swagger-ui-bundle.js': 'swagger-ui-bundle.js' };
    for (const [name, file] of Object.entries(files)) {
      assert.equal(answers[name]!.status, 200, name);
      assert.ok(Buffer.from(answers[name]!.body, 'base64').equals(await readFile(join(app, file))), `/docs/${name} is the ${file} fw openapi --offline writes`);
    }
    assert.ok(existsSync(join(project, 'node_modules', 'fw-cli', 'dist', 'swagger-ui.d.ts')), 'its types are packed');
  });

  it('run by a Node older than 24, says what it needs and what it found, and exits 1', async (t) => {
    const old = await olderNode();
    if (old === undefined) return t.skip('no Node older than 24 on this machine (PATH, /usr/bin, /usr/local/bin)');
    const { engines } = JSON.parse(await readFile(join(project, 'node_modules', 'fw-cli', 'package.json'), 'utf8'));
    assert.equal(engines.node, '>=24', 'the bin checks the floor fw-cli\'s engines give');
    const bin = join(project, 'node_modules', '.bin', 'fw');
    const current = await runNode([bin, '--version'], project, cleanEnv());
    assert.deepEqual([current.code, current.stdout], [0, '0.1.0\n'], 'on this Node it runs');
    const result = await run(old.path, [bin, '--version'], { cwd: project }).then(
      () => assert.fail('fw exited 0 on an older Node'),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    assert.equal(result.code, 1);
    assert.equal(result.stdout, '');
    assert.equal(
      result.stderr,
      `fw: needs Node.js 24 or later, found ${old.version} (${old.path}); install Node.js 24 (https://nodejs.org, or \`nvm install 24\`) and run fw with it\n`,
    );
  });

  it('run by a Node older than 24 in a project that installs its own Node (node@24), says to run it through npx', async (t) => {
    const old = await olderNode();
    if (old === undefined) return t.skip('no Node older than 24 on this machine (PATH, /usr/bin, /usr/local/bin)');
    // What the node package installs: node_modules/.bin/node, the Node npx and npm scripts run.
    const own = join(project, 'node_modules', '.bin', 'node');
    assert.ok(!existsSync(own), 'the project installs no node package of its own yet');
    await symlink(process.execPath, own);
    try {
      const result = await run(old.path, [join(project, 'node_modules', '.bin', 'fw'), '--version'], { cwd: project }).then(
        () => assert.fail('fw exited 0 on an older Node'),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
      assert.deepEqual([result.code, result.stdout], [1, '']);
      assert.equal(
        result.stderr,
        `fw: needs Node.js 24 or later, found ${old.version} (${old.path}); this project installs its own Node.js (the node package): run \`npx fw\`, or fw from an npm script, which use it\n`,
      );
    } finally {
      await rm(own);
    }
  });
});
