/**
 * Fastify 5 serving GET /api/posts/:id from the same table, traced by
 * @opentelemetry/instrumentation-http (SERVER spans and its HTTP duration metric) over the same
 * export pipeline as fw: the providers setupTelemetry registers, OTLP/HTTP protobuf spans to
 * OTEL_EXPORTER_OTLP_ENDPOINT. Fastify is imported after the instrumentation so its
 * `require('node:http')` is patched.
 */
import type { AddressInfo } from 'node:net';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { setupTelemetry } from '../../packages/fw-core/src/otel/index.ts';
import { posts, reportReady } from './bench-child.ts';

const telemetry = await setupTelemetry({ serviceName: 'fastify-bench', env: process.env });
new HttpInstrumentation().enable();
const { default: Fastify } = await import('fastify');

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/api/posts/:id', async (request, reply) => {
  const post = posts.get(Number(request.params.id));
  if (post === undefined) return reply.code(404).send({ error: 'post not found' });
  return post;
});
await app.listen({ port: 0, host: '127.0.0.1' });
reportReady((app.server.address() as AddressInfo).port, () => telemetry.forceFlush());
process.once('SIGINT', () => process.exit(0));
