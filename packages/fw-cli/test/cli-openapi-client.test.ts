/**
 * The blog's OpenAPI document, proved from outside as a client would use it: `fw openapi
 * --types` with BLOG_API_TOKEN set (writes need the bearer token) writes the document and its
 * TypeScript types, a client written against those types with openapi-fetch
 * (fixtures/openapi-client) is type-checked by the repository's tsc, then run against the real
 * blog. A second document comes from the configuration a second blog runs with: rate_limit_plugin
 * in the chain (so 429 is listed) and a PostgreSQL store behind a TCP proxy the test holds;
 * clients typed from that document get the writes' 409 and 504 (a client steers the proxy over
 * IPC: a statement's answers dropped, then the connection cut), then, the database gone, the
 * store's 503 and the 429. Every answer must be one its document lists for the operation, with a
 * body its schema accepts (formats checked); every response a document lists must be one some
 * call got; and `redocly lint` (recommended rules) must find nothing.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { copyFile, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import { createTestSchema, TEST_DATABASE_URL } from '../../../examples/blog/test/support/store-postgres.ts';
import { startTcpProxy, type TcpProxy } from '../../../examples/blog/test/support/store-tcp-proxy.ts';
import { assertSucceeded, BLOG_DIR, cleanEnv, FIXTURES, REPO, runFw, runNode, type FwRun } from './support/run-fw.ts';
import { startApp, type RunningApp } from './support/start-app.ts';
import { removeTempDirs, repoTempDir } from './support/temp-app.ts';

const TOKEN = 'client-test-token-0123456789';
const CLIENT_FIXTURE = join(FIXTURES, 'openapi-client');
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');
const REDOCLY = join(REPO, 'node_modules', '@redocly', 'cli', 'bin', 'cli.js');
/**
 * The limited blog's requests before its limit: the stalled-writes client's nine (three per write:
 * the request holding its key, its repeat, the one whose commit goes unanswered), then the outage
 * client's five post operations and one typed read (blog-client-outage.mts).
 */
const OUTAGE_ALLOWED = 9 + 6;
/** How long a client fixture may run: the stalled-writes one waits on the proxy's events. */
const CLIENT_TIMEOUT_MS = 30_000;

/** One call a client made. */
interface Call {
  readonly call: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  /** The names of the headers the answer carried, lower-case. */
  readonly headers: readonly string[];
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
  files: ['blog-api.ts', 'blog-api-limited.ts', 'record-call.mts', 'blog-client.mts', 'blog-client-misuse.mts', 'blog-client-stalled-writes.mts', 'blog-client-outage.mts'],
};

/** The blog's fw.config.json with rate_limit_plugin (max_requests `max`) just before fw_request_plugin, written into `dir`. */
async function writeLimitedConfig(dir: string, max: number): Promise<string> {
  const config = JSON.parse(await readFile(join(BLOG_DIR, 'fw.config.json'), 'utf8'));
  const plugins = config.fw.plugins as { module: string }[];
  const decoder = plugins.findIndex((plugin) => plugin.module === 'fw_request_plugin');
  plugins.splice(decoder, 0, { phase: 'pre_request', module: 'rate_limit_plugin', options: { max_requests: max, window_ms: 3_600_000 } } as never);
  const path = join(dir, 'fw.config.limited.json');
  await writeFile(path, `${JSON.stringify(config, null, 2)}\n`);
  return path;
}

/** A schema of its own in the test database, reached through a proxy the test can cut. */
async function outageDatabase(): Promise<{ url: string; proxy: TcpProxy; drop: () => Promise<void> }> {
  const schema = await createTestSchema();
  const target = new URL(TEST_DATABASE_URL);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  const url = new URL(schema.url);
  url.port = String(proxy.port);
  return {
    url: url.href,
    proxy,
    async drop() {
      await proxy.close();
      await schema.drop();
    },
  };
}

/** What a client fixture asks of the database's proxy (blog-client-stalled-writes.mts). */
type ProxyStep = { readonly stall: string } | 'stalled' | 'cut';

/**
 * Runs `node ...args` with an IPC channel, doing each proxy step the client asks for and then
 * answering it; killed after CLIENT_TIMEOUT_MS.
 */
