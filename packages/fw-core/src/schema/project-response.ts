/**
 * Response schemas as projections: a `json` answer is copied through its status's schema, so fields it
 * does not list never leave. Compiled once into closures that copy and do not validate (but an object
 * never passes a scalar-only schema). Not ajv's `removeAdditional`: it mutates, and the structuredClone
 * it needs costs more than projection and JSON.stringify together (bench/schemas.bench.ts, case (b)).
 */
import { FwError } from '../errors.ts';
import type { Projection } from '../http/write-response.ts';
import type { JsonSchema } from './route-schema.ts';

const identity: Projection = (value) => value;

// Keywords after which fw could not tell which fields may leave: refused at start.
const UNSUPPORTED = ['anyOf', 'oneOf', '$ref', '$dynamicRef', '$recursiveRef', 'patternProperties', 'if', 'dependentSchemas'];

// Tuple keywords, projected position by position, but not inside allOf (positions would have to merge).
const TUPLE_KEYWORDS = ['prefixItems', 'additionalItems'];

type Schema = Readonly<Record<string, unknown>>;

/**
 * The projection of `schema`: objects keep the keys of `properties` (each projected), others only
 * under an `additionalProperties` true or a schema; arrays project their `items`, a tuple
 * (`prefixItems`, draft-07's array `items`) each position, later elements only under a rest
 * schema; `allOf` branches add up. Throws on the keywords above; `where` names the route.
 */
export function compileProjection(schema: JsonSchema, where: string): Projection {
  return compileAt(schema, '#', where);
}

function compileAt(schema: JsonSchema, at: string, where: string): Projection {
  if (typeof schema !== 'object' || schema === null) return identity;
  refuseUnsupported(schema, at);
  const merged = mergeAllOf(schema, at);
  if (isScalarSchema(merged)) return scalarProjection(merged, at, where);
  const array = arrayProjection(merged, at, where);
  const object = objectProjection(merged, at, where);
  if (array === undefined && object === undefined) return identity;
  return (value) => {
    if (Array.isArray(value)) return array === undefined ? value : array(value);
    if (typeof value === 'object' && value !== null && object !== undefined) return object(value as Record<string, unknown>);
    return value;
  };
}

function refuseUnsupported(schema: Schema, at: string): void {
  const refuse = (what: string): never => {
    throw new Error(`${at} uses ${what}, which a response schema cannot use: fw could not tell which fields may leave`);
  };
  for (const keyword of UNSUPPORTED) if (keyword in schema) refuse(keyword);
  // draft-07's dependencies: a list of names only requires them; a schema adds fields, as dependentSchemas.
  const dependencies = schema.dependencies;
  if (typeof dependencies === 'object' && dependencies !== null && Object.values(dependencies).some((value) => !Array.isArray(value))) {
    refuse('dependencies with a schema');
  }
}

/** Arrays: `items` for every element, or a tuple's positions then the rest; undefined when neither applies. */
function arrayProjection(schema: Schema, at: string, where: string): ((value: unknown[]) => unknown[]) | undefined {
  const prefixKeyword = schema.prefixItems !== undefined ? 'prefixItems' : Array.isArray(schema.items) ? 'items' : undefined;
  if (prefixKeyword === undefined) {
    if (schema.items === undefined) return undefined;
    const each = compileAt(schema.items as JsonSchema, `${at}/items`, where);
    return each === identity ? undefined : (value) => value.map(each);
  }
  const prefix = schema[prefixKeyword];
  if (!Array.isArray(prefix)) throw new Error(`${at}/${prefixKeyword} must be an array of schemas`);
  const restKeyword = prefixKeyword === 'prefixItems' ? 'items' : 'additionalItems';
  if (Array.isArray(schema[restKeyword])) {
    throw new Error(`${at} has both prefixItems and an array items; write the positions in prefixItems only`);
  }
  const positions = prefix.map((sub: JsonSchema, index) => compileAt(sub, `${at}/${prefixKeyword}/${index}`, where));
  const restSchema = schema[restKeyword] as JsonSchema | undefined;
  // Elements past the tuple are listed only by a rest schema, as keys past properties are.
  const rest = restSchema === undefined || restSchema === false ? undefined : compileAt(restSchema, `${at}/${restKeyword}`, where);
  return (value) => {
    const out = new Array<unknown>(rest === undefined ? Math.min(value.length, positions.length) : value.length);
    for (let index = 0; index < out.length; index++) out[index] = (index < positions.length ? positions[index]! : rest!)(value[index]);
    return out;
  };
}

