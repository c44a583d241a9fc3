/**
 * fw's compiled request checks and compiled answers beside the implementations they stand for, on the same inputs
 * (docs/applications-reference.md, "Route schemas" and "Coercion"): a differential fuzz with a fixed seed.
 * - Checks: each part through fw's check (compileRequestCheck over fw's ajv compiler) and through plain ajv with
 *   the options fw documents (strict, allowUnionTypes, coerceTypes 'array' and useDefaults for the text parts, neither
 *   for the body; allErrors for the listed issues), plus fw's documented rule that numbers come from decimal text only.
 *   Compared: valid or not, the value the handler reads (coerced, defaults set), and each issue's path and keyword.
 * - Answers: fw's projection, as JSON.stringify writes it, beside fast-json-stringify on answers that match their
 *   schema (nested $ref, anyOf/oneOf, if, patternProperties, additionalProperties, nullable, enum/const, escaping),
 *   and the differences fw documents, each asserted.
 * FUZZ_SEED=<n> replays a run.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Ajv, type Options } from 'ajv';
import addFormats from 'ajv-formats';
import fastJsonStringify from 'fast-json-stringify';
import type { FwRequest } from '../src/http/request.ts';
import { loadAjvCompiler } from '../src/schema/ajv-compiler.ts';
import { compileRequestCheck } from '../src/schema/check-request.ts';
import { branchMatcher } from '../src/schema/compile-route-schemas.ts';
import { compileProjection } from '../src/schema/project-response.ts';
import type { JsonSchema, RequestPart, SchemaIssue } from '../src/schema/route-schema.ts';
import { seededRandom } from '../../../bench/tables/route-table.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 58);
const next = seededRandom(SEED);
const below = (n: number): number => Math.floor(next() * n);
const pick = <T>(list: readonly T[]): T => list[below(list.length)]!;

const fw = await loadAjvCompiler();
/** Plain ajv as fw documents its options; `text`: a part that arrives as text (coerced, defaults set). */
function plainAjv(text: boolean, allErrors: boolean, extra: Options = {}): Ajv {
  const ajv = new Ajv({ strict: true, allowUnionTypes: true, useDefaults: text, coerceTypes: text && 'array', allErrors, ...extra });
  (addFormats as unknown as (ajv: Ajv) => void)(ajv);
  return ajv;
}
const reference = { text: { first: plainAjv(true, false), all: plainAjv(true, true) }, body: { first: plainAjv(false, false), all: plainAjv(false, true) } };

type Outcome = { readonly valid: true; readonly value: unknown } | { readonly valid: false; readonly issues: readonly string[]; readonly incomplete?: true };

// The documented rule (Coercion): a text becomes a number only when decimal and within ±Number.MAX_SAFE_INTEGER.
const DECIMAL = /^-?[0-9]+(?:\.[0-9]+)?$/;
const numeric = (text: string): boolean => (DECIMAL.test(text) ? Math.abs(Number(text)) <= Number.MAX_SAFE_INTEGER : false);
const issueKey = (issue: { path: string; keyword: string }): string => `${issue.path} ${issue.keyword}`;

/** What the documented compiler must make of `part`: plain ajv's verdict, each number made of other text refused instead. */
function expected(schema: JsonSchema, part: 'text' | 'body', value: unknown): Outcome {
  const { first, all } = reference[part];
  const copy = structuredClone(value);
  const valid = first.compile(schema)(copy);
  const everything = structuredClone(value);
  const validateAll = all.compile(schema);
  validateAll(everything);
  const refused: string[] = []; // paths of numbers made of other text
  if (part === 'text') {
    for (const [key, raw] of Object.entries(value as Record<string, string | string[]>)) {
      const texts = [raw].flat();
      texts.forEach((text, index) => {
        const coerced = (everything as Record<string, unknown>)[key];
        const made = Array.isArray(coerced) ? coerced[index] : coerced;
        if (typeof made === 'number' && !numeric(text)) refused.push(`/${key.replaceAll('~', '~0').replaceAll('/', '~1')}${Array.isArray(coerced) ? `/${index}` : ''}`);
      });
    }
  }
  if (valid && refused.length === 0) return { valid: true, value: copy };
  const listed = (validateAll.errors ?? []).map((error) => issueKey({ path: error.instancePath, keyword: error.keyword }));
  // ajv's issues at a refused text's path are about a number the client never sent: the type issue replaces them.
  return { valid: false, issues: [...listed.filter((issue) => !refused.some((path) => issue.startsWith(`${path} `))), ...refused.map((path) => `${path} type`)].sort() };
}

