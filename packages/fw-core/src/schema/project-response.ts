/**
 * Response schemas as projections: a `json` answer is copied through its status's schema, so fields it does not list never
 * leave. Compiled once, objects into generated code (generate-projection.ts), the rest into closures; they copy, not validate
 * (but an object never passes a scalar-only schema). Not ajv's `removeAdditional`: it mutates (bench/schemas.bench.ts, case (b)).
 */
import { isJsonObject } from '../config/validate-config.ts';
import { FwError } from '../errors.ts';
import type { Projection } from '../http/response.ts';
import { generateObjectProjection, type Field } from './generate-projection.ts';
import type { JsonSchema } from './route-schema.ts';

const identity: Projection = (value) => value;
// The projection of a schema allowing no value (allowsNothing, or its parts folded: compileFresh), which a tuple's rest reads as false.
const NOTHING: Projection = () => undefined;
// Projections of a scalar-only type: they look only at objects.
const SCALARS = new WeakSet<Projection>();

// Keywords after which fw could not tell which fields may leave: refused at start.
const UNSUPPORTED = ['$dynamicRef', '$recursiveRef', 'dependentSchemas'];

// Tuple keywords, projected position by position, but not merged with other schemas (positions would have to merge).
const TUPLE_KEYWORDS = ['prefixItems', 'additionalItems'];

// What the projection reads of a schema besides the keywords that merge or choose schemas.
const PROJECTED = ['type', 'properties', 'patternProperties', 'additionalProperties', 'items', ...TUPLE_KEYWORDS];

type Schema = Readonly<Record<string, unknown>>;

/** `false`, or a schema whose `not` takes every value (`{not: {}}`, TypeBox's Type.Never()): both allow none, so both are read as `false`. */
const allowsNothing = (schema: unknown): boolean =>
  schema === false ||
  (isJsonObject(schema) && (schema.not === true || (isJsonObject(schema.not) && Object.keys(schema.not).length === 0)));

/** What compileProjection needs besides the schema. */
export interface ProjectionOptions {
  /** Compiles a check that a value matches a schema (the route's compiler); without it anyOf and oneOf are refused. */
  readonly match?: ((schema: JsonSchema) => (value: unknown) => boolean) | undefined;
  /** The schema a `$ref` outside the schema itself names (a registry of named schemas); without it such a ref is refused. */
  readonly resolveRef?: ((ref: string) => JsonSchema | undefined) | undefined;
}

/** One compileProjection call: its root (for local refs) and the projections of schemas holding a `$ref`, which recursion meets again. */
interface Context extends ProjectionOptions {
  readonly root: JsonSchema;
  readonly where: string;
  readonly byRef: Map<object, Projection>;
}

/** A schema to merge into another, with its place and the keyword that brought it. */
interface Part {
  readonly schema: JsonSchema;
  readonly at: string;
  readonly via: string;
}

/** A schema with its allOf, `$ref` and the given parts merged in, and what is left to choose from: anyOf, oneOf, if (each a part holding its keywords, merged in turn with the chosen branch). */
interface Flat {
  readonly schema: Schema;
  readonly choices: readonly (Part & { readonly schema: Schema })[];
}

/**
 * The projection of `schema`: objects keep the keys of `properties` and `patternProperties` (each projected), others only
 * under an `additionalProperties` true or a schema; arrays project `items`, a tuple each position and later elements only
 * under a rest schema; `allOf` branches and a `$ref`'s target add up; `anyOf`/`oneOf` merge the first branch the value
 * matches, `if` its `then` or `else`, as fast-json-stringify does. Throws on the keywords above; `where` names the route.
 */
export function compileProjection(schema: JsonSchema, where: string, options: ProjectionOptions = {}): Projection {
  return guarded(
    compileAt(schema, '#', {
      ...options,
      resolveRef: refResolver(schema, options.resolveRef),
      root: schema,
      where,
      byRef: new Map(),
    }),
    where,
  );
}

