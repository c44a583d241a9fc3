/**
 * `fw openapi --types <file>` (issue 38, item 13): fw writes the document's TypeScript types
 * itself, so an app on TypeScript 7 needs neither TypeScript 5 nor openapi-typescript. The
 * types must be what openapi-fetch reads, so they are held to openapi-typescript 7's output
 * line for line (header comment and request-body $refs aside: asOpenapiTypescript): for the blog's document, the shop fixture's, recursive-schemas-app's, and a
 * document using every construct fw's documents can hold (fixtures/openapi-types), which tsc
 * must also accept. openapi-typescript needs TypeScript 5's compiler API, so it lives with a
 * TypeScript 5 in the private workspace tools/openapi-typescript, used by this comparison only.
 * cli-openapi-client.test.ts types a real openapi-fetch client with fw's types.
 */
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { documentTypes, TYPES_HEADER } from '../src/openapi/document-types.ts';
import { assertSucceeded, FIXTURES, lines, REPO, runFw, runNode } from './support/run-fw.ts';
import { copyApp, osTempDir, removeTempDirs } from './support/temp-app.ts';

const OPENAPI_TYPESCRIPT = join(createRequire(join(REPO, 'tools', 'openapi-typescript', 'package.json')).resolve('openapi-typescript/package.json'), '..', 'bin', 'cli.js');
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const EVERY_CONSTRUCT = join(FIXTURES, 'openapi-types', 'every-construct.json');

/** The file without the comment it opens with (each tool's own header). */
function body(types: string): string {
  const end = types.indexOf('*/\n\n');
  assert.ok(types.startsWith('/**') && end !== -1, 'the file opens with a comment and a blank line');
  return types.slice(end + 4);
}

/**
 * fw's types as openapi-typescript 7 writes them: fw's one difference, a request body's $ref to a
 * schema with defaulted properties (`Omit<X, K> & Partial<Pick<X, K>>`, those properties optional),
 * back to the plain $ref, which requires them (schema-types.ts).
 */
