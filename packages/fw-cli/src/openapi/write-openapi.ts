/**
 * Generates, validates and writes an app's OpenAPI document and its swagger.html (plus, offline,
 * the Swagger UI assets, and on request the document's TypeScript types): the work of
 * `fw openapi`, also run by `fw release`. Nothing is written unless the document is valid, and
 * each file is replaced whole (replace-file.ts): a server serving them never reads one cut short.
 */
import { mkdir } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { LoadedApplication } from 'fw-core/inspect';
import { appDocument, documentText } from './app-document.ts';
import { documentTypes } from './document-types.ts';
import { replaceFile } from './replace-file.ts';
import { copySwaggerAssets } from './swagger-assets.ts';
import { swaggerPage } from './swagger-page.ts';

/** Inputs of writeOpenapi. */
export interface WriteOpenapiOptions {
  readonly loaded: LoadedApplication;
  /** Absolute path of the spec file; swagger.html goes beside it. */
  readonly output: string;
  readonly title: string;
  readonly version: string;
  readonly offline: boolean;
  /** false: no swagger.html (`--no-ui`); default true. */
  readonly ui?: boolean;
  /** Absolute path of the TypeScript types file (`--types`), if wanted. */
  readonly types?: string | undefined;
}

/** One file written, with what it is (`OpenAPI spec`, `Swagger UI`, `Swagger UI asset`, `TypeScript types`). */
export interface WrittenFile {
  readonly what: string;
  readonly path: string;
}

/** What was written, and a note per route method the document leaves out. */
export interface OpenapiResult {
  readonly files: readonly WrittenFile[];
  readonly notes: readonly string[];
}

/** Writes the files; throws a coded error (and writes nothing) when generation fails. */
export async function writeOpenapi(options: WriteOpenapiOptions): Promise<OpenapiResult> {
  const { document, notes } = await appDocument(options);
  const types = options.types === undefined ? undefined : documentTypes(document);
  const dir = dirname(options.output);
  await mkdir(dir, { recursive: true });
  await replaceFile(options.output, documentText(document));
  const files: WrittenFile[] = [{ what: 'OpenAPI spec', path: options.output }];
  if (options.ui !== false) {
    const page = join(dir, 'swagger.html');
    await replaceFile(page, swaggerPage({ specUrl: basename(options.output), title: options.title, offline: options.offline }));
    files.push({ what: 'Swagger UI', path: page });
  }
  if (options.offline) for (const path of await copySwaggerAssets(dir)) files.push({ what: 'Swagger UI asset', path });
  if (options.types !== undefined && types !== undefined) {
    await mkdir(dirname(options.types), { recursive: true });
    await replaceFile(options.types, types);
    files.push({ what: 'TypeScript types', path: options.types });
  }
  return { files, notes };
}