/** `project` (the whole answer, or a jsonStream's `each`) with V8's stack overflow in it (an answer that contains itself under a recursive `$ref` or a union, or one thousands deep) made FW_ERR_RESPONSE_NOT_PROJECTABLE: caught at the top, which costs nothing until it throws, where a depth count would cost on every value. */
const guarded = (project: Projection, where: string): Projection =>
  Object.assign((value: unknown) => {
    try {
      return project(value);
    } catch (error) {
      if (error instanceof RangeError && error.message === 'Maximum call stack size exceeded')
        notProjectable(where, '#', 'the answer is cyclic (it contains itself) or nested too deep to project', error);
      throw error;
    }
  }, project);

/** The schemas inside `schema` by `$id`, which a `$ref` names as ajv resolves it: TypeBox's Type.Cyclic ($defs) and 0.34's Type.Recursive (the root) refer so. */
export function schemaIds(schema: unknown, ids = new Map<string, JsonSchema>()): Map<string, JsonSchema> {
  if (typeof schema !== 'object' || schema === null) return ids;
  if (typeof (schema as Schema).$id === 'string') ids.set((schema as Schema).$id as string, schema as Schema);
  for (const sub of Object.values(schema)) schemaIds(sub, ids);
  return ids;
}

function compileAt(schema: JsonSchema, at: string, cx: Context): Projection {
  // `false` allows no value: its key is left out, as JSON.stringify drops undefined (an element is null).
  if (allowsNothing(schema)) return NOTHING;
  if (typeof schema !== 'object' || schema === null) return identity;
  if (!('$ref' in schema)) return compileFresh(schema, at, cx);
  // Every cycle of schemas passes through a $ref: one projection per such schema, a late-bound one while it compiles.
  let compiled = cx.byRef.get(schema);
  if (compiled !== undefined) return compiled;
  cx.byRef.set(schema, (value) => compiled!(value));
  compiled = compileFresh(schema, at, cx);
  cx.byRef.set(schema, compiled);
  return compiled;
}

function compileFresh(schema: Schema, at: string, cx: Context, parts: readonly Part[] = []): Projection {
  const flat = flatten(schema, at, cx, parts, []);
  if (allowsNothing(flat.schema)) return NOTHING;
  if (flat.choices.length > 0) return choiceProjection(flat, at, cx);
  const [merged, scalars] = [flat.schema, scalarTypes(flat.schema)];
  if (scalars !== undefined) return scalarProjection(scalars, at, cx.where);
  // An array under a schema for objects, or an object under one for arrays, would leave whole: refused, as a scalar-only type refuses objects.
  const refuse = (found: string) => (): never =>
    notProjectable(cx.where, at, `${at} allows no ${found}, but the answer has one there`);
  const [arrayOk, objectOk] = containerKinds(merged);
  const array = arrayOk ? arrayProjection(merged, at, cx) : refuse('array');
  const object = objectProjection(merged, at, cx, array);
  // A `not` with no type, properties or items beside it says nothing of an object's fields ({not: {type: 'object'}} took one whole): scalars only, as an enum of scalars.
  if (merged.not !== undefined && merged.type === undefined && object === undefined && objectOk)
    return scalarProjection(['scalars (it has a not and no type, properties or items)'], at, cx.where);
  if (object !== undefined || (arrayOk && objectOk && array === undefined)) return object ?? identity;
  // Arrays projected; an object, as its toJSON() gives it, kept (without its own toJSON function, which JSON.stringify would call again) or refused.
  const project = (value: unknown) =>
    containers(
      value,
      array,
      objectOk
        ? (json) => (typeof json.toJSON === 'function' ? { ...json, toJSON: undefined } : json)
        : refuse('object'),
    );
  return Object.assign(project, { each: arrayOk ? (array as { each?: Projection } | undefined)?.each : undefined });
}

/** `value` as JSON.stringify takes it (an object as its toJSON() gives it, once) through `array` when an array, `object` when an object, else as it is. */
function containers(
  value: unknown,
  array: ((value: unknown[]) => unknown) | undefined,
  object: (value: Record<string, unknown>) => unknown,
): unknown {
  const json = typeof value === 'object' && value !== null && !Array.isArray(value) ? toJsonOf(value) : value;
  return Array.isArray(json)
    ? (array ?? plainArray)(json)
    : typeof json === 'object' && json !== null
      ? object(json as Record<string, unknown>)
      : json;
}