/** fw's check of one part, as a handler or fw's 400 would see it. */
function actual(schema: JsonSchema, part: RequestPart, req: Partial<FwRequest>): Outcome {
  const check = compileRequestCheck([{ part, validate: fw(schema, { coerce: part !== 'body' }) }], (failure) => {
    throw Object.assign(new Error('invalid'), { failure });
  });
  const request = { method: 'POST', bindings: {}, headers: {}, query: '', raw: { headers: {} }, ...req } as unknown as FwRequest;
  try {
    assert.equal(check(request), undefined);
  } catch (error) {
    const { failure } = error as { failure?: { part: string; errors: readonly SchemaIssue[]; incomplete?: boolean } };
    if (failure === undefined) throw error;
    assert.equal(failure.part, part);
    return { valid: false, issues: failure.errors.map(issueKey).sort(), ...(failure.incomplete === true && { incomplete: true as const }) };
  }
  const value = part === 'params' ? request.pathParams : part === 'query' ? request.queryParams : part === 'body' ? request.body : undefined;
  return { valid: true, value: part === 'headers' ? undefined : part === 'body' ? value : { ...(value as object) } };
}

/** A query as fw parses it (URLSearchParams; a repeated name an array), with a null prototype. */
function parseQuery(text: string): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  for (const [name, value] of new URLSearchParams(text)) {
    const seen = out[name];
    out[name] = seen === undefined ? value : [seen, value].flat();
  }
  return out;
}

const TEXT_SCHEMAS: readonly JsonSchema[] = [
  { type: 'object', properties: { a: { type: 'integer', maximum: 10 }, b: { type: 'integer', maximum: 10 } } },
  {
    type: 'object',
    properties: { a: { type: 'integer', minimum: 1 }, b: { type: 'number', maximum: 100 }, c: { type: 'boolean' }, d: { type: 'null' }, e: { type: 'array', items: { type: 'integer' } }, f: { type: 'string', default: 'x' }, g: { type: 'integer', default: 5 } },
    additionalProperties: false,
  },
  { type: 'object', properties: { a: { anyOf: [{ type: 'integer' }, { type: 'boolean' }] }, b: { type: ['integer', 'null'] }, c: { enum: ['1', 2, true] }, d: { const: 3 }, e: { type: 'array', items: { type: 'number' }, maxItems: 2 } }, required: ['a'] },
  { type: 'object', properties: { a: { type: 'array', items: [{ type: 'integer' }, { type: 'boolean' }], minItems: 2, additionalItems: false }, b: { type: ['number', 'string'] }, c: { type: 'integer', multipleOf: 2 } } },
  { type: 'object', patternProperties: { '^n': { type: 'number' } }, additionalProperties: { type: 'boolean' } },
];
const NAMES = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'n1', 'a[]', '__proto__', 'constructor', 'A', 'x', 'a%5B%5D', 'b+c', 'n/1', 'n~1'];
const TEXTS = ['', '1', '0', '-0', '2.0', '0x10', '1e3', 'true', 'false', 'null', '+1', '%2B1', ' 1', '%201', '9007199254740993', '9007199254740991', '11', '-5', 'abc', '3', '1.5', 'Infinity', '%31', '1+2', 'tru%65', '.5', '1.', '007'];

