/**
 * Response schemas, a seeded differential fuzz (docs/applications-reference.md, "Responses"): generated schemas
 * (nested objects, arrays, anyOf/oneOf, nullable, enum/const, additionalProperties true/false/a schema,
 * patternProperties, $ref into $defs, TypeBox) and answers made to trip them (fields the schema does not list,
 * wrong types, toJSON, Date, BigInt, undefined, NaN, -0, sparse arrays, getters, symbols, class instances, Map/Set,
 * null prototypes, frozen objects, cycles, strings to escape). Each answer goes through fw's compiled projection and
 * through a reference written here from the docs alone; both must send the same bytes or fail alike. Answers that
 * match their schema go through fast-json-stringify too, which fw writes as (differences documented). Then some of
 * them through real routes: json() and jsonStream() answer the same 200 with JSON that parses, or the same 500.
 * FUZZ_SEED=<n> replays a run.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { inspect } from 'node:util';
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';
import Type from 'typebox';
import { json, jsonStream } from '../src/http/response.ts';
import { loadAjvCompiler } from '../src/schema/ajv-compiler.ts';
import { branchMatcher } from '../src/schema/compile-route-schemas.ts';
import { compileProjection } from '../src/schema/project-response.ts';
import type { JsonSchema } from '../src/schema/route-schema.ts';
import { seededRandom } from '../../../bench/tables/route-table.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 39);
let next = seededRandom(SEED);
const below = (n: number): number => Math.floor(next() * n);
const pick = <T>(list: readonly T[]): T => list[below(list.length)]!;
const chance = (p: number): boolean => next() < p;

type Schema = Record<string, unknown>;
const SCALARS = ['string', 'integer', 'number', 'boolean', 'null'] as const;
const NAMES = ['id', 'name', 'a', 'b', 'x1', 'xy', '1', 'é', '\u2028k', '😀', '__proto__', 'constructor', 'computed'];
const NASTY = ['😀', '\ud800', '\udfff', '\u0000', '\u001f', '\u007f', '</script>', '\u2028', '\u2029', '"', '\\', 'é', '\ufeff', '<!--'];

// ---------------------------------------------------------------- schemas

/** A schema `depth` levels deep; `defs` gathers the targets of the $refs it makes. */
function schemaOf(depth: number, defs: Record<string, Schema>): Schema | boolean {
  const roll = below(depth <= 0 ? 4 : 18);
  if (roll === 0) return { type: pick(SCALARS) };
  if (roll === 1) return chance(0.5) ? { type: [pick(SCALARS.slice(0, 4)), 'null'] } : { type: pick(SCALARS.slice(0, 4)), nullable: true };
  if (roll === 2) return chance(0.5) ? { enum: ['draft', 'sent', 1, null].slice(0, 1 + below(4)) } : { const: pick(['k', 2, true]) };
  if (roll === 3) return pick([true, {}, { type: 'string', format: 'date-time' }]);
  if (roll <= 6) return objectSchema(depth, defs);
  if (roll === 7) return { type: 'array', items: schemaOf(depth - 1, defs) };
  if (roll === 8) return union(depth, defs);
  if (roll === 9) {
    const name = `d${Object.keys(defs).length}`;
    defs[name] = {}; // reserved before it is built: a nested ref numbers its own
    defs[name] = objectSchema(depth - 1, defs);
    return { $ref: `#/$defs/${name}` };
  }
  if (roll === 11) {
    const parts = chance(0.7) ? [objectSchema(depth - 1, defs), objectSchema(depth - 1, defs)] : [{ type: 'object' }]; // or none listing a key
    return { ...pick([{}, { type: 'object' }]), allOf: [...parts, ...pick([[], [{ required: ['id'] }], [{ additionalProperties: false }]])] };
  }
  if (roll === 12) return { ...objectSchema(depth - 1, defs), if: { properties: { kind: { const: 'cat' } }, required: ['kind'] }, then: objectSchema(depth - 1, defs), else: objectSchema(depth - 1, defs) };
  if (roll === 13) return { ...objectSchema(depth - 1, defs), ...union(depth, defs) }; // a union with keywords beside it
  if (roll === 14) return tuple(depth, defs);
  if (roll === 15) {
    // A $ref chain: a definition that is a $ref to another, reserved first as roll 9's.
    const [first, second] = [`d${Object.keys(defs).length}`, `d${Object.keys(defs).length + 1}`];
    [defs[first], defs[second]] = [{ $ref: `#/$defs/${second}` }, {}];
    defs[second] = objectSchema(depth - 1, defs);
    return { $ref: `#/$defs/${first}` };
  }
  // nullable in a union's branches.
  if (roll === 16) return { [pick(['anyOf', 'oneOf'])]: [{ ...objectSchema(depth - 1, defs), type: 'object', nullable: true }, { type: pick(['string', 'integer']), nullable: chance(0.5) }] };
  // A part allowing no value one allOf (or a $ref) deeper, beside a typed part.
  if (roll === 17) return { allOf: [pick([{ allOf: [pick([{ not: {} }, false])] }, { allOf: [{ allOf: [{ not: {} }] }] }]), objectSchema(depth - 1, defs)] };
  return { type: 'object', properties: { kind: { const: 'leaf' }, v: { type: 'integer' } }, ...pick([{}, { additionalProperties: true }, { additionalProperties: false }]) };
}

