/** fw serving GET /api/posts/:id with its params and response[200] schemas, plain or a union (BENCH_SCHEMA_CASE=union) (bench/schemas.bench.ts). */
import { responseCase } from './post-schemas.ts';
import { serveSchemaCase } from './fw-schemas-app.ts';

await serveSchemaCase(responseCase());
