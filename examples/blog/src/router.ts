/**
 * blog_router (spec: "HTTP API" and its rule 7): the posts group under /api, the login page,
 * the heartbeat and the /docs static route. When writes are guarded (prod, or BLOG_API_TOKEN
 * set: blog-context.ts) the write routes move to a second /api group guarded by
 * requireApiToken, so `fw audit` shows them secured; the reads stay public. `options.extra`
 * tells the OpenAPI generator which schema (priv/schemas/<schema>.json) a route reads or answers.
 */
import { json, type HandlerRoute, type RouteGroup, type RouterModule } from 'fw-core';
import type { BlogContext } from './blog-context.ts';
import { loginController } from './controllers/login-controller.ts';
import { createPostsController } from './controllers/posts-controller.ts';
import { createRequireApiToken } from './security/api-token.ts';

/** The router module of the blog app. */
export function createBlogRouter(context: BlogContext): RouterModule {
  const posts = createPostsController(context);
  const requireApiToken = createRequireApiToken(() => context.apiTokenDigest);
  const reads: HandlerRoute[] = [
    { path: '/posts', handler: posts.index, options: { methods: ['get'], extra: { resource: 'post', collection: 'posts', query_errors: true } } },
    { path: '/posts/:id', handler: posts.show, options: { methods: ['get'], extra: { resource: 'post', params: { id: 'integer' } } } },
  ];
  const writes: HandlerRoute[] = [
    { path: '/posts', handler: posts.create, options: { methods: ['post'], extra: { resource: 'post', schema: 'post' } } },
    { path: '/posts/:id', handler: posts.update, options: { methods: ['put'], extra: { resource: 'post', schema: 'post', params: { id: 'integer' } } } },
    { path: '/posts/:id', handler: posts.delete, options: { methods: ['delete'], extra: { resource: 'post', params: { id: 'integer' } } } },
  ];
  const pages: RouteGroup = {
    prefix: '',
    security: false,
    routes: [
      { path: '/login', handler: loginController.index, options: { methods: ['get'] } },
      { path: '/heartbeat', handler: () => json({ status: 'ok' }), options: { methods: ['get'] } },
      { path: '/docs/[...]', directory: 'priv/assets' },
    ],
  };
  return {
    name: 'blog_router',
    routes(environment: string): readonly RouteGroup[] {
      if (!context.guardsWrites(environment)) return [{ prefix: '/api', security: false, routes: [...reads, ...writes] }, pages];
      return [
        { prefix: '/api', security: false, routes: reads },
        { prefix: '/api', security: requireApiToken, routes: writes },
        pages,
      ];
    },
  };
}
