/** fw serving POST /api/posts with its body schema (bench/schemas.bench.ts). */
import { serveSchemaCase } from './fw-schemas-app.ts';

await serveSchemaCase('body');
