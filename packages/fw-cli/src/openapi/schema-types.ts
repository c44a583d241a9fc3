/**
 * An OpenAPI 3.0 schema object as a TypeScript type, by openapi-typescript 7's rules with its
 * default options: $ref → `components["schemas"]["X"]`, enum → a union of literals, nullable →
 * `| null`, arrays, objects (required or `?`, readOnly → `readonly`, additionalProperties → an
 * index signature; a property with a default counts as present outside parameters and request
 * bodies, since the server fills it in, also through a $ref there: requestRefType), allOf → an
 * intersection, anyOf and oneOf → unions.
 * Not handled, because fw's documents cannot have them: discriminator mappings, 3.1's type
 * arrays and patternProperties.
 */
import {
  EMPTY_RECORD,
  intersection,
  isPrimitive,
  jsdocLines,
  named,
  NEVER,
  NULL,
  nullable,
  union,
  UNKNOWN,
  type Member,
  type TypeNode,
} from './type-tree.ts';

/** What converting a schema needs besides the schema. */
export interface SchemaContext {
  /** The value a local `#/...` $ref points at, or undefined. */
  readonly resolve: (ref: string) => unknown;
  /** Inside parameters or a request body: a property with a default stays optional. */
  readonly request: boolean;
  /** Called when the type uses the WithRequired helper, which the file must then declare. */
  readonly needsWithRequired: () => void;
}

/** The helper an allOf with a $ref and required keys uses, as openapi-typescript declares it. */
export const WITH_REQUIRED = 'type WithRequired<T, K extends keyof T> = T & {\n    [P in K]-?: T[P];\n};';

type Schema = Record<string, unknown>;

/** The JSON pointer segments of a local `$ref`. */
export function refSegments(ref: string): string[] {
  const fragment = ref.slice(ref.indexOf('#') + 1);
  return fragment
    .split('/')
    .slice(1)
    .map((part) => decodeURIComponent(part.replaceAll('~1', '/').replaceAll('~0', '~')));
}

/** `#/components/schemas/X/properties/y` → `components["schemas"]["X"]["y"]` (openapi-typescript's oapiRef). */
function refText(ref: string): string {
  const [root, ...rest] = refSegments(ref);
  const path = rest.filter((segment, at) => at < 2 || segment !== 'properties');
  return `${root}${path.map((segment) => `[${JSON.stringify(segment)}]`).join('')}`;
}

/** The type a $ref names. */
export const refType = (ref: string): TypeNode => named(refText(ref));

/** A literal type of a JSON value. */
function literal(value: unknown): TypeNode {
  if (typeof value === 'string') return named(JSON.stringify(value));
  if (Array.isArray(value))
    return value.length === 0 ? { kind: 'array', element: NEVER } : { kind: 'tuple', elements: value.map(literal) };
  if (value !== null && typeof value === 'object') {
    const members = Object.entries(value).map(([key, item]): Member => ({ key, type: literal(item) }));
    return members.length === 0 ? EMPTY_RECORD : { kind: 'object', members };
  }
  return named(String(value));
}

/** The type of `schema` (a schema object, a $ref, or a boolean schema). */
export function schemaType(schema: unknown, context: SchemaContext): TypeNode {
  if (schema === true) return UNKNOWN;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return NEVER;
  const object = schema as Schema;
  if (typeof object.$ref === 'string')
    return context.request ? requestRefType(object.$ref, context) : refType(object.$ref);
  if (object.const !== undefined && object.const !== null) return literal(object.const);
  if (
    Array.isArray(object.enum) &&
    object.type !== 'object' &&
    !('properties' in object) &&
    !('additionalProperties' in object)
  ) {
    return union([...object.enum.map(literal), ...(object.nullable ? [NULL] : [])]);
  }
  let type: TypeNode | undefined;
  const core = coreType(object, context);
  const allOf = allOfTypes(Array.isArray(object.allOf) ? object.allOf : [], object.required, context);
  if (core !== undefined || allOf.length > 0)
    type = intersection([...(core === undefined ? [] : [core]), ...(allOf.length > 0 ? [intersection(allOf)] : [])]);
  const anyOf = (Array.isArray(object.anyOf) ? object.anyOf : []).map((item) => schemaType(item, context));
  if (anyOf.length > 0) type = union([...(type === undefined ? [] : [type]), ...anyOf]);
  const oneOf = (Array.isArray(object.oneOf) ? object.oneOf : []).map((item) => schemaType(item, context));
  if (oneOf.length > 0) {
    const before = type === undefined ? [] : [type];
    type = oneOf.every(isPrimitive) ? union([...before, ...oneOf]) : intersection([...before, union(oneOf)]);
  }
  type ??= 'type' in object ? EMPTY_RECORD : UNKNOWN;
  return type !== UNKNOWN && object.nullable ? nullable(type) : type;
}

