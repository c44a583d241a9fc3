/**
 * `fw openapi` and a route's `options.openapi`: its operationId, tags, summary, description and
 * deprecated replace what the generator derives, the others keep the generated ones, and a
 * document says nothing of the blog (no `post not found` example, no ValidationErrors nobody
 * answers with). A declared id that is another operation's too, an unknown key or a wrong value
 * stops generation naming the route; fw-core refuses an `openapi` that is not an object.
 */
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { assertSucceeded, FIXTURES, runFw } from './support/run-fw.ts';
import { copyApp, osTempDir, removeTempDirs, repoTempDir } from './support/temp-app.ts';

const APP = join(FIXTURES, 'openapi-details-app');

after(removeTempDirs);

describe('fw openapi with options.openapi (openapi-details-app)', () => {
  let text: string;
  let document: Record<string, any>;
  let types: string;
  before(async () => {
    const out = await osTempDir();
    assertSucceeded(await runFw(['openapi', '--app', APP, '--output', join(out, 'openapi.json'), '--types', join(out, 'api.ts')]));
    text = await readFile(join(out, 'openapi.json'), 'utf8');
    document = JSON.parse(text);
    types = await readFile(join(out, 'api.ts'), 'utf8');
  });

  it('writes the declared details, and the generated id and controller tag where none is declared', () => {
    const details = Object.entries(document.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(([path, item]) =>
      Object.entries(item).map(([method, { operationId, summary, description, tags, deprecated }]) => ({ at: `${method.toUpperCase()} ${path}`, operationId, summary, description, tags, deprecated })),
    );
    assert.deepEqual(details, [
      { at: 'GET /tasks', operationId: 'listTasks', summary: 'List tasks', description: 'Newest first.\n\nPaged by `cursor`.', tags: ['tasks', 'reading'], deprecated: undefined },
      // Without a declared summary, the route's: every operation has one (Redocly's recommended rules).
      { at: 'POST /tasks', operationId: 'tasks_controller.create', summary: 'POST /tasks', description: undefined, tags: ['tasks_controller'], deprecated: undefined },
      // `tags: []` leaves it untagged; extra.summary still gives a summary.
      { at: 'GET /tasks/{id}', operationId: 'tasks_controller.show', summary: 'Read a task', description: undefined, tags: undefined, deprecated: true },
      { at: 'PUT /tasks/{id}', operationId: 'renameTask', summary: 'PUT /tasks/:id', description: undefined, tags: ['tasks_controller'], deprecated: undefined },
    ]);
    // The details lead the operation, after its id.
    assert.deepEqual(Object.keys(document.paths['/tasks'].get).slice(0, 4), ['operationId', 'summary', 'description', 'tags']);
  });

  it('writes the declared response headers on their status, a string unless a schema says otherwise, and types them', () => {
    assert.deepEqual(document.paths['/tasks'].get.responses[200].headers, {
      Link: { description: 'The next page, when more tasks follow', schema: { type: 'string' } },
      'X-Total': { description: 'How many tasks there are', required: true, schema: { type: 'integer' } },
    });
    assert.match(types, /\n {20}Link\?: string;\n(?: {20}\/\*\* .* \*\/\n)? {20}"X-Total": number;\n/);
  });

  it('names the declared ids in the --types operations, and marks the deprecated one', () => {
    assert.match(types, /\n {8}get: operations\["listTasks"\];\n {8}put\?: never;\n {8}\/\*\* POST \/tasks \*\/\n {8}post: operations\["tasks_controller.create"\];\n/);
    assert.match(types, /\n {8}\/\*\*\n {9}\* Read a task\n {9}\* @deprecated\n {9}\*\/\n {8}get: operations\["tasks_controller.show"\];\n {8}\/\*\* PUT \/tasks\/:id \*\/\n {8}put: operations\["renameTask"\];\n/);
  });

  it("has none of the blog's wording: a generic ErrorMessage example, only the shared schemas its operations answer with", () => {
    assert.deepEqual(Object.keys(document.components.schemas), ['ErrorMessage', 'InvalidRequest', 'UnsupportedMediaType']);
    assert.equal(document.components.schemas.ErrorMessage.description, 'An error message, e.g. {"error": "not found"}.');
    assert.doesNotMatch(text, /post not found|ValidationErrors/);
    assert.doesNotMatch(JSON.stringify(document.components), /post/i);
  });
});

describe('fw openapi refuses bad operation details: fw: <code>: <message>, exit 1, nothing written', { concurrency: true }, () => {
  /** A copy of the fixture whose app.mjs has `from` replaced with `to`; the failed run's stderr. */
  async function failure(from: string, to: string): Promise<string> {
    const dir = await copyApp(APP, await repoTempDir(), ['app.mjs', 'fw.config.json', 'package.json']);
    const app = await readFile(join(dir, 'app.mjs'), 'utf8');
    assert.ok(app.includes(from), `the fixture has ${from}`);
    await writeFile(join(dir, 'app.mjs'), app.replace(from, to));
    const run = await runFw(['openapi', '--output', join('out', 'openapi.json')], { cwd: dir });
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.equal(existsSync(join(dir, 'out')), false, 'nothing written');
    return run.stderr;
  }

  const duplicate = 'fw: FW_CLI_ERR_OPENAPI_DUPLICATE_OPERATION_ID: route';
  const cases: [name: string, from: string, to: string, stderr: string][] = [
    ['two routes declaring one operationId', "{ operationId: 'renameTask' }", "{ operationId: 'listTasks' }", `${duplicate} PUT /tasks/:id declares the operationId listTasks, but route GET /tasks declares it too; give each operation its own`],
    [
      "a declared operationId that is another operation's generated id",
      "{ operationId: 'renameTask' }",
      "{ operationId: 'tasks_controller.show' }",
      `${duplicate} PUT /tasks/:id declares the operationId tasks_controller.show, but route GET /tasks/:id has it as its generated id; give each operation its own`,
    ],
    [
      'one operationId on a route of several methods',
      "methods: ['put'], openapi",
      "methods: ['put', 'patch'], openapi",
      `${duplicate} PATCH /tasks/:id declares the operationId renameTask, but route PUT /tasks/:id declares it too; give each operation its own (split a route of several methods to declare one id per method)`,
    ],
  ];
  for (const [name, from, to, stderr] of cases) it(name, async () => assert.equal(await failure(from, to), `${stderr}\n`));

  it('an unknown key (Fastify spells it operationId)', async () => {
    const stderr = await failure("openapi: { operationId: 'renameTask' }", "openapi: { operationID: 'renameTask' }");
    assert.equal(stderr, 'fw: FW_CLI_ERR_OPENAPI_BAD_DETAILS: route PUT /tasks/:id: options.openapi has the unknown key operationID; its keys are operationId, tags, summary, description, deprecated, responseHeaders\n');
  });

  it('response headers on a status the operation does not answer, or not in the shape', async () => {
    const listed = "responseHeaders: { 200: { Link: 'The next page, when more tasks follow',";
    assert.equal(
      await failure(listed, "responseHeaders: { 201: { Link: 'The next page, when more tasks follow',"),
      'fw: FW_CLI_ERR_OPENAPI_BAD_DETAILS: route GET /tasks: options.openapi.responseHeaders names 201, which the operation does not answer (it answers 200, 400)\n',
    );
    const stderr = await failure(listed, "responseHeaders: { 200: { 'Bad Name': 'The next page, when more tasks follow',");
    assert.match(stderr, /^fw: FW_CLI_ERR_OPENAPI_BAD_DETAILS: route GET \/tasks: options\.openapi\.responseHeaders must be an object of statuses, each an object of header names and a description or \{description, schema, required\}, like \{201: \{Location: 'The new post'\}\}; found /);
  });

  it('an operationId with a space, tags that are not a list, a two-line summary, deprecated as text', async () => {
    const cases: [string, string, string][] = [
      ["operationId: 'renameTask'", "operationId: 'rename task'", 'operationId must be letters, digits, . _ - (like listPosts); found "rename task"'],
      ["tags: ['tasks', 'reading']", "tags: 'tasks'", 'tags must be a list of one-line names without repeats; found "tasks"'],
      ["summary: 'List tasks'", "summary: 'List\\ntasks'", 'summary must be one line of text; found "List\\ntasks"'],
      ['deprecated: true', "deprecated: 'yes'", 'deprecated must be true or false; found "yes"'],
    ];
    const routes: Record<string, string> = { operationId: 'PUT /tasks/:id', tags: 'GET /tasks', summary: 'GET /tasks', deprecated: 'GET /tasks/:id' };
    for (const [from, to, message] of cases) {
      const key = message.split(' ')[0]!;
      assert.equal(await failure(from, to), `fw: FW_CLI_ERR_OPENAPI_BAD_DETAILS: route ${routes[key]}: options.openapi.${message}\n`);
    }
  });

  it('an openapi option that is not an object stops the app loading (fw-core)', async () => {
    const stderr = await failure("openapi: { operationId: 'renameTask' }", "openapi: 'renameTask'");
    assert.equal(stderr, "fw: FW_ERR_ROUTE_BAD_OPTIONS: route 3 of group 0 (prefix '/tasks') (/tasks/:id): openapi must be an object like {operationId: 'listPosts', tags: ['posts']}\n");
  });
});
