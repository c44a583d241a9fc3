/**
 * Route schema parts written with a Standard Schema (zod...) as the JSON Schemas `fw openapi` writes: read through
 * Standard JSON Schema (`~standard.jsonSchema`, draft-07), the input's for request parts (what a client sends) and the
 * output's for responses (what fw sends).
 */
import type { JsonSchema, PartSchema, RouteSchema } from 'fw-core';
import { CliError } from '../errors.ts';

/** A route schema of JSON Schemas only. */
export interface JsonRouteSchema extends Omit<RouteSchema, 'params' | 'query' | 'headers' | 'body' | 'response'> {
  readonly params?: JsonSchema;
  readonly query?: JsonSchema;
  readonly headers?: JsonSchema;
  readonly body?: JsonSchema;
  readonly response?: Readonly<Record<string, JsonSchema>>;
}

/** Standard JSON Schema's converter, as a library that has one declares it. */
type Standard = { readonly vendor: string; readonly jsonSchema?: Readonly<Record<'input' | 'output', (options: { target: string }) => Record<string, unknown>>> };

/** `schema` with each Standard Schema part replaced by its JSON Schema; `route` (`GET /items/:id`) names it in errors. */
export function jsonRouteSchema(schema: RouteSchema, route: string): JsonRouteSchema {
  const { response, ...parts } = schema;
  const each = (entries: Readonly<Record<string, PartSchema>>, io: 'input' | 'output', at: string) => Object.fromEntries(Object.entries(entries).map(([key, part]) => [key, asJson(part, io, `${route} schema.${at}${key}`)]));
  return { ...each(parts, 'input', ''), ...(response !== undefined && { response: each(response, 'output', 'response.') }) };
}

function asJson(schema: PartSchema, io: 'input' | 'output', where: string): JsonSchema {
  const standard = (schema as { readonly '~standard'?: Standard })['~standard'];
  if (standard === undefined) return schema as JsonSchema;
  if (standard.jsonSchema === undefined) {
    throw new CliError('FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA', `route ${where} is a ${standard.vendor} schema without Standard JSON Schema (~standard.jsonSchema), so fw openapi cannot describe it: use a version of the library that has it (zod 4.2 or later), or a JSON Schema`);
  }
  try {
    const { $schema: _, ...json } = standard.jsonSchema[io]({ target: 'draft-07' });
    return json;
  } catch (cause) {
    throw new CliError('FW_CLI_ERR_OPENAPI_STANDARD_SCHEMA', `route ${where} (${standard.vendor}) cannot be written as a JSON Schema: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
