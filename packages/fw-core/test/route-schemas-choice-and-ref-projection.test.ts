/**
 * Response projection through `anyOf`, `oneOf`, `if`, `patternProperties` and local `$ref`s (issue
 * 38, item 3): the value goes through the first branch it matches, as fast-json-stringify picks
 * one, and fields the matched branch does not list never leave; a value matching no branch fails with
 * FW_ERR_RESPONSE_NOT_PROJECTABLE (500), where fast-json-stringify throws. Each case is run
 * through both on the same inputs.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import fastJsonStringify from 'fast-json-stringify';
import { FwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import { loadAjvCompiler } from '../src/schema/ajv-compiler.ts';
import { branchMatcher } from '../src/schema/compile-route-schemas.ts';
import { compileProjection } from '../src/schema/project-response.ts';
import type { JsonSchema, SchemaCompiler } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const user = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } }, required: ['id'] };
const cat = { type: 'object', properties: { kind: { const: 'cat' }, meows: { type: 'boolean' } }, required: ['kind'] };
const dog = { type: 'object', properties: { kind: { const: 'dog' }, barks: { type: 'boolean' } }, required: ['kind'] };
const tree = {
  $ref: '#/$defs/node',
  $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
};

const cases: readonly { readonly title: string; readonly schema: Record<string, unknown>; readonly value: unknown; readonly sent: unknown }[] = [
  { title: 'anyOf, an object matching its object branch', schema: { anyOf: [user, { type: 'null' }] }, value: { id: 1, name: 'ada', password: 'x' }, sent: { id: 1, name: 'ada' } },
  { title: 'anyOf, null matching its null branch', schema: { anyOf: [user, { type: 'null' }] }, value: null, sent: null },
  // ajv's nullable: true lets null meet a branch of another type (it was ruled out by that type, and no branch matched).
  { title: 'anyOf, null matching a nullable object branch', schema: { anyOf: [{ ...user, nullable: true }, { type: 'string' }] }, value: null, sent: null },
  { title: 'oneOf, null matching a nullable string branch', schema: { oneOf: [user, { type: 'string', nullable: true }] }, value: null, sent: null },
  {
    title: 'anyOf, the first of two matching branches',
    schema: { anyOf: [{ type: 'object', properties: { a: { type: 'integer' } } }, { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'integer' } } }] },
    value: { a: 1, b: 2 },
    sent: { a: 1 },
  },
  { title: 'oneOf, the first branch matching', schema: { oneOf: [cat, dog] }, value: { kind: 'cat', meows: true, barks: true, secret: 1 }, sent: { kind: 'cat', meows: true } },
  { title: 'oneOf, the second branch matching', schema: { oneOf: [cat, dog] }, value: { kind: 'dog', meows: true, barks: false, secret: 1 }, sent: { kind: 'dog', barks: false } },
  {
    title: 'anyOf beside properties, the matched branch merged in',
    schema: { type: 'object', properties: { id: { type: 'integer' } }, anyOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'number' } }, required: ['b'] }] },
    value: { id: 1, b: 2, a: 3, c: 4 },
    sent: { id: 1, b: 2 },
  },
  {
    title: 'anyOf and oneOf side by side, each chosen',
    schema: { type: 'object', anyOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'string' } } }], oneOf: [cat, dog] },
    value: { kind: 'dog', a: 1, b: 'b', barks: true, meows: true },
    sent: { kind: 'dog', b: 'b', barks: true },
  },
  {
    title: 'oneOf of $refs into definitions, under a property',
    schema: { type: 'object', properties: { pet: { oneOf: [{ $ref: '#/definitions/cat' }, { $ref: '#/definitions/dog' }] } }, definitions: { cat, dog } },
    value: { pet: { kind: 'dog', barks: true, owner: 'x' }, other: 1 },
    sent: { pet: { kind: 'dog', barks: true } },
  },
  { title: 'a recursive $ref into $defs', schema: tree, value: { name: 'a', x: 1, children: [{ name: 'b', x: 2, children: [{ name: 'c', x: 3 }] }] }, sent: { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] } },
  {
    title: 'a $ref beside other keywords, both adding up',
    schema: { $ref: '#/$defs/user', properties: { role: { type: 'string' } }, $defs: { user } },
    value: { id: 1, role: 'admin', password: 'x' },
    sent: { id: 1, role: 'admin' },
  },
  { title: 'a $ref to a tuple', schema: { $ref: '#/$defs/pair', $defs: { pair: { type: 'array', items: [user, { type: 'integer' }] } } }, value: [{ id: 1, password: 'x' }, 2], sent: [{ id: 1 }, 2] },
  { title: 'a Date under a string branch, as its toJSON', schema: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] }, value: new Date('2024-01-02T03:04:05Z'), sent: '2024-01-02T03:04:05.000Z' },
  { title: 'scalar branches', schema: { type: 'object', properties: { n: { anyOf: [{ type: 'string' }, { type: 'integer' }] } } }, value: { n: 5 }, sent: { n: 5 } },
  { title: 'a nested anyOf in a branch', schema: { anyOf: [{ type: 'object', properties: { a: { anyOf: [{ type: 'null' }, user] } } }] }, value: { a: { id: 2, password: 'x' }, b: 1 }, sent: { a: { id: 2 } } },
  {
    title: 'if matched, then merged in',
    schema: { type: 'object', properties: { kind: { type: 'string' } }, if: { properties: { kind: { const: 'user' } } }, then: { properties: { id: { type: 'integer' } } }, else: { properties: { code: { type: 'string' } } } },
    value: { kind: 'user', id: 1, code: 'c', password: 'x' },
    sent: { kind: 'user', id: 1 },
  },
  {
    title: 'if not matched, else merged in',
    schema: { type: 'object', properties: { kind: { type: 'string' } }, if: { properties: { kind: { const: 'user' } } }, then: { properties: { id: { type: 'integer' } } }, else: { properties: { code: { type: 'string' } } } },
    value: { kind: 'team', id: 1, code: 'c', password: 'x' },
    sent: { kind: 'team', code: 'c' },
  },
  {
    title: 'patternProperties, the first matching pattern, then additionalProperties',
    schema: { type: 'object', properties: { id: { type: 'integer' } }, patternProperties: { '^x-': user, '^y-': { type: 'string' } }, additionalProperties: false },
    value: { id: 1, 'x-a': { id: 2, password: 'x' }, 'y-b': 'b', z: 3 },
    sent: { id: 1, 'x-a': { id: 2 }, 'y-b': 'b' },
  },
];

/** An app answering each path's body with `json`, under `schema` for 200. */
const serving = (bodies: Readonly<Record<string, unknown>>, schema: JsonSchema) => {
  const routes = Object.entries(bodies).map(([path, body]) => ({ path, handler: () => json(body), options: { methods: ['get' as const], schema: { response: { 200: schema } } } }));
  return injectTestApp({ groups: [{ prefix: '', security: false, routes }] });
};

