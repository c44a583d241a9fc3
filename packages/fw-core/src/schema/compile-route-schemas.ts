/** Compiles each route's `options.schema` once, at start: request validators and response projections. */
import { closestKey } from '../closest-key.ts';
import { isJsonObject } from '../config/validate-config.ts';
import { FwError, isFwError } from '../errors.ts';
import { METHODS_WITHOUT_BODY } from '../plugins/request-plugin.ts';
import type { RouteDefinition } from '../router/router.ts';
import { checkAjvOptions, loadAjvCompiler } from './ajv-compiler.ts';
import { compileRequestCheck, schemaReached, type RequestCheck } from './check-request.ts';
import type { Projection } from '../http/response.ts';
import { compileProjection, refResolver, schemaIds, type ProjectionOptions } from './project-response.ts';
import type {
  AjvOptions,
  InvalidRequestHook,
  JsonSchema,
  NamedSchemaMap,
  PartSchema,
  RequestPart,
  RouteSchema,
  SchemaCompiler,
  SchemaResult,
} from './route-schema.ts';
import { isStandardSchema, standardProjection, standardValidator } from './standard-schema.ts';

/** One route's compiled schema. */
export interface RouteChecks {
  /** The check of the parts that have a schema (check-request.ts), compiled once. */
  readonly check: RequestCheck;
  /** Projections of `json` answers by status. */
  readonly responses: ReadonlyMap<number, Projection>;
}

/** Route targets that carry a schema, with their checks. */
export type RouteSchemas = ReadonlyMap<object, RouteChecks>;

/** What compileRouteSchemas reads of a route's target (app/compile-routes.ts's RouteTarget). */
interface SchemaTarget {
  readonly info: { template: string };
  readonly schema?: RouteSchema | undefined;
  readonly onInvalid?: InvalidRequestHook | undefined;
}

/** What the app contributes: its compiler (default ajv, with the app's ajv options), its named schemas and its hook. */
export interface SchemaSettings {
  readonly schemaCompiler?: SchemaCompiler | undefined;
  readonly schemas?: NamedSchemaMap | undefined;
  readonly ajv?: AjvOptions | undefined;
  readonly onInvalid?: InvalidRequestHook | undefined;
}

const PARTS: readonly RequestPart[] = ['params', 'query', 'headers', 'body'];
type ObjectSchema = {
  readonly properties?: Record<string, unknown>;
  readonly required?: readonly string[];
  readonly additionalProperties?: unknown;
};

