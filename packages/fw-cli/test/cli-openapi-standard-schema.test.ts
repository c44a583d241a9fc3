/**
 * `fw openapi` on route schemas written in zod (standard-schema-app): each Standard Schema part is
 * documented by the library's own Standard JSON Schema on the same schema (draft-07, `$schema`
 * dropped), the input's for the query and the body, the output's for answers. A schema zod names
 * (`.meta({id: 'Link'})`) is one component, `Link`, which every part refers to, and `LinkInput`
 * where a request takes another shape of it (a defaulted field optional); `--types` names them. A
 * JSON Schema part's own `$defs` become components the same way.
 * A part whose library gives no JSON Schema (valibot), or one it cannot write (zod's `z.date()`),
 * stops generation with FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA naming the route; a zod name another
 * schema of the app has is FW_CLI_ERR_SCHEMA_NAME_CLASH; nothing is written.
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

/** A copy of the fixture whose app.mjs has `from` (which it must hold) replaced with `to`: the copy's directory. */
async function fixtureWith(from: string, to: string): Promise<string> {
  const dir = await copyApp(APP, await repoTempDir(), ['app.mjs', 'fw.config.json', 'package.json']);
  const app = await readFile(join(dir, 'app.mjs'), 'utf8');
  assert.ok(app.includes(from), `the fixture has ${from}`);
  await writeFile(join(dir, 'app.mjs'), app.replace(from, to));
  return dir;
}

