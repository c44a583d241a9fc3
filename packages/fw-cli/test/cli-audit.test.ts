/**
 * `fw audit`: routes whose group has no security callback. POST, PUT, DELETE, PATCH and the
 * wildcard method (once, not once per method) are WARNINGS; GET, HEAD, OPTIONS are INFO; the
 * last line counts both; `--strict` exits 2 when there is a warning; `--json`; `--public` makes a
 * route public on purpose INFO. Routes taking a body in a group whose own plugin list decodes
 * none are WARNINGS too.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { assertSucceeded, FIXTURES, lines, runFw } from './support/run-fw.ts';

/** The blog's INFO findings: its reads, always public. */
const BLOG_INFO = [
  '  GET /api/posts (blog_posts_controller) has no security',
  '  GET /api/posts/:id (blog_posts_controller) has no security',
  '  GET /login (blog_login_controller) has no security',
  '  GET /heartbeat has no security',
  '  GET /docs/[...] (static priv/assets) has no security',
  '  GET /ready has no security',
];

const BLOG_AUDIT = lines(
  '=== Security Audit ===',
  'WARNINGS:',
  '  POST /api/posts (blog_posts_controller) has no security',
  '  PUT /api/posts/:id (blog_posts_controller) has no security',
  '  DELETE /api/posts/:id (blog_posts_controller) has no security',
  'INFO:',
  ...BLOG_INFO,
  'Summary: 3 warning(s), 6 info(s)',
);

/** The blog's audit where the API token guards its writes (prod, or BLOG_API_TOKEN set). */
const GUARDED_BLOG_AUDIT = lines(
  '=== Security Audit ===',
  'WARNINGS:',
  '  (none)',
  'INFO:',
  ...BLOG_INFO,
  'Summary: 0 warning(s), 6 info(s)',
);

const WILD_AUDIT = lines(
  '=== Security Audit ===',
  'WARNINGS:',
  '  _ /items/:id (wild_items_controller) has no security',
  '  POST /items (wild_items_controller) has no security',
  '  PATCH /items (wild_items_controller) has no security',
  '  _ /ping has no security',
  'INFO:',
  '  GET /items/search has no security',
  '  HEAD /items/search has no security',
  '  OPTIONS /items/search has no security',
  '  GET /favicon.ico (static favicon.ico) has no security',
  'Summary: 4 warning(s), 4 info(s)',
);

const BODY_CAUSE = 'replaces the global plugins without a body decoder such as fw_request_plugin';

/** bodies-app: secured everywhere; two groups replace the decoding global plugins without a decoder. */
// The route with a body schema in bodies-app: the server's start-up warning, reported once (not also as body_not_decoded).
const TYPED_WARNING =
  "route PUT /hooks/typed (group '/hooks', host hooks.example.com) declares a body schema but its group decodes no bodies: " +
  'fw will not decode its JSON body, so the schema sees no body (a request answers 400 invalid body) unless a plugin of the group sets req.body; ' +
  "to fix, list fw_request_plugin with decode_json_body: true in the group's plugins";

const BODIES_AUDIT = lines(
  '=== Security Audit ===',
  'WARNINGS:',
  `  POST /api/items (bodies_items_controller) has no body decoding: group '/api' ${BODY_CAUSE}`,
  `  PATCH /api/items (bodies_items_controller) has no body decoding: group '/api' ${BODY_CAUSE}`,
  `  _ /hooks/in has no body decoding on host hooks.example.com: group '/hooks' ${BODY_CAUSE}`,
  `  start-up warning body_schema_without_decoding: ${TYPED_WARNING}`,
  'INFO:',
  '  (none)',
  'Summary: 4 warning(s), 0 info(s)',
);