/**
 * A $ref in a request body or parameter. A component's property with a default counts as present
 * (the server fills it in answers), so a request that may leave it out gets it optional:
 * `Omit<X, K> & Partial<Pick<X, K>>`. openapi-typescript 7 keeps such properties optional only
 * in schemas written inline in a request body, and requires them through a $ref.
 */
function requestRefType(ref: string, context: SchemaContext): TypeNode {
  const target = context.resolve(ref) as Schema | undefined;
  const properties =
    target !== null && typeof target === 'object' && typeof target.properties === 'object'
      ? Object.entries(target.properties as Schema)
      : [];
  const required = Array.isArray(target?.required) ? (target.required as unknown[]) : [];
  const defaulted = properties.filter(
    ([key, value]) =>
      !required.includes(key) && value !== null && typeof value === 'object' && (value as Schema).default !== undefined,
  );
  if (defaulted.length === 0) return refType(ref);
  const keys = defaulted.map(([key]) => JSON.stringify(key)).join(' | ');
  return intersection([named(`Omit<${refText(ref)}, ${keys}>`), named(`Partial<Pick<${refText(ref)}, ${keys}>>`)]);
}

/** allOf's members; the parent's `required` carries into each (a $ref through WithRequired). */
function allOfTypes(items: readonly unknown[], required: unknown, context: SchemaContext): TypeNode[] {
  const parentRequired = Array.isArray(required) ? (required as string[]) : [];
  return items.map((item) => {
    if (item === null || typeof item !== 'object') return schemaType(item, context);
    const object = item as Schema;
    if (typeof object.$ref !== 'string') {
      return schemaType(
        { ...object, required: [...parentRequired, ...(Array.isArray(object.required) ? object.required : [])] },
        context,
      );
    }
    const target = context.resolve(object.$ref) as Schema | undefined;
    const properties =
      target !== null && typeof target === 'object' && typeof target.properties === 'object'
        ? (target.properties as Schema)
        : undefined;
    const keys = properties === undefined ? [] : parentRequired.filter((key) => Boolean(properties[key]));
    if (keys.length === 0) return refType(object.$ref);
    context.needsWithRequired();
    return named(`WithRequired<${refText(object.$ref)}, ${keys.map((key) => JSON.stringify(key)).join(' | ')}>`);
  });
}

/** The type the schema's own `type` (and properties) give, or undefined when they give none. */
function coreType(object: Schema, context: SchemaContext): TypeNode | undefined {
  switch (object.type) {
    case 'null':
      return NULL;
    case 'string':
      return named('string');
    case 'number':
    case 'integer':
      return named('number');
    case 'boolean':
      return named('boolean');
    case 'array':
      return { kind: 'array', element: object.items === undefined ? UNKNOWN : schemaType(object.items, context) };
  }
  const properties =
    object.properties !== null && typeof object.properties === 'object'
      ? Object.entries(object.properties as Schema)
      : [];
  const members = properties.map(([key, value]) => propertyMember(key, value, object.required, context));
  const extra = object.additionalProperties;
  if (extra === undefined || extra === false || extra === null)
    return members.length > 0 ? { kind: 'object', members } : undefined;
  const indexType = typeof extra === 'object' && Object.keys(extra).length > 0 ? schemaType(extra, context) : UNKNOWN;
  const index: TypeNode = { kind: 'object', members: [{ key: 'key', index: true, type: indexType }] };
  return intersection([...(members.length > 0 ? [{ kind: 'object', members } as const] : []), index]);
}

function propertyMember(key: string, value: unknown, required: unknown, context: SchemaContext): Member {
  const schema = value !== null && typeof value === 'object' ? (value as Schema) : {};
  const hasDefault = schema.default !== undefined;
  const present = (Array.isArray(required) && required.includes(key)) || (hasDefault && !context.request);
  return {
    key,
    type: schemaType(value, context),
    optional: !present,
    readonly: Boolean(schema.readOnly),
    doc: jsdocLines(value),
  };
}
