/**
 * Response projection through tuples (`prefixItems`, draft-07's array `items`), through `items`
 * inside `allOf`, and under scalar-only schemas: a field the schema does not list never leaves,
 * and an object never passes where the schema allows only scalars (issue 35, item 16: a
 * `password` left through a tuple, and a value's `toJSON` was sent in full under a string schema).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { FwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import type { JsonSchema } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const user = { id: 1, name: 'ada', password: 'hunter2' };
const userSchema = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
const shown = { id: 1, name: 'ada' };
/** A model whose toJSON gives every column, the password too. */
const model = { toJSON: () => ({ ...user }) };

/** A String, Number and Boolean object as fields. */
const BOXED = { s: new String('ada'), n: new Number(5), b: new Boolean(false) };

const get = (path: string, body: unknown, schema: JsonSchema) => ({ path, handler: () => json(body), options: { methods: ['get' as const], schema: { response: { 200: schema } } } });

describe('route schemas: tuples, allOf items and scalar schemas', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            get('/prefix-items', [user, 5, user], { type: 'array', prefixItems: [userSchema, { type: 'integer' }] }),
            get('/prefix-items-rest', [user, 5, user, user], { type: 'array', prefixItems: [userSchema, { type: 'integer' }], items: userSchema }),
            get('/prefix-items-open', [user, user], { type: 'array', prefixItems: [userSchema], items: true }),
            get('/tuple-items', { pair: [user, 5, user] }, { type: 'object', properties: { pair: { type: 'array', items: [userSchema, { type: 'integer' }] } } }),
            get('/tuple-additional', [user, 5, user], { type: 'array', items: [userSchema, { type: 'integer' }], additionalItems: userSchema }),
            // A rest allowing no value, its never part one allOf deeper (or a $ref to one): read as false, as {not: {}} is.
            get('/prefix-items-never', [user, 5, user], { type: 'array', prefixItems: [userSchema], items: { allOf: [{ allOf: [{ not: {} }] }, userSchema] } }),
            get('/tuple-never', [user, 5, user], { type: 'array', items: [userSchema], additionalItems: { $ref: '#/$defs/never' }, $defs: { never: { allOf: [{ allOf: [false] }] } } }),
            get('/all-of-items', [user], { allOf: [{ type: 'array' }, { items: userSchema }] }),
            get('/scalar-object', { id: 1, author: user }, { type: 'object', properties: { id: { type: 'integer' }, author: { type: 'string' } } }),
            get('/scalar-model', { author: model }, { type: 'object', properties: { author: { type: ['string', 'null'] } } }),
            get('/scalar-to-json', { author: { toJSON: () => 'ada', password: 'hunter2' }, at: new Date('2024-01-02T03:04:05Z') }, {
              type: 'object',
              properties: { author: { type: 'string' }, at: { type: 'string', format: 'date-time' } },
            }),
            get('/scalar-array', { tags: [user] }, { type: 'object', properties: { tags: { type: 'string' } } }),
            get('/scalar-null', { author: null, n: 2 }, { type: 'object', properties: { author: { type: 'null' }, n: { type: 'integer' } } }),
            // Boxed primitives, which JSON.stringify writes as their primitive (ECMA-262 SerializeJSONProperty): whole, as fields, in a choice.
            get('/scalar-boxed', new String('ada'), { type: 'string' }),
            get('/scalar-boxed-fields', BOXED, { type: 'object', properties: { s: { type: 'string' }, n: { type: 'number' }, b: { type: 'boolean' } } }),
            get('/scalar-boxed-choice', { v: new Number(5) }, { type: 'object', properties: { v: { anyOf: [{ type: 'string' }, { type: 'number' }] } } }),
          ],
        },
      ],
    });
  });
  after(() => app.close());

  const body = async (path: string) => {
    const res = await app.fetch(path);
    return { status: res.status, text: await res.text() };
  };

  it('projects each prefixItems position and drops elements past the tuple when items is absent', async () => {
    assert.deepEqual(await body('/prefix-items'), { status: 200, text: JSON.stringify([shown, 5]) });
  });

  it('projects elements past prefixItems through items', async () => {
    assert.deepEqual(await body('/prefix-items-rest'), { status: 200, text: JSON.stringify([shown, 5, shown, shown]) });
  });

  it('keeps elements past prefixItems as they are when items is true', async () => {
    assert.deepEqual(await body('/prefix-items-open'), { status: 200, text: JSON.stringify([shown, user]) });
  });

  it("projects draft-07's array items position by position, dropping the rest without additionalItems", async () => {
    assert.deepEqual(await body('/tuple-items'), { status: 200, text: JSON.stringify({ pair: [shown, 5] }) });
  });

  it('projects elements past an array items through additionalItems', async () => {
    assert.deepEqual(await body('/tuple-additional'), { status: 200, text: JSON.stringify([shown, 5, shown]) });
  });

  it('drops elements past the tuple under a rest that allows no value at any depth, as under false (they were sent as nulls)', async () => {
    for (const path of ['/prefix-items-never', '/tuple-never']) assert.deepEqual(await body(path), { status: 200, text: JSON.stringify([shown]) }, path);
  });

  it('projects items declared in an allOf branch', async () => {
    assert.deepEqual(await body('/all-of-items'), { status: 200, text: JSON.stringify([shown]) });
  });

  it('sends a scalar toJSON under a scalar schema, nothing else of the object', async () => {
    assert.deepEqual(await body('/scalar-to-json'), { status: 200, text: '{"author":"ada","at":"2024-01-02T03:04:05.000Z"}' });
  });

  it('sends a String, Number or Boolean object under a scalar schema as JSON.stringify does, as its primitive', async () => {
    assert.deepEqual(await body('/scalar-boxed'), { status: 200, text: '"ada"' });
    assert.deepEqual(await body('/scalar-boxed-fields'), { status: 200, text: '{"s":"ada","n":5,"b":false}' });
    assert.deepEqual(await body('/scalar-boxed-choice'), { status: 200, text: '{"v":5}' });
  });

  it('passes null and numbers under scalar schemas as they are', async () => {
    assert.deepEqual(await body('/scalar-null'), { status: 200, text: '{"author":null,"n":2}' });
  });

  for (const [path, at, types, what] of [
    ['/scalar-object', '#/properties/author', 'string', 'an object'],
    ['/scalar-model', '#/properties/author', 'string or null', 'an object'],
    ['/scalar-array', '#/properties/tags', 'string', 'an array'],
  ] as const) {
    it(`answers 500 and logs FW_ERR_RESPONSE_NOT_PROJECTABLE for ${what} under a scalar schema (${path})`, async () => {
      assert.deepEqual(await body(path), { status: 500, text: '{"error":"internal server error"}' });
      const line = await app.waitForLog((logged) => logged.fields.event === 'request_failed' && (logged.fields.err as FwError).message.includes(path));
      const error = line.fields.err as FwError;
      assert.equal(error.code, 'FW_ERR_RESPONSE_NOT_PROJECTABLE');
      assert.equal(error.message, `route GET ${path} schema.response.200: ${at} allows only ${types}, but the answer has ${what} there`);
    });
  }
});

