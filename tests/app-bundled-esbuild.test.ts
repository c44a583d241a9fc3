/**
 * An fw app bundled into one file with esbuild, as an app author ships one (docs/applications-reference.md,
 * "Module systems and bundlers"): the packed fw-core, the OpenTelemetry peers of docs/telemetry.md, the b3
 * propagator, ajv and zod are installed in a project outside the workspace (tests/support/shipped-project.ts), the
 * app (routes, a JSON Schema body, fw_request_plugin, withTelemetry) is bundled to ESM and to CommonJS, and each
 * bundle runs from a folder with no node_modules on port 0 under OTEL_PROPAGATORS=b3: it answers, checks the body
 * with ajv, joins a b3 header's trace, and exports its spans and metrics to an OTLP receiver. Bundled where ajv is
 * not installed, the app still builds: a Standard Schema app runs, and a JSON Schema one says to install ajv.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { build } from 'esbuild';
import { appSource, assertShippedAppRuns, type AppSourceOptions } from './support/shipped-app.ts';
import { shippedProject } from './support/shipped-project.ts';

/** ajv's issue for the empty `text` the app's JSON Schema refuses. */
const AJV_DETAILS = [{ path: '/text', keyword: 'minLength', message: 'must NOT have fewer than 1 characters', params: { limit: 1 } }];

describe('an fw app bundled with esbuild, run where no node_modules is', () => {
  let packDir: string;
  let project: string;
  let runDir: string;
  before(async () => {
    packDir = await mkdtemp(join(tmpdir(), 'fw-bundle-pack-'));
    project = await shippedProject('module', packDir, ['@opentelemetry/propagator-b3']);
    runDir = await mkdtemp(join(tmpdir(), 'fw-bundle-run-'));
    assert.throws(() => createRequire(join(runDir, 'main.js')).resolve('fw-core'), { code: 'MODULE_NOT_FOUND' }, 'nothing is installed where the bundle runs');
  });
  after(async () => {
    for (const dir of [packDir, project, runDir]) await rm(dir, { recursive: true, force: true });
  });

  /** Bundles `source` from the project into runDir's `name` and resolves to its path; the build reports no error. */
  const bundle = async (source: AppSourceOptions, format: 'esm' | 'cjs', name: string) => {
    await writeFile(join(project, 'app.ts'), appSource(source));
    const file = join(runDir, name);
    const built = await build({ absWorkingDir: project, entryPoints: ['app.ts'], bundle: true, platform: 'node', target: 'node22', format, outfile: file, logLevel: 'silent' });
    assert.deepEqual(built.errors, []);
    return file;
  };

  for (const format of ['esm', 'cjs'] as const) {
    it(`answers, checks a JSON Schema body with ajv, joins a b3 trace and exports its telemetry as one ${format} file`, { timeout: 120_000 }, async () => {
      const file = await bundle({ modules: 'import', schema: 'json-schema' }, format, format === 'esm' ? 'app.mjs' : 'app.cjs');
      await assertShippedAppRuns([file], runDir, { details: AJV_DETAILS, b3: true });
    });
  }

  it('builds where ajv is not installed: a zod app runs, a JSON Schema app stops naming ajv', { timeout: 120_000 }, async () => {
    const hidden = ['ajv', 'ajv-formats'].map((name) => [join(project, 'node_modules', name), join(project, `hidden-${name}`)] as const);
    for (const [from, to] of hidden) await rename(from, to);
    try {
      await assertShippedAppRuns([await bundle({ modules: 'import', schema: 'zod' }, 'esm', 'zod-app.mjs')], runDir);
      const jsonSchemaApp = await bundle({ modules: 'import', schema: 'json-schema' }, 'esm', 'ajv-app.mjs');
      await assert.rejects(assertShippedAppRuns([jsonSchemaApp], runDir), /FW_ERR_SCHEMA_AJV_MISSING.*a route declares options\.schema but ajv is not installed: run `npm install ajv ajv-formats`/s);
    } finally {
      for (const [from, to] of hidden) await rename(to, from);
    }
  });
});