function objectProjection(schema: Schema, at: string, where: string): ((value: Record<string, unknown>) => unknown) | undefined {
  const properties = schema.properties as Readonly<Record<string, JsonSchema>> | undefined;
  const additional = schema.additionalProperties as JsonSchema | undefined;
  if (properties === undefined && additional !== false) return undefined;
  const listed = Object.entries(properties ?? {}).map(([name, sub]) => [name, compileAt(sub, `${at}/properties/${name}`, where)] as const);
  const names = new Set(listed.map(([name]) => name));
  const others = additional === undefined || additional === false ? undefined : compileAt(additional, `${at}/additionalProperties`, where);
  return (value) => {
    const out: Record<string, unknown> = {};
    for (const [name, project] of listed) if (Object.hasOwn(value, name)) out[name] = project(value[name]);
    if (others !== undefined) for (const name of Object.keys(value)) if (!names.has(name)) out[name] = others(value[name]);
    return out;
  };
}

/**
 * `allOf` folded into one schema: properties unite, so a field listed by any branch leaves;
 * `items` schemas meet in an allOf of their own; a scalar-only `type` in any branch makes the
 * whole scalar-only (allOf is an intersection). Tuple keywords in a branch are refused.
 */
function mergeAllOf(schema: Schema, at: string): Schema {
  const branches = schema.allOf as readonly JsonSchema[] | undefined;
  if (branches === undefined) return schema;
  let properties = { ...(schema.properties as object | undefined) } as Record<string, JsonSchema>;
  let additional = schema.additionalProperties;
  let type = schema.type;
  const items: JsonSchema[] = schema.items === undefined || Array.isArray(schema.items) ? [] : [schema.items as JsonSchema];
  branches.forEach((branch, index) => {
    if (typeof branch !== 'object' || branch === null) return;
    const where = `${at}/allOf/${index}`;
    refuseUnsupported(branch, where);
    const flat = mergeAllOf(branch, where);
    const tuple = TUPLE_KEYWORDS.find((keyword) => keyword in flat) ?? (Array.isArray(flat.items) ? 'items as a tuple' : undefined);
    if (tuple !== undefined) throw new Error(`${where} uses ${tuple}, which a response schema can use only outside allOf`);
    if (flat.items !== undefined) items.push(flat.items as JsonSchema);
    properties = { ...properties, ...(flat.properties as object | undefined) };
    if (flat.additionalProperties !== undefined && flat.additionalProperties !== false) additional = flat.additionalProperties;
    if (isScalarSchema(flat)) type = flat.type;
  });
  const { allOf: _folded, items: _items, ...rest } = schema;
  // No items schema to fold: an array `items` (a tuple) stays as it was.
  const folded = items.length === 0 ? schema.items : items.length === 1 ? items[0] : { allOf: items };
  return { ...rest, properties, additionalProperties: additional, type, items: folded };
}

const SCALAR_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean', 'null']);

function isScalarSchema(schema: Schema): boolean {
  const type = schema.type;
  if (typeof type === 'string') return SCALAR_TYPES.has(type);
  return Array.isArray(type) && type.length > 0 && type.every((name) => SCALAR_TYPES.has(name));
}

/**
 * A scalar-only `type` must never let an object through: JSON.stringify would write whatever its
 * `toJSON` returns, or all its fields (issue 35, item 16). An object becomes its `toJSON()` when
 * that is a scalar (a Date under `{type: 'string'}`); else FW_ERR_RESPONSE_NOT_PROJECTABLE (a 500).
 */
function scalarProjection(schema: Schema, at: string, where: string): Projection {
  const types = [schema.type].flat().join(' or ');
  return (value) => {
    if (typeof value !== 'object' || value === null) return value;
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    const encoded: unknown = typeof toJSON === 'function' ? toJSON.call(value, '') : value;
    if (typeof encoded !== 'object' || encoded === null) return encoded;
    const found = Array.isArray(encoded) ? 'an array' : 'an object';
    throw new FwError('FW_ERR_RESPONSE_NOT_PROJECTABLE', `${where}: ${at} allows only ${types}, but the answer has ${found} there`, {
      details: { where, at },
    });
  };
}