describe('request checks against plain ajv with the options fw documents (fuzz)', () => {
  it(`query strings: repeated names, empty values, a[]=, + and percent-encoding (seed ${SEED})`, () => {
    for (const [index, schema] of TEXT_SCHEMAS.entries()) {
      for (let round = 0; round < 400; round += 1) {
        const query = Array.from({ length: below(5) }, () => `${pick(NAMES)}=${pick(TEXTS)}`).join('&');
        assert.deepEqual(actual(schema, 'query', { query }), expected(schema, 'text', parseQuery(query)), `seed ${SEED}, schema ${index}, ?${query}`);
      }
    }
  });

  it(`path bindings, one decoded text each (seed ${SEED})`, () => {
    for (const [index, schema] of TEXT_SCHEMAS.entries()) {
      for (let round = 0; round < 200; round += 1) {
        const bindings = Object.fromEntries(Array.from({ length: below(4) }, () => [pick(NAMES), decodeURIComponent(pick(TEXTS))]));
        assert.deepEqual(actual(schema, 'params', { bindings }), expected(schema, 'text', bindings), `seed ${SEED}, schema ${index}, ${JSON.stringify(bindings)}`);
      }
    }
  });

  it(`headers as node:http gives them: lowercase names, repeats joined with ", " (seed ${SEED})`, () => {
    const schemas: readonly JsonSchema[] = [
      { type: 'object', properties: { 'x-count': { type: 'integer', maximum: 10 }, 'x-flag': { type: 'boolean' }, 'x-ids': { type: 'array', items: { type: 'integer' } } }, required: ['x-count'] },
      { type: 'object', properties: { 'x-count': { type: 'number' }, 'x-tag': { type: 'string', enum: ['a', 'b'] } } },
    ];
    for (const [index, schema] of schemas.entries()) {
      for (let round = 0; round < 300; round += 1) {
        const headers: Record<string, string> = { host: 'example.test' };
        for (let count = below(4); count > 0; count -= 1) {
          const name = pick(['X-Count', 'x-count', 'X-FLAG', 'x-ids', 'x-tag', 'x-other']).toLowerCase();
          const text = decodeURIComponent(pick(TEXTS)).trim(); // node:http trims a field value
          headers[name] = headers[name] === undefined ? text : `${headers[name]}, ${text}`;
        }
        // The coerced copy of the headers is not kept: a valid request shows nothing to compare.
        const want = expected(schema, 'text', headers);
        assert.deepEqual(actual(schema, 'headers', { headers }), want.valid ? { valid: true, value: undefined } : want, `seed ${SEED}, schema ${index}, ${JSON.stringify(headers)}`);
      }
    }
  });

  it(`JSON bodies: __proto__ and constructor keys, deep nesting, 1e400, -0, big integers; never coerced nor defaulted (seed ${SEED})`, () => {
    const item = { type: 'object', properties: { id: { type: 'integer' }, price: { type: 'number', minimum: 0 }, tags: { type: 'array', items: { type: 'string' }, maxItems: 3 }, status: { type: 'string', default: 'draft' } }, required: ['id'] };
    const schemas: readonly JsonSchema[] = [
      item,
      { type: 'object', properties: { items: { type: 'array', items: item } }, additionalProperties: false },
      { $ref: '#/$defs/node', $defs: { node: { type: 'object', properties: { n: { type: 'integer' }, next: { $ref: '#/$defs/node' } }, required: ['n'] } } },
      { type: 'array', items: { type: ['integer', 'null'] } },
    ];
    const numbers = ['1', '-0', '1e400', '-1e400', '9007199254740993', '12345678901234567890', '1.5', '0.0', '2e0', '"1"', 'true', 'null'];
    const json = (depth: number): string => {
      const roll = next();
      if (depth <= 0 || roll < 0.4) return pick([...numbers, '"x"', '"__proto__"', '[]', '{}']);
      if (roll < 0.55) return `[${Array.from({ length: below(4) }, () => json(depth - 1)).join(',')}]`;
      const keys = ['id', 'price', 'tags', 'status', 'items', 'n', 'next', '__proto__', 'constructor', 'prototype', 'x'];
      return `{${Array.from({ length: below(5) }, () => `"${pick(keys)}":${json(depth - 1)}`).join(',')}}`;
    };
    const nested = (depth: number): string => (depth === 0 ? '{"n":1}' : `{"n":${depth},"next":${nested(depth - 1)}}`);
    for (const [index, schema] of schemas.entries()) {
      for (let round = 0; round < 300; round += 1) {
        const text = round === 0 && index === 2 ? nested(400) : json(5);
        const body: unknown = JSON.parse(text);
        assert.deepEqual(actual(schema, 'body', { body }), expected(schema, 'body', body), `seed ${SEED}, schema ${index}, ${text}`);
      }
    }
  });

  it('lists a number made of other text as a type issue after an earlier failure too, not what ajv said of the number', () => {
    const schema = TEXT_SCHEMAS[0]!;
    // `a` fails first: `b` was coerced (0x10 is 16, above the maximum) only by the allErrors copy.
    assert.deepEqual(actual(schema, 'query', { query: 'a=true&b=0x10' }), { valid: false, issues: ['/a type', '/b type'] });
    assert.deepEqual(actual(schema, 'query', { query: 'a=abc&b=+1' }), { valid: false, issues: ['/a type', '/b type'] });
  });

  it('keeps `incomplete` on a part past 1,000 values whose misread number is refused', () => {
    const query = `${Array.from({ length: 1001 }, () => 'e=x').join('&')}&a=0x1`;
    const outcome = actual({ type: 'object', properties: { a: { type: 'integer' }, e: { type: 'array', items: { type: 'integer' } } } }, 'query', { query });
    assert.equal(outcome.valid === false && outcome.incomplete, true);
  });

  it("refuses an unlisted key where additionalProperties is false: Fastify's removeAdditional is not fw's default (documented)", async () => {
    const schema = { type: 'object', properties: { a: { type: 'integer' } }, additionalProperties: false };
    const fastify = plainAjv(true, false, { removeAdditional: true }).compile(schema);
    const stripped: Record<string, unknown> = { a: '1', b: '2' };
    assert.equal(fastify(stripped), true);
    assert.deepEqual(stripped, { a: 1 });
    assert.deepEqual(actual(schema, 'query', { query: 'a=1&b=2' }), { valid: false, issues: [' additionalProperties'] });
    assert.deepEqual(actual(schema, 'body', { body: { a: 1, b: 2 } }), { valid: false, issues: [' additionalProperties'] });
    // customOptions.removeAdditional does as Fastify does, on the copy of a text part and on the body.
    const removing = await loadAjvCompiler({ customOptions: { removeAdditional: true } });
    for (const [value, coerce] of [[{ a: '1', b: '2' }, true], [{ a: 1, b: 2 }, false]] as const) {
      const copy: Record<string, unknown> = { ...value };
      assert.deepEqual([removing(schema, { coerce })(copy), copy], [{ valid: true }, { a: 1 }]);
    }
  });
});

