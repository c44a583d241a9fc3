/**
 * fw serving GET /api/posts through its response[200] schema (bench/list-answer.bench.ts): the
 * page as `json({posts})` (BENCH_LIST=json), or streamed as the blog streams it,
 * `jsonStream(page, {key: 'posts'})` (BENCH_LIST=stream). Configuration in code, log_level warn,
 * fw_request_plugin in the group's plugins, as bench/servers/fw-schemas-app.ts.
 */
import { defineApp, json, jsonStream, startServer } from '../../packages/fw-core/src/index.ts';
import { reportReady } from './bench-child.ts';
import { page, postListResponse } from './list-page.ts';

const stream = process.env.BENCH_LIST === 'stream';
const app = defineApp({
  name: 'bench',
  router: {
    name: 'bench_router',
    routes: () => [
      {
        prefix: '/api',
        security: false,
        plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }],
        routes: [
          {
            path: '/posts',
            handler: () => (stream ? jsonStream(page, { key: 'posts' }) : json({ posts: page })),
            options: { methods: ['get'], schema: { response: { 200: postListResponse } } },
          },
        ],
      },
    ],
  },
});
const config = { log_level: 'warn' as const, server_configuration: { port: 0, host: '127.0.0.1' }, plugins: [] };
const server = await startServer({ app, config, env: {}, handleSignals: true });
reportReady(server.port);
