/** Fastify 5 serving GET /api/posts through its response[200] schema (fast-json-stringify), logger off (bench/list-answer.bench.ts). */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { reportReady } from './bench-child.ts';
import { page, postListResponse } from './list-page.ts';

const app = Fastify({ logger: false });
app.get('/api/posts', { schema: { response: { 200: postListResponse } } }, async () => ({ posts: page }));
await app.listen({ port: 0, host: '127.0.0.1' });
reportReady((app.server.address() as AddressInfo).port);
process.once('SIGINT', () => process.exit(0));
