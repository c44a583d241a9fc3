/**
 * Compiles every route's `options.schema` once, at start: request validators with the app's
 * SchemaCompiler (ajv, loaded only now and only when some route has a schema) and response
 * projections. A schema that does not compile fails start-up naming its route; nothing about a
 * schema is left to fail per request.
 */
import { FwError } from '../errors.ts';
import type { RouteDefinition } from '../router/router.ts';
import { loadAjvCompiler } from './ajv-compiler.ts';
import { compileProjection, type Projection } from './project-response.ts';
import type { InvalidRequestHook, JsonSchema, RequestPart, RouteSchema, SchemaCompiler, SchemaValidator } from './route-schema.ts';

/** One route's compiled schema. */
export interface RouteChecks {
  /** Validators of the parts that have a schema, in checking order. */
  readonly parts: readonly { readonly part: RequestPart; readonly validate: SchemaValidator }[];
  /** Projections of `json` answers by status. */
  readonly responses: ReadonlyMap<number, Projection>;
  /** The route's hook, else the app's. */
  readonly onInvalid: InvalidRequestHook | undefined;
}

/** Route targets that carry a schema, with their checks. */
export type RouteSchemas = ReadonlyMap<object, RouteChecks>;

/** What compileRouteSchemas reads of a route's target (app/compile-routes.ts's RouteTarget). */
interface SchemaTarget {
  readonly kind: string;
  readonly info: { readonly template: string };
  readonly schema?: RouteSchema | undefined;
  readonly onInvalid?: InvalidRequestHook | undefined;
}

/** What the app contributes: its compiler (default ajv) and its hook. */
export interface SchemaSettings {
  readonly schemaCompiler?: SchemaCompiler | undefined;
  readonly onInvalid?: InvalidRequestHook | undefined;
}

const PARTS: readonly RequestPart[] = ['params', 'query', 'headers', 'body'];

/** Compiles the schemas of `definitions`; an empty map (and no ajv import) when none has one. */
export async function compileRouteSchemas(definitions: readonly RouteDefinition<SchemaTarget>[], settings: SchemaSettings): Promise<RouteSchemas> {
  const withSchema = definitions.filter((definition) => definition.data.kind === 'handler' && definition.data.schema !== undefined);
  const checks = new Map<object, RouteChecks>();
  if (withSchema.length === 0) return checks;
  if (settings.schemaCompiler !== undefined && typeof settings.schemaCompiler !== 'function') {
    throw new FwError('FW_ERR_ROUTE_BAD_SCHEMA', 'the app schemaCompiler must be a function (schema, {coerce}) => (value) => {valid, errors}');
  }
  const compiler = settings.schemaCompiler ?? (await loadAjvCompiler());
  for (const definition of withSchema) {
    const target = definition.data;
    const where = `route ${describeMethods(definition)} ${target.info.template}`;
    checks.set(target, compileChecks(target.schema as RouteSchema, compiler, target.onInvalid ?? settings.onInvalid, where));
  }
  return checks;
}

function compileChecks(schema: RouteSchema, compiler: SchemaCompiler, onInvalid: InvalidRequestHook | undefined, where: string): RouteChecks {
  const parts: { part: RequestPart; validate: SchemaValidator }[] = [];
  for (const part of PARTS) {
    const partSchema = schema[part];
    if (partSchema === undefined) continue;
    // Only the parts that arrive as text are coerced; a JSON body's types are the client's.
    parts.push({ part, validate: compileOne(() => compiler(partSchema, { coerce: part !== 'body' }), `${where} schema.${part}`) });
  }
  const responses = new Map<number, Projection>();
  for (const [status, responseSchema] of Object.entries(schema.response ?? {})) {
    const place = `${where} schema.response.${status}`;
    responses.set(Number(status), compileOne(() => compileProjection(responseSchema, place), place));
  }
  return { parts, responses, onInvalid };
}

function compileOne<T>(compile: () => T, where: string): T {
  let compiled: T;
  try {
    compiled = compile();
  } catch (cause) {
    throw new FwError('FW_ERR_ROUTE_BAD_SCHEMA', `${where} does not compile: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
  if (typeof compiled !== 'function') throw new FwError('FW_ERR_ROUTE_BAD_SCHEMA', `${where}: the schemaCompiler returned no validator function`);
  return compiled;
}

function describeMethods(definition: RouteDefinition<SchemaTarget>): string {
  const methods = definition.methods ?? '_';
  return methods === '_' ? 'ANY' : methods.map((m) => m.toUpperCase()).join(',');
}

const STATUS_KEY = /^[2-5][0-9]{2}$/;

/**
 * Checks the shape of `options.schema` where routes are compiled (sync, for the CLI too); a
 * message naming the key. Whether each schema compiles is compileRouteSchemas's job.
 */
export function checkRouteSchemaShape(value: unknown, where: string): RouteSchema {
  const fail = (what: string): never => {
    throw new FwError('FW_ERR_ROUTE_BAD_SCHEMA', `${where}: ${what}`);
  };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail('schema must be an object like {params, query, headers, body, response}');
  const schema = value as Record<string, unknown>;
  for (const key of Object.keys(schema)) {
    if (key === 'response') continue;
    if (!(PARTS as readonly string[]).includes(key)) fail(`unknown schema key ${key}; schema keys are params, query, headers, body and response`);
    if (!isSchema(schema[key])) fail(`schema.${key} must be a JSON Schema (an object or a boolean)`);
  }
  const response = schema.response;
  if (response === undefined) return schema as RouteSchema;
  if (typeof response !== 'object' || response === null || Array.isArray(response)) fail('schema.response must be an object of schemas by status, like {"200": {...}}');
  for (const [status, sub] of Object.entries(response as object)) {
    if (!STATUS_KEY.test(status)) fail(`schema.response has key ${status}; keys are statuses from 200 to 599`);
    if (!isSchema(sub)) fail(`schema.response.${status} must be a JSON Schema (an object or a boolean)`);
  }
  return schema as RouteSchema;
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'boolean' || (typeof value === 'object' && value !== null && !Array.isArray(value));
}