function objectSchema(depth: number, defs: Record<string, Schema>): Schema {
  const properties: Record<string, unknown> = {};
  // defineProperty: `properties.__proto__ = x` would set the map's prototype.
  for (let count = 1 + below(4); count > 0; count -= 1) Object.defineProperty(properties, pick(NAMES), { value: schemaOf(depth - 1, defs), enumerable: true, writable: true, configurable: true });
  const schema: Schema = chance(0.85) ? { type: 'object', properties } : { properties };
  if (chance(0.3)) schema.required = Object.keys(properties).slice(0, 1);
  const additional = below(4);
  if (additional === 1) schema.additionalProperties = true;
  if (additional === 2) schema.additionalProperties = false;
  if (additional === 3) schema.additionalProperties = schemaOf(depth - 1, defs);
  if (chance(0.25)) schema.patternProperties = { '^x-': schemaOf(depth - 1, defs), '^\\p{Lu}$': { type: 'string' } };
  if (chance(0.1)) properties.secret = false;
  if (chance(0.05)) schema[pick(['dependentRequired', 'dependencies'])] = { [Object.keys(properties)[0]!]: ['id'] }; // requires only: projects nothing
  return schema;
}

/** A tuple: prefixItems then items, or draft-07's items list then additionalItems; the rest absent, false, true or a schema. */
function tuple(depth: number, defs: Record<string, Schema>): Schema {
  const positions = Array.from({ length: 1 + below(3) }, () => schemaOf(depth - 1, defs));
  const rest = pick([undefined, false, true, schemaOf(depth - 1, defs)]);
  const [prefix, after] = chance(0.5) ? ['prefixItems', 'items'] : ['items', 'additionalItems'];
  return { type: 'array', [prefix]: positions, ...(rest !== undefined && { [after]: rest }) };
}

/** anyOf/oneOf whose branches tell their answers apart: by type, or by an object's `kind`. */
function union(depth: number, defs: Record<string, Schema>): Schema {
  const branches: Schema[] = [];
  for (const kind of ['cat', 'dog'].slice(0, 1 + below(2))) {
    const branch = objectSchema(depth - 1, defs);
    branches.push({ ...branch, type: 'object', properties: { ...(branch.properties as object), kind: { const: kind } }, required: ['kind'] });
  }
  if (chance(0.5)) branches.push({ type: 'null' });
  if (chance(0.5)) branches.push({ type: 'array', items: schemaOf(depth - 1, defs) });
  if (chance(0.5)) branches.push({ type: 'string' });
  return { [pick(['anyOf', 'oneOf'])]: branches.sort(() => next() - 0.5) };
}

function typeboxSchemas(): readonly Schema[] {
  const item = Type.Object({ id: Type.Integer(), title: Type.String(), done: Type.Optional(Type.Boolean()), at: Type.Optional(Type.String({ format: 'date-time' })) });
  return [
    item,
    Type.Object({ items: Type.Array(item), next: Type.Union([Type.String(), Type.Null()]) }),
    Type.Object({ pet: Type.Union([Type.Object({ kind: Type.Literal('cat'), meows: Type.Boolean() }), Type.Object({ kind: Type.Literal('dog'), barks: Type.Boolean() })]) }),
    Type.Object({ tags: Type.Record(Type.String(), Type.Integer()), status: Type.Union([Type.Literal('draft'), Type.Literal('sent')]) }),
    Type.Object({ id: Type.Integer() }, { additionalProperties: false }),
    Type.Cyclic({ Node: Type.Object({ v: Type.Integer(), kids: Type.Array(Type.Ref('Node')) }) }, 'Node'),
  ] as unknown as Schema[];
}

// ---------------------------------------------------------------- answers