/**
 * `value`'s elements (each projected) in a plain Array, not one whose toJSON() JSON.stringify would send unprojected: a
 * subclass's (a red team's ResultSet sent its SQL; map() keeps the subclass) or a plain array's own. One with none goes as it is.
 */
function plainArray(value: unknown[], each?: Projection): unknown[] {
  if (each === undefined && Object.getPrototypeOf(value) === Array.prototype && !('toJSON' in value)) return value;
  const out = new Array<unknown>(value.length);
  for (let index = 0; index < value.length; index++)
    out[index] = each === undefined ? value[index] : each(value[index]);
  return out;
}

function notProjectable(where: string, at: string, why: string, cause?: unknown): never {
  throw new FwError('FW_ERR_RESPONSE_NOT_PROJECTABLE', `${where}: ${why}`, { cause, details: { where, at } });
}

/** Whether a schema takes arrays and objects: as its `type` says, else by its keywords (`items` for arrays, `properties` for objects), else both. */
function containerKinds(schema: Schema): readonly [boolean, boolean] {
  const types = [schema.type ?? []].flat();
  const arrays = schema.items !== undefined || schema.prefixItems !== undefined;
  const objects = ['properties', 'patternProperties', 'additionalProperties'].some(
    (keyword) => schema[keyword] !== undefined,
  );
  return types.length > 0
    ? [types.includes('array'), types.includes('object')]
    : [arrays || !objects, objects || !arrays];
}

/** Arrays: `items` for every element, or a tuple's positions then the rest; undefined when neither applies. */
function arrayProjection(
  schema: Schema,
  at: string,
  cx: Context,
): (((value: unknown[]) => unknown[]) & { readonly each?: Projection }) | undefined {
  const prefixKeyword =
    schema.prefixItems !== undefined ? 'prefixItems' : Array.isArray(schema.items) ? 'items' : undefined;
  if (prefixKeyword === undefined) {
    if (schema.items === undefined) return undefined;
    const each = compileAt(schema.items as JsonSchema, `${at}/items`, cx);
    return each === identity
      ? undefined
      : Object.assign((value: unknown[]) => plainArray(value, each), { each: guarded(each, cx.where) });
  }
  const prefix = schema[prefixKeyword];
  if (!Array.isArray(prefix)) throw new Error(`${at}/${prefixKeyword} must be an array of schemas`);
  const restKeyword = prefixKeyword === 'prefixItems' ? 'items' : 'additionalItems';
  if (Array.isArray(schema[restKeyword]))
    throw new Error(`${at} has both prefixItems and an array items; write the positions in prefixItems only`);
  const positions = prefix.map((sub: JsonSchema, index) => compileAt(sub, `${at}/${prefixKeyword}/${index}`, cx));
  const restSchema = schema[restKeyword] as JsonSchema | undefined;
  // Elements past the tuple are listed only by a rest schema, as keys past properties are.
  const rest = restSchema === undefined ? undefined : compileAt(restSchema, `${at}/${restKeyword}`, cx);
  // A jsonStream projects its items one by one (write-response.ts), which a tuple's positions do not allow: its `each` refuses.
  return Object.assign(
    (value: unknown[]) => {
      const out = new Array<unknown>(
        rest === undefined || rest === NOTHING ? Math.min(value.length, positions.length) : value.length,
      );
      for (let index = 0; index < out.length; index++)
        out[index] = (index < positions.length ? positions[index]! : rest!)(value[index]);
      return out;
    },
    {
      each: (): never =>
        notProjectable(
          cx.where,
          at,
          `${at} is a tuple, whose elements a jsonStream cannot project one by one: give the list an items schema`,
        ),
    },
  );
}