describe('response projection through anyOf, oneOf and $ref, beside fast-json-stringify', () => {
  let match: ReturnType<typeof branchMatcher>;
  before(async () => {
    match = branchMatcher(await loadAjvCompiler());
  });

  for (const { title, schema, value, sent } of cases) {
    it(`sends what fast-json-stringify sends: ${title}`, () => {
      const projected = compileProjection(schema, 'route GET /x schema.response.200', { match })(value);
      assert.deepEqual(JSON.parse(JSON.stringify(projected)), sent);
      assert.deepEqual(JSON.parse(fastJsonStringify(schema)(value)), sent);
    });
  }

  for (const [title, schema, value, at] of [
    ['an object matching neither oneOf branch', { oneOf: [cat, dog] }, { kind: 'cow', password: 'x' }, '#/oneOf'],
    ['a string matching no anyOf branch of a property', { type: 'object', properties: { a: { anyOf: [{ type: 'null' }, user] } } }, { a: 'text' }, '#/properties/a/anyOf'],
  ] as const) {
    it(`fails with FW_ERR_RESPONSE_NOT_PROJECTABLE where fast-json-stringify throws: ${title}`, () => {
      const project = compileProjection(schema, 'route GET /x schema.response.200', { match });
      assert.throws(() => project(value), (error: unknown) => {
        assert.ok(error instanceof FwError);
        assert.equal(error.code, 'FW_ERR_RESPONSE_NOT_PROJECTABLE');
        assert.equal(error.message, `route GET /x schema.response.200: the answer matches no branch of ${at}`);
        return true;
      });
      assert.throws(() => fastJsonStringify(schema as Record<string, unknown>)(value), /does not match schema definition/);
    });
  }

  it('checks only the branches whose type allows the value', () => {
    const checked: unknown[] = [];
    const counting = (branch: JsonSchema) => {
      const inner = match(branch);
      return (value: unknown) => (checked.push(branch), inner(value));
    };
    const project = compileProjection({ anyOf: [{ type: 'null' }, { type: 'string' }, user] }, 'route GET /x schema.response.200', { match: counting });
    assert.deepEqual(project({ id: 1, password: 'x' }), { id: 1 });
    assert.deepEqual(checked, [user]);
  });

  it("takes an answer's toJSON() once, as JSON.stringify does, to choose the branch and to project through it", () => {
    // JSON.stringify writes what toJSON() returns as it is: its own toJSON is a function field, left out, not called.
    const answer = { toJSON: () => ({ id: 1, secret: 's', toJSON: () => 'not called by JSON.stringify' }) };
    assert.equal(JSON.stringify(answer), '{"id":1,"secret":"s"}');
    const project = compileProjection({ anyOf: [{ type: 'string' }, { type: 'object', properties: { id: { type: 'integer' } } }] }, 'route GET /x schema.response.200', { match });
    assert.equal(JSON.stringify(project(answer)), '{"id":1}');
    assert.equal(JSON.stringify(compileProjection({ type: 'object', properties: { id: { type: 'integer' } } }, 'route GET /x schema.response.200')(answer)), '{"id":1}');
  });

  it('matches a class instance as JSON writes it, by its own fields: an inherited getter or key is no field of it', () => {
    // A model whose prototype holds a getter and a default: JSON.stringify writes {"kind":"cat"}, which the cat branch takes.
    class Cat {
      kind = 'cat';
      get meows(): string {
        return 'a getter on the prototype';
      }
    }
    const inherited = Object.assign(Object.create({ kind: 'dog', barks: 'inherited' }) as object, { kind: 'cat' });
    const project = compileProjection({ oneOf: [cat, dog] }, 'route GET /x schema.response.200', { match });
    assert.deepEqual(JSON.stringify(project(new Cat())), '{"kind":"cat"}');
    assert.deepEqual(JSON.stringify(project(inherited)), '{"kind":"cat"}');
    const listed = compileProjection({ type: 'array', items: { anyOf: [{ type: 'object', properties: { id: { type: 'integer' } } }] } }, 'route GET /x schema.response.200', { match });
    assert.equal(JSON.stringify(listed([Object.assign(Object.create({ id: 'text' }) as object, { name: 'n' })])), '[{}]');
  });
});

