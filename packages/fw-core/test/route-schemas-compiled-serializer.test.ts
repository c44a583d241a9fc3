/**
 * Response schemas compiled to generated code (schema/generate-projection.ts) send exactly what the
 * documented projection sends: a fuzz over random schemas (objects with properties, arrays,
 * scalars, open schemas) and random answers (astral characters, lone surrogates, control
 * characters, `</script>`, U+2028, long strings, nested objects, extra and missing keys, null,
 * wrong types, Dates, toJSON, bigint) compares fw's text with JSON.stringify of a projection
 * written by hand, in json() and in each item of a jsonStream(): an object as its toJSON() gives it,
 * an array or an object only where the schema takes one (else a 500: an interop audit found both
 * leaving whole), own `__proto__` keys kept. Which keys count is checked by hand: own keys only,
 * whatever the prototype, getters read once.
 * FUZZ_SEED=<n> replays a run.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, jsonStream } from '../src/http/response.ts';
import { compileProjection } from '../src/schema/project-response.ts';
import type { JsonSchema } from '../src/schema/route-schema.ts';
import { seededRandom as random } from '../../../bench/tables/route-table.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 39);

const NASTY = ['😀', '\ud800', '\udfff', '\udc00\ud800', '\u0000', '\u001f', '\u007f', '</script>', '<!--', '\u2028', '\u2029', '"', '\\', 'é', '\ufeff', ' '];
const SCALAR_TYPES = ['string', 'integer', 'number', 'boolean', 'null', ['integer', 'null'], ['string', 'null']];
const KEYS = ['id', 'title', 'body', 'a b', 'we"ird', '\u2028', '😀', '0', '12', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__', ''];

/** Random data and schemas from one seed. */
function fuzzer(seed: number) {
  const next = random(seed);
  const below = (n: number): number => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[below(list.length)]!;
  const string = (): string => {
    if (next() < 0.03) return pick(NASTY).repeat(20_000 + below(50_000)); // longer than a stream's chunk
    let text = '';
    for (let i = below(12); i > 0; i -= 1) text += next() < 0.5 ? pick(NASTY) : String.fromCharCode(below(0x10000));
    return text;
  };
  const scalar = (): unknown => pick([string, () => below(1e6) - 5e5, () => next() * 1e10, () => next() < 0.5, () => null, () => -0, () => Number.NaN, () => undefined])();
  /** Anything: what an answer may hold where the schema expects something else. */
  const anything = (depth: number): unknown => {
    const roll = next();
    if (depth <= 0 || roll < 0.5) return scalar();
    if (roll < 0.6) return new Date(below(2e12));
    if (roll < 0.65) {
      const text = string();
      return { toJSON: () => text };
    }
    if (roll < 0.7) return Array.from({ length: below(4) }, () => anything(depth - 1));
    return Object.fromEntries(Array.from({ length: below(4) }, () => [pick(KEYS), anything(depth - 1)]));
  };
  const schema = (depth: number): JsonSchema => {
    const roll = next();
    if (depth <= 0 || roll < 0.4) return { type: pick(SCALAR_TYPES) } as JsonSchema;
    if (roll < 0.45) return {};
    if (roll < 0.65) return { type: 'array', items: schema(depth - 1) };
    const properties = Object.fromEntries(Array.from({ length: below(7) }, () => [pick(KEYS), schema(depth - 1)]));
    // No type: the same schema projects arrays through items and objects through properties.
    return roll < 0.7 ? { properties, items: schema(depth - 1) } : { type: 'object', properties, ...(next() < 0.2 && { additionalProperties: false }) };
  };
  /** A value shaped by `of`, mostly: keys missing or extra, wrong types, nulls. */
  const value = (of: JsonSchema, depth: number): unknown => {
    if (typeof of !== 'object' || next() < 0.1) return anything(depth);
    if (of.properties !== undefined && (of.type === 'object' || next() < 0.7)) {
      const out: Record<string, unknown> = {};
      for (const [name, sub] of Object.entries(of.properties as Record<string, JsonSchema>)) {
        if (next() < 0.85) Object.defineProperty(out, name, { value: value(sub, depth - 1), enumerable: true, writable: true, configurable: true });
      }
      for (let i = below(3); i > 0; i -= 1) out[`extra_${string()}`] = anything(depth - 1);
      return out;
    }
    if (of.items !== undefined) return Array.from({ length: below(5) }, () => value(of.items as JsonSchema, depth - 1));
    const type = [of.type].flat()[0];
    if (type === 'string') return next() < 0.1 ? new Date(below(2e12)) : string();
    if (type === 'integer' || type === 'number') return below(1e9);
    if (type === 'boolean') return next() < 0.5;
    return type === 'null' ? null : anything(depth);
  };
  return { schema, value, next };
}

const SCALARS = new Set(['string', 'integer', 'number', 'boolean', 'null']);

