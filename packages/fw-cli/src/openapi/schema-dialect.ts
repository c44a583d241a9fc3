/**
 * JSON Schema draft-07 (priv/schemas/*.json) to the OpenAPI 3.0 Schema Object dialect
 * (https://spec.openapis.org/oas/v3.0.3#schema-object). What 3.0 can say is rewritten:
 * `$schema`, `$id`, `$comment` and a `propertyNames` that only says `{type: 'string'}` go, `type: [X, 'null']` becomes `type: X, nullable: true`
 * (several types become `anyOf`, `type: 'null'` a typed schema whose enum admits null alone, and so does the null of several types: an anyOf branch), `const` becomes a one-value `enum`, numeric
 * `exclusiveMinimum`/`exclusiveMaximum` become the boolean form, `examples` becomes `example`,
 * `definitions`/`$defs` move to components as `<file>.<name>` and `$ref`s follow them, TypeBox's record of any key
 * (`patternProperties: {'^.*$': X}`) becomes `additionalProperties: X`. What it
 * cannot say (`if`, `patternProperties`, tuple `items`, ...) is an error naming the file and the
 * place, rather than a document that silently says less than the schema.
 */
import { CliError } from '../errors.ts';

type Json = Record<string, unknown>;

/** Keywords whose value is one schema. */
const SCHEMA_KEYWORDS = new Set(['not', 'items', 'additionalProperties']);
/** Keywords whose value is a list of schemas. */
const SCHEMA_LIST_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf']);
/** Keywords copied as they are (OpenAPI 3.0 has them with the draft's meaning). */
const VALUE_KEYWORDS = new Set([
  'title',
  'description',
  'default',
  'enum',
  'format',
  'pattern',
  'multipleOf',
  'minimum',
  'maximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  'required',
  'readOnly',
  'writeOnly',
  'example',
  'deprecated',
]);
const DROPPED_KEYWORDS = new Set(['$schema', '$id', '$comment']);

/** Where a schema sits: its file (for messages and refs) and its JSON pointer. */
interface Place {
  readonly name: string;
  readonly file: string;
  readonly pointer: string;
}

/** The converted schemas of one file: `name`, then one `<name>.<definition>` per definition. */
export function convertSchemaFile(name: string, file: string, schema: Json): Record<string, Json> {
  const out: Record<string, Json> = {};
  const { definitions, $defs, ...root } = schema;
  for (const [key, value] of [
    ['definitions', definitions],
    ['$defs', $defs],
  ] as const) {
    if (value === undefined) continue;
    for (const [definition, sub] of Object.entries(asObject(value, { name, file, pointer: `/${key}` }))) {
      out[`${name}.${definition}`] = convertSchema(sub, { name, file, pointer: `/${key}/${definition}` });
    }
  }
  return { [name]: convertSchema(root, { name, file, pointer: '' }), ...out };
}

function convertSchema(value: unknown, place: Place): Json {
  if (value === true) return {};
  if (value === false) return { not: {} };
  const schema = asObject(value, place);
  const out: Json = {};
  for (const [keyword, sub] of Object.entries(schema)) {
    const at: Place = { ...place, pointer: `${place.pointer}/${keyword}` };
    // Every JSON key is a string: zod's z.record(z.string(), ...) says so, which constrains nothing.
    if (DROPPED_KEYWORDS.has(keyword) || (keyword === 'propertyNames' && JSON.stringify(sub) === '{"type":"string"}'))
      continue;
    if (VALUE_KEYWORDS.has(keyword) || keyword.startsWith('x-')) out[keyword] = sub;
    else if (keyword === 'type') Object.assign(out, convertType(sub, at));
    else if (keyword === '$ref') out.$ref = convertRef(sub, at);
    else if (keyword === 'properties') out.properties = convertMap(sub, at);
    else if (keyword === 'const') out.enum = [sub];
    else if (keyword === 'examples' && Array.isArray(sub)) {
      if (sub.length > 0) out.example = sub[0];
    } else if (keyword === 'exclusiveMinimum' || keyword === 'exclusiveMaximum')
      Object.assign(out, convertExclusive(keyword, sub, at));
    else if (keyword === 'items' && Array.isArray(sub)) throw unsupported(at, 'tuple items (a list of schemas)');
    else if (keyword === 'additionalProperties' && typeof sub === 'boolean') out.additionalProperties = sub;
    else if (keyword === 'patternProperties' && anyKeyRecord(schema))
      out.additionalProperties = convertSchema(Object.values(sub as Json)[0], {
        ...at,
        pointer: `${at.pointer}/${Object.keys(sub as Json)[0]}`,
      });
    else if (SCHEMA_KEYWORDS.has(keyword)) out[keyword] = convertSchema(sub, at);
    else if (SCHEMA_LIST_KEYWORDS.has(keyword))
      out[keyword] = asList(sub, at).map((item, index) =>
        convertSchema(item, { ...at, pointer: `${at.pointer}/${index}` }),
      );
    else throw unsupported(at, `the keyword ${keyword}`);
  }
  if (out.$ref !== undefined && Object.keys(out).length > 1) {
    // OpenAPI 3.0 ignores siblings of $ref; allOf keeps them meaningful.
    const { $ref, ...rest } = out;
    return { allOf: [{ $ref }], ...rest };
  }
  return out;
}

