/**
 * Generated route schemas, through a real app (inject), beside plain ajv with the options fw documents and beside
 * Fastify 5 on the same route schema (docs/applications-reference.md, "Route schemas" and "Coercion"). A seeded
 * generator makes each part's schema (types and type lists, anyOf/oneOf, enum/const, formats, nullable, defaults,
 * bounds, patterns, arrays and draft-07 tuples, additionalProperties (false or a schema), patternProperties, dependencies,
 * if/then/else, nullable in union branches, $refs to named schemas and chains of them) and its requests (repeated names, empty values, `+` and `%20`,
 * 1e3, ` 1`, 0x10, Infinity, unsafe integers, 'true' and '1', commas in headers, JSON bodies with constructor keys,
 * big numbers and nesting). Compared: answered or 400, the value the handler reads (coerced, defaults set), and
 * each issue's path and keyword. Fastify is compared where the docs claim parity: params, query and headers whose
 * texts are decimal or no number at all, valid UTF-8, no additionalProperties: false (Fastify's removeAdditional),
 * no array header (fw splits it on commas). FUZZ_SEED=<n> replays a run.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RouteEntry } from '../src/app/route-group.ts';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import { inject } from '../src/index.ts';
import { loadAjvCompiler } from '../src/schema/ajv-compiler.ts';
import type { RequestPart } from '../src/schema/route-schema.ts';
import { seededRandom } from '../../../bench/tables/route-table.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 7);
const next = seededRandom(SEED);
const below = (n: number): number => Math.floor(next() * n);
const pick = <T>(list: readonly T[]): T => list[below(list.length)]!;
type Schema = Record<string, any>;

/** The app's named schemas (Fastify's addSchema), which a generated property may $ref by name. */
const NAMED: Readonly<Record<string, Schema>> = {
  limit: { $id: 'limit', type: 'integer', minimum: 1, maximum: 10 },
  flag: { $id: 'flag', type: ['boolean', 'null'] },
  tags: { $id: 'tags', type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 3 },
  // $ref chains: a named schema that is a $ref to another, and a list of one.
  bound: { $id: 'bound', $ref: 'limit' },
  limits: { $id: 'limits', type: 'array', items: { $ref: 'bound' }, maxItems: 2 },
};

/** A property of a text part: what a query, a path binding or a header may be declared as. */
function textProperty(depth = 0): Schema {
  const bounded = (schema: Schema, keywords: Schema): Schema => ({ ...schema, ...Object.fromEntries(Object.entries(keywords).filter(() => next() < 0.35)) });
  switch (below(19)) {
    case 14: return { $ref: pick(Object.keys(NAMED)) };
    case 15: return { if: pick([{ type: 'integer' }, { type: 'string', maxLength: 1 }]), then: pick([{ type: 'integer', minimum: 2 }, { type: 'string', pattern: '^[a-z]*$' }]), else: textProperty(depth + 1) };
    // nullable in a union's branch, and a union of nullables.
    case 16: return { [pick(['anyOf', 'oneOf'])]: [{ type: pick(['integer', 'boolean', 'string', 'number']), nullable: true }, textProperty(depth + 1)] };
    // A draft-07 tuple (strictTuples wants minItems and additionalItems), and a list of $ref chains.
    case 17: return depth < 2 ? { type: 'array', items: [textProperty(depth + 1), textProperty(depth + 1)], minItems: 2, additionalItems: pick([false, true, { type: 'integer' }]) } : { $ref: 'bound' };
    case 18: return { allOf: [{ $ref: pick(['bound', 'limit']) }, { not: { const: 3 } }] };
    case 0: return bounded({ type: 'integer' }, { minimum: below(5) - 2, maximum: below(20) });
    case 1: return bounded({ type: 'number' }, { exclusiveMaximum: 100, multipleOf: 0.5 });
    case 2: return { type: 'boolean' };
    case 3: return bounded({ type: 'string' }, { minLength: 1, pattern: '^[0-9a-z ]*$', format: pick(['date', 'uuid', 'email', 'date-time', 'ipv4']) });
    case 4: return { type: 'null' };
    case 5: return { type: pick([['integer', 'null'], ['integer', 'string'], ['boolean', 'integer'], ['number', 'boolean'], ['string', 'null']]) };
    case 6: return { anyOf: [textProperty(depth + 1), textProperty(depth + 1)] };
    case 7: return { oneOf: [textProperty(depth + 1), textProperty(depth + 1)] };
    case 8: return { enum: pick([['a', 'b'], ['1', 2, true], [1, 2, 3], [null, 'x'], ['']]) };
    case 9: return { const: pick([1, '1', true, null, 'x']) };
    case 10: return { type: pick(['integer', 'string', 'boolean', 'number']), nullable: true };
    case 11: return { ...textProperty(depth + 1), default: pick([1, 'd', true, null, 0]) };
    case 12: return depth < 2 ? bounded({ type: 'array', items: textProperty(depth + 1) }, { maxItems: 2, minItems: 1, uniqueItems: true }) : { type: 'integer' };
    default: return { type: 'integer' };
  }
}