describe('fw audit', { concurrency: true }, () => {
  it('lists the blog writes as warnings and its reads as info (dev: no security anywhere)', async () => {
    const run = await runFw(['audit']);
    assertSucceeded(run);
    assert.equal(run.stdout, BLOG_AUDIT);
  });

  it('leaves out the blog writes in prod, where the API token guards them', async () => {
    const run = await runFw(['audit', '--strict'], { env: { FW_ENV: 'prod' } });
    assertSucceeded(run);
    assert.equal(run.stdout, GUARDED_BLOG_AUDIT);
  });

  it('leaves out the blog writes in dev when BLOG_API_TOKEN is set, since the token guards them there too', async () => {
    const run = await runFw(['audit', '--strict'], { env: { BLOG_API_TOKEN: 'a-long-enough-test-token' } });
    assertSucceeded(run);
    assert.equal(run.stdout, GUARDED_BLOG_AUDIT);
  });

  it('reports a wildcard-method route once, skips secured groups (named or anonymous)', async () => {
    const run = await runFw(['audit'], { cwd: join(FIXTURES, 'wildcard-app') });
    assertSucceeded(run);
    assert.equal(run.stdout, WILD_AUDIT);
  });

  it('--strict exits 2 when there are warnings, after printing the same report', async () => {
    const [wild, blog] = await Promise.all([
      runFw(['audit', '--strict'], { cwd: join(FIXTURES, 'wildcard-app') }),
      runFw(['audit', '--strict']),
    ]);
    assert.deepEqual(wild, { code: 2, stdout: WILD_AUDIT, stderr: '' });
    assert.deepEqual(blog, { code: 2, stdout: BLOG_AUDIT, stderr: '' });
  });

  it('--public lists a route public on purpose as info, so --strict fails only on the others', async () => {
    const wild = { cwd: join(FIXTURES, 'wildcard-app') };
    const some = await runFw(['audit', '--strict', '--public', 'POST /items', '--public', '_ /ping'], wild);
    const publicNote = 'has no security (public on purpose: --public)';
    assert.deepEqual(some, {
      code: 2,
      stdout: lines(
        '=== Security Audit ===',
        'WARNINGS:',
        '  _ /items/:id (wild_items_controller) has no security',
        '  PATCH /items (wild_items_controller) has no security',
        'INFO:',
        `  POST /items (wild_items_controller) ${publicNote}`,
        '  GET /items/search has no security',
        '  HEAD /items/search has no security',
        '  OPTIONS /items/search has no security',
        `  _ /ping ${publicNote}`,
        '  GET /favicon.ico (static favicon.ico) has no security',
        'Summary: 2 warning(s), 6 info(s)',
      ),
      stderr: '',
    });
    const all = await runFw(['audit', '--strict', '--json', ...['_ /items/:id', 'POST /items', 'PATCH /items', '_ /ping'].flatMap((route) => ['--public', route])], wild);
    assert.equal(all.code, 0);
    const model = JSON.parse(all.stdout);
    assert.deepEqual([model.warnings, model.summary], [[], { warnings: 0, infos: 8 }]);
    assert.deepEqual(model.infos[0], { method: '_', path: '/items/:id', host: '_', handler: { kind: 'action', module: 'wild_items_controller', function: 'any' }, public: true });
  });

  it('--public naming no route without security is a usage error, so a stale list in CI fails', async () => {
    const run = await runFw(['audit', '--strict', '--public', 'POST /item', '--public', 'POST /items'], { cwd: join(FIXTURES, 'wildcard-app') });
    assert.deepEqual(run, {
      code: 1,
      stdout: '',
      stderr: lines(`fw: FW_CLI_ERR_USAGE: --public "POST /item" names no route without security; give a route as the audit lists it, e.g. --public 'POST /links'`, "Run 'fw audit --help' for its flags."),
    });
  });

  it('--public unquoted (a method and a path as two values) says to quote them; a route in another case is named as listed', async () => {
    const cwd = join(FIXTURES, 'wildcard-app');
    assert.deepEqual(await runFw(['audit', '--public', 'post', '/items'], { cwd }), {
      code: 1,
      stdout: '',
      stderr: lines("fw: FW_CLI_ERR_USAGE: --public takes a route's method and path as one value, as the audit lists it: quote them, --public 'POST /items'", "Run 'fw audit --help' for its flags."),
    });
    assert.deepEqual(await runFw(['audit', '--public', 'post /items'], { cwd }), {
      code: 1,
      stdout: '',
      stderr: lines(`fw: FW_CLI_ERR_USAGE: --public "post /items" (did you mean 'POST /items'?) names no route without security; give a route as the audit lists it, e.g. --public 'POST /links'`, "Run 'fw audit --help' for its flags."),
    });
  });

  it('names the host of a finding outside the any-host group', async () => {
    const run = await runFw(['audit', '--app', join(FIXTURES, 'hosts-app')]);
    assert.equal(run.code, 0);
    assert.equal(
      run.stdout,
      lines(
        '=== Security Audit ===',
        'WARNINGS:',
        '  PUT /v1/jobs/:job_id (hosted_status_controller) has no security on host api.example.com',
        'INFO:',
        '  GET /status (hosted_status_controller) has no security',
        '  GET /v1/status (hosted_status_controller) has no security on host api.example.com',
        '  GET /v1/status (hosted_status_controller) has no security on host *.example.com',
        'Summary: 1 warning(s), 3 info(s)',
      ),
    );
  });

  it('warns about body routes of groups that replace the global plugins without a body decoder, not those that inherit or bring their own', async () => {
    const run = await runFw(['audit', '--app', join(FIXTURES, 'bodies-app')]);
    assertSucceeded(run);
    assert.equal(run.stdout, BODIES_AUDIT);
  });

  it('--strict exits 2 on body-decoding warnings alone', async () => {
    const run = await runFw(['audit', '--strict'], { cwd: join(FIXTURES, 'bodies-app') });
    assert.deepEqual(run, { code: 2, stdout: BODIES_AUDIT, stderr: '' });
  });

  it('--json marks a body-decoding finding with its issue and group prefix', async () => {
    const run = await runFw(['audit', '--json', '--app', join(FIXTURES, 'bodies-app')]);
    assert.equal(run.code, 0);
    const create = { kind: 'action', module: 'bodies_items_controller', function: 'create' };
    const finding = (method: string, path: string, host: string, handler: unknown, group: string) => ({ method, path, host, handler, issue: 'body_not_decoded', group });
    assert.deepEqual(JSON.parse(run.stdout), {
      warnings: [
        finding('POST', '/api/items', '_', create, '/api'),
        finding('PATCH', '/api/items', '_', create, '/api'),
        finding('_', '/hooks/in', 'hooks.example.com', { kind: 'inline' }, '/hooks'),
        {
          issue: 'startup_warning',
          fields: { event: 'body_schema_without_decoding', route: 'PUT /hooks/typed', prefix: '/hooks', host: 'hooks.example.com' },
          message: TYPED_WARNING,
        },
      ],
      infos: [],
      summary: { warnings: 4, infos: 0 },
    });
  });

  it('--json prints the findings and the summary; --strict still exits 2', async () => {
    const run = await runFw(['audit', '--json', '--strict', '--app', join(FIXTURES, 'wildcard-app')]);
    assert.equal(run.code, 2);
    const items = (fn: string) => ({ kind: 'action', module: 'wild_items_controller', function: fn });
    const finding = (method: string, path: string, handler: unknown) => ({ method, path, host: '_', handler });
    assert.deepEqual(JSON.parse(run.stdout), {
      warnings: [
        finding('_', '/items/:id', items('any')),
        finding('POST', '/items', items('create')),
        finding('PATCH', '/items', items('create')),
        finding('_', '/ping', { kind: 'inline' }),
      ],
      infos: [
        finding('GET', '/items/search', { kind: 'inline' }),
        finding('HEAD', '/items/search', { kind: 'inline' }),
        finding('OPTIONS', '/items/search', { kind: 'inline' }),
        finding('GET', '/favicon.ico', { kind: 'static', file: 'favicon.ico' }),
      ],
      summary: { warnings: 4, infos: 4 },
    });
  });
});
