/**
 * A CommonJS app (`"type": "commonjs"`) on fw-core, which is ESM only: Node 24 loads it with require()
 * (docs/applications-reference.md, "Module systems and bundlers"). The packed fw-core is installed outside the
 * workspace with its peers; the app, written with require() in JavaScript and with import in TypeScript that tsc
 * (`module: nodenext`) type-checks and compiles to require(), runs on port 0, answers, checks a JSON Schema body with
 * ajv and exports its spans and metrics to an OTLP receiver on loopback.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { appSource, assertShippedAppRuns } from './support/shipped-app.ts';
import { assertTypeChecks, shippedProject } from './support/shipped-project.ts';

describe('a CommonJS app on the packed fw-core', () => {
  let packDir: string;
  let project: string;
  before(async () => {
    packDir = await mkdtemp(join(tmpdir(), 'fw-cjs-pack-'));
    project = await shippedProject('commonjs', packDir);
  });
  after(async () => {
    for (const dir of [packDir, project]) await rm(dir, { recursive: true, force: true });
  });

  it('loads fw-core and fw-core/otel with require() and serves', { timeout: 120_000 }, async () => {
    await writeFile(join(project, 'app.js'), appSource({ modules: 'require', schema: 'json-schema' }));
    await assertShippedAppRuns(['app.js'], project);
  });

  it('type-checks with tsc (module nodenext), which compiles its imports to require(), and serves', { timeout: 120_000 }, async () => {
    await mkdir(join(project, 'src'));
    await writeFile(join(project, 'src', 'app.ts'), appSource({ modules: 'import', schema: 'json-schema' }));
    await assertTypeChecks(project, 'tsconfig.json', { module: 'nodenext', rootDir: 'src', outDir: 'dist' });
    assert.match(await readFile(join(project, 'dist', 'app.js'), 'utf8'), /= require\("fw-core"\);/);
    await assertShippedAppRuns([join('dist', 'app.js')], project);
  });
});
