/**
 * The validated OpenAPI document of a loaded app, from its routes, priv/schemas, named schemas and the schemas its zod
 * parts name, and its text:
 * what `fw openapi` writes and the Swagger UI route (swagger-ui-route.ts) serves, so both are
 * the same bytes.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { LoadedApplication } from 'fw-core/inspect';
import { buildDocument, type AppAbout, type BuiltDocument } from './build-document.ts';
import { readSchemas, withAppSchemas } from './read-schemas.ts';
import { namedSchemaIds } from './schema-ids.ts';
import { standardComponents } from './standard-json-schema.ts';
import { validateDocument } from './validate-document.ts';

/** Inputs of appDocument. */
export interface AppDocumentInput {
  readonly loaded: LoadedApplication;
  readonly title: string;
  readonly version: string;
}

/** Builds and validates the document; throws a coded error when it cannot be built or is invalid. */
export async function appDocument(input: AppDocumentInput): Promise<BuiltDocument> {
  const files = withAppSchemas(await readSchemas(input.loaded.appDir), input.loaded.app.schemas);
  const schemas = {
    ...files,
    ...standardComponents(input.loaded.router.routes(), files, namedSchemaIds(input.loaded.app.schemas)),
  };
  const built = buildDocument({
    title: input.title,
    version: input.version,
    loaded: input.loaded,
    schemas,
    about: await readAbout(input.loaded.appDir),
  });
  await validateDocument(built.document);
  return built;
}

// package.json's `description` and `license` (strings only); an app without one has neither.
async function readAbout(appDir: string): Promise<AppAbout> {
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(await readFile(join(appDir, 'package.json'), 'utf8'));
  } catch {
    return {};
  }
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return { description: text(pkg?.description), license: text(pkg?.license) };
}

/** The document as fw writes it: two-space JSON and a final newline. */
export function documentText(document: Record<string, unknown>): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
