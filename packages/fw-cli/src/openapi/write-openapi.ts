/**
 * Generates, validates and writes an app's OpenAPI document and its swagger.html (plus, offline,
 * the Swagger UI assets, and on request the document's TypeScript types): the work of
 * `fw openapi`, also run by `fw release`. Nothing is written unless the document is valid, and
 * each file is replaced whole (replace-file.ts): a server serving them never reads one cut short.
 */
import { basename, dirname, join, resolve } from 'node:path';
import type { LoadedApplication } from 'fw-core/inspect';
import { appDocument, documentText } from './app-document.ts';
import { documentTypes } from './document-types.ts';
import { outputError, outputFile } from './output-file.ts';
import { replaceFile } from './replace-file.ts';
import { copySwaggerAssets } from './swagger-assets.ts';
import { swaggerPage } from './swagger-page.ts';
import { SWAGGER_UI_INTEGRITY } from './swagger-ui-release.ts';
import { CliError } from '../errors.ts';

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

/** Writes the files; throws a coded error (and writes nothing) when generation fails or an output path cannot be written. */
export async function writeOpenapi(options: WriteOpenapiOptions): Promise<OpenapiResult> {
  const { document, notes } = await appDocument(options);
  const dir = dirname(options.output);
  // The document, the page and the types with what each is; every path is checked (its parents made) before any file is written.
  const planned: { what: string; path: string; content: string }[] = [
    { what: 'OpenAPI spec', path: options.output, content: documentText(document) },
  ];
  if (options.ui !== false)
    planned.push({
      what: 'Swagger UI',
      path: join(dir, 'swagger.html'),
      content: swaggerPage({
        specUrl: encodeURIComponent(basename(options.output)),
        title: options.title,
        offline: options.offline,
      }),
    });
  if (options.types !== undefined)
    planned.push({ what: 'TypeScript types', path: options.types, content: documentTypes(document) });
  // `--types` naming the spec, the page or an asset would overwrite it with the types, silently (or the page a spec named swagger.html).
  const assets = options.offline
    ? Object.keys(SWAGGER_UI_INTEGRITY).map((asset) => ({ what: 'Swagger UI asset', path: join(dir, asset) }))
    : [];
  const taken = [...planned.slice(0, 2), ...assets, ...planned.slice(2)].map(({ what, path }) => ({
    what,
    path,
    resolved: resolve(path),
  }));
  const later = taken.find((file, index) => taken.findIndex((other) => other.resolved === file.resolved) !== index);
  if (later !== undefined) {
    const earlier = taken.find((file) => file.resolved === later.resolved)!;
    throw new CliError(
      'FW_CLI_ERR_USAGE',
      `The ${later.what} would be written to ${later.path}, where fw writes the ${earlier.what}; give it a path of its own`,
    );
  }
  const targets = [];
  for (const file of planned) targets.push(await outputFile(file.path, file.what));
  for (const [index, file] of planned.entries())
    await replaceFile(targets[index]!, file.content).catch((error: unknown) =>
      Promise.reject(outputError(error, file.what, file.path)),
    );
  const files: WrittenFile[] = planned.map(({ what, path }) => ({ what, path }));
  if (options.offline) {
    const assets = await copySwaggerAssets(dir).catch((error: unknown) =>
      Promise.reject(outputError(error, 'Swagger UI assets', dir)),
    );
    // Listed after the page they go beside, as the docs show them.
    files.splice(options.ui === false ? 1 : 2, 0, ...assets.map((path) => ({ what: 'Swagger UI asset', path })));
  }
  return { files, notes };
}
