/**
 * blog_router (spec: "HTTP API" and its rule 7): the posts group under /api, the login page,
 * the liveness probe /heartbeat, the /docs static route, and the readiness probe /ready in a
 * group of its own that runs no plugin (http/readiness-route.ts). When writes are guarded (prod,
 * or BLOG_API_TOKEN set: blog-context.ts) the write routes move to a second /api group guarded by
 * requireApiToken, so `fw audit` shows them secured; the reads stay public. `options.schema` is
 * what fw checks requests with and projects answers through: answers go through the app's named
 * schema `post` (app.ts: `{$ref: 'post'}`, written once in the OpenAPI document), bodies through
 * payloads derived from it (readOnly fields ignored, an update partial), which `extra.schema`
 * documents as the post (the spec's rule 5: docs/decisions.md, "Named schemas"), and `onInvalid`
 * words their failures the spec's way. The response schemas
 * list every answer a route gives besides fw's own (its 200/201, 404, 422, the store's 503, and
 * on the writes the coded 400, 409 and 504 of http/error-bodies.ts, DELETE's for a reused key its
 * 422), so fw projects them and `fw
 * openapi` documents them all (docs/cli.md); the writes' headers schema documents Idempotency-Key.
 */
import { json, type HandlerRoute, type JsonSchema, type RouteGroup, type RouterModule } from 'fw-core';
import type { BlogContext } from './blog-context.ts';
import { loginController } from './controllers/login-controller.ts';
import { createPostsController, createPostsInvalidHooks } from './controllers/posts-controller.ts';
import {
  CODED_ERROR_SCHEMAS,
  ERROR_BODY_SCHEMA,
  REUSED_KEY_SCHEMA,
  UNPROCESSABLE_SCHEMA,
} from './http/error-bodies.ts';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_HEADERS_SCHEMA } from './http/idempotency-key.ts';
import { PRECONDITION_HEADERS } from './http/preconditions.ts';
import { readinessGroup } from './http/readiness-route.ts';
import { LIST_QUERY_SCHEMA } from './posts/list-query.ts';
import { createPostPayloads } from './posts/post-payloads.ts';
import { POST_ID_PARAMS_SCHEMA } from './posts/post-id.ts';
import { readPostSchema } from './posts/post-schema.ts';
import { createRequireApiToken } from './security/api-token.ts';

/** The router module of the blog app. */
export function createBlogRouter(context: BlogContext): RouterModule {
  const requireApiToken = createRequireApiToken(() => context.apiTokenDigest);
  return {
    name: 'blog_router',
    routes(environment, { env, lifecycle }): readonly RouteGroup[] {
      const { reads, writes } = postRoutes(context);
      // Last: a router miss runs the plugins of the first group with the longest matching prefix
      // (docs/pipeline.md, "Router misses"), so misses at the root keep the pages group's plugins.
      const probe = readinessGroup(context, lifecycle);
      if (!context.guardsWrites(environment, env))
        return [{ prefix: '/api', security: false, routes: [...reads, ...writes] }, pages, probe];
      return [
        { prefix: '/api', security: false, routes: reads },
        { prefix: '/api', security: requireApiToken, routes: writes },
        pages,
        probe,
      ];
    },
  };
}

