/**
 * fw serving GET /api/posts through its response[200] schema (bench/list-answer.bench.ts): the
 * page as `json({posts})` (BENCH_LIST=json), or streamed as the blog streams it,
 * `jsonStream(page, {key: 'posts'})` (BENCH_LIST=stream). Configuration in code, log_level warn,
 * fw_request_plugin in the group's plugins: bench/servers/fw-schemas-app.ts's serveRoute.
 */
import { json, jsonStream } from '../../packages/fw-core/src/index.ts';
import { serveRoute } from './fw-schemas-app.ts';
import { page, postListResponse } from './list-page.ts';

const stream = process.env.BENCH_LIST === 'stream';
await serveRoute({
  path: '/posts',
  handler: () => (stream ? jsonStream(page, { key: 'posts' }) : json({ posts: page })),
  options: { methods: ['get'], schema: { response: { 200: postListResponse } } },
});