/** Objects, arrays through `array`, other values as they are; undefined when the schema lists no key and keeps every other. */
function objectProjection(
  schema: Schema,
  at: string,
  cx: Context,
  array: ((value: unknown[]) => unknown) | undefined,
): Projection | undefined {
  const properties = schema.properties as Readonly<Record<string, JsonSchema>> | undefined;
  const additional = schema.additionalProperties as JsonSchema | undefined;
  const patterns = Object.entries((schema.patternProperties ?? {}) as Record<string, JsonSchema>);
  if (properties === undefined && patterns.length === 0 && (additional === undefined || additional === true))
    return undefined;
  const listed = Object.entries(properties ?? {}).map(
    ([name, sub]) => [name, compileAt(sub, `${at}/properties/${name}`, cx)] as const,
  );
  const others =
    additional === undefined || allowsNothing(additional)
      ? undefined
      : compileAt(additional, `${at}/additionalProperties`, cx);
  const names = new Set(listed.map(([name]) => name));
  // A key neither listed nor matching a pattern goes as additionalProperties says; the first matching pattern wins, as in fast-json-stringify; patterns take ajv's `u` flag.
  const matching = patterns.map(
    ([pattern, sub]) =>
      [
        naming(`${at}/patternProperties/${pattern} must be a regular expression`, () => new RegExp(pattern, 'u')),
        compileAt(sub, `${at}/patternProperties/${pattern}`, cx),
      ] as const,
  );
  const copyFields = (value: Record<string, unknown>): unknown => {
    const out: Record<string, unknown> = {};
    // defineProperty: `out.__proto__ = x` would set the copy's prototype, and the key would not leave. A toJSON function is left out, as JSON drops a function: JSON.stringify would call it again, on the copy.
    const put = (name: string, field: unknown) =>
      name === '__proto__'
        ? Object.defineProperty(out, name, { value: field, enumerable: true, writable: true, configurable: true })
        : name === 'toJSON' && typeof field === 'function'
          ? undefined
          : (out[name] = field);
    for (const [name, project] of listed) if (Object.hasOwn(value, name)) put(name, project(value[name]));
    for (const name of Object.keys(value)) {
      const project = names.has(name) ? undefined : (matching.find(([pattern]) => pattern.test(name))?.[1] ?? others);
      if (project !== undefined) put(name, project(value[name]));
    }
    return out;
  };
  // As JSON.stringify: an object with toJSON() is what it returns (a Money as "19.99", an ORM document as its fields), projected once.
  const object = (value: unknown): unknown => containers(value, array, copyFields);
  // Generated code, unless a literal's `__proto__: x` would set its prototype.
  const fields = listed.map(([name, project]): Field => ({
    name,
    project,
    kind: project === identity ? 'value' : SCALARS.has(project) ? 'scalar' : 'call',
  }));
  const generated = others === undefined && matching.length === 0 && !names.has('__proto__');
  return Object.assign(generated ? generateObjectProjection(fields, array ?? plainArray, object) : object, {
    fields: new Map(listed),
  });
}