/** A JSON body's schema: objects (constructor and toString among their keys), arrays, scalars, unions. */
function bodySchema(depth = 0): Schema {
  switch (below(depth > 2 ? 9 : 17)) {
    case 0: return { type: 'integer', ...(next() < 0.4 && { maximum: 10 }) };
    case 1: return { type: 'number', ...(next() < 0.3 && { minimum: 0 }) };
    case 2: return { type: 'boolean' };
    case 3: return { type: 'string', ...(next() < 0.3 && { format: pick(['date', 'uuid', 'email']) }), ...(next() < 0.3 && { maxLength: 3 }) };
    case 4: return { type: 'null' };
    case 5: return { type: pick([['integer', 'null'], ['string', 'number']]) };
    case 6: return { enum: [1, 'a', null] };
    case 7: return { type: 'string', nullable: true, default: 'x' }; // a body's default is never set
    case 8: return { const: 1 };
    case 9:
    case 10: {
      const properties = Object.fromEntries(BODY_KEYS.filter(() => next() < 0.4).map((key) => [key, bodySchema(depth + 1)]));
      const required = Object.keys(properties).filter(() => next() < 0.4);
      return { type: 'object', properties, ...(required.length > 0 && { required }), ...(next() < 0.3 && { additionalProperties: pick([false, { type: 'integer' }]) }) };
    }
    case 11: return { type: 'array', items: bodySchema(depth + 1), ...(next() < 0.3 && { maxItems: 2 }) };
    case 13: return { type: 'array', items: [bodySchema(depth + 1), bodySchema(depth + 1)], minItems: 2, additionalItems: pick([false, true, bodySchema(depth + 1)]) };
    case 14: return { type: 'object', patternProperties: { '^[a-c]$': bodySchema(depth + 1) }, additionalProperties: pick([false, bodySchema(depth + 1)]), ...(next() < 0.3 && { dependencies: { a: ['b'] } }) };
    case 15: return { if: { type: 'object', properties: { a: { const: 1 } }, required: ['a'] }, then: { type: 'object', properties: { b: bodySchema(depth + 1) }, required: ['b'] }, else: bodySchema(depth + 1) };
    case 16: return { anyOf: [{ ...bodySchema(depth + 1), nullable: true }, { $ref: pick(['bound', 'limits']) }] };
    default: return { anyOf: [bodySchema(depth + 1), bodySchema(depth + 1)] };
  }
}
const BODY_KEYS = ['a', 'b', 'constructor', 'toString', 'prototype'];

