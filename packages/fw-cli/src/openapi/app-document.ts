/**
 * The validated OpenAPI document of a loaded app, from its routes and priv/schemas, and its text:
 * what `fw openapi` writes and the Swagger UI route (swagger-ui-route.ts) serves, so both are
 * the same bytes.
 */
import type { LoadedApplication } from 'fw-core/inspect';
import { buildDocument, type BuiltDocument } from './build-document.ts';
import { readSchemas } from './read-schemas.ts';
import { validateDocument } from './validate-document.ts';

/** `info.version` when none is given (`fw openapi --api-version`, the route's `version`). */
export const DEFAULT_API_VERSION = '0.1.0';

/** Inputs of appDocument. */
export interface AppDocumentInput {
  readonly loaded: LoadedApplication;
  readonly title: string;
  readonly version: string;
}

/** Builds and validates the document; throws a coded error when it cannot be built or is invalid. */
export async function appDocument(input: AppDocumentInput): Promise<BuiltDocument> {
  const schemas = await readSchemas(input.loaded.appDir);
  const built = buildDocument({ title: input.title, version: input.version, loaded: input.loaded, schemas });
  await validateDocument(built.document);
  return built;
}

/** The document as fw writes it: two-space JSON and a final newline. */
export function documentText(document: Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
