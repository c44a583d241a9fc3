/** Fastify 5 serving GET /api/posts/:id with its params and response[200] schemas (bench/schemas.bench.ts). */
import { serveSchemaCase } from './fastify-schemas-app.ts';

await serveSchemaCase('response');