class Row {
  constructor(fields: object) {
    // defineProperty: assigning would run the getter's missing setter, or set the prototype for a __proto__ key.
    for (const [name, value] of Object.entries(fields)) Object.defineProperty(this, name, { value, enumerable: true, writable: true, configurable: true });
  }
  get computed(): string {
    return 'from a getter';
  }
}
/** A price whose toJSON(), on its prototype, gives text: "19.99". */
const price = (cents: number): object => Object.assign(Object.create({ toJSON: function (this: { cents: number }) { return (this.cents / 100).toFixed(2); } }) as object, { cents });
class ResultSet extends Array<unknown> {
  toJSON(): unknown {
    return { sql: 'select * from users', rows: [...this] };
  }
}

const text = (): string => Array.from({ length: below(5) }, () => (chance(0.6) ? pick(NASTY) : String.fromCharCode(below(0x10000)))).join('');

/** Something of a type the schema may not take: the traps of the brief. */
function stray(depth: number): unknown {
  switch (below(16)) {
    case 0: return undefined;
    case 1: return pick([NaN, Infinity, -Infinity, -0]);
    case 2: return 10n;
    case 3: return Symbol('s');
    case 4: return () => 'fn';
    case 5: return new Date(pick([0, 1.7e12, NaN]));
    case 6: return new Map([['a', 1]]);
    case 7: return new Set([1, 2]);
    case 8: return price(1999);
    case 9: return new String(text());
    case 10: return { secret: 'hunter2', nested: { token: 't' } };
    case 11: return Object.assign(Object.create(null) as object, { secret: 's', id: 1 });
    case 12: return new Row({ secret: 's', id: 2 });
    case 13: return depth > 0 ? [stray(depth - 1), , stray(depth - 1)] : [];
    case 14: return ResultSet.from([1, 2]);
    default: return text();
  }
}

/**
 * An answer for `schema`: `exact` keeps to it (plain JSON-like data, only the keys it lists), else fields it does not
 * list are added and now and then a value of another type, a wrapper (a class, a null prototype, frozen, a toJSON), a cycle.
 */
function answerFor(schema: unknown, root: Schema, depth: number, exact: boolean): unknown {
  if (!exact && chance(0.06)) return stray(depth);
  if (schema === true || schema === undefined) return exact ? text() : stray(depth);
  if (schema === false) return exact ? undefined : stray(depth);
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return answerFor(resolve(root, s.$ref), root, depth, exact);
  const { allOf, anyOf, oneOf, if: condition, then, else: otherwise, ...own } = s;
  if (allOf !== undefined) return answerFor((allOf as unknown[]).reduce<Schema>(merged, own), root, depth, exact);
  if (condition !== undefined) return { ...(answerFor(merged(own, pick([then, otherwise])), root, depth, exact) as object), ...(chance(0.5) ? { kind: 'cat' } : {}) };
  const choice = (anyOf ?? oneOf) as unknown[] | undefined;
  // Inside a union, answers stay plain: a branch is chosen on the answer as JSON would write it.
  if (choice !== undefined) return answerFor(merged(own, pick(choice)), root, depth, true);
  if (s.const !== undefined) return s.const;
  if (s.enum !== undefined) return pick(s.enum as unknown[]);
  if (s.nullable === true && chance(0.2)) return null;
  const type = pick([s.type ?? (s.items !== undefined ? 'array' : s.properties !== undefined ? 'object' : 'string')].flat()) as string;
  if (type === 'string') return s.format === 'date-time' ? (exact ? new Date(below(2e12)).toISOString() : new Date(below(2e12))) : text();
  if (type === 'integer') return pick([below(1e6) - 5e5, -0, Number.MAX_SAFE_INTEGER]);
  if (type === 'number') return pick([next() * 1e10, -0, 1e21, 5e-324, 0.1]);
  if (type === 'boolean') return chance(0.5);
  if (type === 'null') return null;
  const prefix = (s.prefixItems ?? (Array.isArray(s.items) ? s.items : undefined)) as unknown[] | undefined;
  if (type === 'array' && prefix !== undefined) {
    const rest = s.prefixItems !== undefined ? s.items : s.additionalItems;
    const more = exact && (rest === undefined || rest === false) ? 0 : below(3);
    return [...prefix.map((position) => answerFor(position, root, depth - 1, exact)), ...Array.from({ length: more }, () => (exact ? answerFor(rest, root, depth - 1, true) : stray(0)))];
  }
  if (type === 'array') {
    const list = depth <= 0 ? [] : Array.from({ length: below(4) }, () => answerFor(s.items, root, depth - 1, exact));
    if (!exact && list.length > 1 && chance(0.15)) delete list[0]; // a hole
    return !exact && chance(0.1) ? ResultSet.from(list) : list;
  }
  const out: Record<string, unknown> = {};
  const put = (name: string, value: unknown): void => void Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  for (const [name, sub] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
    if (sub === false && exact) continue;
    if ((s.required as string[] | undefined)?.includes(name) || (depth > 0 && chance(0.7))) put(name, answerFor(sub, root, depth - 1, exact));
  }
  const additional = s.additionalProperties;
  for (let count = exact ? (additional === undefined || additional === false ? 0 : below(2)) : below(3); count > 0; count -= 1) {
    const name = pick(['x-a', 'x-é', 'É', 'Z', 'secret', 'password', '7', text()]);
    if (Object.hasOwn(s.properties ?? {}, name)) continue;
    if (exact && (/^x-|^\p{Lu}$/u.test(name) || additional === false)) continue;
    put(name, exact ? answerFor(typeof additional === 'object' ? additional : { type: 'string' }, root, 0, true) : chance(0.5) ? answerFor(additional, root, depth - 1, false) : stray(0));
  }
  if (exact) return out;
  if (chance(0.1)) Object.defineProperty(out, Symbol('hidden'), { value: 'symbol-keyed', enumerable: true });
  if (chance(0.1)) Object.defineProperty(out, 'id', { get: () => 'own getter', enumerable: true, configurable: true });
  if (chance(0.05) && depth > 0) out.self = out; // a cycle
  switch (below(8)) {
    case 0: return new Row(out);
    case 1: return Object.assign(Object.create(null) as object, out);
    case 2: return Object.freeze(out);
    case 3: return { toJSON: () => out, secret: 'never read' };
    // A toJSON that spreads the object (its own toJSON included) and turns a Date to text: applied twice it throws.
    case 4: return { ...out, at: new Date(0), toJSON(this: { at: Date }) { return { ...this, at: this.at.toISOString() }; } };
    default: return out;
  }
}