describe('response schemas with anyOf, oneOf and $ref on a route', () => {
  let app: InjectedApp;
  const pets = { type: 'object', properties: { pet: { oneOf: [{ $ref: '#/$defs/cat' }, { $ref: '#/$defs/dog' }] } }, $defs: { cat, dog } };
  before(async () => {
    app = await serving({ '/dog': { pet: { kind: 'dog', barks: true, owner: 'ada' }, token: 't' }, '/cow': { pet: { kind: 'cow', owner: 'ada' } } }, pets);
  });
  after(() => app.close());

  it('sends only the fields of the branch the answer matches', async () => {
    const res = await app.fetch('/dog');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '{"pet":{"kind":"dog","barks":true}}');
  });

  it('answers 500 and logs FW_ERR_RESPONSE_NOT_PROJECTABLE when the answer matches no branch', async () => {
    const res = await app.fetch('/cow');
    assert.deepEqual({ status: res.status, text: await res.text() }, { status: 500, text: '{"error":"internal server error"}' });
    const line = await app.waitForLog((logged) => logged.fields.event === 'request_failed' && (logged.fields.err as FwError).message.includes('/cow'));
    const error = line.fields.err as FwError;
    assert.equal(error.code, 'FW_ERR_RESPONSE_NOT_PROJECTABLE');
    assert.equal(error.message, 'route GET /cow schema.response.200: the answer matches no branch of #/properties/pet/oneOf');
  });
});

