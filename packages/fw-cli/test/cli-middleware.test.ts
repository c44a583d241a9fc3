/**
 * `fw middleware`: the global plugins, then every route group with its prefix, security, host,
 * plugin chain (`(inherits global)`, its own list, or `(none)` for an empty one) and routes as
 * `<METHOD> <path> -> <module>:<function>`, `(inline fun)` or `(static <source>)`; and `--json`.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { blogPlugins, pluginLine } from './support/blog-config.ts';
import { assertSucceeded, FIXTURES, lines, runFw } from './support/run-fw.ts';

describe('fw middleware', { concurrency: true }, () => {
  it('prints the blog: global plugins from fw.config.json, two groups that inherit them', async () => {
    const run = await runFw(['middleware']);
    assertSucceeded(run);
    assert.equal(
      run.stdout,
      lines(
        '=== Global Plugins ===',
        ...blogPlugins().map((plugin) => pluginLine('  ', plugin)),
        '=== Route Groups (blog_router) ===',
        'Group: prefix=/api  security=false',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    GET /api/posts -> blog_posts_controller:index',
        '    GET /api/posts/:id -> blog_posts_controller:show',
        '    POST /api/posts -> blog_posts_controller:create',
        '    PUT /api/posts/:id -> blog_posts_controller:update',
        '    DELETE /api/posts/:id -> blog_posts_controller:delete',
        'Group: prefix=  security=false',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    GET /login -> blog_login_controller:index',
        '    GET /heartbeat -> (inline fun)',
        '    GET /docs/[...] -> (static priv/assets)',
        'Group: prefix=  security=false',
        '  Plugins:',
        '    (none)',
        '  Routes:',
        '    GET /ready -> (inline fun)',
      ),
    );
  });

  it('shows group plugin lists that replace the global one, and an empty list as (none)', async () => {
    const run = await runFw(['middleware'], { cwd: join(FIXTURES, 'plugins-app') });
    assertSucceeded(run);
    assert.equal(
      run.stdout,
      lines(
        '=== Global Plugins ===',
        '  pre_request: fw_request_plugin {"decode_json_body":true}',
        '  post_request: stamp_plugin {"header":"x-stamp"}',
        '=== Route Groups (plugged_router) ===',
        'Group: prefix=  security=false',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    GET /hello -> plugged_greetings_controller:hello',
        'Group: prefix=/api  security=false',
        '  Plugins:',
        '    pre_request: fw_cors_plugin {"allow_origins":"*"}',
        '    pre_request: fw_request_plugin {"decode_json_body":true,"read_urlencoded_body":true}',
        '  Routes:',
        '    POST /api/echo -> plugged_greetings_controller:echo',
        'Group: prefix=/bare  security=false',
        '  Plugins:',
        '    (none)',
        '  Routes:',
        '    GET /bare -> plugged_greetings_controller:hello',
      ),
    );
  });

  it('names security callbacks, shows the wildcard method as _ and static files', async () => {
    const run = await runFw(['--app', 'wildcard-app', 'middleware'], { cwd: FIXTURES });
    assertSucceeded(run);
    assert.equal(
      run.stdout,
      lines(
        '=== Global Plugins ===',
        '  (none)',
        '=== Route Groups (wild_router) ===',
        'Group: prefix=/items  security=false',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    _ /items/:id -> wild_items_controller:any',
        '    POST /items -> wild_items_controller:create',
        '    PATCH /items -> wild_items_controller:create',
        '    GET /items/search -> (inline fun)',
        '    HEAD /items/search -> (inline fun)',
        '    OPTIONS /items/search -> (inline fun)',
        'Group: prefix=/admin  security=checkAdmin',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    GET /admin -> wild_admin_controller:index',
        '    DELETE /admin -> wild_admin_controller:index',
        'Group: prefix=/hooks  security=(anonymous)',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    POST /hooks/:name -> (inline fun)',
        'Group: prefix=  security=false',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    _ /ping -> (inline fun)',
        '    GET /favicon.ico -> (static favicon.ico)',
      ),
    );
  });

  it('shows the host of a group that has one', async () => {
    const run = await runFw(['middleware', '--app', join(FIXTURES, 'hosts-app')]);
    assert.equal(run.code, 0);
    assert.equal(
      run.stdout,
      lines(
        '=== Global Plugins ===',
        '  (none)',
        '=== Route Groups (hosted_router) ===',
        'Group: prefix=  security=false',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    GET /status -> hosted_status_controller:any',
        'Group: prefix=/v1  security=false  host=api.example.com',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    GET /v1/status -> hosted_status_controller:api',
        '    PUT /v1/jobs/:job_id -> hosted_status_controller:api',
        'Group: prefix=/v1  security=false  host=*.example.com',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    GET /v1/status -> hosted_status_controller:tenant',
      ),
    );
  });

  it('--json prints the global chain, the router and each group with its chain and routes', async () => {
    const run = await runFw(['middleware', '--json'], { cwd: join(FIXTURES, 'plugins-app') });
    assert.equal(run.code, 0);
    const greet = (fn: string) => ({ kind: 'action', module: 'plugged_greetings_controller', function: fn });
    const global = [
      { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } },
      { phase: 'post_request', module: 'stamp_plugin', options: { header: 'x-stamp' } },
    ];
    assert.deepEqual(JSON.parse(run.stdout), {
      global,
      router: 'plugged_router',
      groups: [
        { prefix: '', host: '_', security: false, inherits: true, plugins: global, routes: [{ method: 'GET', path: '/hello', handler: greet('hello') }] },
        {
          prefix: '/api',
          host: '_',
          security: false,
          inherits: false,
          plugins: [
            { phase: 'pre_request', module: 'fw_cors_plugin', options: { allow_origins: '*' } },
            { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true, read_urlencoded_body: true } },
          ],
          routes: [{ method: 'POST', path: '/api/echo', handler: greet('echo') }],
        },
        { prefix: '/bare', host: '_', security: false, inherits: false, plugins: [], routes: [{ method: 'GET', path: '/bare', handler: greet('hello') }] },
      ],
    });
  });

  it("marks the plugin withTelemetry lists, which fw.config.json does not, as withTelemetry's (text and --json)", async () => {
    const run = await runFw(['--app', 'with-telemetry-app', 'middleware'], { cwd: FIXTURES });
    assertSucceeded(run);
    assert.equal(
      run.stdout,
      lines(
        '=== Global Plugins ===',
        '  pre_request: otel_fw_plugin {} (added by withTelemetry)',
        '  pre_request: fw_request_plugin {"decode_json_body":true}',
        '=== Route Groups (tasks_router) ===',
        'Group: prefix=  security=false',
        '  Plugins:',
        '    (inherits global)',
        '  Routes:',
        '    _ /tasks -> (inline fun)',
      ),
    );
    const json = await runFw(['--app', 'with-telemetry-app', 'middleware', '--json'], { cwd: FIXTURES });
    const model = JSON.parse(json.stdout) as { global: unknown[]; groups: { plugins: unknown[] }[] };
    const added = { phase: 'pre_request', module: 'otel_fw_plugin', options: {}, added_by: 'withTelemetry' };
    assert.deepEqual(model.global[0], added);
    assert.deepEqual(model.groups[0]!.plugins[0], added); // the chain the group runs, inherited
    assert.deepEqual(model.global[1], { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } });
  });

  it('--json gives security names, inline and static handlers as data', async () => {
    const run = await runFw(['middleware', '--json', '--app', join(FIXTURES, 'wildcard-app')]);
    assert.equal(run.code, 0);
    const groups = JSON.parse(run.stdout).groups as { security: unknown; routes: unknown[] }[];
    assert.deepEqual(groups.map((group) => group.security), [false, 'checkAdmin', '(anonymous)', false]);
    assert.deepEqual(groups[3]!.routes, [
      { method: '_', path: '/ping', handler: { kind: 'inline' } },
      { method: 'GET', path: '/favicon.ico', handler: { kind: 'static', file: 'favicon.ico' } },
    ]);
  });
});
