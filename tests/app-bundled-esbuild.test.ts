/**
 * An fw app bundled into one file with esbuild, as an app author ships one (docs/applications-reference.md,
 * "Module systems and bundlers"): the packed fw-core, the OpenTelemetry peers of docs/telemetry.md and zod are
 * installed in a project outside the workspace, the app (routes, a zod body schema, fw_request_plugin, withTelemetry)
 * is bundled to ESM and to CommonJS, and each bundle runs from a folder with no node_modules on port 0: it answers,
 * checks the body, and exports its spans and metrics to an OTLP receiver on loopback.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { startOtlpReceiver, type OtlpReceiver } from '../packages/fw-core/test/support/otel-receiver.ts';
import { cleanEnv } from '../packages/fw-cli/test/support/run-fw.ts';
import { installOffline, packWorkspace, REPO } from './support/packed-project.ts';

/** The app: no top-level await, so one source bundles to both formats. */
const APP = `
import { defineApp, json, route, startServer } from 'fw-core';
import { withTelemetry } from 'fw-core/otel';
import * as z from 'zod';

const routes = [
  route({ path: '/hello/:name', methods: ['get'], handler: (req) => json({ hello: req.bindings.name }) }),
  route({ path: '/notes', methods: ['post'], schema: { body: z.object({ text: z.string().min(1) }) }, handler: (req) => json({ text: req.body.text }, 201) }),
] as const;
const app = withTelemetry(defineApp({ name: 'bundled', router: { name: 'bundled_router', routes: () => [{ prefix: '', security: false, routes }] } }));

void startServer({
  app,
  config: { server_configuration: { host: '127.0.0.1' }, plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
  env: { ...process.env, PORT: '0', LOG_LEVEL: 'warn' },
}).then((server) => {
  process.stdout.write(server.url + '\\n');
  process.once('SIGTERM', () => void server.stop().then(() => process.exit(0)));
});
`;

/** Runs `file` with Node in `cwd` until it prints its URL; resolves to the URL and a stop that awaits its exit. */
async function startBundle(file: string, cwd: string, env: Record<string, string>): Promise<{ url: string; stop: () => Promise<string> }> {
  const child = spawn(process.execPath, [file], { cwd, env: cleanEnv(env), stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve(stdout.trim());
    });
    void exited.then((code) => reject(new Error(`the bundle exited ${code} before listening: ${stderr}`)));
  });
  return {
    url,
    stop: async () => {
      child.kill('SIGTERM');
      assert.equal(await exited, 0, stderr);
      return stderr;
    },
  };
}

describe('an fw app bundled with esbuild, run where no node_modules is', () => {
  let packDir: string;
  let project: string;
  let runDir: string;
  before(async () => {
    packDir = await mkdtemp(join(tmpdir(), 'fw-bundle-pack-'));
    project = await mkdtemp(join(tmpdir(), 'fw-bundle-project-'));
    runDir = await mkdtemp(join(tmpdir(), 'fw-bundle-run-'));
    const peers = JSON.parse(await readFile(join(REPO, 'packages', 'fw-core', 'package.json'), 'utf8')).peerDependencies as Record<string, string>;
    const otel = Object.entries(peers).filter(([name]) => name.startsWith('@opentelemetry/'));
    const zod = JSON.parse(await readFile(join(REPO, 'package.json'), 'utf8')).devDependencies.zod as string;
    const dependencies = { 'fw-core': '0.1.0', zod, ...Object.fromEntries(otel) };
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'bundled', private: true, type: 'module', dependencies }));
    await writeFile(join(project, 'app.ts'), APP);
    await installOffline(project, { 'fw-core': await packWorkspace('fw-core', packDir) });
    assert.throws(() => createRequire(join(runDir, 'main.js')).resolve('fw-core'), { code: 'MODULE_NOT_FOUND' }, 'nothing is installed where the bundle runs');
  });
  after(async () => {
    for (const dir of [packDir, project, runDir]) await rm(dir, { recursive: true, force: true });
  });

  for (const format of ['esm', 'cjs'] as const) {
    it(`answers and exports its telemetry as one ${format} file`, { timeout: 120_000 }, async () => {
      const file = join(runDir, format === 'esm' ? 'app.mjs' : 'app.cjs');
      const built = await build({ absWorkingDir: project, entryPoints: ['app.ts'], bundle: true, platform: 'node', target: 'node22', format, outfile: file, logLevel: 'silent' });
      assert.deepEqual(built.errors, []);
      const receiver: OtlpReceiver = await startOtlpReceiver();
      try {
        const app = await startBundle(file, runDir, { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '50' });
        const hello = await fetch(`${app.url}/hello/w%C3%B6rld`);
        assert.deepEqual([hello.status, await hello.json()], [200, { hello: 'wörld' }]);
        const post = (text: string) => fetch(`${app.url}/notes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text }) });
        const created = await post('hi');
        assert.deepEqual([created.status, await created.json()], [201, { text: 'hi' }]);
        const refused = await post('');
        assert.equal(refused.status, 400);
        assert.equal(((await refused.json()) as { error: string }).error, 'invalid body');
        // The stop flushes: the spans of the three requests and the final metrics push.
        assert.equal(await app.stop(), '');
        const spans = receiver.spans.filter((span) => span.kind === 'SPAN_KIND_SERVER').map((span) => `${span.name} ${span.attributes['http.response.status_code']}`);
        assert.deepEqual(spans.sort(), ['GET /hello/:name 200', 'POST /notes 201', 'POST /notes 400']);
        const duration = receiver.metrics.filter((m) => m.name === 'http.server.request.duration').at(-1);
        assert.equal(duration?.points.reduce((sum, point) => sum + (point.count ?? 0), 0), 3);
      } finally {
        await receiver.close();
      }
    });
  }
});
