/**
 * The parts of an operation that come from a route's `options.schema` (docs/applications.md,
 * "Route schemas"): path, query and header parameters with their schemas, the JSON request
 * body, and every declared response. A route schema equal to a components schema (a
 * priv/schemas file) becomes a `$ref` to it; any other is written inline.
 */
import type { JsonSchema, RouteSchema } from 'fw-core';
import { convertRouteSchema } from './schema-dialect.ts';
import { schemaRef } from './error-schemas.ts';

type Json = Record<string, unknown>;

/** Converts route schemas, naming the route in errors and reusing equal components. */
export class RouteSchemaWriter {
  readonly #route: string;
  readonly #components: Readonly<Record<string, Json>>;

  /** `route` as in messages (`PUT /api/posts/:id`). */
  constructor(route: string, components: Readonly<Record<string, Json>>) {
    this.#route = route;
    this.#components = components;
  }

  /** `schema` in the OpenAPI 3.0 dialect, or a `$ref` to the component it equals. */
  write(schema: JsonSchema, part: string): Json {
    const converted = convertRouteSchema(schema, `route ${this.#route} options.schema.${part}`);
    const name = sameComponent(converted, this.#components);
    return name === undefined ? converted : schemaRef(name);
  }

  /** One parameter per property of a params, query or headers schema, in schema order. */
  parameters(schema: JsonSchema | undefined, where: 'path' | 'query' | 'header', part: string): Json[] {
    if (typeof schema !== 'object' || schema === null) return [];
    const properties = (schema.properties ?? {}) as Readonly<Record<string, JsonSchema>>;
    const required = new Set((schema.required ?? []) as readonly string[]);
    return Object.entries(properties).map(([name, sub]) => ({
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: this.write(sub, `${part}.properties.${name}`),
    }));
  }
}

/** The request parts a route schema checks (fw answers 400 for them unless onInvalid does). */
export function checkedParts(schema: RouteSchema): readonly string[] {
  return (['params', 'query', 'headers', 'body'] as const).filter((part) => schema[part] !== undefined);
}

// Equal, or equal but for the top-level title and description (annotations, not shape).
function sameComponent(schema: Json, components: Readonly<Record<string, Json>>): string | undefined {
  const exact = JSON.stringify(schema);
  const shape = JSON.stringify(withoutAnnotations(schema));
  for (const [name, component] of Object.entries(components)) {
    if (JSON.stringify(component) === exact) return name;
  }
  for (const [name, component] of Object.entries(components)) {
    if (JSON.stringify(withoutAnnotations(component)) === shape) return name;
  }
  return undefined;
}

function withoutAnnotations(schema: Json): Json {
  const { title: _title, description: _description, ...rest } = schema;
  return rest;
}