/** The post routes, their bodies from priv/schemas/post.json (read here: fw asks for routes before start). */
function postRoutes(context: BlogContext): { reads: HandlerRoute[]; writes: HandlerRoute[] } {
  const payloads = createPostPayloads(readPostSchema());
  const post = POST;
  const posts = createPostsController(context, payloads);
  const invalid = createPostsInvalidHooks(context, payloads);
  const params = POST_ID_PARAMS_SCHEMA;
  const error = ERROR_BODY_SCHEMA;
  // The writes take an Idempotency-Key and may answer its codes and the store's 504.
  const headers = IDEMPOTENCY_KEY_HEADERS_SCHEMA;
  // PUT and DELETE also read If-Match and If-None-Match (http/preconditions.ts).
  const conditional = { type: 'object', properties: { ...IDEMPOTENCY_KEY_HEADER, ...PRECONDITION_HEADERS } } as const;
  const coded = CODED_ERROR_SCHEMAS;
  const reads: HandlerRoute[] = [
    {
      path: '/posts',
      handler: posts.index,
      options: {
        methods: ['get'],
        extra: { summary: 'List posts, newest first', resource: 'post', collection: 'posts', query_errors: true },
        openapi: { responseHeaders: { 200: { Link: NEXT_PAGE }, ...RETRY.reads } },
        schema: { query: LIST_QUERY_SCHEMA, response: { 200: POST_LIST, 400: error, 503: error } },
        onInvalid: invalid.list,
      },
    },
    {
      path: '/posts/:id',
      handler: posts.show,
      options: {
        methods: ['get'],
        extra: { summary: 'Read a post', resource: 'post', params: { id: 'integer' } },
        openapi: { responseHeaders: RETRY.reads },
        schema: { params, response: { 200: post, 404: error, 503: error } },
        onInvalid: invalid.byId,
      },
    },
  ];
  const writes: HandlerRoute[] = [
    {
      path: '/posts',
      handler: posts.create,
      options: {
        methods: ['post'],
        extra: { summary: 'Create a post', resource: 'post', schema: 'post' },
        openapi: { responseHeaders: { 201: { Location: CREATED }, ...RETRY.writes } },
        schema: {
          headers,
          body: payloads.createSchema,
          response: { 201: post, ...coded, 422: UNPROCESSABLE_SCHEMA, 503: error },
        },
        onInvalid: invalid.create,
      },
    },
    {
      path: '/posts/:id',
      handler: posts.update,
      options: {
        methods: ['put'],
        extra: { summary: 'Change some fields of a post', resource: 'post', schema: 'post', params: { id: 'integer' } },
        openapi: { description: UPDATE_DESCRIPTION, responseHeaders: RETRY.writes },
        schema: {
          params,
          headers: conditional,
          body: payloads.updateSchema,
          response: { 200: post, ...coded, 404: error, 412: error, 422: UNPROCESSABLE_SCHEMA, 503: error },
        },
        onInvalid: invalid.update,
      },
    },
    {
      path: '/posts/:id',
      handler: posts.delete,
      options: {
        methods: ['delete'],
        extra: { summary: 'Delete a post', resource: 'post', params: { id: 'integer' } },
        openapi: { responseHeaders: RETRY.writes },
        schema: {
          params,
          headers: conditional,
          response: { ...coded, 404: error, 412: error, 422: REUSED_KEY_SCHEMA, 503: error },
        },
        onInvalid: invalid.byId,
      },
    },
  ];
  return { reads, writes };
}

/** The headers the posts routes' answers carry, for `fw openapi` (options.openapi.responseHeaders). */
const NEXT_PAGE = 'The next page, `<url>; rel="next"`, when more posts follow';
const CREATED = { description: "The new post's path, /api/posts/<id>", required: true };
const STORE_DOWN = {
  'Retry-After': { description: 'Seconds to wait: 1 (nothing was done, a retry is safe)', required: true },
};
const KEY_IN_USE = {
  'Retry-After': { description: 'Seconds to wait: 1 (a retry with the same Idempotency-Key is safe)', required: true },
};
const RETRY = { reads: { 503: STORE_DOWN }, writes: { 409: KEY_IN_USE, 503: STORE_DOWN } };

/** The PUT's body is documented as the whole post (spec rule 5), and the service takes less. */
const UPDATE_DESCRIPTION =
  'Changes the fields the body has, any of title, body, status and user_id; the others keep their values. The body is documented as a whole post, as the service spec asks, and one may send fewer fields.';

/** A post: the app's named schema (app.ts). */
const POST = { $ref: 'post' } as const;

/** GET /api/posts's 200, `{posts: [post, ...]}`: fw projects each streamed post through `post`. */
const POST_LIST: JsonSchema = {
  type: 'object',
  required: ['posts'],
  properties: { posts: { type: 'array', items: POST } },
};

/** What /heartbeat answers, `{"status":"ok"}`: declared so that `fw openapi` documents it (spec: openapi rule 3, every route's response schema). */
const LIVENESS: JsonSchema = {
  type: 'object',
  required: ['status'],
  properties: { status: { type: 'string', enum: ['ok'] } },
};

/** The login page, the liveness probe and /docs. The probe writes no per-request log line. */
const pages: RouteGroup = {
  prefix: '',
  security: false,
  routes: [
    {
      path: '/login',
      handler: loginController.index,
      options: { methods: ['get'], extra: { summary: 'The sign-in page (HTML)' } },
    },
    {
      path: '/heartbeat',
      handler: () => json({ status: 'ok' }),
      options: {
        methods: ['get'],
        log: false,
        extra: { summary: 'Liveness: the process serves' },
        schema: { response: { 200: LIVENESS } },
      },
    },
    { path: '/docs/[...]', directory: 'priv/assets' },
  ],
};
