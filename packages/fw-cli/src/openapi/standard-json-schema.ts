/**
 * Route schema parts written with a Standard Schema (zod...) as the JSON Schemas `fw openapi` writes: read through
 * Standard JSON Schema (`~standard.jsonSchema`, draft-07), the input's for request parts (what a client sends) and the
 * output's for responses (what fw sends). A schema the library names (zod's `.meta({id: 'Task'})`) is one component,
 * `Task`, that every part using it refers to; where a request takes another shape of it than answers carry (a field
 * with a default is optional in), the request's is `TaskInput`. A JSON Schema part's own `$defs` become components too.
 */
import type { CompiledRoute, RouteTarget } from 'fw-core/inspect';
import type { JsonSchema, PartSchema, RouteSchema } from 'fw-core';
import { CliError } from '../errors.ts';
import { sharedSchemas } from './error-schemas.ts';
import { COMPONENT_NAME } from './own-error-schemas.ts';
import { convertRouteSchema } from './schema-dialect.ts';
import { liftReferredIds } from './schema-ids.ts';

type Json = Record<string, unknown>;

/** A route schema of JSON Schemas only. */
export interface JsonRouteSchema extends Omit<RouteSchema, 'params' | 'query' | 'headers' | 'body' | 'response'> {
  readonly params?: JsonSchema;
  readonly query?: JsonSchema;
  readonly headers?: JsonSchema;
  readonly body?: JsonSchema;
  readonly response?: Readonly<Record<string, JsonSchema>>;
}

type Io = 'input' | 'output';

/** Standard JSON Schema's converter, as a library that has one declares it. */
type Standard = {
  readonly vendor: string;
  readonly jsonSchema?: Readonly<Record<Io, (options: { target: string }) => Json>>;
};

/**
 * `schema` with each Standard Schema part replaced by its JSON Schema, named schemas as `$ref`s; `route` (`GET /items/:id`)
 * names it in errors, `ids` the app's named schemas by their `$id` (namedSchemaIds).
 */
export function jsonRouteSchema(schema: RouteSchema, route: string, ids: ReadonlyMap<string, string>): JsonRouteSchema {
  const { response, ...parts } = schema;
  const each = (entries: Readonly<Record<string, PartSchema>>, io: Io, at: string) =>
    Object.fromEntries(
      Object.entries(entries).map(([key, part]) => [key, partSchema(part, io, at + key, route, ids).root]),
    );
  return {
    ...each(parts, 'input', ''),
    ...(response !== undefined && { response: each(response, 'output', 'response.') }),
  } as JsonRouteSchema;
}

/**
 * The components the Standard Schema parts of `routes` name, converted, beside the app's `taken` ones; a name given to
 * two different schemas, or one of fw's shared error schemas' names, is FW_CLI_ERR_SCHEMA_NAME_CLASH.
 */
export function standardComponents(
  routes: readonly CompiledRoute<RouteTarget>[],
  taken: Readonly<Record<string, Json>>,
  ids: ReadonlyMap<string, string>,
): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const { methods, data } of routes) {
    if (data.kind === 'static' || data.schema === undefined) continue;
    const { response = {}, ...parts } = data.schema;
    const route = `${methods === '_' ? 'ANY' : methods.join(',').toUpperCase()} ${data.info.template}`;
    const all = [
      ...Object.entries(parts).map(([key, part]) => [key, part, 'input'] as const),
      ...Object.entries(response).map(([status, part]) => [`response.${status}`, part, 'output'] as const),
    ];
    for (const [at, part, io] of all) {
      for (const [name, definition] of Object.entries(partSchema(part, io, at, route, ids).definitions)) {
        if (!COMPONENT_NAME.test(name))
          throw new CliError(
            'FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA',
            `route ${route} schema.${at} names a schema ${JSON.stringify(name)}, but a component name is letters, digits, '.', '_' or '-'; rename it`,
          );
        // fw writes its own schema under such a name (buildDocument), which would replace this one silently.
        if (name in sharedSchemas)
          throw new CliError(
            'FW_CLI_ERR_SCHEMA_NAME_CLASH',
            `route ${route} schema.${at} names a schema ${name}, but that is the name of fw's shared error schema ${name}; rename it`,
          );
        const converted = convertRouteSchema(definition, `route ${route} schema.${at} (${name})`);
        const known = out[name] ?? taken[name];
        if (known !== undefined && JSON.stringify(known) !== JSON.stringify(converted))
          throw new CliError(
            'FW_CLI_ERR_SCHEMA_NAME_CLASH',
            `route ${route} schema.${at} names a schema ${name}, but another schema of the app has that name; give each its own id`,
          );
        out[name] = converted;
      }
    }
  }
  return out;
}

/**
 * A part's named(): a params, query or headers schema that is itself named (`.meta({id: 'Page'})`) is written out at
 * the root, as its parameters are its properties (a `$ref` has none), and is no component unless something else refers to it.
 */