/** Compiles the schemas of `definitions`; an empty map (and no ajv import) when none has one. */
export async function compileRouteSchemas(
  definitions: readonly RouteDefinition<SchemaTarget>[],
  settings: SchemaSettings,
): Promise<RouteSchemas> {
  checkAjvOptions(settings.ajv, settings.schemaCompiler !== undefined);
  const named = checkNamedSchemas(settings.schemas);
  const withSchema = definitions.filter((definition) => definition.data.schema !== undefined);
  const checks = new Map<object, RouteChecks>();
  if (withSchema.length === 0) return checks;
  if (settings.schemaCompiler !== undefined && typeof settings.schemaCompiler !== 'function')
    throw new FwError(
      'FW_ERR_ROUTE_BAD_SCHEMA',
      'the app schemaCompiler must be a function (schema, {coerce}) => (value) => {valid, errors}',
    );
  // ajv, an optional peer, is imported only for JSON Schemas: an app of Standard Schemas (zod) needs none.
  const json = (part: PartSchema | undefined): part is JsonSchema => part !== undefined && !isStandardSchema(part);
  const takesJson =
    Object.keys(named).length > 0 ||
    withSchema.some(({ data }) =>
      [...PARTS.map((part) => data.schema![part]), ...Object.values(data.schema!.response ?? {})].some(json),
    );
  const compiler =
    settings.schemaCompiler ?? (takesJson ? await loadAjvCompiler(settings.ajv, undefined, named) : undefined);
  for (const [name, schema] of Object.entries(named))
    compileOne(
      () => compiler!(schema, { coerce: false, schemas: named }),
      `the app's schema ${name}`,
      named,
      'FW_ERR_SCHEMA_BAD_NAMED',
    );
  // The app's schemas by name and by each $id in them, as ajv's addSchema knows them (a clash is its error): 0.34's Type.Recursive refers to its own T0.
  const byRef = schemaIds(Object.values(named), new Map(Object.entries(named)));
  const appSchema = (ref: string): JsonSchema | undefined => byRef.get(ref);
  const match = compiler && branchMatcher(compiler, named);
  for (const { methods = '_', data: target } of withSchema) {
    const where = `route ${methods === '_' ? 'ANY' : methods.map((m) => m.toUpperCase()).join(',')} ${target.info.template}`;
    const bad = (what: string): FwError => new FwError('FW_ERR_ROUTE_BAD_SCHEMA', `${where} ${what}`);
    const schema = target.schema as RouteSchema;
    // A params schema (or the named one it refers to) requiring what the path never binds refuses every request: `/tasks/{id}` (OpenAPI's way) binds nothing.
    const params = json(schema.params)
      ? schemaReached(schema.params, 'object', refResolver(schema.params, appSchema))
      : undefined;
    const unbound = ((params as ObjectSchema | undefined)?.required ?? []).filter(
      (name) => !target.info.template.split('/').includes(`:${name}`),
    );
    if (unbound.length > 0)
      throw bad(
        `schema.params requires ${unbound.join(', ')}, which the path does not bind, so every request would be refused: a binding is written :${unbound[0]}${target.info.template.includes('{') ? `, not {${unbound[0]}}` : ''}`,
      );
    // node:http gives header names in lowercase, so a headers schema (or the named one it refers to) naming `X-Tenant` would never see it (Fastify
    // lowercases an inline one and warns of a $ref).
    const resolve = json(schema.headers) ? refResolver(schema.headers, appSchema) : undefined; // a Standard Schema's are its own
    const headers = (resolve && schemaReached(schema.headers, 'object', resolve)) as ObjectSchema | undefined;
    const cased = [...Object.keys(headers?.properties ?? {}), ...(headers?.required ?? [])].find(
      (name) => name !== name.toLowerCase(),
    );
    if (cased !== undefined)
      throw bad(
        `schema.headers names ${cased}, but header names arrive in lowercase, so it would never see it: write ${cased.toLowerCase()}`,
      );
    // Two more that every request would fail: a body no method of the route carries, headers that may be only those listed.
    const bodiless =
      schema.body !== undefined &&
      methods !== '_' &&
      methods.every((method) => METHODS_WITHOUT_BODY.has(method.toUpperCase()));
    if (bodiless)
      throw bad(
        'schema.body: fw reads no body of a GET, HEAD or DELETE request, so every request would be refused; take such data in schema.query',
      );
    // A header whose schema may be an array (by type, anyOf/oneOf branch or $ref, in turn) is a list, split on commas (check-request.ts).
    const lists = Object.entries(headers?.properties ?? {})
      .filter(([, sub]) => schemaReached(sub, 'array', resolve!) !== undefined)
      .map(([name]) => name);
    if (headers?.additionalProperties === false)
      throw bad(
        'schema.headers: additionalProperties: false refuses the headers every client sends (host, user-agent), so every request would be refused; list only the headers the route reads',
      );
    // Only the parts that arrive as text are coerced; a JSON body's types are the client's.
    const parts = PARTS.filter((part) => schema[part] !== undefined).map((part) => {
      const partSchema = schema[part]!;
      const validate = json(partSchema)
        ? compileOne(
            () => compiler!(partSchema, { coerce: part !== 'body', schemas: named }),
            `${where} schema.${part}`,
            named,
          )
        : standardValidator(partSchema);
      return { part, validate, lists: part === 'headers' ? lists : [] };
    });
    const responses = new Map<number, Projection>();
    for (const [status, responseSchema] of Object.entries(schema.response ?? {})) {
      const place = `${where} schema.response.${status}`;
      responses.set(
        Number(status),
        json(responseSchema)
          ? compileOne(() => compileProjection(responseSchema, place, { match, resolveRef: appSchema }), place, named)
          : standardProjection(responseSchema, place),
      );
    }
    checks.set(target, { check: compileRequestCheck(parts, target.onInvalid ?? settings.onInvalid), responses });
  }
  return checks;
}

/** The check that tells response anyOf/oneOf branches apart: the route's compiler, without coercion (the answer stays as it is). */
export function branchMatcher(
  compiler: SchemaCompiler,
  schemas: NamedSchemaMap = {},
): NonNullable<ProjectionOptions['match']> {
  return (branch) => {
    const validate = compiler(branch, { coerce: false, schemas });
    // A write cannot wait for a branch that checks asynchronously: its promise has no `valid`, so it matches nothing.
    return (value) => (validate(value) as SchemaResult).valid === true;
  };
}

const NAME = /^[A-Za-z0-9._-]+$/;

/** Checks `defineApp({schemas})`: an object of JSON Schemas named as OpenAPI components may be, each with no $defs of its own. */
function checkNamedSchemas(value: unknown): NamedSchemaMap {
  if (value === undefined) return {};
  const bad = (what: string): FwError => new FwError('FW_ERR_SCHEMA_BAD_NAMED', what);
  if (!isJsonObject(value))
    throw bad("the app's schemas must be an object of JSON Schemas by name, like {task: {type: 'object', ...}}");
  for (const [name, schema] of Object.entries(value)) {
    if (!NAME.test(name))
      throw bad(
        `the app's schema name ${JSON.stringify(name)} must be letters, digits, '.', '_' or '-' (an OpenAPI component name)`,
      );
    if (isStandardSchema(schema))
      throw bad(
        `the app's schema ${name} is a ${schema['~standard'].vendor} schema, but named schemas are JSON Schemas (a $ref names them): share it by importing it where routes use it`,
      );
    if (!isSchema(schema)) throw bad(`the app's schema ${name} must be a JSON Schema (an object or a boolean)`);
    if (typeof schema === 'object' && ('$defs' in schema || 'definitions' in schema))
      throw bad(
        `the app's schema ${name} has $defs or definitions, which a named schema may not: name each of them in schemas and $ref it by name, or give routes the schema itself, unnamed (a route schema may have $defs, as TypeBox's Type.Cyclic does)`,
      );
  }
  return value as NamedSchemaMap;
}

