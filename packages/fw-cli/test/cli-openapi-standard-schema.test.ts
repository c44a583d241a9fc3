/**
 * `fw openapi` on route schemas written in zod (standard-schema-app): each Standard Schema part is
 * documented by the library's own Standard JSON Schema on the same schema (draft-07, `$schema`
 * dropped), the input's for the query and the body, the output's for answers. A part whose library
 * gives no JSON Schema (valibot), or one it cannot write (zod's `z.date()`), stops generation with
 * FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA naming the route, and nothing is written.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertSucceeded, FIXTURES, runFw } from './support/run-fw.ts';
import { copyApp, osTempDir, removeTempDirs, repoTempDir } from './support/temp-app.ts';

const APP = join(FIXTURES, 'standard-schema-app');

after(removeTempDirs);

type Json = Record<string, any>;

/** What the library itself says `schema` is as JSON Schema. */
function ownJsonSchema(schema: Json, io: 'input' | 'output'): Json {
  const { $schema: _, ...json } = schema['~standard'].jsonSchema[io]({ target: 'draft-07' });
  return json;
}

describe('fw openapi with zod route schemas (standard-schema-app)', () => {
  let document: Json;
  let fixture: Json;
  before(async () => {
    const out = await osTempDir();
    assertSucceeded(await runFw(['openapi', '--no-ui', '--app', APP, '--output', join(out, 'openapi.json')]));
    document = JSON.parse(await readFile(join(out, 'openapi.json'), 'utf8'));
    fixture = await import(join(APP, 'app.mjs'));
  });

  it("writes a body as the library's JSON Schema of its input, and an answer as that of its output", () => {
    const post = document.paths['/links'].post;
    assert.deepEqual(post.requestBody, { required: true, content: { 'application/json': { schema: ownJsonSchema(fixture.createBody, 'input') } } });
    assert.deepEqual(post.responses[201].content['application/json'].schema, ownJsonSchema(fixture.link, 'output'));
    assert.deepEqual(document.paths['/links/{slug}'].get.responses[200].content['application/json'].schema, ownJsonSchema(fixture.link, 'output'));
  });

  it("writes each query and path property as a parameter, required as the library's JSON Schema says", () => {
    const query = ownJsonSchema(fixture.listQuery, 'input');
    assert.deepEqual(
      document.paths['/links'].get.parameters,
      Object.entries(query.properties).map(([name, schema]) => ({ name, in: 'query', required: (query.required ?? []).includes(name), schema })),
    );
    assert.deepEqual(document.paths['/links/{slug}'].get.parameters, [{ name: 'slug', in: 'path', required: true, schema: ownJsonSchema(fixture.slugParams, 'input').properties.slug }]);
  });
});

describe('fw openapi refuses a Standard Schema it cannot describe: exit 1, nothing written', { concurrency: true }, () => {
  /** The failed run's stderr on a copy of the fixture whose app.mjs has `from` replaced with `to`. */
  async function failure(from: string, to: string): Promise<string> {
    const dir = await copyApp(APP, await repoTempDir(), ['app.mjs', 'fw.config.json', 'package.json']);
    const app = await readFile(join(dir, 'app.mjs'), 'utf8');
    assert.ok(app.includes(from), `the fixture has ${from}`);
    await writeFile(join(dir, 'app.mjs'), app.replace(from, to));
    const run = await runFw(['openapi', '--no-ui', '--output', join('out', 'openapi.json')], { cwd: dir });
    assert.deepEqual([run.code, run.stdout, existsSync(join(dir, 'out'))], [1, '', false]);
    return run.stderr;
  }

  it('a library without Standard JSON Schema (valibot)', async () => {
    const stderr = await failure(
      "export const slugParams = z.object({ slug: z.string().min(3) });",
      "import * as v from 'valibot';\nexport const slugParams = v.object({ slug: v.pipe(v.string(), v.minLength(3)) });",
    );
    assert.equal(stderr, 'fw: FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA: route GET /links/:slug schema.params is a valibot schema without Standard JSON Schema (~standard.jsonSchema), so fw openapi cannot describe it: use a version of the library that has it (zod 4.2 or later), or a JSON Schema\n');
  });

  it('a schema the library cannot write as JSON Schema (a Date in an answer)', async () => {
    const stderr = await failure('clicks: z.number().int() });', 'clicks: z.number().int(), createdAt: z.date() });');
    assert.equal(stderr, 'fw: FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA: route GET /links schema.response.200 (zod) cannot be written as a JSON Schema: Date cannot be represented in JSON Schema\n');
  });
});
