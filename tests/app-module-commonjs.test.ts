/**
 * A CommonJS app (`"type": "commonjs"`) on fw-core, which is ESM only: Node 24 loads it with require()
 * (docs/applications-reference.md, "Module systems and bundlers"). The packed fw-core is installed outside the
 * workspace with its peers; the app, written with require() in JavaScript and with import in TypeScript that tsc
 * (`module: nodenext`) type-checks and compiles to require(), runs on port 0, answers, checks a JSON Schema body with
 * ajv and exports its spans and metrics to an OTLP receiver on loopback. TypeScript 5 under `module: commonjs`, whose
 * resolution (node10) reads no `exports`, finds every subpath's types through `typesVersions`.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO } from './support/packed-project.ts';
import { appSource, assertShippedAppRuns } from './support/shipped-app.ts';
import { assertTypeChecks, shippedProject, TSC_5 } from './support/shipped-project.ts';

/** A module that imports every subpath fw-core and fw-cli export, so that each must resolve with its types. */
async function everySubpath(): Promise<string> {
  const lines: string[] = [];
  for (const name of ['fw-core', 'fw-cli']) {
    const manifest = JSON.parse(await readFile(join(REPO, 'packages', name, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    for (const key of Object.keys(manifest.exports).filter((key) => key !== '.' && key !== './package.json')) {
      lines.push(`export * as m${lines.length} from '${name}/${key.slice(2)}';`);
    }
  }
  return `${lines.join('\n')}\n`;
}

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
    await mkdir(join(project, 'src'), { recursive: true });
    await writeFile(join(project, 'src', 'app.ts'), appSource({ modules: 'import', schema: 'json-schema' }));
    await assertTypeChecks(project, 'tsconfig.json', { module: 'nodenext', rootDir: 'src', outDir: 'dist' });
    assert.match(await readFile(join(project, 'dist', 'app.js'), 'utf8'), /= require\("fw-core"\);/);
    await assertShippedAppRuns([join('dist', 'app.js')], project);
  });

  it("type-checks with TypeScript 5's module commonjs (moduleResolution node10), every subpath fw-core and fw-cli export included", { timeout: 120_000 }, async () => {
    await mkdir(join(project, 'src'), { recursive: true });
    await writeFile(join(project, 'src', 'app.ts'), appSource({ modules: 'import', schema: 'json-schema' }));
    await writeFile(join(project, 'src', 'subpaths.ts'), await everySubpath());
    await assertTypeChecks(project, 'tsconfig.node10.json', { module: 'commonjs', noEmit: true }, TSC_5);
  });
});
