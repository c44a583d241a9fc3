/**
 * The guide of docs/applications.md works as written (issue 14). Its files (the fenced blocks
 * marked `file=<path>`) are written to an empty project outside the workspace, which installs
 * fw-core and fw-cli from their `npm pack` tarballs and the rest offline
 * (tests/support/packed-project.ts); then the project's own scripts run as the guide says:
 * its inject test, its type-check, its server (real requests), and `fw routes` / `fw openapi`
 * (with and without `--types`) from the installed fw-cli, whose output must be what the guide
 * shows.
 */
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startBlog } from '../examples/blog/test/support/blog-process.ts';
import { cleanEnv, runNode, type FwRun } from '../packages/fw-cli/test/support/run-fw.ts';
import { fencedBlocks, guideFiles } from './support/markdown-fences.ts';
import { installOffline, packWorkspace, REPO } from './support/packed-project.ts';

const GUIDE = 'docs/applications.md';

/** The output the guide shows after `$ <command>` in a text block, up to the next `$ ` line. */
function shownOutput(text: string, command: string): string {
  for (const block of fencedBlocks(GUIDE, text)) {
    const lines = block.code.split('\n');
    const at = lines.indexOf(`$ ${command}`);
    if (at === -1) continue;
    const end = lines.findIndex((line, i) => i > at && line.startsWith('$ '));
    return `${lines.slice(at + 1, end === -1 ? -1 : end).join('\n')}\n`;
  }
  throw new Error(`${GUIDE} shows no output of ${command}`);
}

/** `node <script>` (or `exec node <script>`) of the project's package.json, as the arguments of this Node. */
function nodeScript(scripts: Record<string, string>, name: string): string[] {
  // As a shell reads it: words split on spaces, double quotes taken off (the guide's quoted test pattern).
  const [command, ...args] = (scripts[name] ?? '').replace(/^exec /, '').split(' ').map((word) => word.replace(/^"(.*)"$/, '$1'));
  assert.equal(command, 'node', `the ${name} script runs node`);
  return args;
}

/** A shell's environment for the project's commands; not this test runner's child-process protocol. */
function projectEnv(): NodeJS.ProcessEnv {
  const { NODE_TEST_CONTEXT: _, ...env } = cleanEnv();
  return env;
}

function assertRan(run: FwRun, what: string): void {
  assert.equal(run.code, 0, `${what} failed:\n${run.stdout}\n${run.stderr}`);
}

