/**
 * `fw routes`: the compiled routing tree from `Host: '_'` (exact hosts first, then wildcard
 * hosts, then '_'), nested by path segment, leaves as `<METHOD> <path> (<app>, <mod>:<fun>/1)`,
 * inline handlers with method and path only; and `--json`.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { assertSucceeded, FIXTURES, lines, runFw } from './support/run-fw.ts';

describe('fw routes', { concurrency: true }, () => {
  it('prints the blog tree', async () => {
    const run = await runFw(['routes']);
    assertSucceeded(run);
    assert.equal(
      run.stdout,
      lines(
        "Host: '_'",
        '  /api/posts',
        '    GET /api/posts (blog, blog_posts_controller:index/1)',
        '    POST /api/posts (blog, blog_posts_controller:create/1)',
        '    /:id',
        '      GET /api/posts/:id (blog, blog_posts_controller:show/1)',
        '      PUT /api/posts/:id (blog, blog_posts_controller:update/1)',
        '      DELETE /api/posts/:id (blog, blog_posts_controller:delete/1)',
        '  /login',
        '    GET /login (blog, blog_login_controller:index/1)',
        '  /heartbeat',
        '    GET /heartbeat',
        '  /docs',
        '    /[...]',
        '      GET /docs/[...] (blog, static:priv/assets)',
        '      HEAD /docs/[...] (blog, static:priv/assets)',
        '  /ready',
        '    GET /ready',
      ),
    );
  });

  it('prints a wildcard-method route once as _, inline handlers bare, and a static file', async () => {
    const run = await runFw(['routes'], { cwd: join(FIXTURES, 'wildcard-app') });
    assertSucceeded(run);
    assert.equal(
      run.stdout,
      lines(
        "Host: '_'",
        '  /items',
        '    POST /items (wild, wild_items_controller:create/1)',
        '    PATCH /items (wild, wild_items_controller:create/1)',
        '    /search',
        '      GET /items/search',
        '      HEAD /items/search',
        '      OPTIONS /items/search',
        '    /:id',
        '      _ /items/:id (wild, wild_items_controller:any/1)',
        '  /admin',
        '    GET /admin (wild, wild_admin_controller:index/1)',
        '    DELETE /admin (wild, wild_admin_controller:index/1)',
        '  /hooks',
        '    /:name',
        '      POST /hooks/:name',
        '  /ping',
        '    _ /ping',
        '  /favicon.ico',
        '    GET /favicon.ico (wild, static:favicon.ico)',
        '    HEAD /favicon.ico (wild, static:favicon.ico)',
      ),
    );
  });

  it('prints one tree per host: exact, then wildcard, then any', async () => {
    const run = await runFw(['--app', join(FIXTURES, 'hosts-app'), 'routes']);
    assert.equal(run.code, 0);
    assert.equal(
      run.stdout,
      lines(
        "Host: 'api.example.com'",
        '  /v1',
        '    /status',
        '      GET /v1/status (hosted, hosted_status_controller:api/1)',
        '    /jobs',
        '      /:job_id',
        '        PUT /v1/jobs/:job_id (hosted, hosted_status_controller:api/1)',
        "Host: '*.example.com'",
        '  /v1/status',
        '    GET /v1/status (hosted, hosted_status_controller:tenant/1)',
        "Host: '_'",
        '  /status',
        '    GET /status (hosted, hosted_status_controller:any/1)',
      ),
    );
  });

  it('--json prints the same tree with each route\'s app and handler', async () => {
    const run = await runFw(['routes', '--json'], { cwd: join(FIXTURES, 'plugins-app') });
    assert.equal(run.code, 0);
    const leaf = (segment: string, method: string, path: string, fn: string) => ({
      segment,
      routes: [{ method, path, data: { app: 'plugged', handler: { kind: 'action', module: 'plugged_greetings_controller', function: fn } } }],
      children: [],
    });
    assert.deepEqual(JSON.parse(run.stdout), {
      hosts: [
        {
          host: '_',
          root: {
            segment: '',
            routes: [],
            children: [leaf('/hello', 'GET', '/hello', 'hello'), leaf('/api/echo', 'POST', '/api/echo', 'echo'), leaf('/bare', 'GET', '/bare', 'hello')],
          },
        },
      ],
    });
  });
});
