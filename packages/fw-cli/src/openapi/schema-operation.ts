/**
 * The parts of an operation that come from a route's `options.schema` (docs/applications-reference.md,
 * "Route schemas"): path, query and header parameters with their schemas, the JSON request
 * body, and every declared response. A route schema, or any schema nested in it, equal to a
 * components schema (a priv/schemas file) becomes a `$ref` to it; the rest is written inline. So
 * a list of posts refers to `post` as the single post does, and generated clients share one type.
 */
import type { JsonSchema, RouteSchema } from 'fw-core';
import { convertRouteSchema } from './schema-dialect.ts';
import { schemaRef } from './error-schemas.ts';

type Json = Record<string, unknown>;

/** Converts route schemas, naming the route in errors and reusing equal components. */
export class RouteSchemaWriter {
  readonly #route: string;
  readonly #components: ComponentIndex;

  /** `route` as in messages (`PUT /api/posts/:id`). */
  constructor(route: string, components: ComponentIndex) {
    this.#route = route;
    this.#components = components;
  }

  /** `schema` in the OpenAPI 3.0 dialect, each part equal to a component written as a `$ref` to it. */
  write(schema: JsonSchema, part: string): Json {
    return this.#components.refer(convertRouteSchema(schema, `route ${this.#route} options.schema.${part}`));
  }

  /** One parameter per property of a params, query or headers schema, in schema order. */
  parameters(schema: JsonSchema | undefined, where: 'path' | 'query' | 'header', part: string): Json[] {
    if (typeof schema !== 'object' || schema === null) return [];
    const properties = (schema.properties ?? {}) as Readonly<Record<string, JsonSchema>>;
    const required = new Set((schema.required ?? []) as readonly string[]);
    return Object.entries(properties)
      .filter(([, sub]) => !takesObject(sub))
      .map(([name, sub]) => ({
        name,
        in: where,
        // A default is the server's to fill in (ajv's useDefaults): the client may leave the parameter out.
        required: where === 'path' || (required.has(name) && !(typeof sub === 'object' && 'default' in sub)),
        schema: this.write(sub, `${part}.properties.${name}`),
      }));
  }
}

/**
 * Whether a params, query or headers property takes only objects, or lists of them: fw reads no object from text (no
 * deepObject `a[b]=1`, no JSON), so no request can give it. fw-core refuses a JSON Schema's at start; a Standard
 * Schema's (a zod object in a query) it cannot read, so the document leaves such a parameter out and fw openapi warns.
 */
export function takesObject(schema: unknown): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const { type, items } = schema as { type?: unknown; items?: unknown };
  return type === 'object' || (type === 'array' && takesObject(items));
}

/** The request parts a route schema checks (fw answers 400 for them unless onInvalid does). */
export function checkedParts(schema: RouteSchema): readonly string[] {
  return (['params', 'query', 'headers', 'body'] as const).filter((part) => schema[part] !== undefined);
}

/** Keywords whose value is one schema, then those whose value is a list of schemas (`properties`, a map, is walked apart). */
const ONE_SCHEMA = ['items', 'additionalProperties', 'not'] as const;
const SCHEMA_LIST = ['allOf', 'anyOf', 'oneOf'] as const;

/**
 * The components a route schema may refer to, keyed once by their JSON: a schema equal to one,
 * or equal but for its top-level title and description (annotations, not shape), is that
 * component. Equality, not `$id`: the route schemas are the priv/schemas objects or copies of
 * them, and conversion drops `$id`. An empty component (`{}`) names nothing: it equals any
 * unconstrained part.
 */
export class ComponentIndex {
  readonly #exact = new Map<string, string>();
  readonly #shape = new Map<string, string>();

  constructor(components: Readonly<Record<string, Json>>) {
    for (const [name, component] of Object.entries(components)) {
      const shape = JSON.stringify(withoutAnnotations(component));
      if (shape === '{}') continue;
      if (!this.#exact.has(JSON.stringify(component))) this.#exact.set(JSON.stringify(component), name);
      if (!this.#shape.has(shape)) this.#shape.set(shape, name);
    }
  }

  /** `schema` with itself, or else each nested schema, replaced by a `$ref` to the component it equals. */
  refer(schema: Json): Json {
    const name = this.#exact.get(JSON.stringify(schema)) ?? this.#shape.get(JSON.stringify(withoutAnnotations(schema)));
    if (name !== undefined) return schemaRef(name);
    const out: Json = { ...schema };
    if (isSchema(schema.properties))
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, sub]) => [key, isSchema(sub) ? this.refer(sub) : sub]),
      );
    for (const keyword of ONE_SCHEMA) if (isSchema(schema[keyword])) out[keyword] = this.refer(schema[keyword]);
    for (const keyword of SCHEMA_LIST)
      if (Array.isArray(schema[keyword]))
        out[keyword] = schema[keyword].map((sub: unknown) => (isSchema(sub) ? this.refer(sub) : sub));
    return out;
  }
}

function isSchema(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function withoutAnnotations(schema: Json): Json {
  const { title: _title, description: _description, ...rest } = schema;
  return rest;
}
