/**
 * An ESM TypeScript app on the packed fw-core in the setups authors use (docs/applications-reference.md, "Module
 * systems and bundlers"): tsc with `module: nodenext` builds it, tsc with `moduleResolution: bundler` type-checks it,
 * and Node runs its .ts directly (type stripping). Each run serves on port 0, answers, checks a JSON Schema body with
 * ajv and exports its spans and metrics to an OTLP receiver on loopback.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { appSource, assertShippedAppRuns } from './support/shipped-app.ts';
import { assertTypeChecks, shippedProject } from './support/shipped-project.ts';

describe('an ESM TypeScript app on the packed fw-core', () => {
  let packDir: string;
  let project: string;
  before(async () => {
    packDir = await mkdtemp(join(tmpdir(), 'fw-ts-pack-'));
    project = await shippedProject('module', packDir);
    await mkdir(join(project, 'src'));
    await writeFile(join(project, 'src', 'app.ts'), appSource({ modules: 'import', schema: 'json-schema' }));
  });
  after(async () => {
    for (const dir of [packDir, project]) await rm(dir, { recursive: true, force: true });
  });

  it('builds with tsc (module nodenext) and serves', { timeout: 120_000 }, async () => {
    await assertTypeChecks(project, 'tsconfig.json', { module: 'nodenext', rootDir: 'src', outDir: 'dist' });
    await assertShippedAppRuns([join('dist', 'app.js')], project);
  });

  it('type-checks with moduleResolution bundler', { timeout: 120_000 }, async () => {
    await assertTypeChecks(project, 'tsconfig.bundler.json', { module: 'esnext', moduleResolution: 'bundler', noEmit: true });
  });

  it("serves from its .ts source with Node's type stripping", { timeout: 120_000 }, async () => {
    await assertShippedAppRuns([join('src', 'app.ts')], project);
  });
});