const NAMES: Readonly<Record<'params' | 'query' | 'headers', readonly string[]>> = { params: ['a', 'b', 'c'], query: ['a', 'b', 'c', 'd'], headers: ['x-a', 'x-b', 'x-c'] };
/** An object schema over the part's names; params require each property (the path binds them all). */
function partSchema(part: 'params' | 'query' | 'headers'): Schema {
  for (;;) {
    const properties = Object.fromEntries(NAMES[part].filter(() => next() < 0.7).map((name) => [name, textProperty()]));
    const required = part === 'params' ? Object.keys(properties) : Object.keys(properties).filter(() => next() < 0.3);
    const closed = part === 'query' && next() < 0.2;
    // The name no property lists (e, x-d): under a pattern, or an additionalProperties schema (not for headers: host, user-agent...).
    const other = part === 'query' ? 'e' : part === 'headers' ? 'x-d' : undefined;
    const open = other !== undefined && !closed ? pick([{}, {}, { patternProperties: { [`^${other}$`]: textProperty(1) } }, part === 'query' ? { additionalProperties: { type: pick(['integer', 'string']) } } : {}]) : {};
    // draft-07's dependencies (dependentRequired's list form) and an object-level if/then/else.
    const names = Object.keys(properties);
    const dependencies = names.length > 1 && next() < 0.2 ? { dependencies: { [names[0]!]: [names[1]!] } } : {};
    const condition = names.length > 1 && next() < 0.2 ? { if: { properties: { [names[0]!]: { const: '1' } }, required: [names[0]!] }, then: { properties: { [names[1]!]: { type: 'integer' } }, required: [names[1]!] } } : {};
    const schema = { type: 'object', properties, ...(required.length > 0 && { required }), ...(closed && { additionalProperties: false }), ...open, ...dependencies, ...condition };
    if (compiles(schema)) return schema;
  }
}
const compiles = (schema: Schema): boolean => {
  try {
    return typeof plain.text.first.compile(schema) === 'function';
  } catch {
    return false; // a generated keyword the type does not allow (strictTypes): draw again
  }
};

// Texts as a client writes them (percent-encoded for a URL): the documented refusals, the decimal forms, words, commas.
const TEXTS = ['', '1', '0', '-0', '2.0', '007', '3', '-5', '1.5', '0x10', '0x1', '1e3', '%2B1', '+1', '%201', '.5', 'Infinity', '9007199254740993', '9007199254740991', 'true', 'false', 'null', 'abc', 'x', 'd', 'a', 'b', '2020-01-01', 'a%2Cb', '1,2', '%E2%82%AC', 'a+b', '%25'];

// Malformed percent-encoding, which only a query may carry (a path's is a 404, a header's text is not decoded).
const QUERY_TEXTS = [...TEXTS, '%C3', '%zz', '%', '%%31'];

/** Plain ajv as fw documents its options: strict, union types, coerceTypes 'array' and useDefaults for the text parts only. */
function ajv(text: boolean, allErrors: boolean): Ajv {
  const made = new Ajv({ strict: true, allowUnionTypes: true, useDefaults: text, coerceTypes: text && 'array', allErrors, logger: false });
  (addFormats as unknown as (ajv: Ajv) => void)(made);
  for (const [name, schema] of Object.entries(NAMED)) made.addSchema(schema, name);
  return made;
}
const plain = { text: { first: ajv(true, false), all: ajv(true, true) }, body: { first: ajv(false, false), all: ajv(false, true) } };

type Outcome = { readonly status: number; readonly value?: unknown; readonly issues?: readonly string[] };