function runSteering(args: readonly string[], cwd: string, proxy: TcpProxy): Promise<FwRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe', 'ipc'], timeout: CLIENT_TIMEOUT_MS });
    let stdout = '';
    let stderr = '';
    let sent: Promise<void> | undefined;
    const run = async (step: ProxyStep): Promise<void> => {
      if (step === 'cut') return void (await proxy.cut());
      if (step === 'stalled') return sent;
      sent = proxy.stallAnswersAfter(step.stall);
    };
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('message', (step: ProxyStep) => void run(step).then(() => child.send('done'), reject));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Runs a client fixture against `url` (steering `proxy` when given): its calls and what it read through the types. */
async function runClient(file: string, url: string, dir: string, proxy?: TcpProxy): Promise<{ calls: Call[]; typed: Record<string, unknown> }> {
  const args = [join(dir, file), url, TOKEN];
  const client = proxy === undefined ? await runNode(args, dir) : await runSteering(args, dir, proxy);
  assert.equal(client.stderr, '');
  assert.equal(client.code, 0);
  const lines = client.stdout.trimEnd().split('\n').map((line) => JSON.parse(line));
  const { typed } = lines.pop();
  return { calls: lines, typed };
}

/** `<METHOD> <path> <status>` of every response `document` lists. */
function listedResponses(document: Record<string, any>): string[] {
  return Object.entries(document.paths as Record<string, Record<string, { responses: object }>>).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) => Object.keys(operation.responses).map((status) => `${method.toUpperCase()} ${path} ${status}`)),
  );
}

after(removeTempDirs);