/** The pattern every key matches as TypeBox writes it: 1.x's `Type.Record(Type.String(), X)`, then 0.34's. */
const ANY_KEY_PATTERNS = new Set(['^.*$', '^(.*)$']);

/**
 * `schema` is TypeBox's record of any key: one pattern every key matches and nothing else naming keys, which is what 3.0's
 * `additionalProperties` says. Up to a key holding a line break, which `.` does not match: fw sends no such key (it projects
 * answers by the pattern) and the document asks a client for a value the server would not check.
 */
function anyKeyRecord(schema: Json): boolean {
  const patterns = schema.patternProperties;
  if (
    typeof patterns !== 'object' ||
    patterns === null ||
    schema.properties !== undefined ||
    schema.additionalProperties !== undefined
  )
    return false;
  const keys = Object.keys(patterns);
  return keys.length === 1 && ANY_KEY_PATTERNS.has(keys[0]!);
}

function convertMap(value: unknown, place: Place): Json {
  const out: Json = {};
  for (const [key, sub] of Object.entries(asObject(value, place)))
    out[key] = convertSchema(sub, { ...place, pointer: `${place.pointer}/${key}` });
  return out;
}

// `type: [X, 'null']` → `type: X, nullable: true`; several non-null types → anyOf.
function convertType(value: unknown, place: Place): Json {
  const types = typeof value === 'string' ? [value] : asList(value, place);
  const nullable = types.includes('null');
  const rest = types.filter((type) => type !== 'null');
  const flag = nullable ? { nullable: true } : {};
  // `type: 'null'` (in zod's nullable named schema, `anyOf: [{$ref}, {type: 'null'}]`): 3.0.3's `nullable` adds null only
  // to a `type` beside it (https://spec.openapis.org/oas/v3.0.3#fixed-fields-19), without one it means nothing (redocly's
  // nullable-type-sibling). Any type will do, as the enum admits null alone; not `object`, which openapi-typescript and
  // `--types` read as an object whatever the enum.
  const onlyNull = { type: 'string', nullable: true, enum: [null] };
  if (rest.length === 0) return nullable ? onlyNull : {};
  if (rest.length === 1) return { type: rest[0], ...flag };
  // Several types are an anyOf, which has no `type` for `nullable` to stand beside: null is a branch of its own.
  return { anyOf: [...rest.map((type) => ({ type })), ...(nullable ? [onlyNull] : [])] };
}

function convertExclusive(keyword: 'exclusiveMinimum' | 'exclusiveMaximum', value: unknown, place: Place): Json {
  if (typeof value === 'boolean') return { [keyword]: value };
  if (typeof value !== 'number') throw unsupported(place, `a non-numeric ${keyword}`);
  return { [keyword === 'exclusiveMinimum' ? 'minimum' : 'maximum']: value, [keyword]: true };
}

// #/definitions/x → this file's x; other.json[#/definitions/y] → that file's schema or definition; a bare name → the app's named schema.
function convertRef(value: unknown, place: Place): string {
  if (typeof value !== 'string') throw unsupported(place, 'a $ref that is not a string');
  if (/^[A-Za-z0-9._-]+$/.test(value) && !value.endsWith('.json')) return `#/components/schemas/${value}`;
  const match = /^(?:([A-Za-z0-9._-]+)\.json)?(?:#(?:\/(?:definitions|\$defs)\/([A-Za-z0-9._-]+))?)?$/.exec(value);
  if (match === null || (match[1] === undefined && match[2] === undefined && value !== '#')) {
    throw unsupported(
      place,
      `the $ref ${JSON.stringify(value)} (use #/definitions/<name>, <file>.json, <file>.json#/definitions/<name> or the name of one of the app's schemas)`,
    );
  }
  if (place.name === '' && match[1] === undefined)
    throw unsupported(
      place,
      `the $ref ${JSON.stringify(value)} (into the route schema itself, which is no component: name a recursive schema, zod's .meta({id}) or a priv/schemas file)`,
    );
  const file = match[1] ?? place.name;
  return `#/components/schemas/${match[2] === undefined ? file : `${file}.${match[2]}`}`;
}

function asObject(value: unknown, place: Place): Json {
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Json;
  throw unsupported(place, `${JSON.stringify(value)} where a schema object belongs`);
}

function asList(value: unknown, place: Place): unknown[] {
  if (Array.isArray(value)) return value;
  throw unsupported(place, `${JSON.stringify(value)} where a list belongs`);
}

function unsupported(place: Place, what: string): CliError {
  return new CliError(
    'FW_CLI_ERR_SCHEMA_UNSUPPORTED',
    `${place.file} uses ${what} at ${place.pointer || '/'}, which OpenAPI 3.0 cannot express; rewrite it or leave it out`,
  );
}

/**
 * One route schema (`options.schema` of a route, a JSON Schema) converted like a priv/schemas
 * file; `where` names it in errors (`route PUT /api/posts/:id options.schema.body`). Its
 * `definitions` have no component to move to, so they are refused.
 */
export function convertRouteSchema(schema: unknown, where: string): Json {
  // No name: a ref into the schema itself has no component to point to.
  const place: Place = { name: '', file: where, pointer: '' };
  if (typeof schema === 'object' && schema !== null && ('definitions' in schema || '$defs' in schema)) {
    throw unsupported(place, 'definitions in a route schema (move them to a priv/schemas file and $ref it)');
  }
  return convertSchema(schema, place);
}