const match = branchMatcher(fw);
const NASTY = ['😀', '\ud800', '\udfff', '\u0000', '\u001f', '\u007f', '</script>', '\u2028', '\u2029', '"', '\\', 'é', '\ufeff'];
const node = { type: 'object', properties: { v: { type: 'integer' }, kids: { type: 'array', items: { $ref: '#/definitions/node' } } }, required: ['v'] };
const cat = { type: 'object', properties: { kind: { const: 'cat' }, meows: { type: 'boolean' } }, required: ['kind'] };
const dog = { type: 'object', properties: { kind: { const: 'dog' }, barks: { type: 'boolean' } }, required: ['kind'] };
const ANSWER_SCHEMAS: readonly Record<string, unknown>[] = [
  { type: 'object', properties: { id: { type: 'integer' }, price: { type: 'number' }, title: { type: 'string' }, ok: { type: 'boolean' }, none: { type: 'null' } }, required: ['id'] },
  { type: 'object', properties: { tree: { $ref: '#/definitions/node' } }, definitions: { node } },
  { type: 'object', properties: { pet: { oneOf: [{ $ref: '#/definitions/cat' }, { $ref: '#/definitions/dog' }] }, any: { anyOf: [{ type: 'string' }, { type: 'object', properties: { a: { type: 'integer' } } }] } }, definitions: { cat, dog } },
  { type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: { type: 'object', properties: { x: { type: 'string' } } } },
  { type: 'object', properties: { id: { type: 'integer' } }, patternProperties: { '^x': { type: 'string' }, '^y': { type: 'integer' }, '^y1': { type: 'boolean' } }, additionalProperties: true },
  { type: 'object', properties: { n: { type: 'string', nullable: true }, o: { type: 'object', nullable: true, properties: { x: { type: 'integer' } } }, u: { type: ['string', 'null'] }, e: { enum: ['a', 1, null] }, c: { const: 'k' } } },
  { type: 'array', items: { type: 'object', properties: { a: { type: 'integer' }, when: { type: 'string', format: 'date-time' } } } },
  { type: 'object', properties: { a: { type: 'integer' } }, if: { properties: { a: { const: 1 } } }, then: { properties: { t: { type: 'string' } } }, else: { properties: { e: { type: 'string' } } } },
];