describe('a typed client of the blog, from fw openapi --types alone', () => {
  let dir: string;
  let document: Record<string, any>;
  let limitedDocument: Record<string, any>;
  let typecheck: FwRun;
  let calls: Call[];
  let typed: Record<string, unknown>;
  let stalledCalls: Call[];
  let stalledTyped: Record<string, unknown>;
  let outageCalls: Call[];
  let outageTyped: Record<string, unknown>;

  before(async () => {
    dir = await repoTempDir();
    const limitedConfig = await writeLimitedConfig(dir, OUTAGE_ALLOWED);
    assertSucceeded(await runFw(['openapi', '--output', join(dir, 'openapi.json'), '--types', join(dir, 'blog-api.ts')], { env: { BLOG_API_TOKEN: TOKEN } }));
    assertSucceeded(await runFw(['openapi', '--output', join(dir, 'limited', 'openapi.json'), '--types', join(dir, 'blog-api-limited.ts')], { env: { BLOG_API_TOKEN: TOKEN, FW_CONFIG: limitedConfig } }));
    document = JSON.parse(await readFile(join(dir, 'openapi.json'), 'utf8'));
    limitedDocument = JSON.parse(await readFile(join(dir, 'limited', 'openapi.json'), 'utf8'));
    for (const file of ['record-call.mts', 'blog-client.mts', 'blog-client-misuse.mts', 'blog-client-stalled-writes.mts', 'blog-client-outage.mts']) await copyFile(join(CLIENT_FIXTURE, file), join(dir, file));
    await writeFile(join(dir, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
    typecheck = await runNode([TSC, '-p', join(dir, 'tsconfig.json')], dir);
    const blogEnv = { PORT: '0', METRICS_PORT: '0', OTEL_SDK_DISABLED: 'true', BLOG_API_TOKEN: TOKEN };
    const app = await startApp(process.execPath, ['src/main.ts'], BLOG_DIR, cleanEnv(blogEnv));
    try {
      ({ calls, typed } = await runClient('blog-client.mts', app.url, dir));
    } finally {
      await app.stop();
    }
    const database = await outageDatabase();
    let limited: RunningApp | undefined;
    try {
      limited = await startApp(process.execPath, ['src/main.ts'], BLOG_DIR, cleanEnv({ ...blogEnv, FW_CONFIG: limitedConfig, BLOG_STORE: 'postgres', DATABASE_URL: database.url }));
      // The stalled-writes client ends with the database cut (its last step).
      ({ calls: stalledCalls, typed: stalledTyped } = await runClient('blog-client-stalled-writes.mts', limited.url, dir, database.proxy));
      ({ calls: outageCalls, typed: outageTyped } = await runClient('blog-client-outage.mts', limited.url, dir));
    } finally {
      await limited?.stop();
      await database.drop();
    }
  });

  it('tsc accepts the clients and refuses every misuse in blog-client-misuse.mts', () => {
    assert.equal(typecheck.stdout + typecheck.stderr, '');
    assert.equal(typecheck.code, 0);
  });

  it('gets the statuses and bodies the blog gives, reading them through the generated types', () => {
    const post = (fields: Record<string, unknown>) => ({ id: 1, title: 'Hello', body: 'First post', status: 'draft', user_id: null, ...fields, inserted_at: calls[0]!.body.inserted_at });
    const error = (message: string) => ({ error: message });
    const badKey = { error: 'Idempotency-Key must be 1 to 255 visible ASCII characters, or such a quoted string', code: 'idempotency_key_invalid' };
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
      { call: 'create with an invalid Idempotency-Key', status: 400, body: badKey },
      { call: 'create with no JSON object', status: 422, body: error('request body must be a JSON object') },
      { call: 'list published, one', status: 200, body: { posts: [calls[1]!.body] } },
      { call: 'list, one of two', status: 200, body: { posts: [calls[1]!.body] } },
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
      { call: 'update over 1 MiB', status: 413, body: error('request body too large') },
      { call: 'update with an invalid Idempotency-Key', status: 400, body: badKey },
      { call: 'update in latin1', status: 415, body: error('unsupported charset: only utf-8 is accepted') },
      { call: 'update under an If-Match no tag meets', status: 412, body: error('precondition failed') },
      { call: 'delete without a token', status: 401, body: error('unauthorized') },
      { call: 'delete with an invalid Idempotency-Key', status: 400, body: badKey },
      { call: 'delete under an If-Match no tag meets', status: 412, body: error('precondition failed') },
      { call: 'delete the second post with a key', status: 204, body: null },
      { call: 'delete with the key of the second post', status: 422, body: { error: 'this Idempotency-Key was used with another request', code: 'idempotency_key_reused' } },
      { call: 'delete', status: 204, body: null },
      { call: 'delete again', status: 404, body: error('post not found') },
      { call: 'heartbeat', status: 200, body: { status: 'ok' } },
      { call: 'ready', status: 200, body: { status: 'ready' } },
      { call: 'login page', status: 200, body: 'text/html; charset=utf-8' },
      { call: 'heartbeat, head too large', status: 431, body: '' },
      { call: 'ready, head too large', status: 431, body: '' },
      { call: 'login page, head too large', status: 431, body: '' },
    ]);
    assert.deepEqual(typed, { id: '1', titles: ['Second'], blankTitle: ["can't be blank"], badLimitMessage: 'limit must be an integer from 1 to 1000', badKeyCode: 'idempotency_key_invalid' });
  });

  it('with PostgreSQL stalled: 409 on each write repeated while its first request holds the key, 504 on each whose commit went unanswered, 503 on the first ones', () => {
    const inUse = { error: 'a request with this Idempotency-Key is still running', code: 'idempotency_key_in_use' };
    const unknown = { error: 'write outcome unknown', code: 'write_outcome_unknown' };
    const unavailable = { error: 'service unavailable' };
    const writes = ['create', 'update', 'delete'];
    assert.deepEqual(stalledCalls.map(({ call, status, body }) => ({ call, status, body })), [
      ...writes.map((call) => ({ call: `${call} again while the key is in use`, status: 409, body: inUse })),
      ...writes.map((call) => ({ call: `${call} holding its key, then the database cut`, status: 503, body: unavailable })),
      ...writes.map((call) => ({ call: `${call} with its commit unanswered, then the database cut`, status: 504, body: unknown })),
    ]);
    assert.deepEqual(stalledTyped, { inUseCode: 'idempotency_key_in_use', inUseRetryAfter: '1', unknownCode: 'write_outcome_unknown' });
  });

  it('with the store unreachable, then past the rate limit: 503 on each post operation and /ready, then 429 on every operation but /ready', () => {
    const unavailable = { error: 'service unavailable' };
    const notReady = { status: 'unavailable', failed: ['store'] };
    const tooMany = { error: 'too many requests' };
    const operations = ['list', 'create', 'read', 'update', 'delete'];
    assert.deepEqual(outageCalls.map(({ call, status, body }) => ({ call, status, body })), [
      ...operations.map((call) => ({ call: `${call} with the store down`, status: 503, body: unavailable })),
      { call: 'read with the store down, typed', status: 503, body: unavailable },
      { call: 'ready with the store down', status: 503, body: notReady },
      ...operations.map((call) => ({ call: `${call} past the limit`, status: 429, body: tooMany })),
      { call: 'heartbeat past the limit', status: 429, body: tooMany },
      { call: 'login page past the limit', status: 429, body: tooMany },
      { call: 'ready past the limit', status: 503, body: notReady },
      { call: 'heartbeat past the limit, typed', status: 429, body: tooMany },
    ]);
    assert.deepEqual(outageTyped, { unavailableMessage: 'service unavailable', readyFailed: ['store'], limitedMessage: 'too many requests' });
  });

  it('documents the rate limit only where it runs: the limited document is the other plus 429 and its headers on every operation but /ready (its group runs no plugin)', () => {
    // With the headers rate_limit_plugin declares for its 429 (responseHeaders).
    const header = (description: string) => ({ description, required: true, schema: { type: 'string' } });
    const headers = {
      'Retry-After': header('Seconds until the window ends (at least 1)'),
      RateLimit: header('The policy\'s requests left and seconds to reset: `"default";r=0;t=<seconds>` (IETF draft-ietf-httpapi-ratelimit-headers)'),
      'RateLimit-Policy': header('The limit and window: `"default";q=<max_requests>;w=<seconds>`'),
    };
    const tooMany = { description: 'Too Many Requests', content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorMessage' } } }, headers };
    const expected = structuredClone(document);
    for (const [path, item] of Object.entries(expected.paths as Record<string, Record<string, { responses: Record<string, unknown> }>>)) {
      if (path === '/ready') continue;
      for (const operation of Object.values(item)) operation.responses[429] = tooMany;
    }
    assert.deepEqual(limitedDocument, expected);
  });

  it('gets only statuses the document lists for the operation, with bodies its schemas accept (formats checked)', () => {
    const ajv = new Ajv({ strict: false });
    addFormats.default(ajv);
    ajv.addSchema({ ...document, $id: 'openapi.json' });
    ajv.addSchema({ ...limitedDocument, $id: 'limited.json' });
    const pointer = (...parts: string[]) => parts.map((part) => part.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');
    const runs = [{ id: 'openapi.json', spec: document, made: calls }, { id: 'limited.json', spec: limitedDocument, made: [...stalledCalls, ...outageCalls] }];
    for (const { id, spec, made } of runs) {
      for (const { call, method, path, status, headers, body } of made) {
        // A status the operation does not list by itself falls in its range (`4XX`), if listed.
        const listed = spec.paths[path]?.[method]?.responses;
        const key = listed?.[status] !== undefined ? String(status) : `${String(status)[0]}XX`;
        const documented = listed?.[key];
        assert.ok(documented !== undefined, `${call}: ${method.toUpperCase()} ${path} answered ${status}, which ${id} does not list`);
        for (const [name, header] of Object.entries(documented.headers ?? {}) as [string, { required?: boolean }][]) {
          if (header.required === true) assert.ok(headers.includes(name.toLowerCase()), `${call}: the ${status} lacks ${name}, which ${id} says it always has`);
        }
        const content = documented.content?.['application/json'];
        if (content === undefined) continue;
        const validate = ajv.compile({ $ref: `${id}#/${pointer('paths', path, method, 'responses', key, 'content', 'application/json', 'schema')}` });
        assert.ok(validate(body), `${call}: the ${status} body ${JSON.stringify(body)} fails its documented schema: ${ajv.errorsText(validate.errors)}`);
      }
    }
  });

  it('gets every response header the documents list: Location on a create, Link on a list page, Retry-After on 409 and 503', () => {
    const got = new Set([...calls, ...stalledCalls, ...outageCalls].flatMap(({ method, path, status, headers }) => headers.map((name) => `${method.toUpperCase()} ${path} ${status} ${name}`)));
    const listed = [document, limitedDocument].flatMap((spec) =>
      Object.entries(spec.paths as Record<string, Record<string, { responses: Record<string, { headers?: Record<string, unknown> }> }>>).flatMap(([path, item]) =>
        Object.entries(item).flatMap(([method, operation]) => Object.entries(operation.responses).flatMap(([status, response]) => Object.keys(response.headers ?? {}).map((name) => `${method.toUpperCase()} ${path} ${status} ${name.toLowerCase()}`))),
      ),
    );
    assert.ok(listed.includes('POST /api/posts 201 location') && listed.includes('GET /api/posts 200 link') && listed.includes('PUT /api/posts/{id} 409 retry-after'));
    assert.deepEqual([...new Set(listed)].filter((header) => !got.has(header)), []);
  });

  it('gets every response the documents list: none is listed that no call gives (no 403: nothing in the blog forbids)', () => {
    // A range (`4XX`) is got by any status in it.
    const got = new Set([...calls, ...stalledCalls, ...outageCalls].flatMap(({ method, path, status }) => [status, `${String(status)[0]}XX`].map((key) => `${method.toUpperCase()} ${path} ${key}`)));
    const listed = new Set([...listedResponses(document), ...listedResponses(limitedDocument)]);
    assert.deepEqual([...listed].filter((response) => !got.has(response)), []);
    assert.deepEqual([...listed].filter((response) => response.endsWith(' 403')), []);
  });

  it('passes redocly lint with the recommended rules, both documents: no errors, no warnings', async (t) => {
    for (const spec of ['openapi.json', join('limited', 'openapi.json')]) {
      const lint = await runNode([REDOCLY, 'lint', spec, '--format=json'], dir, cleanEnv({ REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' }));
      const report = JSON.parse(lint.stdout) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; severity: string; message: string; location: { pointer: string }[] }[] };
      for (const problem of report.problems) t.diagnostic(`${spec}: ${problem.severity} ${problem.ruleId}: ${problem.message} (${problem.location.map((place) => place.pointer).join(', ')})`);
      assert.deepEqual(report.problems, [], spec);
      assert.deepEqual(report.totals, { errors: 0, warnings: 0, ignored: 0 });
      assert.equal(lint.code, 0);
    }
  });
});
