import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { buildRouteTree, createRouter, renderRouteTree } from '../src/router/index.ts';

/** Route data as the blog's route table has it: a controller function, or an inline handler. */
type Handler = { readonly app: string; readonly controller: string; readonly fun: string } | { readonly inline: true };

const describeHandler = (data: Handler): string | undefined =>
  'inline' in data ? undefined : `${data.app}, ${data.controller}:${data.fun}/1`;

const controller = (fun: string): Handler => ({ app: 'blog', controller: 'blog_posts_controller', fun });

const blog = createRouter<Handler>([
  { path: '/api/posts', methods: ['get'], data: controller('index') },
  { path: '/api/posts', methods: ['post'], data: controller('create') },
  { path: '/api/posts/:id', methods: ['get'], data: controller('show') },
  { path: '/heartbeat', methods: ['get'], data: { inline: true } },
]);

describe('renderRouteTree', () => {
  it("prints the blog's routes as a tree of compressed edges", () => {
    assert.equal(
      renderRouteTree(buildRouteTree(blog), describeHandler),
      [
        "Host: '_'",
        '  /api/posts',
        '    GET /api/posts (blog, blog_posts_controller:index/1)',
        '    POST /api/posts (blog, blog_posts_controller:create/1)',
        '    /:id',
        '      GET /api/posts/:id (blog, blog_posts_controller:show/1)',
        '  /heartbeat',
        '    GET /heartbeat',
      ].join('\n'),
    );
  });

  it('prints hosts exact (sorted), wildcard (longer first), then _, and one line per method', () => {
    const router = createRouter<string>([
      { path: '/', data: 'root' },
      { host: '*.example.com', path: '/', methods: ['get'], data: 'short' },
      { host: 'www.example.com', path: '/a', methods: ['put', 'get'], data: 'www' },
      { host: '*.eu.example.com', path: '/', methods: ['get'], data: 'long' },
      { host: 'api.example.com', path: '/a', methods: ['get'], data: 'api' },
    ]);
    assert.equal(
      renderRouteTree(buildRouteTree(router), (data) => data),
      [
        "Host: 'api.example.com'",
        '  /a',
        '    GET /a (api)',
        "Host: 'www.example.com'",
        '  /a',
        '    PUT /a (www)',
        '    GET /a (www)',
        "Host: '*.eu.example.com'",
        '  /',
        '    GET / (long)',
        "Host: '*.example.com'",
        '  /',
        '    GET / (short)',
        "Host: '_'",
        '  /',
        '    _ / (root)',
      ].join('\n'),
    );
  });

  it('splits an edge where routes or branches begin, with static, binding and [...] children in that order', () => {
    const router = createRouter<string>([
      { path: '/docs/[...]', methods: ['get'], data: 'docs' },
      { path: '/repos/:owner/:repo/issues', methods: ['get'], data: 'issues' },
      { path: '/repos/:org/:name/pulls', methods: ['get'], data: 'pulls' },
      { path: '/repos/:owner/:repo', methods: ['get'], data: 'repo' },
      { path: '/repos/mine/all/', methods: ['get'], data: 'mine' },
      { path: '/repos/mine', methods: ['post'], data: 'create' },
    ]);
    assert.equal(
      renderRouteTree(buildRouteTree(router), () => undefined),
      [
        "Host: '_'",
        '  /docs',
        '    /[...]',
        '      GET /docs/[...]',
        '  /repos',
        '    /mine',
        '      POST /repos/mine',
        '      /all/',
        '        GET /repos/mine/all/',
        '    /:owner',
        '      /:repo',
        '        GET /repos/:owner/:repo',
        '        /issues',
        '          GET /repos/:owner/:repo/issues',
        '        /pulls',
        '          GET /repos/:org/:name/pulls',
      ].join('\n'),
    );
  });
});

describe('buildRouteTree', () => {
  it('builds a plain tree of the radix edges', () => {
    const tree = buildRouteTree(blog);
    assert.deepEqual(JSON.parse(JSON.stringify(tree)), {
      hosts: [
        {
          host: '_',
          root: {
            segment: '',
            routes: [],
            children: [
              {
                segment: '/api/posts',
                routes: [
                  { method: 'GET', path: '/api/posts', data: { app: 'blog', controller: 'blog_posts_controller', fun: 'index' } },
                  { method: 'POST', path: '/api/posts', data: { app: 'blog', controller: 'blog_posts_controller', fun: 'create' } },
                ],
                children: [
                  {
                    segment: '/:id',
                    routes: [{ method: 'GET', path: '/api/posts/:id', data: { app: 'blog', controller: 'blog_posts_controller', fun: 'show' } }],
                    children: [],
                  },
                ],
              },
              { segment: '/heartbeat', routes: [{ method: 'GET', path: '/heartbeat', data: { inline: true } }], children: [] },
            ],
          },
        },
      ],
    });
  });

  it('gives an empty tree for a router without routes', () => {
    assert.deepEqual(buildRouteTree(createRouter([])), { hosts: [] });
    assert.equal(renderRouteTree(buildRouteTree(createRouter([])), () => undefined), '');
  });
});