/** An answer matching `schema`, with keys it does not list (which must not leave) and strings to escape. */
function conforming(schema: Record<string, unknown>, root: Record<string, unknown>, depth: number): unknown {
  const text = (): string => Array.from({ length: below(6) }, () => (next() < 0.5 ? pick(NASTY) : String.fromCharCode(below(0x10000)))).join('');
  if (typeof schema.$ref === 'string') return conforming((root.definitions as Record<string, Record<string, unknown>>)[schema.$ref.split('/').pop()!]!, root, depth);
  const choice = (schema.oneOf ?? schema.anyOf) as Record<string, unknown>[] | undefined;
  if (choice !== undefined) return conforming(pick(choice), root, depth);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined) return pick(schema.enum as unknown[]);
  if (schema.nullable === true && next() < 0.3) return null;
  const type = pick([schema.type ?? 'object'].flat());
  if (type === 'array') return depth <= 0 ? [] : Array.from({ length: below(4) }, () => conforming(schema.items as Record<string, unknown>, root, depth - 1));
  if (type === 'string') return schema.format === 'date-time' ? new Date(below(2e12)) : text();
  if (type === 'integer') return pick([below(1e6) - 5e5, -0, Number.MAX_SAFE_INTEGER]);
  if (type === 'number') return pick([next() * 1e10, -0, 1e21, 5e-324]);
  if (type === 'boolean') return next() < 0.5;
  if (type === 'null') return null;
  const out: Record<string, unknown> = {};
  for (const [name, sub] of Object.entries((schema.properties ?? {}) as Record<string, Record<string, unknown>>)) {
    if ((schema.required as string[] | undefined)?.includes(name) || (depth > 0 && next() < 0.7)) out[name] = conforming(sub, root, depth - 1);
  }
  for (let count = below(3); count > 0; count -= 1) {
    const name = pick(['x', 'xy', 'y1', 'secret', text()]);
    const under = typeof schema.additionalProperties === 'object' ? (schema.additionalProperties as Record<string, unknown>) : /^y/.test(name) ? { type: 'integer' } : { type: 'string' };
    if (!Object.hasOwn(schema.properties ?? {}, name)) out[name] = conforming(under, root, 0);
  }
  return out;
}

describe('answers against fast-json-stringify (fuzz)', () => {
  it(`writes the same text for answers that match their schema (seed ${SEED})`, () => {
    for (const [index, schema] of ANSWER_SCHEMAS.entries()) {
      const project = compileProjection(schema as JsonSchema, 'fuzz', { match });
      const stringify = fastJsonStringify(schema, { ajv: { strictTypes: false } });
      for (let round = 0; round < 150; round += 1) {
        const answer = conforming(schema, schema, 3);
        assert.equal(JSON.stringify(project(answer)), stringify(answer), `seed ${SEED}, schema ${index}`);
      }
    }
  });

  const documented: readonly { readonly title: string; readonly schema: Record<string, unknown>; readonly answer: unknown; readonly fw: string; readonly fjs: string }[] = [
    { title: 'an object schema listing no key sends the object whole', schema: { type: 'object' }, answer: { a: 1 }, fw: '{"a":1}', fjs: '{}' },
    { title: 'no coercion to the type: 1.5 under integer stays 1.5', schema: { type: 'object', properties: { a: { type: 'integer' } } }, answer: { a: 1.5 }, fw: '{"a":1.5}', fjs: '{"a":1}' },
    { title: 'no coercion to the type: null under integer stays null', schema: { type: 'object', properties: { a: { type: 'integer' } } }, answer: { a: null }, fw: '{"a":null}', fjs: '{"a":0}' },
    { title: 'no coercion to the type: a number under string stays a number', schema: { type: 'object', properties: { a: { type: 'string' } } }, answer: { a: 7 }, fw: '{"a":7}', fjs: '{"a":"7"}' },
    { title: 'a Date under format date is its toJSON(), as JSON.stringify writes it', schema: { type: 'object', properties: { d: { type: 'string', format: 'date' } } }, answer: { d: new Date(0) }, fw: '{"d":"1970-01-01T00:00:00.000Z"}', fjs: '{"d":"1970-01-01"}' },
    { title: "a Date under format time is its toJSON() too", schema: { type: 'object', properties: { t: { type: 'string', format: 'time' } } }, answer: { t: new Date(0) }, fw: '{"t":"1970-01-01T00:00:00.000Z"}', fjs: '{"t":"00:00:00"}' },
    { title: 'a bigint fails as in JSON.stringify', schema: { type: 'object', properties: { a: { type: 'integer' } } }, answer: { a: 1n }, fw: 'TypeError', fjs: '{"a":1}' },
  ];
  for (const { title, schema, answer, fw: sent, fjs } of documented) {
    it(`differs as documented: ${title}`, () => {
      const project = compileProjection(schema as JsonSchema, 'fuzz', { match });
      let text: string;
      try {
        text = JSON.stringify(project(answer));
      } catch (error) {
        text = (error as Error).name;
      }
      assert.equal(text, sent);
      assert.equal(fastJsonStringify(schema)(answer), fjs);
    });
  }
});
