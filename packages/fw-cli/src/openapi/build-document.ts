/**
 * The OpenAPI 3.0.3 document of a loaded app: every handler route's operations (static routes
 * skipped) and every priv/schemas schema plus the shared error schemas under
 * `components.schemas`. Pure: the schemas are read by the caller.
 */
import type { LoadedApplication } from 'fw-core';
import { CliError } from '../errors.ts';
import { errorSchemas } from './error-schemas.ts';
import { uniqueOperationIds } from './operation-ids.ts';
import { routeOperations, type OperationDraft } from './route-operations.ts';

/** Inputs of buildDocument. */
export interface DocumentInput {
  readonly title: string;
  readonly version: string;
  readonly loaded: LoadedApplication;
  /** priv/schemas, converted, by component name. */
  readonly schemas: Readonly<Record<string, Record<string, unknown>>>;
}

/** The document, and a note per operation left out. */
export interface BuiltDocument {
  readonly document: Record<string, unknown>;
  readonly notes: readonly string[];
}

/** Builds the document; throws when a route names a schema priv/schemas lacks. */
export function buildDocument(input: DocumentInput): BuiltDocument {
  const notes: string[] = [];
  const drafts: OperationDraft[] = [];
  for (const route of input.loaded.router.routes()) {
    const { drafts: more, skipped } = routeOperations(route, input.loaded.app.router.name);
    drafts.push(...more);
    notes.push(...skipped);
  }
  const kept = dropHostClashes(drafts, notes);
  for (const draft of kept) checkSchemas(draft, input.schemas);
  const ids = uniqueOperationIds(kept);
  const paths: Record<string, Record<string, unknown>> = {};
  kept.forEach((draft, index) => {
    paths[draft.path] ??= {};
    paths[draft.path]![draft.method] = { operationId: ids[index], ...draft.operation };
  });
  const document = {
    openapi: '3.0.3',
    info: { title: input.title, version: input.version },
    paths,
    components: { schemas: { ...input.schemas, ...checkedErrorSchemas(input.schemas) } },
  };
  return { document, notes };
}

// The same path and method on two hosts fit one OpenAPI path item once: the first one stays.
function dropHostClashes(drafts: readonly OperationDraft[], notes: string[]): OperationDraft[] {
  const seen = new Map<string, OperationDraft>();
  return drafts.filter((draft) => {
    const key = `${draft.method} ${draft.path}`;
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, draft);
      return true;
    }
    notes.push(`${draft.route} on host ${draft.host} is left out: ${first.route} on host ${first.host} already documents that path and method`);
    return false;
  });
}

function checkSchemas(draft: OperationDraft, schemas: Readonly<Record<string, unknown>>): void {
  for (const name of draft.schemas) {
    if (!(name in schemas)) {
      throw new CliError('FW_CLI_ERR_OPENAPI_UNKNOWN_SCHEMA', `route ${draft.route} names the schema ${name}, but there is no priv/schemas/${name}.json`);
    }
  }
}

function checkedErrorSchemas(schemas: Readonly<Record<string, unknown>>): Record<string, unknown> {
  for (const name of Object.keys(errorSchemas)) {
    if (name in schemas) {
      throw new CliError('FW_CLI_ERR_SCHEMA_NAME_CLASH', `priv/schemas/${name}.json takes the name of fw's shared error schema ${name}; rename the file`);
    }
  }
  return errorSchemas;
}