/** What `make()` returns, or its error with `what` (its place in the schema) before the message. */
function naming<T>(what: string, make: () => T): T {
  try {
    return make();
  } catch (cause) {
    throw new Error(`${what}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * `schema` folded into one: `allOf`, its `$ref` and `parts` merge in, so a field any lists leaves; `items` meet in an allOf;
 * a scalar-only `type` in any makes the whole scalar-only. Tuples in a merged schema are refused; anyOf, oneOf and if are
 * gathered to choose from. `refs`: the refs being merged, to stop a loop.
 */
function flatten(schema: JsonSchema, at: string, cx: Context, parts: readonly Part[], refs: readonly string[]): Flat {
  if (typeof schema === 'boolean') return { schema: schema ? {} : { not: {} }, choices: [] }; // a part, or what a $ref names ($defs: {never: false})
  // draft-07's dependencies: a list of names only requires them; a schema adds fields, as dependentSchemas.
  const dependentSchema = Object.values(schema.dependencies ?? {}).some((value) => !Array.isArray(value));
  const used =
    UNSUPPORTED.find((keyword) => keyword in schema) ?? (dependentSchema ? 'dependencies with a schema' : undefined);
  if (used !== undefined)
    throw new Error(`${at} uses ${used}, which a response schema cannot use: fw could not tell which fields may leave`);
  const { allOf, $ref, anyOf, oneOf, if: condition, then, else: otherwise, ...own } = schema;
  const choices: Flat['choices'][number][] = Object.entries({ anyOf, oneOf })
    .filter(([, branches]) => branches !== undefined)
    .map(([keyword, branches]) => ({ via: keyword, at, schema: { [keyword]: branches } }));
  // An if without then and else adds no field.
  if (condition !== undefined && (then !== undefined || otherwise !== undefined))
    choices.push({ via: 'if', at, schema: { if: condition, then, else: otherwise } });
  const merging = [
    ...((allOf as readonly JsonSchema[] | undefined) ?? []).map((sub, index) => ({
      schema: sub,
      at: `${at}/allOf/${index}`,
      via: 'allOf',
    })),
    ...parts,
  ];
  if (typeof $ref === 'string') {
    if (refs.includes($ref))
      throw new Error(`${at}/$ref: ${$ref} refers back to itself with no property or item in between`);
    merging.push({ ...resolveRef($ref, at, cx), via: '$ref' });
  }
  if (merging.length === 0) return { schema: choices.length === 0 ? schema : own, choices };
  // A $ref alone stands for its target, which may then be a tuple.
  const onlyRef =
    merging.length === 1 && typeof $ref === 'string' && !PROJECTED.some((name) => own[name] !== undefined);
  if (onlyRef) {
    const flat = flatten(merging[0]!.schema, merging[0]!.at, cx, [], [...refs, $ref]);
    return { schema: flat.schema, choices: [...choices, ...flat.choices] };
  }
  let properties = own.properties as Record<string, JsonSchema> | undefined; // none listed nor closed in any: the object left whole
  let patterns = { ...(own.patternProperties as object | undefined) } as Record<string, JsonSchema>;
  let additional = own.additionalProperties;
  let [type, not, typed] = [own.type, own.not, false]; // a part's `not` too, unless a part has a type: compileFresh reads it
  const items: JsonSchema[] = own.items === undefined || Array.isArray(own.items) ? [] : [own.items as JsonSchema];
  for (const part of merging) {
    const flat = flatten(part.schema, part.at, cx, [], part.via === '$ref' ? [...refs, $ref as string] : refs);
    // A part allowing no value, itself or its own parts folded at any depth, leaves none to the whole.
    if (allowsNothing(flat.schema)) return { schema: { not: {} }, choices: [] };
    choices.push(...flat.choices);
    const inner = flat.schema;
    const tuple =
      TUPLE_KEYWORDS.find((keyword) => keyword in inner) ??
      (Array.isArray(inner.items) ? 'items as a tuple' : undefined);
    if (tuple !== undefined)
      throw new Error(
        `${part.at} uses ${tuple}, which a response schema can use only outside ${part.via === 'allOf' ? 'allOf' : `${part.via} beside other keywords`}`,
      );
    if (inner.items !== undefined) items.push(inner.items as JsonSchema);
    if (inner.properties !== undefined || allowsNothing(inner.additionalProperties))
      properties = { ...properties, ...(inner.properties as object | undefined) };
    patterns = { ...patterns, ...(inner.patternProperties as object | undefined) };
    if (inner.additionalProperties !== undefined && !allowsNothing(inner.additionalProperties))
      additional = inner.additionalProperties;
    type = scalarTypes(inner) ?? type;
    [not, typed] = [not ?? inner.not, typed || inner.type !== undefined];
  }
  // No items schema to fold: an array `items` (a tuple) stays as it was.
  const folded = items.length === 0 ? own.items : items.length === 1 ? items[0] : { allOf: items };
  return {
    schema: {
      ...own,
      not: typed ? undefined : not,
      properties,
      patternProperties: patterns,
      additionalProperties: additional,
      type,
      items: folded,
    },
    choices,
  };
}

/** The schema a `$ref` names (refResolver), else a start-up error saying where a response schema's `$ref` may point. */
function resolveRef(ref: string, at: string, cx: Context): { readonly schema: JsonSchema; readonly at: string } {
  const schema = cx.resolveRef?.(ref);
  const where =
    "is not in the schema; a response schema's $ref points into its own #/$defs/... or #/definitions/..., or names a $id in it";
  if (schema === undefined) throw new Error(`${at}/$ref: ${ref} ${POINTER.test(ref) ? 'names no schema' : where}`);
  return { schema, at: ref };
}

const POINTER = /^#\/(?:\$defs|definitions)\//;

/** What a `$ref` in `root` names, as ajv resolves it: a pointer into its `$defs` or `definitions`, a `$id` in it, else `named`'s; undefined when none. */
export function refResolver(
  root: JsonSchema,
  named?: (ref: string) => JsonSchema | undefined,
): (ref: string) => JsonSchema | undefined {
  const ids = schemaIds(root);
  return (ref) => {
    if (!POINTER.test(ref)) return ids.get(ref) ?? named?.(ref);
    const keys = ref
      .slice(2)
      .split('/')
      .map((token) => decodeURIComponent(token).replaceAll('~1', '/').replaceAll('~0', '~'));
    const target = keys.reduce<unknown>(
      (at, key) => (typeof at === 'object' && at !== null && Object.hasOwn(at, key) ? (at as Schema)[key] : undefined),
      root,
    );
    return typeof target === 'boolean' || (typeof target === 'object' && target !== null)
      ? (target as JsonSchema)
      : undefined;
  };
}

/**
 * The first anyOf/oneOf list: the value goes through the first branch its JSON (asJson: what JSON.stringify sees) matches, merged with
 * the schema around (other lists chosen in turn), as fast-json-stringify does; none: FW_ERR_RESPONSE_NOT_PROJECTABLE.
 */
function choiceProjection(flat: Flat, at: string, cx: Context): Projection {
  const [{ via: keyword, at: owner, schema: source }, ...rest] = flat.choices as readonly [
    Flat['choices'][number],
    ...Flat['choices'],
  ];
  const place = `${owner}/${keyword}`;
  const list = source[keyword];
  if (keyword !== 'if' && (!Array.isArray(list) || list.length === 0))
    throw new Error(`${place} must be a non-empty array of schemas`);
  if (cx.match === undefined) throw new Error(`${place} needs a schema compiler to tell its branches apart`);
  // Each branch: what merges in, and what the value must match for it (`if` for then; nothing for else).
  const branches: readonly (readonly [JsonSchema, JsonSchema, string])[] =
    keyword === 'if'
      ? [
          [(source.then ?? true) as JsonSchema, source.if as JsonSchema, `${owner}/then`],
          [(source.else ?? true) as JsonSchema, true, `${owner}/else`],
        ]
      : (list as JsonSchema[]).map((branch, index) => [branch, branch, `${place}/${index}`]);
  const alone = rest.length === 0 && !PROJECTED.some((name) => flat.schema[name] !== undefined);
  const options = branches.map(([branch, check, branchAt]) => {
    const project = alone
      ? compileAt(branch, branchAt, cx)
      : compileFresh(flat.schema, at, cx, [{ schema: branch, at: branchAt, via: keyword }, ...rest]);
    const checkAt = keyword === 'if' ? `${owner}/if` : branchAt;
    return {
      types: jsonTypes(check, checkAt, cx),
      matches: compileMatch(check, checkAt, cx, flat.schema.type),
      project,
    };
  });
  return (value) => {
    const encoded = asJson(value);
    // What JSON leaves out (undefined, a function, a symbol: the key goes, an element is null) needs no branch.
    if (encoded === undefined) return undefined;
    const type = encoded === null ? 'null' : Array.isArray(encoded) ? 'array' : typeof encoded;
    for (const option of options)
      if ((option.types === undefined || option.types.has(type)) && option.matches(encoded))
        return option.project(value);
    return notProjectable(cx.where, place, `the answer matches no branch of ${place}`);
  };
}

/**
 * The compiled check of one branch, with the root's `$defs` and `definitions` beside it so its local refs
 * resolve, under the `type` around it as in the whole schema (ajv's strict mode wants a type for `properties`).
 */
function compileMatch(branch: JsonSchema, at: string, cx: Context, type: unknown): (value: unknown) => boolean {
  if (typeof branch !== 'object' || branch === null) return () => branch !== false;
  const root = typeof cx.root === 'object' ? cx.root : {};
  const bundled = {
    ...(type === undefined ? branch : { type, allOf: [branch] }),
    ...(root.$defs === undefined ? {} : { $defs: root.$defs }),
    ...(root.definitions === undefined ? {} : { definitions: root.definitions }),
  };
  return naming(at, () => cx.match!(bundled));
}

/** The JSON types a branch's `type` allows (integer as number, null too under ajv's `nullable: true`), following `$ref`s; undefined when any. */
function jsonTypes(branch: JsonSchema, at: string, cx: Context): ReadonlySet<string> | undefined {
  if (typeof branch !== 'object' || branch === null) return undefined;
  if (branch.type === undefined)
    return typeof branch.$ref === 'string' && Object.keys(branch).length === 1
      ? jsonTypes(resolveRef(branch.$ref, at, cx).schema, at, cx)
      : undefined;
  return new Set(
    [branch.type, branch.nullable === true ? 'null' : []]
      .flat()
      .map((name) => (name === 'integer' ? 'number' : String(name))),
  );
}

/** The object as JSON.stringify writes it (ECMA-262 SerializeJSONProperty): what its `toJSON()` returns, then a String, Number or Boolean object as its primitive. */
function toJsonOf(value: object): unknown {
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  const json: unknown = typeof toJSON === 'function' ? toJSON.call(value, '') : value;
  return json instanceof String
    ? String(json)
    : json instanceof Number
      ? Number(json)
      : json instanceof Boolean
        ? Boolean.prototype.valueOf.call(json)
        : json;
}

/** `value` as fw writes it: each object's `toJSON` applied once (`applied`: already done for `value`; an array's never is: plainArray), its own fields only (ajv reads a class's getters), NaN and ±Infinity as null, undefined, a function or a symbol left out (null in an array); the same value when nothing changes. */
function asJson(value: unknown, applied = false): unknown {
  if (typeof value !== 'object' || value === null)
    return typeof value === 'number' && !Number.isFinite(value)
      ? null
      : typeof value === 'function' || typeof value === 'symbol'
        ? undefined
        : value;
  const json = Array.isArray(value) || applied ? value : toJsonOf(value);
  if (json !== value) return asJson(json, true);
  const proto: unknown = Object.getPrototypeOf(value);
  let copy: Record<string, unknown> | unknown[] | undefined =
    Array.isArray(value) || proto === Object.prototype || proto === null ? undefined : { ...value };
  for (const key of Array.isArray(value) ? value.keys() : Object.keys(value)) {
    // an array's holes too: JSON writes them null
    const inner = (value as Record<string, unknown>)[key];
    const encoded = asJson(inner);
    if (encoded === undefined && !Array.isArray(value))
      delete ((copy ??= { ...value }) as Record<string, unknown>)[key];
    else if (encoded !== inner || encoded === undefined)
      (copy ??= Array.isArray(value) ? [...value] : { ...value })[key as never] = (encoded ?? null) as never;
  }
  return copy ?? value;
}

const SCALAR_TYPES: ReadonlySet<unknown> = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The scalar types a schema allows: its `type`, or with none the types of what its `enum` or `const` lists (`{enum: ['draft', 'sent']}`); undefined when it allows more. */
function scalarTypes(schema: Schema): readonly unknown[] | undefined {
  const listed = schema.type === undefined ? ('const' in schema ? [schema.const] : schema.enum) : undefined;
  const types = [
    ...new Set(
      Array.isArray(listed) ? listed.map((value) => (value === null ? 'null' : typeof value)) : [schema.type].flat(),
    ),
  ];
  return types.length > 0 && types.every((name) => SCALAR_TYPES.has(name)) ? types : undefined;
}

/**
 * A scalar-only schema (scalarTypes) never lets an object through (JSON.stringify would write all its fields): an object becomes its
 * `toJSON()` or boxed primitive when that is a scalar (a Date or String object under `{type: 'string'}`), else FW_ERR_RESPONSE_NOT_PROJECTABLE (a 500); an array too.
 */
function scalarProjection(types: readonly unknown[], at: string, where: string): Projection {
  const refuse = (found: string) => (): never =>
    notProjectable(where, at, `${at} allows only ${types.join(' or ')}, but the answer has ${found} there`);
  const project: Projection = (value) => containers(value, refuse('an array'), refuse('an object'));
  SCALARS.add(project);
  return project;
}