describe('route schemas: tuple keywords refused at start', () => {
  const startWith = (schema: JsonSchema) =>
    injectTestApp({ groups: [{ prefix: '', security: false, routes: [{ path: '/x', handler: () => json({}), options: { methods: ['get'], schema: { response: { 200: schema } } } }] }] });
  const refuses = (message: string) => (error: unknown) => {
    assert.ok(error instanceof FwError);
    assert.equal(error.code, 'FW_ERR_ROUTE_BAD_SCHEMA');
    assert.equal(error.message, message);
    return true;
  };

  it('refuses prefixItems inside allOf', async () => {
    await assert.rejects(
      startWith({ type: 'object', properties: { pair: { allOf: [{ prefixItems: [userSchema] }] } } }),
      refuses('route GET /x schema.response.200 does not compile: #/properties/pair/allOf/0 uses prefixItems, which a response schema can use only outside allOf'),
    );
  });

  it('refuses a tuple items inside allOf', async () => {
    await assert.rejects(startWith({ allOf: [{ items: [userSchema] }] }), refuses('route GET /x schema.response.200 does not compile: #/allOf/0 uses items as a tuple, which a response schema can use only outside allOf'));
  });

  it('refuses prefixItems next to an array items', async () => {
    await assert.rejects(
      startWith({ type: 'array', prefixItems: [userSchema], items: [userSchema] }),
      refuses('route GET /x schema.response.200 does not compile: # has both prefixItems and an array items; write the positions in prefixItems only'),
    );
  });

  it('refuses dependencies that add a schema, as dependentSchemas', async () => {
    await assert.rejects(
      startWith({ type: 'object', properties: { a: { type: 'string' } }, dependencies: { a: { properties: { password: { type: 'string' } } } } }),
      refuses('route GET /x schema.response.200 does not compile: # uses dependencies with a schema, which a response schema cannot use: fw could not tell which fields may leave'),
    );
  });
});
