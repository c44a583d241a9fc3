/**
 * The blog's OpenAPI document, proved from outside as a client would use it: `fw openapi` with
 * BLOG_API_TOKEN set (writes need the bearer token), openapi-typescript types generated from
 * the document, a client written against those types with openapi-fetch (fixtures/openapi-client)
 * type-checked by tsc, then run against the real blog. Every answer must be one the document
 * lists for its operation, with a body its schema accepts, and `redocly lint` (recommended
 * rules) must find no error.
 */
import assert from 'node:assert/strict';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import { assertSucceeded, BLOG_DIR, cleanEnv, FIXTURES, REPO, runFw, runNode, type FwRun } from './support/run-fw.ts';
import { startApp, type RunningApp } from './support/start-app.ts';
import { removeTempDirs, repoTempDir } from './support/temp-app.ts';

const TOKEN = 'client-test-token-0123456789';
const CLIENT_FIXTURE = join(FIXTURES, 'openapi-client');
// openapi-typescript needs TypeScript 5's compiler API; the workspace tools/openapi-typescript keeps both.
const OPENAPI_TYPESCRIPT = join(createRequire(join(REPO, 'tools', 'openapi-typescript', 'package.json')).resolve('openapi-typescript/package.json'), '..', 'bin', 'cli.js');
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const REDOCLY = join(REPO, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');

/** One call the client made. */
interface Call {
  readonly call: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly body: any;
}

const TSCONFIG = {
  compilerOptions: {
    strict: true,
    noEmit: true,
    target: 'es2024',
    module: 'nodenext',
    moduleResolution: 'nodenext',
    allowImportingTsExtensions: true,
    verbatimModuleSyntax: true,
    types: ['node'],
    // The libraries' own declarations are not what this test checks; the client and blog-api.ts are.
    skipLibCheck: true,
  },
  files: ['blog-api.ts', 'blog-client.mts', 'blog-client-misuse.mts'],
};

after(removeTempDirs);

describe('a typed client of the blog, from fw openapi alone', () => {
  let dir: string;
  let document: Record<string, any>;
  let typecheck: FwRun;
  let calls: Call[];
  let typed: Record<string, unknown>;
  let app: RunningApp | undefined;

  before(async () => {
    dir = await repoTempDir();
    assertSucceeded(await runFw(['openapi', '--output', join(dir, 'openapi.json')], { env: { BLOG_API_TOKEN: TOKEN } }));
    document = JSON.parse(await readFile(join(dir, 'openapi.json'), 'utf8'));
    const generated = await runNode([OPENAPI_TYPESCRIPT, 'openapi.json', '--output', 'blog-api.ts'], dir);
    assert.equal(generated.code, 0, generated.stderr);
    for (const file of ['blog-client.mts', 'blog-client-misuse.mts']) await copyFile(join(CLIENT_FIXTURE, file), join(dir, file));
    await writeFile(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
    typecheck = await runNode([TSC, '-p', join(dir, 'tsconfig.json')], dir);
    app = await startApp(process.execPath, ['src/main.ts'], BLOG_DIR, cleanEnv({ PORT: '0', METRICS_PORT: '0', OTEL_SDK_DISABLED: 'true', BLOG_API_TOKEN: TOKEN }));
    const client = await runNode([join(dir, 'blog-client.mts'), app.url, TOKEN], dir);
    assert.equal(client.stderr, '');
    assert.equal(client.code, 0);
    const lines = client.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
    typed = lines.pop().typed;
    calls = lines;
  });

  after(async () => {
    await app?.stop();
  });

  it('tsc accepts the client and refuses every misuse in blog-client-misuse.mts', () => {
    assert.equal(typecheck.stdout + typecheck.stderr, '');
    assert.equal(typecheck.code, 0);
  });

  it('gets the statuses and bodies the blog gives, reading them through the generated types', () => {
    const post = (fields: Record<string, unknown>) => ({ id: 1, title: 'Hello', body: 'First post', status: 'draft', user_id: null, ...fields, inserted_at: calls[0]!.body.inserted_at });
    const error = (message: string) => ({ error: message });
    const seen = calls.map(({ call, status, body }) => ({ call, status, body }));
    assert.match(calls[0]!.body.inserted_at, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    assert.deepEqual(seen, [
      { call: 'create', status: 201, body: post({}) },
      { call: 'create with every field', status: 201, body: { id: 2, title: 'Second', body: 'More', status: 'published', user_id: 7, inserted_at: calls[1]!.body.inserted_at } },
      { call: 'create without a token', status: 401, body: error('unauthorized') },
      { call: 'create with a wrong token', status: 401, body: error('unauthorized') },
      { call: 'create with blank fields', status: 422, body: { errors: { title: ["can't be blank"], body: ["can't be blank"] } } },
      { call: 'create with malformed JSON', status: 400, body: error('malformed JSON body') },
      { call: 'create over 1 MiB', status: 413, body: error('request body too large') },
      { call: 'create in latin1', status: 415, body: error('unsupported charset: only utf-8 is accepted') },
      { call: 'create with no JSON object', status: 422, body: error('request body must be a JSON object') },
      { call: 'list published, one', status: 200, body: { posts: [calls[1]!.body] } },
      { call: 'list with limit 0', status: 400, body: error('limit must be an integer from 1 to 1000') },
      { call: 'list with a bad cursor', status: 400, body: error('cursor is not valid: pass the cursor of a Link rel="next" header unchanged') },
      { call: 'read', status: 200, body: post({}) },
      { call: 'read a missing post', status: 404, body: error('post not found') },
      { call: 'read a non-id', status: 404, body: error('post not found') },
      { call: 'update one field', status: 200, body: post({ status: 'published' }) },
      { call: 'update without a token', status: 401, body: error('unauthorized') },
      { call: 'update blanking the title', status: 422, body: { errors: { title: ["can't be blank"] } } },
      { call: 'update a missing post', status: 404, body: error('post not found') },
      { call: 'update with malformed JSON', status: 400, body: error('malformed JSON body') },
      { call: 'delete without a token', status: 401, body: error('unauthorized') },
      { call: 'delete', status: 204, body: null },
      { call: 'delete again', status: 404, body: error('post not found') },
      { call: 'heartbeat', status: 200, body: { status: 'ok' } },
      { call: 'login page', status: 200, body: 'text/html; charset=utf-8' },
    ]);
    assert.deepEqual(typed, { id: '1', titles: ['Second'], blankTitle: ["can't be blank"], badLimitMessage: 'limit must be an integer from 1 to 1000' });
  });

  it('gets only statuses the document lists for the operation, with bodies its schemas accept', () => {
    const ajv = new Ajv({ strict: false, validateFormats: false });
    ajv.addSchema({ ...document, $id: 'openapi.json' });
    const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
    for (const { call, method, path, status, body } of calls) {
      const documented = document.paths[path]?.[method]?.responses?.[status];
      assert.ok(documented !== undefined, `${call}: ${method.toUpperCase()} ${path} answered ${status}, which the document does not list`);
      const content = documented.content?.['application/json'];
      if (content === undefined) continue;
      const validate = ajv.compile({ $ref: `openapi.json#/${pointer('paths', path, method, 'responses', String(status), 'content', 'application/json', 'schema')}` });
      assert.ok(validate(body), `${call}: the ${status} body ${JSON.stringify(body)} fails its documented schema: ${ajv.errorsText(validate.errors)}`);
    }
  });

  it('passes redocly lint with the recommended rules: no errors (warnings printed)', async (t) => {
    const lint = await runNode([REDOCLY, 'lint', 'openapi.json', '--format=json'], dir, cleanEnv({ REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }));
    const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
    for (const problem of report.problems) t.diagnostic(`${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location.map((place) => place.pointer).join(', ')})`);
    assert.deepEqual(report.problems.filter((problem) => problem.severity === 'error'), []);
    assert.equal(report.totals.errors, 0);
    assert.equal(lint.code, 0);
  });
});