describe("response anyOf branches told apart by the app's schemaCompiler", () => {
  it('checks each branch with it, uncoerced, and sends the first matching branch', async () => {
    const calls: { schema: unknown; coerce: boolean }[] = [];
    /** A compiler that knows one keyword: `{has: name}` matches an object with that key. */
    const schemaCompiler: SchemaCompiler = (schema, { coerce }) => {
      calls.push({ schema, coerce });
      const name = (schema as { has?: string }).has;
      return (value) => (name !== undefined && Object.hasOwn(value as object, name) ? { valid: true } : { valid: false, errors: [] });
    };
    const a = { has: 'a', properties: { a: {} } };
    const b = { has: 'b', properties: { b: {} } };
    const app = await injectTestApp({
      schemaCompiler,
      groups: [{ prefix: '', security: false, routes: [{ path: '/x', handler: () => json({ b: 1, c: 2 }), options: { methods: ['get'], schema: { response: { 200: { anyOf: [a, b] } } } } }] }],
    });
    try {
      assert.equal(await (await app.fetch('/x')).text(), '{"b":1}');
      assert.deepEqual(calls, [{ schema: a, coerce: false }, { schema: b, coerce: false }]);
    } finally {
      await app.close();
    }
  });
});

describe('response schemas refused at start: what cannot be projected safely', () => {
  const startWith = (schema: JsonSchema) => serving({ '/x': {} }, schema);
  const refuses = (message: string) => (error: unknown) => {
    assert.ok(error instanceof FwError);
    assert.equal(error.code, 'FW_ERR_ROUTE_BAD_SCHEMA');
    assert.equal(error.message, `route GET /x schema.response.200 does not compile: ${message}`);
    return true;
  };

  for (const [title, schema, message] of [
    ['a $ref outside the schema', { type: 'object', properties: { a: { $ref: 'task.json#/x' } } }, "#/properties/a/$ref: task.json#/x is not in the schema; a response schema's $ref points into its own #/$defs/... or #/definitions/..., or names a $id in it; a bare name refers to one of the app's schemas (defineApp({schemas})): it has none"],
    ['a $ref to a missing definition', { $ref: '#/$defs/nothing', $defs: {} }, '#/$ref: #/$defs/nothing names no schema'],
    ['a $ref that refers back to itself', { $ref: '#/$defs/a', $defs: { a: { allOf: [{ $ref: '#/$defs/a' }] } } }, '#/$defs/a/allOf/0/$ref: #/$defs/a refers back to itself with no property or item in between'],
    ['a branch the compiler refuses', { anyOf: [{ type: 'object', requird: ['a'] }] }, `#/anyOf/0: strict mode: unknown keyword: "requird" (did you mean required?); fix its spelling, or let ajv accept it: defineApp({ajv: {customOptions: {keywords: ['requird']}}})`],
    ['a tuple in a branch beside other keywords', { type: 'array', anyOf: [{ prefixItems: [user] }] }, '#/anyOf/0 uses prefixItems, which a response schema can use only outside anyOf beside other keywords'],
    ['an if the compiler refuses, at the if', { type: 'object', if: { required: ['a'] }, then: user }, '#/if: strict mode: required property "a" is not defined at "#/allOf/0" (strictRequired)'],
    ['an empty anyOf', { anyOf: [] }, '#/anyOf must be a non-empty array of schemas'],
    ['$dynamicRef, whose target depends on the path taken', { type: 'object', properties: { a: { $dynamicRef: '#node' } } }, '#/properties/a uses $dynamicRef, which a response schema cannot use: fw could not tell which fields may leave'],
    ['a patternProperties pattern that is no regular expression', { type: 'object', patternProperties: { '(': {} } }, '#/patternProperties/( must be a regular expression: Invalid regular expression: /(/u: Unterminated group'],
  ] as const) {
    it(`refuses ${title}`, async () => {
      await assert.rejects(startWith(schema), refuses(message));
    });
  }
});