/** The schema inside `schema` whose $id is `id`. */
function withId(schema: unknown, id: string): unknown {
  if (typeof schema !== 'object' || schema === null) return undefined;
  if ((schema as Schema).$id === id) return schema;
  for (const sub of Object.values(schema)) {
    const found = withId(sub, id);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A `$ref`'s target: a pointer into the root, or the schema of that `$id` (TypeBox's Type.Cyclic). */
function resolve(root: Schema, ref: string): unknown {
  if (!ref.startsWith('#/')) return withId(root, ref);
  return ref.slice(2).split('/').reduce<unknown>((at, key) => (at as Schema)[key], root);
}

// ---------------------------------------------------------------- the reference, from the docs

class NotProjectable extends Error {}
/** A union over what JSON cannot write (a BigInt, a cycle): fw may fail, or choose a branch and drop the field. */
class Unknowable extends Error {}
const validators = new WeakMap<object, (value: unknown) => boolean>();
/** Plain ajv's verdict on `value`; `key`: the object to cache its compiled check under (a union's branch, its $defs beside it). */
function validates(schema: object, value: unknown, key: object = schema): boolean {
  let validate = validators.get(key);
  if (validate === undefined) {
    // prefixItems is draft 2020's (draft-07 ajv ignores it); draft-07's items list is not. By the schema checked, not the $defs bundled beside it.
    const ajv = new (JSON.stringify(key).includes('"prefixItems"') ? Ajv2020 : Ajv)({ strict: false, allowUnionTypes: true, logger: false });
    (addFormats as unknown as (ajv: Ajv) => void)(ajv); // fw's ajv has the formats
    validate = ajv.compile(schema);
    validators.set(key, validate);
  }
  return validate(value);
}
const SCALAR_TYPES = new Set<unknown>(SCALARS);

/** What JSON.stringify writes of `value` (toJSON applied once), read back: undefined when it writes nothing. */
function asWritten(value: unknown): unknown {
  const text = JSON.stringify(value);
  return text === undefined ? undefined : JSON.parse(text);
}

/** ECMA-262 SerializeJSONProperty's first steps: toJSON() once (with ''), then a boxed primitive unboxed. */
function toJsonOnce(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const method = (value as { toJSON?: unknown }).toJSON;
  const json = typeof method === 'function' ? (method as (key: string) => unknown).call(value, '') : value;
  return json instanceof String || json instanceof Number || json instanceof Boolean ? json.valueOf() : json;
}

/** The scalar types a schema allows: its `type` when all scalars, or with none what its enum or const lists (all scalars). */
function scalarTypesOf(schema: Schema): readonly unknown[] | undefined {
  const listed = schema.type !== undefined ? undefined : schema.const !== undefined ? [schema.const] : (schema.enum as unknown[] | undefined);
  const types = listed !== undefined ? listed.map((item) => (item === null ? 'null' : typeof item)) : schema.type === undefined ? [] : [schema.type].flat();
  return types.length > 0 && types.every((type) => SCALAR_TYPES.has(type)) ? types : undefined;
}

/**
 * `own` with `part` merged in, as the docs say allOf parts (and a chosen branch, with the keywords beside it) add up: the keys
 * either lists, patterns, the last additionalProperties that is not false; a scalar-only part makes the whole scalar-only.
 */
function merged(own: Schema, part: unknown): Schema {
  if (typeof part !== 'object' || part === null) return own;
  const p = part as Schema;
  const listed = own.properties !== undefined || p.properties !== undefined || p.additionalProperties === false;
  return {
    ...own,
    ...(listed ? { properties: { ...(own.properties as object | undefined), ...(p.properties as object | undefined) } } : {}),
    patternProperties: { ...(own.patternProperties as object | undefined), ...(p.patternProperties as object | undefined) },
    additionalProperties: p.additionalProperties !== undefined && p.additionalProperties !== false ? p.additionalProperties : own.additionalProperties,
    type: scalarTypesOf(p) ?? own.type,
    items: p.items ?? own.items,
  };
}

/**
 * The answer as the docs say fw checks a union's branches on it: as JSON writes it (toJSON() once, NaN as null, undefined,
 * functions and symbols left out), an array as its elements. What JSON cannot write (a BigInt, a cycle) is Unknowable.
 */
function asChecked(value: unknown, trail: readonly object[] = [], applied = false): unknown {
  if (typeof value === 'bigint') throw new Unknowable('a BigInt');
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'function' || typeof value === 'symbol') return undefined;
  if (typeof value !== 'object' || value === null) return value;
  if (trail.includes(value)) throw new Unknowable('a cycle');
  const inside = [...trail, value];
  if (Array.isArray(value)) return Array.from(value, (element) => asChecked(element, inside) ?? null);
  const json = applied ? value : toJsonOnce(value);
  if (json !== value) return asChecked(json, inside, true);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const field = asChecked((value as Record<string, unknown>)[key], inside);
    if (field !== undefined) Object.defineProperty(out, key, { value: field, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** Whether a schema allows no value, as the docs read it: `false`, `{not: {}}`, or such a part in its allOf or a `$ref` to one, at any depth. */
function allowsNone(schema: unknown, root: Schema): boolean {
  if (schema === false) return true;
  if (typeof schema !== 'object' || schema === null) return false;
  const { not, allOf, $ref } = schema as Schema;
  if (typeof not === 'object' && not !== null && Object.keys(not).length === 0) return true;
  return ((allOf ?? []) as unknown[]).some((part) => allowsNone(part, root)) || (typeof $ref === 'string' && allowsNone(resolve(root, $ref), root));
}

/** The docs' rules, as a value JSON.stringify then writes: throws NotProjectable where fw answers FW_ERR_RESPONSE_NOT_PROJECTABLE. */
function reference(schema: unknown, value: unknown, root: Schema, trail: readonly unknown[] = []): unknown {
  if (trail.length > 200) throw new RangeError('deeper than any generated answer: a cycle');
  if (allowsNone(schema, root)) return undefined;
  if (schema === true || typeof schema !== 'object' || schema === null) return value;
  const s = schema as Schema;
  if (typeof s.$ref === 'string') return reference(resolve(root, s.$ref), value, root, trail);
  const { allOf, anyOf, oneOf, if: condition, then, else: otherwise, ...own } = s;
  if (allOf !== undefined) return reference((allOf as unknown[]).reduce<Schema>(merged, own), value, root, trail);
  const choice = (anyOf ?? oneOf) as unknown[] | undefined;
  const ifThen = condition !== undefined && (then !== undefined || otherwise !== undefined);
  if (choice !== undefined || ifThen) {
    const written = asChecked(value);
    // What JSON leaves out (undefined, a function, a symbol) needs no branch: the key goes, an element is null.
    if (written === undefined) return undefined;
    // A branch is checked under the type beside it, and merged with the keywords beside it (alone, it stands for the whole).
    const check = (candidate: unknown): boolean => validates({ ...(own.type === undefined ? (candidate as object) : { type: own.type, allOf: [candidate] }), $defs: root.$defs }, written, candidate as object);
    const branch = choice !== undefined ? choice.find(check) : check(condition) ? (then ?? true) : (otherwise ?? true);
    if (branch === undefined) throw new NotProjectable('no branch');
    const alone = !['type', 'properties', 'patternProperties', 'additionalProperties', 'items', 'prefixItems', 'additionalItems'].some((name) => own[name] !== undefined);
    return reference(alone ? branch : merged(own, branch), value, root, trail);
  }
  const types = s.type === undefined ? undefined : [s.type].flat();
  // A scalar-only type, or an enum/const of scalars only, takes no object: its toJSON() result or its primitive when a scalar.
  const scalarOnly = scalarTypesOf(s) !== undefined;
  const arrays = types !== undefined ? types.includes('array') : s.items !== undefined || s.prefixItems !== undefined || s.properties === undefined && s.patternProperties === undefined && s.additionalProperties === undefined;
  const objects = types !== undefined ? types.includes('object') : s.properties !== undefined || s.patternProperties !== undefined || s.additionalProperties !== undefined || s.items === undefined;
  const properties = (s.properties ?? {}) as Record<string, unknown>;
  const patterns = Object.entries((s.patternProperties ?? {}) as Record<string, unknown>);
  const additional = s.additionalProperties;
  const listsNoKey = s.properties === undefined && patterns.length === 0 && (additional === undefined || additional === true);
  const json = toJsonOnce(value);
  if (typeof json !== 'object' || json === null) return json;
  if (scalarOnly) throw new NotProjectable('an object under a scalar type');
  // A schema that lists nothing for either takes the value as it is (an Array subclass's toJSON() included, as under `{}`).
  if (arrays && objects && s.items === undefined && listsNoKey) return value;
  if (Array.isArray(json)) {
    if (!arrays) throw new NotProjectable('an array where no array goes');
    // A tuple: each position, then elements past it only under a rest schema that allows some (items, or additionalItems).
    const prefix = (s.prefixItems ?? (Array.isArray(s.items) ? s.items : undefined)) as unknown[] | undefined;
    const rest = s.prefixItems !== undefined ? s.items : s.additionalItems;
    const kept = prefix === undefined || (rest !== undefined && !allowsNone(rest, root)) ? json : json.slice(0, prefix.length);
    if (prefix !== undefined) return Array.from(kept, (element, index) => reference(index < prefix.length ? prefix[index] : rest, element, root, [...trail, json]));
    // Else a plain array of its elements: an Array subclass's toJSON() is never called.
    return Array.from(json, (element) => (s.items === undefined ? element : reference(s.items, element, root, [...trail, json])));
  }
  if (!objects) throw new NotProjectable('an object where no object goes');
  if (listsNoKey) return value;
  const out: Record<string, unknown> = {};
  const put = (name: string, field: unknown): void => void Object.defineProperty(out, name, { value: field, enumerable: true, writable: true, configurable: true });
  const source = json as Record<string, unknown>;
  for (const [name, sub] of Object.entries(properties)) if (Object.hasOwn(source, name)) put(name, reference(sub, source[name], root, [...trail, json]));
  for (const name of Object.keys(source)) {
    if (Object.hasOwn(properties, name)) continue;
    const pattern = patterns.find(([regexp]) => new RegExp(regexp, 'u').test(name));
    const sub = pattern !== undefined ? pattern[1] : additional === undefined ? false : additional;
    // A function left under a key is dropped by JSON.stringify, which does not call it as a toJSON of the copy.
    if (sub !== false) put(name, name === 'toJSON' && typeof source[name] === 'function' ? undefined : reference(sub, source[name], root, [...trail, json]));
  }
  return out;
}

/** What `check()` answers, or false when it throws. */
function attempt(check: () => boolean): boolean {
  try {
    return check();
  } catch {
    return false;
  }
}

type Outcome = { readonly text: string | undefined } | { readonly failed: string };

function outcome(run: () => unknown): Outcome {
  try {
    return { text: JSON.stringify(run()) };
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (error instanceof Unknowable) return { failed: 'unknowable' };
    return { failed: error instanceof NotProjectable || code === 'FW_ERR_RESPONSE_NOT_PROJECTABLE' ? 'not projectable' : (error as Error).name };
  }
}

const match = branchMatcher(await loadAjvCompiler());

/** fw's projection of the schema, or undefined where fw's strict ajv refuses it (a branch's `properties` without its `type`). */
function projectionOf(schema: Schema): ((value: unknown) => unknown) | undefined {
  try {
    return compileProjection(schema as JsonSchema, 'fuzz', { match });
  } catch (error) {
    assert.match((error as Error).message, /strict mode|schema is invalid/, JSON.stringify(schema));
    return undefined;
  }
}

interface Case { readonly schema: Schema; readonly project: (value: unknown) => unknown; readonly answer: unknown; readonly exact: boolean }

/** `count` schemas fw takes, each with its projection and an answer; `round` seeds them apart from other tests' (FUZZ_SEED replays one test alone). */
function cases(count: number, round: number): Case[] {
  next = seededRandom(SEED * 1000 + round);
  const out: Case[] = [];
  const typebox = typeboxSchemas();
  while (out.length < count) {
    const defs: Record<string, Schema> = {};
    const built = out.length % 5 === 4 ? typebox[below(typebox.length)]! : schemaOf(3, defs);
    const schema: Schema = typeof built === 'boolean' ? { type: 'object', properties: { v: built } } : Object.keys(defs).length === 0 ? built : { ...built, $defs: defs };
    const project = projectionOf(schema);
    const exact = chance(0.35);
    if (project !== undefined) out.push({ schema, project, answer: answerFor(schema, schema, 3, exact), exact });
  }
  return out;
}

const describeCase = (kase: Case): string => `seed ${SEED}: ${JSON.stringify(kase.schema)}\nanswer: ${inspect(kase.answer, { depth: 8 })}${typeof (kase.answer as { toJSON?: unknown } | undefined)?.toJSON === 'function' ? `\nits toJSON(): ${inspect((kase.answer as { toJSON: () => unknown }).toJSON(), { depth: 8 })}` : ''}`;

describe(`response schemas: fw's projection against the documented reference (fuzz, seed ${SEED})`, () => {
  it('sends the same bytes as the reference, or fails where it fails', () => {
    for (const kase of cases(600, 1)) {
      const fw = outcome(() => kase.project(kase.answer));
      const expected = outcome(() => reference(kase.schema, kase.answer, kase.schema));
      // Both fail (a 500 either way): what fails first may differ (a cycle under a union overflows fw's check of it).
      if ('failed' in fw && 'failed' in expected) assert.match(fw.failed, /^(not projectable|TypeError|RangeError)$/, describeCase(kase));
      else if (!('failed' in expected && expected.failed === 'unknowable')) assert.deepEqual(fw, expected, describeCase(kase));
      else if ('text' in fw && fw.text !== undefined) JSON.parse(fw.text);
    }
  });

  it('writes the text fast-json-stringify writes for an answer that matches its schema', () => {
    let compared = 0;
    for (const kase of cases(800, 2)) {
      // fast-json-stringify reads a listed key the answer inherits (__proto__, constructor): fw only own keys (documented).
      // fast-json-stringify does not read prefixItems: it writes every element through items (documented).
      if (!kase.exact || /"(__proto__|constructor|prefixItems)"/.test(JSON.stringify(kase.schema))) continue;
      if (!attempt(() => validates(kase.schema, asWritten(kase.answer)))) continue; // mixing prefixItems and a draft-07 items list: no draft holds both
      const fw = JSON.stringify(kase.project(kase.answer));
      let fjs: string;
      try {
        fjs = fastJsonStringify(kase.schema, { ajv: { strictTypes: false } })(kase.answer);
      } catch {
        continue; // fast-json-stringify's own limits (a $ref through a key with U+2028 in it): nothing to compare
      }
      compared += 1;
      // Documented: fw writes keys in the schema's order, fast-json-stringify those `required` lists first; and keys that
      // are array indexes ('1') come first, as in any JavaScript object. The same values, then, and the same text otherwise.
      if (/"\d+":/.test(fw) || JSON.stringify(kase.schema).includes('"required"')) assert.deepEqual(JSON.parse(fw), JSON.parse(fjs), describeCase(kase));
      else assert.equal(fw, fjs, describeCase(kase));
    }
    assert.ok(compared > 60, `${compared} answers compared`);
  });
});

/** A list of the case's schema, bare and under a key: every other one a union with null, whose items a stream follows too, where fw's strict ajv takes it. */
function listSchemas(schema: Schema, index: number): { readonly list: Schema; readonly keyed: Schema } {
  // A local $ref (#/$defs/d0) resolves from the root, so its $defs go there; TypeBox's Type.Cyclic refers by $id and keeps its own.
  const defs = schema.$defs === undefined || JSON.stringify(schema.$defs).includes('"$id"') ? {} : { $defs: schema.$defs };
  const array = { type: 'array', items: schema };
  const union = { type: 'object', properties: { list: { anyOf: [array, { type: 'null' }] } }, ...defs };
  return { list: { ...array, ...defs }, keyed: index % 2 === 1 && projectionOf(union) !== undefined ? union : { type: 'object', properties: { list: array }, ...defs } };
}
const itemsOf = (kase: Case): unknown[] => [kase.answer, kase.answer];

/** A route's answer against the reference's: 200 with its text, which parses, or fw's bare 500 (undefined, which json_lib cannot write, included). */
function assertAnswer(status: number, body: string, expected: Outcome, message: string): void {
  if ('failed' in expected && expected.failed === 'unknowable') {
    if (status === 200) JSON.parse(body);
    else assert.deepEqual([status, body], [500, '{"error":"internal server error"}'], message);
    return;
  }
  const text = 'text' in expected ? expected.text : undefined;
  assert.deepEqual([status, body], text === undefined ? [500, '{"error":"internal server error"}'] : [200, text], message);
  if (status === 200) JSON.parse(body);
}

describe(`response schemas: json() and jsonStream() through routes (fuzz, seed ${SEED})`, () => {
  const routed = cases(60, 3);
  // A list written in several chunks (64 KiB each): items of one TypeBox schema, each with fields it does not list, none failing.
  const bigSchema = { type: 'array', items: typeboxSchemas()[0] } as Schema;
  const bigList = Array.from({ length: 4000 }, () => answerFor(bigSchema.items, bigSchema, 2, false)).filter((item) => 'text' in outcome(() => reference(bigSchema.items, item, bigSchema)));
  let app: InjectedApp;
  before(async () => {
    const get = (schema: Schema) => ({ methods: ['get' as const], schema: { response: { 200: schema } } });
    const routes = routed.flatMap((kase, index) => {
      const { list, keyed } = listSchemas(kase.schema, index);
      return [
        { path: `/json/${index}`, handler: () => json(kase.answer), options: get(kase.schema) },
        { path: `/list/${index}`, handler: () => json(itemsOf(kase)), options: get(list) },
        { path: `/stream/${index}`, handler: () => jsonStream(itemsOf(kase)), options: get(list) },
        { path: `/iterated/${index}`, handler: () => jsonStream((function* () { yield* itemsOf(kase); })()), options: get(list) },
        { path: `/keyed-whole/${index}`, handler: () => json({ list: itemsOf(kase) }), options: get(keyed) },
        { path: `/keyed/${index}`, handler: () => jsonStream(itemsOf(kase), { key: 'list' }), options: get(keyed) },
      ];
    });
    const big = { path: '/big', handler: () => json(bigList), options: get(bigSchema) };
    const bigStreams = [
      { path: '/big-stream', handler: () => jsonStream(bigList), options: get(bigSchema) },
      { path: '/big-iterated', handler: () => jsonStream((function* () { yield* bigList; })()), options: get(bigSchema) },
    ];
    app = await injectTestApp({ groups: [{ prefix: '', security: false, routes: [...routes, big, ...bigStreams] }] });
  });
  after(() => app.close());

  it('answers 200 with JSON that parses and equals the reference, or a 500 with no byte of the answer', async () => {
    for (const [index, kase] of routed.entries()) {
      const res = await app.fetch(`/json/${index}`);
      assertAnswer(res.status, await res.text(), outcome(() => reference(kase.schema, kase.answer, kase.schema)), describeCase(kase));
    }
  });

  it('streams the same answer as json() of the whole list, item by item, from an array, an iterator and under a key', async () => {
    for (const [index, kase] of routed.entries()) {
      const { list, keyed } = listSchemas(kase.schema, index);
      for (const [wholePath, schema, body, streamed] of [
        [`/list/${index}`, list, itemsOf(kase), [`/stream/${index}`, `/iterated/${index}`]],
        [`/keyed-whole/${index}`, keyed, { list: itemsOf(kase) }, [`/keyed/${index}`]],
      ] as const) {
        const whole = await app.fetch(wholePath);
        const wholeBody = await whole.text();
        assertAnswer(whole.status, wholeBody, outcome(() => reference(schema, body, schema)), `${wholePath} ${describeCase(kase)}`);
        for (const path of streamed) {
          const res = await app.fetch(path);
          assert.deepEqual([res.status, await res.text()], [whole.status, wholeBody], `${path} ${describeCase(kase)}`);
        }
      }
    }
  });

  it('streams a list past one write (64 KiB) as json() writes it, from an array and an iterator', async () => {
    const whole = await app.fetch('/big');
    const body = await whole.text();
    assert.ok(body.length > 3 * 64 * 1024, `${body.length} characters`);
    assertAnswer(whole.status, body, outcome(() => reference(bigSchema, bigList, bigSchema)), `seed ${SEED}: /big`);
    for (const path of ['/big-stream', '/big-iterated']) assert.equal(await (await app.fetch(path)).text(), body, path);
  });
});