// The documented rule (Coercion): a text that JavaScript reads as a number becomes one only when decimal and safe;
// any other such text that coercion changed (to a number, or on through a union's later branch) is one `type` issue.
const DECIMAL = /^-?[0-9]+(?:\.[0-9]+)?$/;
const misread = (text: string): boolean => (DECIMAL.test(text) ? !(Math.abs(Number(text)) <= Number.MAX_SAFE_INTEGER) : text !== '' && !Number.isNaN(Number(text)));
const pointer = (key: string): string => `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;

/** What the documented compiler makes of `part` (a text part's values, or a body): plain ajv's verdict with the decimal rule. */
function expected(schema: Schema, text: boolean, part: unknown): Outcome {
  const { first, all } = text ? plain.text : plain.body;
  const value = structuredClone(part);
  const validateFirst = first.compile(schema);
  const valid = validateFirst(value);
  const everything = structuredClone(part);
  const validateAll = all.compile(schema);
  validateAll(everything);
  const misreadIn = (coerced: Record<string, unknown>): string[] =>
    !text ? [] : Object.entries(part as Record<string, string | string[]>).flatMap(([key, raw]) => [raw].flat().flatMap((sent, index) => {
      const made = [Array.isArray(coerced[key]) ? (coerced[key] as unknown[])[index] : coerced[key]].flat(Infinity)[0];
      return misread(sent) && made !== undefined && made !== sent ? [`${pointer(key)}${Array.isArray(coerced[key]) ? `/${index}` : ''}`] : [];
    }));
  const misreadFirst = misreadIn(value as Record<string, unknown>);
  if (valid && misreadFirst.length === 0) return { status: 200, value: JSON.parse(JSON.stringify(value ?? null)) }; // as the handler's json() echo writes it
  // Valid only through a misread number: those alone (no allErrors copy runs).
  if (valid) return { status: 400, issues: misreadFirst.map((path) => `${path} type`).sort() };
  const refused = misreadIn(everything as Record<string, unknown>);
  // ajv's coercion under anyOf may pass the allErrors copy where the first failed ([1] made true): the first's issues then.
  const listed = (validateAll.errors ?? validateFirst.errors ?? []).map((error) => `${error.instancePath} ${error.keyword}`).filter((issue) => !refused.some((path) => issue.startsWith(`${path} `)));
  return { status: 400, issues: [...listed, ...refused.map((path) => `${path} type`)].sort() };
}

/** fw's answer as an Outcome: the handler's echo, or the 400's issues (all of them when none was omitted). */
function outcome(status: number, body: { value?: unknown; details?: { path: string; keyword: string }[]; omitted?: number }): Outcome {
  if (status !== 400 || body.details === undefined) return { status, value: 'value' in body ? body.value : body };
  return { status, issues: body.details!.map((issue) => `${issue.path} ${issue.keyword}`).sort(), ...(body.omitted !== undefined && { omitted: body.omitted }) };
}

/** Compares, allowing fw's cap of 10 listed issues (the rest counted in `omitted`). */
function assertSame(actual: Outcome & { omitted?: number }, want: Outcome, message: string): void {
  if (actual.omitted === undefined) return assert.deepEqual(actual, want, message);
  assert.equal(actual.issues!.length + actual.omitted, want.issues?.length, message);
  assert.ok(actual.issues!.every((issue) => want.issues!.includes(issue)), message);
}

/** A query as fw documents its parsing: URLSearchParams, a repeated name an array. */
function parseQuery(text: string): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(text)) out[name] = out[name] === undefined ? value : [out[name]!, value].flat();
  return out;
}

const SCHEMAS = 30;
const ROUNDS = 40;
const schemas = {
  params: Array.from({ length: SCHEMAS }, () => partSchema('params')),
  query: Array.from({ length: SCHEMAS }, () => partSchema('query')),
  headers: Array.from({ length: SCHEMAS }, () => partSchema('headers')),
  body: Array.from({ length: SCHEMAS }, () => {
    for (;;) {
      const schema = next() < 0.7 ? { type: 'object', properties: { a: bodySchema(1), b: bodySchema(1), constructor: bodySchema(1) } } : bodySchema();
      if (compiles(schema)) return schema;
    }
  }),
};
/** A route with two parts that a request may both fail. */
const TWO_PARTS = { query: { type: 'object', properties: { n: { type: 'integer' } } }, body: { type: 'object', properties: { n: { type: 'integer' } } } };
/** Properties defaulting to null, under unions that coerce it and unions that keep it. */
const nullable = (branches: readonly object[]) => ({ anyOf: branches, default: null });
const NULL_DEFAULTS = { type: 'object', properties: { number: nullable([{ type: 'integer' }, { type: 'null' }]), text: nullable([{ type: 'string' }, { type: 'null' }]), kept: { type: ['integer', 'null'], default: null }, first: nullable([{ type: 'null' }, { type: 'integer' }]) } };
/** A headers schema that coerces one header and defaults another. */
const HEADER_COPY = { type: 'object', properties: { 'x-n': { type: 'integer' }, 'x-d': { type: 'string', default: 'dd' } } };
const path = (part: RequestPart, index: number): string => `/${part}/${index}${part === 'params' ? '/:a/:b/:c' : ''}`;
const PARTS: readonly RequestPart[] = ['params', 'query', 'headers', 'body'];

/** What the handler read of its part: `req.headers` stays as it came, so a headers route echoes nothing. */
const read = (part: RequestPart, req: FwRequest): unknown => (part === 'params' ? req.pathParams : part === 'query' ? req.queryParams : part === 'body' ? req.body : null);

/** Whether `value` holds a `constructor` object with a `prototype` key, at any depth. */
const poisoned = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && Object.entries(value).some(([key, below]) => (key === 'constructor' && typeof below === 'object' && below !== null && Object.hasOwn(below, 'prototype')) || poisoned(below));

describe(`generated route schemas against plain ajv and Fastify 5 (seed ${SEED})`, () => {
  let app: InjectedApp;
  /** The query routes again, on an app with Fastify's removeAdditional (`customOptions`), which the docs say then does as Fastify does. */
  let removing: InjectedApp;
  let fastify: FastifyInstance;
  before(async () => {
    const routes: RouteEntry[] = PARTS.flatMap((part) => schemas[part].map((schema, index) => ({
      path: path(part, index),
      handler: (req: FwRequest) => json({ value: read(part, req) ?? null }),
      options: { methods: [part === 'body' ? 'post' : 'get'], schema: { [part]: schema } },
    })));
    routes.push({ path: '/two-parts', handler: () => json(null), options: { methods: ['post'], schema: { query: TWO_PARTS.query, body: TWO_PARTS.body } } });
    routes.push({ path: '/header-copy', handler: (req: FwRequest) => json({ value: req.headers }), options: { methods: ['get'], schema: { headers: HEADER_COPY } } });
    routes.push({ path: '/null-defaults', handler: (req: FwRequest) => json({ value: req.queryParams }), options: { methods: ['get'], schema: { query: NULL_DEFAULTS } } });
    routes.push({ path: '/any-query', handler: (req: FwRequest) => json({ value: req.queryParams }), options: { methods: ['get'], schema: { query: { type: 'object' } } } });
    app = await injectTestApp({ schemas: NAMED, fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] }, groups: [{ prefix: '', security: false, routes }] });
    removing = await injectTestApp({ schemas: NAMED, ajv: { customOptions: { removeAdditional: true } }, groups: [{ prefix: '', security: false, routes: routes.filter((entry) => entry.path.startsWith('/query/')) }] });
    fastify = Fastify({ logger: false, ajv: { customOptions: { logger: false } } });
    for (const schema of Object.values(NAMED)) fastify.addSchema(schema);
    for (const part of ['params', 'query', 'headers'] as const) {
      schemas[part].forEach((schema, index) => fastify.get(path(part, index), { schema: { [part === 'query' ? 'querystring' : part]: schema } }, async (request) => ({ value: part === 'headers' ? null : part === 'query' ? request.query : request.params })));
    }
    fastify.post('/two-parts', { schema: { querystring: TWO_PARTS.query, body: TWO_PARTS.body } }, async () => null);
    fastify.get('/header-copy', { schema: { headers: HEADER_COPY } }, async (request) => ({ value: request.headers }));
    fastify.get('/null-defaults', { schema: { querystring: NULL_DEFAULTS } }, async (request) => ({ value: request.query }));
    fastify.get('/any-query', { schema: { querystring: { type: 'object' } } }, async (request) => ({ value: request.query }));
    await fastify.ready();
  });
  after(async () => {
    await app.close();
    await removing.close();
    await fastify.close();
  });

  /** Sends one request to fw and, where the docs claim parity, to Fastify, comparing both with `want`. */
  async function compare(part: 'params' | 'query' | 'headers', index: number, url: string, headers: Record<string, string | string[]>, texts: readonly string[], want: Outcome): Promise<void> {
    const schema = schemas[part][index]!;
    const message = `seed ${SEED}, ${part} schema ${index} ${JSON.stringify(schema)}, ${url} ${JSON.stringify(headers)}`;
    const answer = await inject(app.fw, { url, headers });
    const mine = outcome(answer.status, answer.json() as never);
    assertSame(mine, want, message);
    // A tuple under a union: ajv's array coercion wraps the text in place in one branch and unwraps it in the next, so which
    // issue comes first depends on the instance (Fastify's has other options), though both refuse.
    const tupleInUnion = /"(anyOf|oneOf)":\[[^\]]*"items":\[/.test(JSON.stringify(schema));
    const differs = texts.some((text) => misread(text) || text.includes('\ufffd')) || /%(?![0-9A-Fa-f]{2})/.test(url) || schema.additionalProperties === false || tupleInUnion || (part === 'headers' && /"array"|"\$ref":"(tags|limits)"/.test(JSON.stringify(schema)));
    if (differs) return;
    const theirs = await fastify.inject({ url, headers });
    assert.equal(theirs.statusCode, answer.status, `${message}: Fastify ${theirs.body}`);
    if (answer.status === 200) assert.deepEqual(theirs.json(), answer.json(), message);
    else assert.ok(mine.issues!.some((issue) => issue.startsWith(`${(theirs.json() as { message: string }).message.split(' ')[0]!.replace(/^(querystring|params|headers)/, '')} `)), `${message}: Fastify ${theirs.body}`);
  }

  it('query strings: repeated names, empty values, names without =, + and percent-encoding', async () => {
    for (const [index, schema] of schemas.query.entries()) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const query = Array.from({ length: below(5) }, () => (next() < 0.05 ? pick(NAMES.query) : `${pick([...NAMES.query, 'e'])}=${pick(QUERY_TEXTS)}`)).join('&');
        const parsed = parseQuery(query);
        await compare('query', index, `${path('query', index)}?${query}`, {}, Object.values(parsed).flat(), expected(schema, true, parsed));
      }
    }
  });

  it('query strings with removeAdditional, as Fastify answers them, additionalProperties: false included', async () => {
    for (const index of schemas.query.keys()) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const query = Array.from({ length: below(5) }, () => `${pick([...NAMES.query, 'e'])}=${pick(TEXTS)}`).join('&');
        if ([...new URLSearchParams(query).values()].some(misread)) continue;
        const url = `${path('query', index)}?${query}`;
        const [mine, theirs] = [await inject(removing.fw, { url }), await fastify.inject({ url })];
        assert.deepEqual([mine.status, mine.status === 200 && mine.json()], [theirs.statusCode, theirs.statusCode === 200 && theirs.json()], `seed ${SEED}, query schema ${index} ${JSON.stringify(schemas.query[index])}, ${url}`);
      }
    }
  });

  it("differs as documented: a query's malformed UTF-8 is U+FFFD and a stray % stays one (URLSearchParams), where Fastify keeps such a text as sent", async () => {
    const url = '/any-query?z=%C3&y=%zz&x=%%31';
    assert.deepEqual((await inject(app.fw, { url })).json(), { value: { z: '\ufffd', y: '%zz', x: '%1' } });
    assert.deepEqual((await fastify.inject({ url })).json(), { value: { z: '%C3', y: '%zz', x: '%%31' } });
  });

  it('differs as documented: a request failing its query and its body hears about its query from fw, about its body from Fastify', async () => {
    const request = { url: '/two-parts?n=x', method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: '{"n":"x"}' };
    assert.equal((await inject(app.fw, request)).json<{ error: string }>().error, 'invalid query');
    assert.match((await fastify.inject(request)).json<{ message: string }>().message, /^body\/n /);
  });

  it("differs as documented: fw's req.headers stays as sent, where Fastify coerces request.headers and sets its defaults", async () => {
    const request = { url: '/header-copy', headers: { 'x-n': '5' } };
    const mine = (await inject(app.fw, request)).json<{ value: Record<string, unknown> }>().value;
    const theirs = (await fastify.inject(request)).json<{ value: Record<string, unknown> }>().value;
    assert.deepEqual([mine['x-n'], mine['x-d'], theirs['x-n'], theirs['x-d']], ['5', undefined, 5, 'dd']);
  });

  it("differs as documented: strict ajv refuses at start what Fastify's ajv only logs, and customOptions.strict: 'log' takes it", async () => {
    const loose = [{ type: 'object', required: ['a'] }, { properties: { a: { type: 'integer' } } }, { type: 'object', properties: { a: { maximum: 5 } } }, { type: 'object', properties: { a: { type: 'array', items: [{ type: 'integer' }] } } }];
    const strict = await loadAjvCompiler();
    const logging = await loadAjvCompiler({ customOptions: { strict: 'log', logger: false } });
    const other = Fastify({ logger: false, ajv: { customOptions: { logger: false } } });
    loose.forEach((schema, index) => {
      assert.throws(() => strict(schema, { coerce: true }), /^Error: strict mode: /, JSON.stringify(schema));
      assert.equal(typeof logging(schema, { coerce: true }), 'function', JSON.stringify(schema));
      other.get(`/${index}`, { schema: { querystring: schema } }, async () => null);
    });
    await other.ready();
    await other.close();
  });

  it("agrees with Fastify that a default is coerced as a sent value is: null under anyOf [integer, null] is 0 (documented)", async () => {
    const url = '/null-defaults';
    const want = { value: { number: 0, text: '', kept: null, first: null } };
    assert.deepEqual([(await inject(app.fw, { url })).json(), (await fastify.inject({ url })).json()], [want, want]);
  });

  it('path bindings, one decoded text each', async () => {
    for (const [index, schema] of schemas.params.entries()) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const sent = NAMES.params.map(() => pick(TEXTS.filter((text) => text !== '')));
        const bindings = Object.fromEntries(NAMES.params.map((name, at) => [name, decodeURIComponent(sent[at]!)]));
        await compare('params', index, `/params/${index}/${sent.join('/')}`, {}, Object.values(bindings), expected(schema, true, bindings));
      }
    }
  });

  it('headers: a repeated header joined with ", ", an array property split on commas', async () => {
    for (const [index, schema] of schemas.headers.entries()) {
      // The documented lists: a property whose type, or a branch of whose anyOf/oneOf (at any depth), is an array, or a $ref to one.
      const list = (sub: Schema): boolean => [sub.type].flat().includes('array') || [...(sub.anyOf ?? []), ...(sub.oneOf ?? []), ...(sub.$ref === undefined ? [] : [NAMED[sub.$ref]])].some(list);
      const lists = Object.keys(schema.properties).filter((name) => list(schema.properties[name]));
      for (let round = 0; round < ROUNDS; round += 1) {
        const headers: Record<string, string | string[]> = {};
        for (let count = below(4); count > 0; count -= 1) {
          const name = pick([...NAMES.headers, 'x-d']);
          // node:http trims a field value and reads its bytes as latin1: € arrives as its three UTF-8 bytes (inject refuses what no client can send).
          const text = Buffer.from(decodeURIComponent(pick(TEXTS)).trim()).toString('latin1');
          headers[name] = headers[name] === undefined ? text : [headers[name]!, text].flat();
        }
        const seen: Record<string, string | string[]> = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, [value].flat().join(', ')]));
        for (const name of lists) if (typeof seen[name] === 'string') seen[name] = seen[name].split(',').map((item) => item.trim()).filter((item) => item !== '');
        const want = expected(schema, true, seen);
        await compare('headers', index, path('headers', index), headers, Object.values(seen).flat(), want.status === 200 ? { status: 200, value: null } : want);
      }
    }
  });

  it('JSON bodies: constructor and prototype keys, big and huge numbers, nesting; never coerced nor defaulted', async () => {
    const json = (depth: number): string => {
      const roll = next();
      if (depth <= 0 || roll < 0.4) return pick(['1', '-0', '1e400', '9007199254740993', '12345678901234567890', '1.5', '"1"', '"x"', 'true', 'null', '"2020-01-01"', '""', '{}', '[]']);
      if (roll < 0.6) return `[${Array.from({ length: below(4) }, () => json(depth - 1)).join(',')}]`;
      return `{${Array.from({ length: below(4) }, () => `"${pick([...BODY_KEYS, 'z'])}":${json(depth - 1)}`).join(',')}}`;
    };
    for (const [index, schema] of schemas.body.entries()) {
      for (let round = 0; round < ROUNDS; round += 1) {
        const text = json(4);
        const answer = await inject(app.fw, { url: path('body', index), method: 'POST', headers: { 'content-type': 'application/json' }, body: text });
        // A constructor.prototype key is refused as it is decoded, before the schema (as Fastify's constructorAction does).
        if (poisoned(JSON.parse(text))) {
          assert.deepEqual([answer.status, (answer.json() as { error: string }).error.startsWith('forbidden key in JSON body')], [400, true], text);
          continue;
        }
        assertSame(outcome(answer.status, answer.json() as never), expected(schema, false, JSON.parse(text)), `seed ${SEED}, body schema ${index} ${JSON.stringify(schema)}, ${text}`);
      }
    }
  });
});