function asOpenapiTypescript(types: string): string {
  return types.replace(/Omit<(components\["schemas"\]\["[^"]+"\]), ("[^>]+")> & Partial<Pick<\1, \2>>/g, '$1');
}

/** openapi-typescript's types for the document at `spec` (run in `dir`). */
async function openapiTypescript(spec: string, dir: string): Promise<string> {
  const out = join(dir, 'openapi-typescript.ts');
  const run = await runNode([OPENAPI_TYPESCRIPT, spec, '--output', out], dir);
  assert.equal(run.code, 0, run.stderr);
  return readFile(out, 'utf8');
}

after(removeTempDirs);

describe('fw openapi --types', { concurrency: true }, () => {
  it('writes the types of the document it writes, one more printed line, the path relative to the cwd', async () => {
    const dir = await copyApp(join(FIXTURES, 'schemas-app'), await osTempDir(), ['app.mjs', 'fw.config.json', 'package.json', 'priv']);
    const run = await runFw(['openapi', '--types', join('client', 'shop-api.ts')], { cwd: dir });
    assertSucceeded(run);
    assert.equal(run.stdout, lines('OpenAPI spec written to openapi.json', 'Swagger UI written to swagger.html', `TypeScript types written to ${join('client', 'shop-api.ts')}`));
    const types = await readFile(join(dir, 'client', 'shop-api.ts'), 'utf8');
    assert.ok(types.startsWith(`${TYPES_HEADER}\n`));
    assert.equal(asOpenapiTypescript(body(types)), body(await openapiTypescript('openapi.json', dir)));
  });

  it('a request body that is a $ref leaves the properties with a default optional, and answers keep them present', async () => {
    const dir = await copyApp(join(FIXTURES, 'schemas-app'), await osTempDir(), ['app.mjs', 'fw.config.json', 'package.json', 'priv']);
    assertSucceeded(await runFw(['openapi', '--types', 'shop-api.ts'], { cwd: dir }));
    const types = await readFile(join(dir, 'shop-api.ts'), 'utf8');
    const widget = 'components["schemas"]["widget"]';
    assert.equal(types.split(`"application/json": Omit<${widget}, "label"> & Partial<Pick<${widget}, "label">>;`).length - 1, 2, 'the create and the replace bodies');
    assert.match(types, /^ {12}label: string \| null;$/m);
    // A client leaves label out of a body and reads it from an answer.
    await writeFile(join(dir, 'client.ts'), [
      "import type { components, operations } from './shop-api.ts';",
      "type Body = operations['shop_widgets_controller.create']['requestBody']['content']['application/json'];",
      "export const body: Body = { name: 'sprocket' };",
      "export const label = (widget: components['schemas']['widget']): string | null => widget.label;",
      "// @ts-expect-error An answer's label is present.",
      "export const answer: components['schemas']['widget'] = { name: 'sprocket' };",
      '',
    ].join('\n'));
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2024', module: 'nodenext', types: [] }, files: ['client.ts'] }));
    assert.deepEqual(await runNode([TSC, '-p', join(dir, 'tsconfig.json')], dir), { code: 0, stdout: '', stderr: '' });
  });

  it("the blog's document (BLOG_API_TOKEN set): openapi-typescript's types, line for line", async () => {
    const dir = await osTempDir();
    assertSucceeded(await runFw(['openapi', '--output', join(dir, 'openapi.json'), '--types', join(dir, 'blog-api.ts')], { env: { BLOG_API_TOKEN: 'types-test-token-0123456789' } }));
    const types = await readFile(join(dir, 'blog-api.ts'), 'utf8');
    assert.equal(asOpenapiTypescript(body(types)), body(await openapiTypescript('openapi.json', dir)));
    // The parts openapi-fetch reads, spelled out: a path's operation, its path parameter, a response body.
    assert.match(types, /^ {8}get: operations\["blog_posts_controller\.show"\];$/m);
    assert.match(types, /^ {12}path: \{\n {16}id: string;\n {12}\};$/m);
    assert.match(types, /^ {20}"application\/json": components\["schemas"\]\["post"\];$/m);
  });

  it("recursive-schemas-app's document (components that refer to themselves): openapi-typescript's types, line for line, which tsc accepts", async () => {
    const dir = await osTempDir();
    assertSucceeded(await runFw(['openapi', '--app', join(FIXTURES, 'recursive-schemas-app'), '--output', join(dir, 'openapi.json'), '--types', join(dir, 'threads-api.ts')]));
    const types = await readFile(join(dir, 'threads-api.ts'), 'utf8');
    assert.equal(asOpenapiTypescript(body(types)), body(await openapiTypescript('openapi.json', dir)));
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2024', module: 'nodenext', types: [] }, files: ['threads-api.ts'] }));
    assert.deepEqual(await runNode([TSC, '-p', join(dir, 'tsconfig.json')], dir), { code: 0, stdout: '', stderr: '' });
  });

  it('a document with every construct: parameters in path, query, header and cookie, $refs, request bodies, response headers, enums, nullable, arrays, additionalProperties, allOf, anyOf, oneOf', async () => {
    const dir = await osTempDir();
    const types = documentTypes(JSON.parse(await readFile(EVERY_CONSTRUCT, 'utf8')));
    assert.equal(asOpenapiTypescript(body(types)), body(await openapiTypescript(EVERY_CONSTRUCT, dir)));
    await writeFile(join(dir, 'every-construct.ts'), types);
    await writeFile(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, target: 'es2024', module: 'nodenext', types: [] }, files: ['every-construct.ts'] }));
    const typecheck = await runNode([TSC, '-p', join(dir, 'tsconfig.json')], dir);
    assert.deepEqual(typecheck, { code: 0, stdout: '', stderr: '' });
  });
});
