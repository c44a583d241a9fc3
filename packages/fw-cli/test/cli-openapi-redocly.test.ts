/**
 * `redocly lint --extends recommended` (the root's @redocly/cli devDependency, run as a
 * subprocess, offline: telemetry and the update check off) finds nothing in the documents
 * `fw openapi` writes: the blog's with writes open and with BLOG_API_TOKEN set (bearerAuth), and
 * openapi-details-app's, an app of its own, and zod-shapes-app's, whose route schemas are zod's (a nullable named
 * schema among them: OpenAPI 3.0's `nullable` needs a `type` beside it, which a `$ref` cannot have), and
 * typebox-app's, whose schemas TypeBox built (issue 38's goal: 0 errors, 0 warnings), and recursive-schemas-app's. The shop
 * fixture (schemas-app) has no license, but its nullable union of two types passes redocly's
 * nullable-type-sibling and ajv admits null under it, as the server does.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { after, describe, it } from 'node:test';
import { assertSucceeded, cleanEnv, FIXTURES, REPO, runFw, runNode } from './support/run-fw.ts';
import { osTempDir, removeTempDirs } from './support/temp-app.ts';

const REDOCLY = join(REPO, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
/** No telemetry, no registry look-up for a newer release: lint reads only the document. */
const OFFLINE = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

interface LintReport {
  readonly totals: { errors: number; warnings: number; ignored: number };
  readonly problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[];
}

/** Writes the document of `fw openapi args` into a temp dir and lints it with the recommended rules. */
async function lint(args: readonly string[], env: Record<string, string> = {}): Promise<{ document: Record<string, any>; report: LintReport; code: number | null }> {
  const out = await osTempDir();
  const spec = join(out, 'openapi.json');
  assertSucceeded(await runFw(['openapi', ...args, '--output', spec], { env }));
  const run = await runNode([REDOCLY, 'lint', spec, '--extends', 'recommended', '--format=json'], out, cleanEnv(OFFLINE));
  return { document: JSON.parse(await readFile(spec, 'utf8')), report: JSON.parse(run.stdout) as LintReport, code: run.code };
}

/** One line per problem, so a failure names them. */
function problems(report: LintReport): string[] {
  return report.problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location.map((place) => place.pointer).join(', ')})`);
}

after(removeTempDirs);

describe("redocly lint --extends recommended on fw openapi's documents: 0 errors, 0 warnings", { concurrency: true }, () => {
  it('the blog, writes open: every operation public (security []), license and description from its package.json', async () => {
    const { document, report, code } = await lint([]);
    assert.deepEqual(problems(report), []);
    assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
    assert.equal(code, 0);
    assert.deepEqual(document.info.license, { name: 'MIT', url: 'https://spdx.org/licenses/MIT.html' });
  });

  it('the blog with BLOG_API_TOKEN set: bearerAuth on the writes', async () => {
    const { document, report, code } = await lint([], { BLOG_API_TOKEN: 'a-token-of-24-characters' });
    assert.deepEqual(problems(report), []);
    assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
    assert.equal(code, 0);
    assert.deepEqual(document.paths['/api/posts'].post.security, [{ bearerAuth: [] }]);
  });

  it("openapi-details-app: its own package.json's license, summaries of routes that declare none", async () => {
    const { document, report, code } = await lint(['--app', join(FIXTURES, 'openapi-details-app')]);
    assert.deepEqual(problems(report), []);
    assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
    assert.equal(code, 0);
    assert.deepEqual(document.info, { title: 'tasks', version: '0.1.0', description: 'Tasks, with options.openapi details on their routes', license: { name: 'Apache-2.0', url: 'https://spdx.org/licenses/Apache-2.0.html' } });
  });

  it("zod-shapes-app, zod route schemas: a named schema used optionally is a bare $ref, used nullably its $ref or a typed schema admitting null alone, a string-keyed record's propertyNames goes", async () => {
    const { document, report, code } = await lint(['--app', join(FIXTURES, 'zod-shapes-app')]);
    assert.deepEqual(problems(report), []);
    assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
    assert.equal(code, 0);
    const { label, owner, related, attributes } = document.components.schemas.Item.properties;
    assert.deepEqual([label, owner, attributes], [{ $ref: '#/components/schemas/Tag' }, { $ref: '#/components/schemas/Owner' }, { type: 'object', additionalProperties: { type: 'string' } }]);
    assert.deepEqual(related, { anyOf: [{ $ref: '#/components/schemas/Link' }, { type: 'string', nullable: true, enum: [null] }] });
  });

  it('typebox-app, TypeBox route schemas: a named schema is one component every use refers to, a nullable union admits null with a type, a record of any key is additionalProperties, a defaulted parameter is optional', async () => {
    const { document, report, code } = await lint(['--app', join(FIXTURES, 'typebox-app')]);
    assert.deepEqual(problems(report), []);
    assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
    assert.equal(code, 0);
    const { task, tag } = document.components.schemas;
    assert.deepEqual(tag, { type: 'string', minLength: 1 });
    assert.deepEqual(task.properties.due, { anyOf: [{ type: 'string', format: 'date' }, { type: 'string', nullable: true, enum: [null] }] });
    assert.deepEqual(task.properties.tags, { type: 'array', items: { $ref: '#/components/schemas/tag' } });
    // Type.Record(Type.String(), ...): patternProperties {'^.*$': ...}, which 3.0 says as additionalProperties.
    assert.deepEqual(task.properties.counts, { type: 'object', additionalProperties: { type: 'integer' } });
    const ok = (path: string, method: string, status: string) => document.paths[path][method].responses[status].content['application/json'].schema;
    assert.deepEqual([ok('/tasks', 'post', '201'), ok('/tasks/{id}', 'get', '200'), ok('/tasks', 'get', '200').properties.tasks.items], Array(3).fill({ $ref: '#/components/schemas/task' }));
    // Required in the schema, so the handler reads a number, but the server fills it in: the client need not send it.
    assert.deepEqual(document.paths['/tasks'].get.parameters, [
      { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
      { name: 'tag', in: 'query', required: false, schema: { type: 'string' } },
    ]);
  });

  it('recursive-schemas-app, each recursive spelling fw-core serves: one component referring to itself, TypeBox\'s $id references included', async () => {
    const { document, report, code } = await lint(['--app', join(FIXTURES, 'recursive-schemas-app')]);
    assert.deepEqual(problems(report), []);
    assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
    assert.equal(code, 0);
    assert.deepEqual(document.components.schemas.Node.properties.replies, { type: 'array', items: { $ref: '#/components/schemas/Node' } });
  });
});

it("schemas-app: a draft-07 union with null (`type: ['number', 'string', 'null']`) admits null as the server's ajv does, through a branch with a type beside nullable", async () => {
  const { document, report } = await lint(['--app', join(FIXTURES, 'schemas-app')]);
  assert.deepEqual(problems(report), ['warn info-license: Info object should contain `license` field. (#/info)']);
  const { price } = document.components.schemas.widget.properties;
  assert.deepEqual(price, { anyOf: [{ type: 'number' }, { type: 'string' }, { type: 'string', nullable: true, enum: [null] }], maximum: 1000, exclusiveMaximum: true });
  // ajv reads OpenAPI 3.0's nullable (and refuses one without a type beside it, as the 3.0.3 text has it); the
  // maximum, in 3.0's boolean exclusiveMaximum form, is no draft-07 ajv's to check.
  const admits = new Ajv({ strict: false }).compile({ anyOf: price.anyOf });
  assert.deepEqual([null, 999, 'cheap', true, {}].map((value) => admits(value)), [true, true, true, false, false]);
});