describe('fw openapi with zod route schemas (standard-schema-app)', () => {
  let document: Json;
  let types: string;
  let fixture: Json;
  before(async () => {
    const out = await osTempDir();
    assertSucceeded(await runFw(['openapi', '--no-ui', '--app', APP, '--output', join(out, 'openapi.json'), '--types', join(out, 'api.ts')]));
    document = JSON.parse(await readFile(join(out, 'openapi.json'), 'utf8'));
    types = await readFile(join(out, 'api.ts'), 'utf8');
    fixture = await import(join(APP, 'app.mjs'));
  });
  const bodyOf = (operation: Json, status?: number) => (status === undefined ? operation.requestBody : operation.responses[status]).content['application/json'].schema;
  const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

  it("writes a body as the library's JSON Schema of its input", () => {
    assert.deepEqual(document.paths['/links'].post.requestBody, { required: true, content: { 'application/json': { schema: ownJsonSchema(fixture.createBody, 'input') } } });
  });

  it("writes a named schema once, as the library's output definition, and every answer and nested use as a $ref to it", () => {
    assert.deepEqual(document.components.schemas.Link, ownJsonSchema(fixture.link, 'output').definitions.Link);
    assert.deepEqual(bodyOf(document.paths['/links'].post, 201), ref('Link'));
    assert.deepEqual(bodyOf(document.paths['/links/{slug}'].get, 200), ref('Link'));
    assert.deepEqual(bodyOf(document.paths['/links'].get, 200).properties.links.items, ref('Link'));
    assert.match(types, /links: components\["schemas"\]\["Link"\]\[\];/);
  });

  it("names a request's other shape of it LinkInput: its input definition, where clicks has a default and is optional", () => {
    const input = ownJsonSchema(fixture.link, 'input').definitions.Link;
    assert.deepEqual(input.required, ['slug', 'url']);
    assert.deepEqual(document.components.schemas.LinkInput, input);
    assert.deepEqual(bodyOf(document.paths['/links/{slug}'].put), ref('LinkInput'));
    assert.deepEqual(bodyOf(document.paths['/links/{slug}'].put, 200), ref('Link'));
  });

  it("lifts a JSON Schema part's own $defs to components, its refs (recursive ones too) made $refs to them", () => {
    assert.deepEqual(bodyOf(document.paths['/links/folders'].get, 200), ref('folder'));
    assert.deepEqual(document.components.schemas.folder, {
      type: 'object',
      properties: { name: { type: 'string' }, children: { type: 'array', items: ref('folder') } },
      required: ['name'],
    });
  });

  it("writes a part whose output is a transform (the reference's decimal-only id) from its input, a pattern", () => {
    assert.deepEqual(document.paths['/links/{slug}/visits/{n}'].get.parameters, [
      { name: 'slug', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'n', in: 'path', required: true, schema: { type: 'string', pattern: '^\\d+$' } },
    ]);
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

describe('fw openapi on a named schema whose own shape is the same in and out but that holds one that differs', () => {
  it('names its request shape <id>Input too, since that refers to the other one\'s Input: one id, no clash', async () => {
    const dir = await copyApp(APP, await repoTempDir(), ['app.mjs', 'fw.config.json', 'package.json']);
    const app = await readFile(join(dir, 'app.mjs'), 'utf8');
    const from = "export const createBody = z.object({ url: z.url(),";
    assert.ok(app.includes(from));
    // A loose object's JSON Schema is the same as input and output; Link's (its clicks has a default) is not.
    await writeFile(join(dir, 'app.mjs'), app.replace(from, "export const shared = z.looseObject({ link }).meta({ id: 'Shared' });\n" + from).replace('schema: { body: createBody, response: { 201: link } }', 'schema: { body: shared, response: { 201: shared } }'));
    assertSucceeded(await runFw(['openapi', '--no-ui', '--output', join('out', 'openapi.json')], { cwd: dir }));
    const { components, paths } = JSON.parse(await readFile(join(dir, 'out', 'openapi.json'), 'utf8')) as Json;
    assert.deepEqual(components.schemas.Shared.properties.link, { $ref: '#/components/schemas/Link' });
    assert.deepEqual(components.schemas.SharedInput.properties.link, { $ref: '#/components/schemas/LinkInput' });
    assert.deepEqual(paths['/links'].post.requestBody.content['application/json'].schema, { $ref: '#/components/schemas/SharedInput' });
    assert.deepEqual(paths['/links'].post.responses[201].content['application/json'].schema, { $ref: '#/components/schemas/Shared' });
  });
});

describe('fw openapi on named query and params schemas (.meta({id}))', () => {
  it('writes their properties as parameters, as unnamed ones, and no component for them', async () => {
    const dir = await copyApp(APP, await repoTempDir(), ['app.mjs', 'fw.config.json', 'package.json']);
    const app = await readFile(join(dir, 'app.mjs'), 'utf8');
    const named = app.replace('cursor: z.string().optional() });', "cursor: z.string().optional() }).meta({ id: 'Page' });").replace('slug: z.string().min(3) });', "slug: z.string().min(3) }).meta({ id: 'SlugParams' });");
    assert.notEqual(named, app);
    await writeFile(join(dir, 'app.mjs'), named);
    assertSucceeded(await runFw(['openapi', '--no-ui', '--output', join('out', 'openapi.json')], { cwd: dir }));
    const { components, paths } = JSON.parse(await readFile(join(dir, 'out', 'openapi.json'), 'utf8')) as Json;
    assert.deepEqual(paths['/links'].get.parameters.map((parameter: Json) => parameter.name), ['limit', 'cursor']);
    assert.deepEqual(paths['/links/{slug}'].get.parameters, [{ name: 'slug', in: 'path', required: true, schema: { type: 'string', minLength: 3 } }]);
    assert.deepEqual(Object.keys(components.schemas).filter((name) => /^(Page|SlugParams)/.test(name)), []);
  });
});

describe('fw openapi on a query schema that chooses among schemas (a zod union)', () => {
  it('writes the document, and warns that it lists none of its parameters', async () => {
    const dir = await copyApp(APP, await repoTempDir(), ['app.mjs', 'fw.config.json', 'package.json']);
    const app = await readFile(join(dir, 'app.mjs'), 'utf8');
    const union = app.replace('export const listQuery = z.object({', 'export const listQuery = z.union([z.object({ q: z.string() }), z.object({');
    assert.notEqual(union, app);
    await writeFile(join(dir, 'app.mjs'), union.replace("cursor: z.string().optional() });", 'cursor: z.string().optional() })]);'));
    const run = await runFw(['openapi', '--no-ui', '--output', join('out', 'openapi.json')], { cwd: dir });
    const warning = 'fw: warning: GET /links: its query schema lists no properties (it is an anyOf, oneOf or allOf), so the document lists none of its parameters; write it as one object schema to document them\n';
    assert.deepEqual([run.code, run.stderr], [0, warning]);
    const { paths } = JSON.parse(await readFile(join(dir, 'out', 'openapi.json'), 'utf8')) as Json;
    assert.equal(paths['/links'].get.parameters, undefined);
  });
});

describe('fw openapi on a query property that takes an object (a zod object, which fw-core cannot see at start)', () => {
  it('leaves the parameter out, which no request can give, and warns naming it and the fix', async () => {
    const dir = await fixtureWith('cursor: z.string().optional() });', 'cursor: z.string().optional(), filter: z.object({ status: z.string() }).optional(), tags: z.array(z.object({ name: z.string() })).optional() });');
    const run = await runFw(['openapi', '--no-ui', '--output', join('out', 'openapi.json')], { cwd: dir });
    const warning = (name: string) => `fw: warning: GET /links: its query schema's ${name} takes an object, but query values arrive as text, from which fw reads no object (neither ${name}[key]=value nor JSON), so a request giving it is refused; the document leaves it out: give its fields as properties of their own, or take it in the body\n`;
    assert.deepEqual([run.code, run.stderr], [0, warning('filter') + warning('tags')]);
    const { paths } = JSON.parse(await readFile(join(dir, 'out', 'openapi.json'), 'utf8')) as Json;
    assert.deepEqual(paths['/links'].get.parameters.map((parameter: Json) => parameter.name), ['limit', 'cursor']);
  });
});

describe('fw openapi refuses a Standard Schema it cannot describe: exit 1, nothing written', { concurrency: true }, () => {
  /** The failed run's stderr on a copy of the fixture whose app.mjs has `from` replaced with `to`. */
  async function failure(from: string, to: string): Promise<string> {
    const dir = await fixtureWith(from, to);
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
    const stderr = await failure('clicks: z.number().int().default(0) })', 'clicks: z.number().int().default(0), createdAt: z.date() })');
    assert.equal(stderr, 'fw: FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA: route GET /links schema.response.200 (zod) cannot be written as a JSON Schema: Date cannot be represented in JSON Schema\n');
  });

  it("a zod name that another schema of the app has (a named schema's)", async () => {
    const stderr = await failure("  name: 'links',", "  name: 'links',\n  schemas: { Link: { type: 'string' } },");
    assert.equal(stderr, 'fw: FW_CLI_ERR_SCHEMA_NAME_CLASH: route GET /links schema.response.200 names a schema Link, but another schema of the app has that name; give each its own id\n');
  });

  it("a zod name that is one of fw's shared error schemas (ErrorMessage), which would have replaced it silently", async () => {
    const stderr = await failure(".meta({ id: 'Link' })", ".meta({ id: 'ErrorMessage' })");
    assert.equal(stderr, "fw: FW_CLI_ERR_SCHEMA_NAME_CLASH: route GET /links schema.response.200 names a schema ErrorMessage, but that is the name of fw's shared error schema ErrorMessage; rename it\n");
  });

  it('a recursive zod schema without a name (its JSON Schema refers to its root, #), which has no component to refer to', async () => {
    const stderr = await failure(
      'export const createBody = z.object({ url: z.url(),',
      'export const createBody = z.object({ get mirrors() { return z.array(createBody).optional(); }, url: z.url(),',
    );
    assert.equal(stderr, `fw: FW_CLI_ERR_SCHEMA_UNSUPPORTED: route POST /links options.schema.body uses the $ref "#" (into the route schema itself, which is no component: name a recursive schema, zod's .meta({id}) or a priv/schemas file) at /properties/mirrors/items/$ref, which OpenAPI 3.0 cannot express; rewrite it or leave it out\n`);
  });

  it('a zod name that is no OpenAPI component name (a space, a slash)', async () => {
    const stderr = await failure(".meta({ id: 'Link' })", ".meta({ id: 'My Link/v2' })");
    assert.equal(stderr, `fw: FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA: route GET /links schema.response.200 names a schema "My Link/v2", but a component name is letters, digits, '.', '_' or '-'; rename it\n`);
  });
});
