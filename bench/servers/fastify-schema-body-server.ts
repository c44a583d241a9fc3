/** Fastify 5 serving POST /api/posts with its body schema (bench/schemas.bench.ts). */
import { serveSchemaCase } from './fastify-schemas-app.ts';

await serveSchemaCase('body');