describe('the guide of docs/applications.md, followed in an empty project', () => {
  let text: string;
  let files: Map<string, string>;
  let project: string;
  let packDir: string;
  let scripts: Record<string, string>;

  before(async () => {
    text = await readFile(join(REPO, GUIDE), 'utf8');
    files = guideFiles(GUIDE, text);
    packDir = await mkdtemp(join(tmpdir(), 'fw-guide-pack-'));
    project = await mkdtemp(join(tmpdir(), 'fw-guide-bookmarks-'));
    for (const [path, code] of files) {
      await mkdir(dirname(join(project, path)), { recursive: true });
      await writeFile(join(project, path), code);
    }
    scripts = JSON.parse(files.get('package.json') ?? '{}').scripts ?? {};
    const tarballs = { 'fw-core': await packWorkspace('fw-core', packDir), 'fw-cli': await packWorkspace('fw-cli', packDir) };
    await installOffline(project, tarballs);
  });
  after(async () => {
    await rm(project, { recursive: true, force: true });
    await rm(packDir, { recursive: true, force: true });
  });

  it('gives every file of the project, and installs exactly the packages its npm install lines name', () => {
    assert.deepEqual([...files.keys()].sort(), ['fw.config.json', 'package.json', 'src/app.ts', 'src/bookmarks.ts', 'src/main.ts', 'src/schemas.ts', 'test/bookmarks.test.ts', 'tsconfig.json']);
    const installs = [...text.matchAll(/^npm install (--save-dev )?([^#\n]+?)\s*(?:#.*)?$/gm)];
    // '@types/node@24' names @types/node
    const named = (dev: boolean): string[] => installs.filter((m) => (m[1] !== undefined) === dev).flatMap((m) => m[2]!.split(' ').map((spec) => spec.replace(/(?!^)@.*$/, ''))).sort();
    const manifest = JSON.parse(files.get('package.json')!);
    assert.deepEqual(Object.keys(manifest.dependencies).sort(), named(false));
    assert.deepEqual(Object.keys(manifest.devDependencies).sort(), named(true));
    assert.deepEqual(named(false), ['ajv', 'ajv-formats', 'fw-core', 'typebox']);
  });

  it('passes its own inject test with npm test (node --test), running no helper file of test/', async () => {
    assert.equal(scripts.test, 'node --test "test/**/*.test.ts"');
    // A helper beside the tests, as a reader adds one (an OTLP sink): the pattern leaves it out, so it never runs.
    await writeFile(join(project, 'test/otlp-sink.ts'), "throw new Error('a helper ran as a test');\n");
    const run = await runNode(nodeScript(scripts, 'test'), project, projectEnv());
    assertRan(run, 'node --test');
    const tests = files.get('test/bookmarks.test.ts')!.match(/^\s+it\(/gm)?.length ?? 0;
    assert.ok(tests >= 5, `the guide's test has ${tests} tests`);
    assert.match(run.stdout, new RegExp(`^ℹ pass ${tests}$`, 'm'));
    assert.match(run.stdout, /^ℹ fail 0$/m);
  });

  it('type-checks with npm run typecheck (tsc), and tsc refuses an answer missing a field of its response schema', async () => {
    assert.equal(scripts.typecheck, 'tsc');
    const tsc = join(project, 'node_modules/typescript/bin/tsc');
    assertRan(await runNode([tsc], project, projectEnv()), 'tsc');
    const source = files.get('src/bookmarks.ts')!;
    const answer = 'json(find(req.pathParams.id))';
    assert.ok(source.includes(answer), `src/bookmarks.ts answers ${answer}`);
    await writeFile(join(project, 'src/bookmarks.ts'), source.replace(answer, 'json({ id: req.pathParams.id })'));
    try {
      const run = await runNode([tsc, '--pretty', 'false'], project, projectEnv());
      assert.notEqual(run.code, 0);
      assert.match(run.stdout, /^src\/bookmarks\.ts\(\d+,\d+\): error TS2322: [\s\S]* is missing the following properties from type '[^\n]*': url, title, tags$/m);
    } finally {
      await writeFile(join(project, 'src/bookmarks.ts'), source);
    }
  });

  it('serves the API with npm start: coerced query, httpError 404, 400s on bad input and formats, fields outside the response schema dropped', async () => {
    // exec: npm's shell gives its place to Node, so a SIGTERM to npm start reaches the server (npm-start-sigterm.test.ts).
    assert.match(scripts.start ?? '', /^exec node /);
    const [main] = nodeScript(scripts, 'start');
    const api = await startBlog({}, { script: join(project, main!), cwd: project });
    try {
      const nodejs = { url: 'https://nodejs.org', title: 'Node.js', tags: ['node'] };
      const created = await api.request('POST', '/bookmarks', { body: nodejs, headers: { 'user-agent': 'guide-test' } });
      assert.deepEqual([created.status, created.json], [201, { id: 1, ...nodejs }]); // the stored userAgent never leaves
      await api.request('POST', '/bookmarks', { body: { url: 'https://hono.dev', title: 'Hono', tags: ['web'] } });
      await api.request('POST', '/bookmarks', { body: { url: 'https://fastify.dev', title: 'Fastify', tags: ['web'] } });
      const listed = await api.request('GET', '/bookmarks?tag=web&limit=1');
      assert.deepEqual([listed.status, listed.json], [200, { bookmarks: [{ id: 2, url: 'https://hono.dev', title: 'Hono', tags: ['web'] }] }]);
      const badLimit = await api.request('GET', '/bookmarks?limit=lots');
      assert.deepEqual([badLimit.status, badLimit.json], [400, { error: 'invalid query', details: [{ path: '/limit', keyword: 'type', message: 'must be integer', params: { type: 'integer' } }] }]);
      assert.deepEqual(await statusAndBody(api.request('GET', '/bookmarks/42')), [404, { error: 'bookmark not found' }]);
      const untitled = await api.request('POST', '/bookmarks', { body: { url: 'https://example.com' } });
      assert.deepEqual([untitled.status, untitled.json.error, untitled.json.details[0].keyword], [400, 'invalid body', 'required']);
      const empty = await api.request('PATCH', '/bookmarks/1', { body: {} });
      assert.deepEqual([empty.status, empty.json.error, empty.json.details[0].keyword], [400, 'invalid body', 'minProperties']);
      assert.deepEqual(await statusAndBody(api.request('PATCH', '/bookmarks/1', { body: { title: 'Node' } })), [200, { ...nodejs, id: 1, title: 'Node' }]);
      assert.equal((await api.request('DELETE', '/bookmarks/1')).status, 204);
      assert.deepEqual(await statusAndBody(api.request('GET', '/bookmarks/1')), [404, { error: 'bookmark not found' }]);
      assert.deepEqual((await api.request('GET', '/bookmarks/one')).json.error, 'invalid params');
      // Decimal text only (issue 38, item 4): /bookmarks/0x2 is not bookmark 2, which exists.
      assert.deepEqual(await statusAndBody(api.request('GET', '/bookmarks/0x2')), [400, { error: 'invalid params', details: [{ path: '/id', keyword: 'type', message: 'must be a decimal number within ±9007199254740991', params: {} }] }]);
      // format: 'uri', checked by the installed ajv-formats (issue 38, item 1): the pattern alone would take it.
      const spaced = await api.request('POST', '/bookmarks', { body: { url: 'https://node js.org', title: 'x' } });
      assert.deepEqual([spaced.status, spaced.json], [400, { error: 'invalid body', details: [{ path: '/url', keyword: 'format', message: 'must match format "uri"', params: { format: 'uri' } }] }]);
      assert.deepEqual(await statusAndBody(api.request('GET', '/heartbeat')), [200, { status: 'ok' }]);
    } finally {
      assert.equal(await api.stop(), 0, 'handleSignals: SIGTERM stops it cleanly');
    }
  });

  it('prints with npx fw routes the tree the guide shows', async () => {
    const run = await runNode([await fwBin(project), 'routes'], project, projectEnv());
    assertRan(run, 'fw routes');
    assert.equal(run.stdout, shownOutput(text, 'npx fw routes'));
  });

  it('writes with npx fw openapi the files the guide names, one operation per route', async () => {
    const run = await runNode([await fwBin(project), 'openapi'], project, projectEnv());
    assertRan(run, 'fw openapi');
    assert.equal(run.stdout, shownOutput(text, 'npx fw openapi'));
    const spec = JSON.parse(await readFile(join(project, 'openapi.json'), 'utf8'));
    const operations = Object.entries(spec.paths as Record<string, object>).map(([path, item]) => `${Object.keys(item).join(',')} ${path}`);
    assert.deepEqual(operations, ['get /heartbeat', 'get,post /bookmarks', 'get,patch,delete /bookmarks/{id}']);
    const query = spec.paths['/bookmarks'].get.parameters.map((p: { name: string; in: string }) => `${p.in} ${p.name}`);
    assert.deepEqual(query, ['query limit', 'query tag']);
    // What the guide says the document holds: request bodies, fw's 400s, the 404s of the :id routes.
    assert.ok(spec.paths['/bookmarks'].post.requestBody, 'POST /bookmarks has a request body');
    for (const [path, method, statuses] of [['/bookmarks', 'post', ['201', '400']], ['/bookmarks/{id}', 'get', ['200', '400', '404']], ['/bookmarks/{id}', 'patch', ['200', '400', '404']]] as const) {
      const listed = Object.keys(spec.paths[path][method].responses);
      assert.ok(statuses.every((status) => listed.includes(status)), `${method} ${path} answers ${statuses.join(', ')}; the document lists ${listed.join(', ')}`);
    }
    assert.ok((await readFile(join(project, 'swagger.html'), 'utf8')).includes('openapi.json'));
  });

  it('writes with npx fw openapi --types the client types the guide names, one operations entry per route', async () => {
    const command = 'npx fw openapi --types client/bookmarks-api.ts';
    const run = await runNode([await fwBin(project), ...command.split(' ').slice(2)], project, projectEnv());
    assertRan(run, 'fw openapi --types');
    assert.equal(run.stdout, shownOutput(text, command));
    const types = await readFile(join(project, 'client', 'bookmarks-api.ts'), 'utf8');
    const operations = [...types.matchAll(/^ {8}(get|post|patch|delete): operations\["([^"]+)"\];$/gm)].map((match) => `${match[1]} ${match[2]}`);
    assert.deepEqual(operations, [
      'get bookmarks_router.get_heartbeat',
      'get bookmarks_router.get_bookmarks',
      'post bookmarks_router.post_bookmarks',
      'get bookmarks_router.get_bookmarks_id',
      'delete bookmarks_router.delete_bookmarks_id',
      'patch bookmarks_router.patch_bookmarks_id',
    ]);
  });
});

/** A reply's status and parsed body. */
async function statusAndBody(reply: Promise<{ status: number; json: unknown }>): Promise<[number, unknown]> {
  const { status, json } = await reply;
  return [status, json];
}

/** The installed fw-cli's bin script (run with this Node: its shebang's `node` may be older). */
async function fwBin(project: string): Promise<string> {
  const manifest = JSON.parse(await readFile(join(project, 'node_modules/fw-cli/package.json'), 'utf8'));
  return join(project, 'node_modules/fw-cli', manifest.bin.fw);
}
