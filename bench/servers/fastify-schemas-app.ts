/**
 * The Fastify 5 side of bench/schemas.bench.ts: the same routes with the same schemas, through
 * Fastify's own paths (`schema.body` on its ajv compiler, `schema.response[200]` on
 * fast-json-stringify, `schema.params` coerced by ajv), logger off.
 *
 * The body case turns off two of Fastify's ajv defaults, `removeAdditional` and `coerceTypes`, so its
 * validator applies fw's rules (a body is never coerced, a field the schema does not allow is refused with
 * 400, not deleted): with the defaults a body fw refuses gets 201 here, and the two would not validate the
 * same thing. On the bench's valid body both settings take the same checks (tests/bench-contenders-schemas.test.ts).
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { posts, reportReady } from './bench-child.ts';
import { createPostBody, postParams, postResponse, postUnionResponse, storePost, type CreatePost, type SchemaCase } from './post-schemas.ts';

/** Starts Fastify serving `which` on a free loopback port and reports it to the parent bench. */
export async function serveSchemaCase(which: SchemaCase): Promise<void> {
  const app = Fastify({ logger: false, ...(which === 'body' && { ajv: { customOptions: { removeAdditional: false, coerceTypes: false } } }) });
  if (which === 'body') {
    const created = new Map<number, Record<string, unknown>>();
    app.post<{ Body: CreatePost }>('/api/posts', { schema: { body: createPostBody } }, async (request, reply) => {
      reply.code(201);
      return storePost(created, request.body);
    });
  } else {
    app.get<{ Params: { id: number } }>('/api/posts/:id', { schema: { params: postParams, response: { 200: which === 'union' ? postUnionResponse : postResponse } } }, async (request, reply) => {
      const post = posts.get(request.params.id);
      if (post === undefined) return reply.code(404).send({ error: 'post not found' });
      return post;
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  reportReady((app.server.address() as AddressInfo).port);
  process.once('SIGINT', () => process.exit(0));
}
