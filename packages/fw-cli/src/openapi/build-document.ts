/**
 * The OpenAPI 3.0.3 document of a loaded app: every handler route's operations (static routes
 * skipped), every priv/schemas schema plus the shared error schemas some operation answers with
 * under `components.schemas`, and the security schemes the
 * groups' callbacks declare under `components.securitySchemes`. Pure: the schemas are read by
 * the caller.
 */
import type { LoadedApplication } from 'fw-core/inspect';
import { CliError } from '../errors.ts';
import type { SecuritySchemeDeclaration } from 'fw-core';
import { errorSchemas, sharedSchemas } from './error-schemas.ts';
import { uniqueOperationIds } from './operation-ids.ts';
import { COMPONENT_NAME, OwnErrorSchemas } from './own-error-schemas.ts';
import { routeOperations, type OperationDraft } from './route-operations.ts';
import { namedSchemaIds } from './schema-ids.ts';
import { ComponentIndex } from './schema-operation.ts';

/** Inputs of buildDocument. */
export interface DocumentInput {
  readonly title: string;
  readonly version: string;
  readonly loaded: LoadedApplication;
  /** priv/schemas, converted, by component name. */
  readonly schemas: Readonly<Record<string, Record<string, unknown>>>;
  /** The app's package.json `description` and `license`, when it has them. */
  readonly about?: AppAbout;
}

/** What `info` takes from the app's package.json. */
export interface AppAbout {
  readonly description?: string;
  readonly license?: string;
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
  // Route schemas equal to an error schema refer to it too, so the index has them all.
  const index = new ComponentIndex({ ...input.schemas, ...errorSchemas });
  const ownErrors = new OwnErrorSchemas(input.loaded.app, index, [
    ...Object.keys(input.schemas),
    ...Object.keys(sharedSchemas),
  ]);
  const context = {
    routerName: input.loaded.app.router.name,
    components: index,
    ownErrors,
    namedIds: namedSchemaIds(input.loaded.app.schemas),
  };
  for (const route of input.loaded.router.routes()) {
    const { drafts: more, skipped } = routeOperations(route, context);
    drafts.push(...more);
    notes.push(...skipped);
  }
  const kept = dropHostClashes(onePathPerShape(drafts, notes), notes);
  for (const draft of kept) checkSchemas(draft, input.schemas);
  const ids = uniqueOperationIds(kept);
  const paths: Record<string, Record<string, unknown>> = {};
  kept.forEach((draft, index) => {
    paths[draft.path] ??= {};
    paths[draft.path]![draft.method] = { operationId: ids[index], ...draft.operation };
  });
  const schemes = securitySchemes(kept);
  // A public operation says it needs none (docs/decisions.md). A secured one without a declared
  // scheme says nothing: its credential is unknown here, and [] would call it public.
  kept.forEach((draft) => {
    if (!draft.secured) (paths[draft.path]![draft.method] as Record<string, unknown>).security = [];
  });
  const document = {
    openapi: '3.0.3',
    info: { title: input.title, version: input.version, ...about(input.about ?? {}) },
    // The OpenAPI default made explicit: paths are relative to where the document is served.
    servers: [{ url: '/' }],
    paths,
    components: { schemas: { ...input.schemas, ...ownErrors.components, ...usedSharedSchemas(paths) }, ...schemes },
  };
  return { document, notes };
}

// An SPDX identifier (`MIT`, `Apache-2.0`) links to its text at spdx.org; an expression
// (`MIT OR Apache-2.0`), `UNLICENSED` or `SEE LICENSE IN <file>` is a name alone.
function about({ description, license }: AppAbout): Record<string, unknown> {
  const spdx = license !== undefined && /^[A-Za-z0-9][A-Za-z0-9.+-]*$/.test(license) && license !== 'UNLICENSED';
  return {
    ...(description !== undefined && description !== '' && { description }),
    ...(license !== undefined &&
      license !== '' && {
        license: { name: license, ...(spdx && { url: `https://spdx.org/licenses/${license}.html` }) },
      }),
  };
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
    notes.push(
      `${draft.route} on host ${draft.host} is left out: ${first.route} on host ${first.host} already documents that path and method`,
    );
    return false;
  });
}

