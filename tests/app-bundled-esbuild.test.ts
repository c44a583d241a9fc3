/**
 * An fw app bundled into one file with esbuild, as an app author ships one (docs/applications-reference.md,
 * "Module systems and bundlers"): the packed fw-core, the OpenTelemetry peers of docs/telemetry.md, the b3
 * propagator and zod are installed in a project outside the workspace (tests/support/shipped-project.ts), the app
 * (routes, a zod body schema, fw_request_plugin, withTelemetry) is bundled to ESM and to CommonJS, and each bundle
 * runs from a folder with no node_modules on port 0 under OTEL_PROPAGATORS=b3: it answers, checks the body, joins a
 * b3 header's trace, and exports its spans and metrics to an OTLP receiver.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { appSource, assertShippedAppRuns } from './support/shipped-app.ts';
import { shippedProject } from './support/shipped-project.ts';

describe('an fw app bundled with esbuild, run where no node_modules is', () => {
  let packDir: string;
  let project: string;
  let runDir: string;
  before(async () => {
    packDir = await mkdtemp(join(tmpdir(), 'fw-bundle-pack-'));
    project = await shippedProject('module', packDir, ['@opentelemetry/propagator-b3']);
    runDir = await mkdtemp(join(tmpdir(), 'fw-bundle-run-'));
    await writeFile(join(project, 'app.ts'), appSource({ modules: 'import', schema: 'zod' }));
    assert.throws(() => createRequire(join(runDir, 'main.js')).resolve('fw-core'), { code: 'MODULE_NOT_FOUND' }, 'nothing is installed where the bundle runs');
  });
  after(async () => {
    for (const dir of [packDir, project, runDir]) await rm(dir, { recursive: true, force: true });
  });

  for (const format of ['esm', 'cjs'] as const) {
    it(`answers, joins a b3 trace and exports its telemetry as one ${format} file`, { timeout: 120_000 }, async () => {
      const file = join(runDir, format === 'esm' ? 'app.mjs' : 'app.cjs');
      const built = await build({ absWorkingDir: project, entryPoints: ['app.ts'], bundle: true, platform: 'node', target: 'node22', format, outfile: file, logLevel: 'silent' });
      assert.deepEqual(built.errors, []);
      await assertShippedAppRuns([file], runDir, { b3: true });
    });
  }
});
