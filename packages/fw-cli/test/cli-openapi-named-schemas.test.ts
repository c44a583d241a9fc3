/**
 * `fw openapi` and the app's named schemas (issue 38, item 2): each `defineApp({schemas})` entry is
 * written once under components.schemas, route schemas referencing it (`{$ref: 'task'}`, or the
 * same object) become `$ref`s to it, and `--types` gives the client a named type. A named schema
 * that takes the name of fw's shared error schemas, or of a different priv/schemas file, stops
 * generation.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertSucceeded, FIXTURES, runFw } from './support/run-fw.ts';
import { copyApp, osTempDir, removeTempDirs, repoTempDir } from './support/temp-app.ts';

const APP = join(FIXTURES, 'named-schemas-app');
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

after(removeTempDirs);

/** The fixture's document (text and parsed) and its --types file, from one `fw openapi` run. */
async function generate(): Promise<{ text: string; document: Record<string, any>; types: string }> {
  const out = await osTempDir();
  assertSucceeded(await runFw(['openapi', '--app', APP, '--output', join(out, 'openapi.json'), '--types', join(out, 'api.ts')]));
  const text = await readFile(join(out, 'openapi.json'), 'utf8');
  return { text, document: JSON.parse(text), types: await readFile(join(out, 'api.ts'), 'utf8') };
}

describe('fw openapi with named schemas (named-schemas-app)', () => {
  let text: string;
  let document: Record<string, any>;
  let types: string;
  before(async () => ({ text, document, types } = await generate()));

  it('writes each named schema once under components.schemas, in the 3.0 dialect, its own references as $refs', () => {
    const { tag, task, newTask } = document.components.schemas;
    assert.deepEqual(tag, { type: 'string', minLength: 1 });
    assert.deepEqual(task.properties.tags, { type: 'array', items: ref('tag') });
    assert.deepEqual(task.properties.due, { type: 'string', nullable: true });
    assert.deepEqual(newTask.required, ['title']);
    // The task's fields are written once: in its component, nowhere in the paths.
    assert.equal(text.split('"readOnly"').length - 1, 1);
  });

  it('writes the routes referencing them, by name or by the same object, as $refs', () => {
    const tasks = document.paths['/tasks'];
    assert.deepEqual(tasks.get.responses['200'].content['application/json'].schema, { type: 'object', required: ['tasks'], properties: { tasks: { type: 'array', items: ref('task') } } });
    assert.deepEqual(tasks.post.requestBody.content['application/json'].schema, ref('newTask'));
    assert.deepEqual(tasks.post.responses['201'].content['application/json'].schema, ref('task'));
    assert.deepEqual(document.paths['/tasks/{id}'].get.responses['200'].content['application/json'].schema, ref('task'));
  });

  it('gives the --types client named types', () => {
    assert.match(types, /\n {8}task: \{\n/);
    assert.match(types, /\n {12}tags\?: components\["schemas"\]\["tag"\]\[\];\n/);
    assert.match(types, /"application\/json": components\["schemas"\]\["newTask"\];/);
    assert.match(types, /"application\/json": components\["schemas"\]\["task"\];/);
    assert.match(types, /tasks: components\["schemas"\]\["task"\]\[\];/);
  });
});

it('writes a named schema that a priv/schemas file gives too, the same, as one component', async () => {
  const dir = await copyApp(APP, await repoTempDir(), ['app.mjs', 'fw.config.json', 'package.json']);
  await mkdir(join(dir, 'priv', 'schemas'), { recursive: true });
  await writeFile(join(dir, 'priv', 'schemas', 'tag.json'), '{"$schema": "http://json-schema.org/draft-07/schema#", "type": "string", "minLength": 1}');
  assertSucceeded(await runFw(['openapi', '--output', join('out', 'openapi.json')], { cwd: dir }));
  const document = JSON.parse(await readFile(join(dir, 'out', 'openapi.json'), 'utf8'));
  assert.deepEqual(Object.keys(document.components.schemas).slice(0, 3), ['tag', 'task', 'newTask']);
  assert.deepEqual(document.components.schemas.tag, { type: 'string', minLength: 1 });
});

describe('fw openapi refuses a named schema whose name is taken, or is no component name: exit 1, nothing written', { concurrency: true }, () => {
  async function failure(from: string, to: string, files: Record<string, string> = {}): Promise<string> {
    const dir = await copyApp(APP, await repoTempDir(), ['app.mjs', 'fw.config.json', 'package.json']);
    const app = await readFile(join(dir, 'app.mjs'), 'utf8');
    assert.ok(app.includes(from), `the fixture has ${from}`);
    await writeFile(join(dir, 'app.mjs'), app.replace(from, to));
    for (const [path, content] of Object.entries(files)) {
      await mkdir(join(dir, path, '..'), { recursive: true });
      await writeFile(join(dir, path), content);
    }
    const run = await runFw(['openapi', '--output', join('out', 'openapi.json')], { cwd: dir });
    assert.equal(run.code, 1);
    assert.equal(existsSync(join(dir, 'out')), false, 'nothing written');
    return run.stderr;
  }

  it("the name of fw's shared error schema", async () => {
    assert.equal(
      await failure('schemas: { tag, task, newTask }', 'schemas: { tag, task, newTask, ErrorMessage: tag }'),
      "fw: FW_CLI_ERR_SCHEMA_NAME_CLASH: the app's schema ErrorMessage takes the name of fw's shared error schema ErrorMessage; rename one of them\n",
    );
  });

  it('the name of a priv/schemas file that differs from it', async () => {
    assert.equal(
      await failure('schemas: { tag, task, newTask }', 'schemas: { tag, task, newTask }', { 'priv/schemas/tag.json': '{"type": "string"}' }),
      "fw: FW_CLI_ERR_SCHEMA_NAME_CLASH: the app's schema tag takes the name of priv/schemas/tag.json, which differs from it; rename one of them\n",
    );
  });

  // OpenAPI 3.0.3 allows component names of letters, digits, '.', '_' and '-' only (redocly: spec-components-invalid-map-name).
  it('a priv/schemas file or one of its definitions whose name is no component name (fw-core refuses such a named schema)', async () => {
    const file = await failure('schemas: { tag, task, newTask }', 'schemas: { tag, task, newTask }', { 'priv/schemas/blog post.json': '{"type": "object"}' });
    assert.match(file, /^fw: FW_CLI_ERR_SCHEMA_BAD_NAME: \S+priv\/schemas\/blog post\.json gives the component name "blog post", but a component name is letters, digits, '\.', '_' or '-'; rename it\n$/);
    const definition = await failure('schemas: { tag, task, newTask }', 'schemas: { tag, task, newTask }', { 'priv/schemas/size.json': '{"definitions": {"x+y": {"type": "string"}}, "type": "string"}' });
    assert.match(definition, /priv\/schemas\/size\.json \(its definition x\+y\) gives the component name "size\.x\+y"/);
  });
});