/**
 * Paths of one shape (`/a/{id}`, `/a/{name}`: the router's `GET /a/:id` beside `PUT /a/:name`) are one path item, under
 * the first one's parameter names: OpenAPI 3.0.3 forbids templated paths that differ only by their names (Paths Object),
 * and a path parameter is its place in the URL, whatever it is called. A note names each renamed operation. Not a route
 * whose method that path has on its host already (a binding beside `[...]`, `/a/:id` and `/a/[...]`, both GET): one path
 * item cannot hold both, and neither is the other.
 */
function onePathPerShape(drafts: readonly OperationDraft[], notes: string[]): OperationDraft[] {
  const firsts = new Map<string, string>();
  const taken = new Set<string>();
  return drafts.map((draft) => {
    const shape = draft.path.replace(/\{[^}]*\}/g, '{}');
    const first = firsts.get(shape) ?? draft.path;
    firsts.set(shape, first);
    const merged = first !== draft.path && !taken.has(`${draft.host} ${draft.method} ${first}`);
    taken.add(`${draft.host} ${draft.method} ${merged ? first : draft.path}`);
    if (!merged) return draft;
    const names = new Map(templateNames(draft.path).map((name, at) => [name, templateNames(first)[at]!]));
    const parameters = (draft.operation.parameters as Record<string, unknown>[] | undefined)?.map((parameter) =>
      parameter.in === 'path' ? { ...parameter, name: names.get(parameter.name as string) } : parameter,
    );
    notes.push(
      `${draft.route} shares its path shape with ${first}: OpenAPI has one path item per path shape, so its path parameters take that path's names`,
    );
    return {
      ...draft,
      path: first,
      operation: { ...draft.operation, ...(parameters !== undefined && { parameters }) },
    };
  });
}

function templateNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1]!);
}

function checkSchemas(draft: OperationDraft, schemas: Readonly<Record<string, unknown>>): void {
  for (const name of draft.schemas) {
    if (!(name in schemas)) {
      throw new CliError(
        'FW_CLI_ERR_OPENAPI_UNKNOWN_SCHEMA',
        `route ${draft.route} names the schema ${name}, but there is no priv/schemas/${name}.json`,
      );
    }
  }
}

// A shared error schema is a component only where some operation answers with it: an app whose
// routes never answer `{errors}` has no ValidationErrors.
function usedSharedSchemas(paths: unknown): Record<string, unknown> {
  const text = JSON.stringify(paths);
  return Object.fromEntries(
    Object.entries(sharedSchemas).filter(([name]) => text.includes(`"#/components/schemas/${name}"`)),
  );
}

// One entry per declared scheme name; two groups giving one name different schemes is an error.
function securitySchemes(drafts: readonly OperationDraft[]): { securitySchemes?: Record<string, unknown> } {
  const schemes = new Map<string, SecuritySchemeDeclaration & { route: string }>();
  for (const draft of drafts) {
    const declared = draft.securityScheme;
    if (declared === undefined) continue;
    if (!COMPONENT_NAME.test(declared.name)) {
      throw new CliError(
        'FW_CLI_ERR_OPENAPI_BAD_SCHEME_NAME',
        `the security scheme ${JSON.stringify(declared.name)} of route ${draft.route} is no component name: use letters, digits, '.', '_' or '-'`,
      );
    }
    const first = schemes.get(declared.name);
    if (first === undefined) schemes.set(declared.name, { ...declared, route: draft.route });
    else if (JSON.stringify(first.scheme) !== JSON.stringify(declared.scheme)) {
      throw new CliError(
        'FW_CLI_ERR_OPENAPI_SCHEME_CLASH',
        `the security scheme ${declared.name} of route ${draft.route} is ${JSON.stringify(declared.scheme)}, but route ${first.route} declares it as ${JSON.stringify(first.scheme)}; give one of them another name`,
      );
    }
  }
  if (schemes.size === 0) return {};
  return { securitySchemes: Object.fromEntries([...schemes].map(([name, { scheme }]) => [name, scheme])) };
}