function partSchema(
  schema: PartSchema,
  io: Io,
  at: string,
  route: string,
  ids: ReadonlyMap<string, string>,
): ReturnType<typeof named> {
  const { root, definitions } = named(schema, io, `${route} schema.${at}`, ids);
  const id =
    typeof root === 'object' && Object.keys(root).length === 1 && typeof root.$ref === 'string' ? root.$ref : undefined;
  if (!['params', 'query', 'headers'].includes(at) || id === undefined || definitions[id] === undefined)
    return { root, definitions };
  const { [id]: own, ...rest } = definitions;
  const referred = JSON.stringify([own, rest]).includes(`"$ref":${JSON.stringify(id)}`);
  return { root: own!, definitions: referred ? definitions : rest };
}

function standardOf(schema: PartSchema): Standard | undefined {
  return (schema as { readonly '~standard'?: Standard })['~standard'];
}

/**
 * The part's JSON Schema (a Standard Schema's, or the part itself), its `definitions` or `$defs` lifted out by name and
 * its refs to them (`#/definitions/<id>`, `#/$defs/<id>`) made bare component names, then the schemas inside it a `$ref` names by `$id` lifted likewise
 * (liftReferredIds). A JSON Schema without either is as given.
 */
function named(
  schema: PartSchema,
  io: Io,
  where: string,
  ids: ReadonlyMap<string, string>,
): { root: JsonSchema; definitions: Record<string, Json> } {
  const standard = standardOf(schema) !== undefined;
  if (!standard && (typeof schema !== 'object' || !('definitions' in schema || '$defs' in schema)))
    return withIds({}, schema, ids);
  const { definitions = {}, $defs = {}, ...root } = standard ? jsonSchemaOf(schema, io, where) : (schema as Json);
  const own = { ...(definitions as Record<string, Json>), ...($defs as Record<string, Json>) };
  const other = standard && io === 'input' && Object.keys(own).length > 0 ? outputDefinitions(schema, where) : {};
  // A request's shape of a named schema keeps the name where it is the answers' shape too, down to the schemas it
  // refers to: one that refers to an <id>Input is another shape (the same text, other refs), so it is an Input too.
  const inputs = new Set(
    Object.keys(own).filter((id) => other[id] !== undefined && JSON.stringify(other[id]) !== JSON.stringify(own[id])),
  );
  const refersToInput = (id: string) =>
    [...JSON.stringify(own[id]).matchAll(/"\$ref":"#\/(?:definitions|\$defs)\/([^"]+)"/g)].some(([, to]) =>
      inputs.has(to!),
    );
  for (let grew = true; grew;) {
    const more = Object.keys(own).filter((id) => !inputs.has(id) && refersToInput(id));
    more.forEach((id) => inputs.add(id));
    grew = more.length > 0;
  }
  const name = (id: string) => (inputs.has(id) ? `${id}Input` : id);
  const bare = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(bare);
    if (typeof value !== 'object' || value === null) return value;
    // zod writes a named schema's optional use as {allOf: [{$ref}]}, the same schema as the $ref alone (which lint asks for).
    const { allOf, ...beside } = value as Json;
    if (Object.keys(beside).length === 0 && Array.isArray(allOf) && allOf.length === 1) return bare(allOf[0]);
    const ref = (sub: unknown) =>
      typeof sub === 'string' ? /^#\/(?:definitions|\$defs)\/(.+)$/.exec(sub)?.[1] : undefined;
    return Object.fromEntries(
      Object.entries(value).map(([key, sub]) => [
        key,
        key === '$ref' && ref(sub) !== undefined ? name(ref(sub)!) : bare(sub),
      ]),
    );
  };
  return withIds(
    Object.fromEntries(Object.entries(own).map(([id, definition]) => [name(id), bare(definition) as Json])),
    bare(root),
    ids,
  );
}

// A $ref to a $id inside the part (TypeBox's Type.Recursive, Type.Cyclic) names a component made for it, one to a named schema's $id that schema (schema-ids.ts).
function withIds(
  definitions: Record<string, Json>,
  root: unknown,
  ids: ReadonlyMap<string, string>,
): { root: JsonSchema; definitions: Record<string, Json> } {
  const lifted = liftReferredIds(definitions, root, ids);
  return { root: lifted.root as JsonSchema, definitions: lifted.definitions };
}

/**
 * A request part's output definitions, to tell its shape of a named schema from the answers'. A part whose output has no
 * JSON Schema (zod's `.transform(Number)` on a path id) still has an input one: its names are then taken as they are.
 */
function outputDefinitions(schema: PartSchema, where: string): Record<string, Json> {
  try {
    return (jsonSchemaOf(schema, 'output', where).definitions ?? {}) as Record<string, Json>;
  } catch {
    return {};
  }
}

function jsonSchemaOf(schema: PartSchema, io: Io, where: string): Json {
  const standard = standardOf(schema)!;
  if (standard.jsonSchema === undefined) {
    throw new CliError(
      'FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA',
      `route ${where} is a ${standard.vendor} schema without Standard JSON Schema (~standard.jsonSchema), so fw openapi cannot describe it: use a version of the library that has it (zod 4.2 or later), or a JSON Schema`,
    );
  }
  try {
    const { $schema: _, ...json } = standard.jsonSchema[io]({ target: 'draft-07' });
    return json;
  } catch (cause) {
    throw new CliError(
      'FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA',
      `route ${where} (${standard.vendor}) cannot be written as a JSON Schema: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
}
