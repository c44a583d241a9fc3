/**
 * The fw side of bench/schemas.bench.ts: one route with its schema (`body` for POST /api/posts,
 * `response[200]` and `params` for GET /api/posts/:id), fw_request_plugin with decode_json_body
 * in the group's plugins, log_level warn, configuration in code, ajv as the schema compiler.
 */
import { defineApp, json, startServer, type FwRequest, type HandlerRoute } from '../../packages/fw-core/src/index.ts';
import { posts, reportReady } from './bench-child.ts';
import { createPostBody, postParams, postResponse, postUnionResponse, storePost, type CreatePost, type SchemaCase } from './post-schemas.ts';

const created = new Map<number, Record<string, unknown>>();

/** The routes each case serves. */
const routes: Record<SchemaCase, HandlerRoute> = {
  body: {
    path: '/posts',
    handler: (req) => json(storePost(created, req.body as CreatePost), 201),
    options: { methods: ['post'], schema: { body: createPostBody } },
  },
  response: {
    path: '/posts/:id',
    handler: getPost,
    options: { methods: ['get'], schema: { params: postParams, response: { 200: postResponse } } },
  },
  union: {
    path: '/posts/:id',
    handler: getPost,
    options: { methods: ['get'], schema: { params: postParams, response: { 200: postUnionResponse } } },
  },
};

function getPost(req: FwRequest) {
  const post = posts.get(req.pathParams?.id as number);
  return post ? json(post) : json({ error: 'post not found' }, 404);
}

/** Starts fw serving `which` on a free loopback port and reports it to the parent bench. */
export function serveSchemaCase(which: SchemaCase): Promise<void> {
  return serveRoute(routes[which]);
}

/** Starts fw serving `route` under /api (fw_request_plugin decoding JSON, log_level warn) and reports its port to the parent bench. */
export async function serveRoute(route: HandlerRoute): Promise<void> {
  const app = defineApp({
    name: 'bench',
    router: {
      name: 'bench_router',
      routes: () => [
        {
          prefix: '/api',
          security: false,
          plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
          routes: [route],
        },
      ],
    },
  });
  const config = { log_level: 'warn' as const, server_configuration: { port: 0, host: '127.0.0.1' }, plugins: [] };
  const server = await startServer({ app, config, env: {}, handleSignals: true });
  reportReady(server.port);
}