/** The documented projection, written plainly: the reference the generated code must match. */
function byHand(schema: JsonSchema, value: unknown): unknown {
  if (typeof schema !== 'object') return value;
  const types = [schema.type ?? []].flat();
  const refused = () => Object.assign(new Error('not projectable'), { code: 'FW_ERR_RESPONSE_NOT_PROJECTABLE' });
  if (types.length > 0 && types.every((type) => SCALARS.has(type as string))) {
    if (typeof value !== 'object' || value === null) return value;
    const toJSON = (value as { toJSON?: unknown }).toJSON;
    const encoded: unknown = typeof toJSON === 'function' ? toJSON.call(value, '') : value;
    if (typeof encoded !== 'object' || encoded === null) return encoded;
    throw refused();
  }
  if (typeof value !== 'object' || value === null) return value;
  // An object is what its toJSON() returns, as JSON.stringify takes it; then arrays and objects only where the schema takes them.
  const toJSON = Array.isArray(value) ? undefined : (value as { toJSON?: unknown }).toJSON;
  const json: unknown = typeof toJSON === 'function' ? toJSON.call(value, '') : value;
  if (typeof json !== 'object' || json === null) return json;
  const arraysOk = types.length > 0 ? types.includes('array') : schema.items !== undefined || schema.properties === undefined;
  const objectsOk = types.length > 0 ? types.includes('object') : schema.properties !== undefined || schema.items === undefined;
  if (Array.isArray(json)) {
    if (!arraysOk) throw refused();
    return schema.items === undefined ? json : json.map((item) => byHand(schema.items as JsonSchema, item));
  }
  if (!objectsOk) throw refused();
  if (schema.properties === undefined) return json;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    if (Object.hasOwn(json, name)) Object.defineProperty(out, name, { value: byHand(sub, (json as Record<string, unknown>)[name]), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The text JSON.stringify writes of `make()`, or the code of what it throws. */
function outcome(make: () => unknown): { text?: string | undefined; error?: string } {
  try {
    return { text: JSON.stringify(make()) };
  } catch (error) {
    return { error: (error as { code?: string }).code ?? (error as Error).name };
  }
}

const SCHEMAS = 40;
const ANSWERS = 25;

describe('compiled response schemas against a projection written by hand (fuzz)', () => {
  const fuzz = fuzzer(SEED);

  it(`sends the same text for random schemas and answers (seed ${SEED})`, () => {
    for (let s = 0; s < 300; s += 1) {
      const schema = fuzz.schema(4);
      const project = compileProjection(schema, 'fuzz');
      for (let v = 0; v < ANSWERS; v += 1) {
        const answer = fuzz.value(schema, 4);
        assert.deepEqual(outcome(() => project(answer)), outcome(() => byHand(schema, answer)), `seed ${SEED}, schema ${s}: ${JSON.stringify(schema)}`);
      }
    }
  });

  it(`fails with JSON.stringify's TypeError on a bigint the schema lists, and drops one it does not (seed ${SEED})`, () => {
    const project = compileProjection({ type: 'object', properties: { n: { type: 'integer' }, m: {} } }, 'fuzz');
    assert.deepEqual(outcome(() => project({ n: 1n })), { error: 'TypeError' });
    assert.deepEqual(outcome(() => project({ m: 2n })), { error: 'TypeError' });
    assert.deepEqual(outcome(() => project({ n: 1, big: 3n })), { text: '{"n":1}' });
  });
});

describe('compiled response schemas on a route, in json() and in each jsonStream() item (fuzz)', () => {
  const fuzz = fuzzer(SEED + 1);
  const schemas = Array.from({ length: SCHEMAS }, () => fuzz.schema(3));
  const answers: unknown[] = [];
  let app: InjectedApp;
  before(async () => {
    const routes = schemas.flatMap((schema, index) => [
      { path: `/json/${index}`, handler: () => json(answers[index]), options: { methods: ['get' as const], schema: { response: { 200: schema } } } },
      {
        path: `/stream/${index}`,
        handler: () => jsonStream(answers[index] as unknown[], { key: 'items' }),
        options: { methods: ['get' as const], schema: { response: { 200: { type: 'object', properties: { items: { type: 'array', items: schema } } } } } },
      },
      { path: `/bare/${index}`, handler: () => jsonStream(answers[index] as unknown[]), options: { methods: ['get' as const], schema: { response: { 200: { type: 'array', items: schema } } } } },
    ]);
    app = await injectTestApp({ groups: [{ prefix: '', security: false, routes }] });
  });
  after(() => app.close());

  it(`answers json() with the hand projection's JSON, or 500 where it fails (seed ${SEED + 1})`, async () => {
    for (const [index, schema] of schemas.entries()) {
      for (let v = 0; v < 5; v += 1) {
        answers[index] = fuzz.value(schema, 3);
        const expected = outcome(() => byHand(schema, answers[index]));
        const res = await app.fetch(`/json/${index}`);
        const text = await res.text();
        if (expected.error !== undefined || expected.text === undefined) assert.equal(res.status, 500, `schema ${index}: ${text}`);
        else assert.deepEqual({ status: res.status, text }, { status: 200, text: expected.text }, `seed ${SEED + 1}, schema ${index}: ${JSON.stringify(schema)}`);
      }
    }
  });

  it(`streams each item as the hand projection's JSON, keyed and bare (seed ${SEED + 1})`, async () => {
    for (const [index, schema] of schemas.entries()) {
      // Items whose projection fails would cut the stream: left out here, they are json()'s 500 above.
      const items = Array.from({ length: 1 + Math.floor(fuzz.next() * 30) }, () => fuzz.value(schema, 3)).filter((item) => outcome(() => byHand(schema, item)).error === undefined);
      answers[index] = items;
      const projected = items.map((item) => byHand(schema, item));
      assert.equal(await (await app.fetch(`/stream/${index}`)).text(), JSON.stringify({ items: projected }), `seed ${SEED + 1}, schema ${index}: ${JSON.stringify(schema)}`);
      assert.equal(await (await app.fetch(`/bare/${index}`)).text(), JSON.stringify(projected), `seed ${SEED + 1}, schema ${index}`);
    }
  });
});

describe('compiled response schemas: which keys an answer has', () => {
  const schema = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, constructor: {}, toString: { type: 'string' } } } as const;
  const project = compileProjection(schema, 'keys');
  const text = (value: unknown): string | undefined => JSON.stringify(project(value));

  it('copies the own listed keys of an object without a prototype', () => {
    const bare = Object.assign(Object.create(null) as object, { id: 1, name: 'ada', secret: 's', constructor: 'c' });
    assert.equal(text(bare), '{"id":1,"name":"ada","constructor":"c"}');
  });

  it('leaves out keys inherited from Object.prototype, even a listed key it was given since', () => {
    assert.equal(text({ id: 1 }), '{"id":1}');
    const polluted = Object.prototype as Record<string, unknown>;
    polluted.name = 'inherited';
    try {
      assert.equal(text({ id: 1 }), '{"id":1}');
      assert.equal(text({ id: 2, name: 'own' }), '{"id":2,"name":"own"}');
    } finally {
      delete polluted.name;
    }
  });

  it("leaves out a class's prototype getters without calling them, and reads an own getter once", () => {
    let calls = 0;
    class Model {
      id = 7;
      get name(): string {
        calls += 1;
        return 'from the prototype';
      }
    }
    assert.equal(text(new Model()), '{"id":7}');
    assert.equal(calls, 0);
    const own = { id: 8, get name() {
      calls += 1;
      return 'own';
    } };
    assert.equal(text(own), '{"id":8,"name":"own"}');
    assert.equal(calls, 1);
  });

  it('keeps null and leaves out undefined, as JSON does', () => {
    assert.equal(text({ id: null, name: undefined }), '{"id":null}');
    assert.deepEqual(project({ id: null }), { id: null });
  });

  it('sends a listed own __proto__ key, projected, as the projection written by hand does (it was dropped: an interop audit)', () => {
    // JSON.parse, not a literal: a literal's `__proto__:` sets the prototype instead of listing the key.
    const schema = { type: 'object', properties: JSON.parse('{"__proto__": {"type": "object", "properties": {"a": {}}}, "id": {}}') as object } as JsonSchema;
    const answer = JSON.parse('{"__proto__": {"a": 1, "b": 2}, "id": 3}') as unknown;
    assert.equal(JSON.stringify(compileProjection(schema, 'keys')(answer)), '{"__proto__":{"a":1},"id":3}');
    assert.equal(JSON.stringify(byHand(schema, answer)), '{"__proto__":{"a":1},"id":3}');
  });
});

describe('a streamed list through a response schema', () => {
  let app: InjectedApp;
  const page = Array.from({ length: 100 }, (_, i) => ({ id: i, title: `post ${i}`, secret: 's' }));
  before(async () => {
    const schema = { type: 'object', properties: { posts: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } } } } };
    app = await injectTestApp({
      groups: [{ prefix: '', security: false, routes: [{ path: '/posts', handler: () => jsonStream(page, { key: 'posts' }), options: { methods: ['get'], schema: { response: { 200: schema } } } }] }],
    });
  });
  after(() => app.close());

  it('encodes its items a chunk at a time, not with one JSON.stringify call per item', async () => {
    const stringify = JSON.stringify;
    let arrays = 0;
    JSON.stringify = ((...args: Parameters<typeof stringify>) => {
      if (Array.isArray(args[0])) arrays += 1;
      return stringify(...args);
    }) as typeof stringify;
    let text: string;
    try {
      text = await (await app.fetch('/posts')).text();
    } finally {
      JSON.stringify = stringify;
    }
    assert.equal(text, stringify({ posts: page.map(({ id, title }) => ({ id, title })) }));
    assert.equal(arrays, 2); // the first item alone, to learn the size of one, then the other 99
  });
});
