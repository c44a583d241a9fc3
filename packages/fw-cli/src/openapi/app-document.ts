/**
 * The validated OpenAPI document of a loaded app, from its routes, priv/schemas and named schemas, and its text:
 * what `fw openapi` writes and the Swagger UI route (swagger-ui-route.ts) serves, so both are
 * the same bytes.
 */
import type { LoadedApplication } from 'fw-core/inspect';
import { buildDocument, type BuiltDocument } from './build-document.ts';
import { readSchemas, withAppSchemas } from './read-schemas.ts';
import { validateDocument } from './validate-document.ts';

/** Inputs of appDocument. */
export interface AppDocumentInput {
  readonly loaded: LoadedApplication;
  readonly title: string;
  readonly version: string;
}

/** Builds and validates the document; throws a coded error when it cannot be built or is invalid. */
export async function appDocument(input: AppDocumentInput): Promise<BuiltDocument> {
  const schemas = withAppSchemas(await readSchemas(input.loaded.appDir), input.loaded.app.schemas);
  const built = buildDocument({ title: input.title, version: input.version, loaded: input.loaded, schemas });
  await validateDocument(built.document);
  return built;
}

/** The document as fw writes it: two-space JSON and a final newline. */
export function documentText(document: Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