/** How to fix what ajv could not compile: an unknown schema name (with the closest one), a $id an app's schema has too, an unknown keyword. */
function compileHint(message: string, named: NamedSchemaMap): string {
  const ref = /can't resolve reference (\S+)|\$ref: (\S+) is not in the schema/.exec(message);
  const near = ref === null ? undefined : closestKey(ref[1] ?? ref[2]!, Object.keys(named));
  if (ref !== null)
    return `; a bare name refers to one of the app's schemas (defineApp({schemas})): ${Object.keys(named).join(', ') || 'it has none'}${near === undefined ? '' : `; did you mean ${near}?`}`;
  const id = /reference "([^"]+)" resolves to more than one schema/.exec(message)?.[1];
  const owner = id && Object.keys(named).find((name) => name === id || schemaIds(named[name]).has(id));
  if (owner)
    return `: a $id inside the route's schema is the app's schema ${owner}'s too (defineApp({schemas})); rename one, or $ref the app's`;
  const keyword = /unknown keyword: "([^"]+)"/.exec(message)?.[1];
  // A later draft's keyword, accepted as ajv's `keywords` would check nothing: its draft-07 form, as fw's ajv reads draft-07.
  const draft07 = {
    prefixItems: 'items: [...], additionalItems',
    dependentRequired: "dependencies: {a: ['b']}",
    dependentSchemas: 'dependencies: {a: {}}',
  };
  if (keyword !== undefined && Object.hasOwn(draft07, keyword))
    return `; fw's ajv reads draft-07, where ${keyword} is written ${draft07[keyword as keyof typeof draft07]}`;
  return keyword === undefined
    ? ''
    : `; fix its spelling, or let ajv accept it: defineApp({ajv: {customOptions: {keywords: ['${keyword}']}}})`;
}

function compileOne<T>(
  compile: () => T,
  where: string,
  named: NamedSchemaMap,
  code: 'FW_ERR_ROUTE_BAD_SCHEMA' | 'FW_ERR_SCHEMA_BAD_NAMED' = 'FW_ERR_ROUTE_BAD_SCHEMA',
): T {
  try {
    const compiled = compile();
    if (typeof compiled === 'function') return compiled;
  } catch (cause) {
    if (isFwError(cause, 'FW_ERR_SCHEMA_BAD_NAMED')) throw cause;
    const message = cause instanceof Error ? cause.message : String(cause);
    throw new FwError(code, `${where} does not compile: ${message}${compileHint(message, named)}`, { cause });
  }
  throw new FwError(code, `${where}: the schemaCompiler returned no validator function`);
}

const STATUS_KEY = /^[2-5][0-9]{2}$/;
const A_SCHEMA = 'a JSON Schema (an object or a boolean) or a Standard Schema (zod, valibot...)';

/** Checks the shape of `options.schema` where routes are compiled (sync, for the CLI too), naming the key. */
export function checkRouteSchemaShape(value: unknown, where: string): RouteSchema {
  const bad = (what: string): FwError => new FwError('FW_ERR_ROUTE_BAD_SCHEMA', `${where}: ${what}`);
  if (!isJsonObject(value)) throw bad('schema must be an object like {params, query, headers, body, response}');
  const { response, ...parts } = value;
  for (const [key, part] of Object.entries(parts)) {
    if (!PARTS.includes(key as RequestPart))
      throw bad(`unknown schema key ${key}; schema keys are params, query, headers, body and response`);
    if (!isSchema(part)) throw bad(`schema.${key} must be ${A_SCHEMA}`);
  }
  if (response !== undefined && !isJsonObject(response))
    throw bad('schema.response must be an object of schemas by status, like {"200": {...}}');
  for (const [status, sub] of Object.entries(response ?? {})) {
    if (!STATUS_KEY.test(status)) throw bad(`schema.response has key ${status}; keys are statuses from 200 to 599`);
    if (!isSchema(sub)) throw bad(`schema.response.${status} must be ${A_SCHEMA}`);
  }
  return value as RouteSchema;
}

const isSchema = (value: unknown): value is PartSchema =>
  typeof value === 'boolean' || isJsonObject(value) || isStandardSchema(value);
