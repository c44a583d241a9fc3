/**
 * Response schemas on values JSON.stringify treats specially (docs/applications-reference.md, "Responses"): what
 * fw's projection makes of them is what JSON.stringify writes of the answer, or a 500 where the schema allows no such
 * value; never a second call of a toJSON() nor a field the schema does not list.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import type { JsonSchema } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

let toJsonCalls = 0;
/** A model whose toJSON() copies its own fields, its toJSON() included, and turns its Date to text: a second call finds text. */
const model = () => ({
  id: 1,
  createdAt: new Date(0),
  toJSON(this: { createdAt: Date }) {
    toJsonCalls += 1;
    return { ...this, createdAt: this.createdAt.toISOString() };
  },
});

// Scalars listed, no type: as a scalar type, they let no object or array through.
const listedScalars = { type: 'object', properties: { status: { enum: ['draft', 'sent', null] }, kind: { const: 'leaf' }, price: { const: '19.99' } } };

// Unions as TypeBox writes Type.Union([Type.Number(), Type.Null()]), and a field set to undefined.
const nullable = (type: string) => ({ anyOf: [{ type }, { type: 'null' }] });
const unions = { type: 'object', properties: { avg: nullable('number'), next: nullable('string'), tags: { type: 'array', items: nullable('string') }, onSave: nullable('string') } };
const unionAnswer = { avg: NaN, next: undefined, tags: ['a', undefined, Infinity], onSave: () => 'callback' };

// A closed object and lists of numbers under unions, holding what JSON leaves out or writes as null (`holes` has one).
const closedCat = { type: 'object', properties: { kind: { const: 'cat' }, name: { type: 'string' } }, required: ['kind'], additionalProperties: false };
const nestedUnions = { type: 'object', properties: { pet: { anyOf: [closedCat, { type: 'null' }] }, scores: { anyOf: [{ type: 'array', items: { type: ['number', 'null'] } }, { type: 'null' }] }, holes: { anyOf: [{ type: 'array', items: { type: ['number', 'null'] } }, { type: 'null' }] } } };
const nestedAnswer = { pet: { kind: 'cat', name: 'Tom', nickname: undefined, meow: () => 'meow' }, scores: [1, undefined, NaN], holes: [, 2] };

describe('route schemas: answers with values JSON.stringify treats specially', () => {
  let app: InjectedApp;
  before(async () => {
    const get = (schema: JsonSchema) => ({ methods: ['get' as const], schema: { response: { 200: schema } } });
    app = await injectTestApp({
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/spread/additional', handler: () => json(model()), options: get({ type: 'object', properties: { id: { type: 'integer' } }, additionalProperties: true }) },
            { path: '/spread/pattern', handler: () => json({ model: model() }), options: get({ type: 'object', properties: { model: { type: 'object', patternProperties: { '^.*$': {} } } } }) },
            { path: '/listed/leak', handler: () => json({ status: { id: 7, passwordHash: 'x' } }), options: get(listedScalars) },
            { path: '/listed/array', handler: () => json({ kind: [{ passwordHash: 'x' }] }), options: get(listedScalars) },
            { path: '/listed/fine', handler: () => json({ status: 'sent', kind: 'leaf', price: { toJSON: () => '19.99' }, extra: 1 }), options: get(listedScalars) },
            { path: '/union/left-out', handler: () => json(unionAnswer), options: get(unions) },
            { path: '/union/nested-left-out', handler: () => json(nestedAnswer), options: get(nestedUnions) },
            { path: '/all-of/open', handler: () => json({ id: 1, note: 'kept' }), options: get({ type: 'object', allOf: [{ required: ['id'] }] }) },
            { path: '/all-of/open-parts', handler: () => json({ id: 1, note: 'kept' }), options: get({ allOf: [{ type: 'object' }, { required: ['id'] }] }) },
            { path: '/all-of/closed', handler: () => json({ id: 1, note: 'dropped' }), options: get({ allOf: [{ type: 'object' }, { additionalProperties: false }] }) },
            { path: '/all-of/listed', handler: () => json({ id: 1, note: 'dropped' }), options: get({ allOf: [{ type: 'object', properties: { id: { type: 'integer' } } }, { required: ['id'] }] }) },
            { path: '/spread/open', handler: () => json(model()), options: get({ type: 'object' }) },
            { path: '/spread/open-nullable', handler: () => json({ model: model() }), options: get({ type: 'object', properties: { model: { type: ['object', 'null'] } } }) },
            { path: '/spread/listed', handler: () => json([model()]), options: get({ type: 'array', items: { type: 'object', properties: { id: {}, createdAt: { type: 'string' }, toJSON: {} } } }) },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it("calls an answer's toJSON() once, as JSON.stringify does, when its result holds that toJSON and the schema lets the key through", async () => {
    for (const [path, expected] of [
      ['/spread/additional', JSON.stringify(model())],
      ['/spread/pattern', JSON.stringify({ model: model() })],
      ['/spread/listed', JSON.stringify([model()])],
      ['/spread/open', JSON.stringify(model())],
      ['/spread/open-nullable', JSON.stringify({ model: model() })],
    ] as const) {
      toJsonCalls = 0;
      const res = await app.fetch(path);
      assert.deepEqual([res.status, await res.text(), toJsonCalls], [200, expected, 1], path);
    }
  });

  it('lets no object or array through an enum or const that lists only scalars, as through a scalar type: a 500, not its fields', async () => {
    for (const [path, at, found] of [['/listed/leak', 'status', 'an object'], ['/listed/array', 'kind', 'an array']] as const) {
      const res = await app.fetch(path);
      assert.deepEqual([res.status, await res.text()], [500, '{"error":"internal server error"}'], path);
      const failed = app.logs.findLast((line) => line.fields.event === 'request_failed')?.fields.err as { code?: string; message: string };
      assert.equal(failed.code, 'FW_ERR_RESPONSE_NOT_PROJECTABLE');
      assert.equal(failed.message, `route GET ${path} schema.response.200: #/properties/${at} allows only ${at === 'status' ? 'string or null' : 'string'}, but the answer has ${found} there`);
    }
    // A value it lists still goes, an object's toJSON() scalar too.
    assert.equal(await (await app.fetch('/listed/fine')).text(), '{"status":"sent","kind":"leaf","price":"19.99"}');
  });

  it('checks union branches on the answer as JSON writes it: NaN and Infinity as null, a key holding undefined or a function left out', async () => {
    const res = await app.fetch('/union/left-out');
    assert.deepEqual([res.status, await res.text()], [200, JSON.stringify(unionAnswer)]);
    assert.equal(JSON.stringify(unionAnswer), '{"avg":null,"tags":["a",null,null]}');
  });

  it('checks union branches on nested fields as JSON writes them too: a key holding undefined or a function is no key, an undefined element or a hole null', async () => {
    const res = await app.fetch('/union/nested-left-out');
    assert.deepEqual([res.status, await res.text()], [200, '{"pet":{"kind":"cat","name":"Tom"},"scores":[1,null,null],"holes":[null,2]}']);
    assert.equal(JSON.stringify(nestedAnswer), '{"pet":{"kind":"cat","name":"Tom"},"scores":[1,null,null],"holes":[null,2]}');
  });

  it('leaves an object whole under an allOf none of whose parts lists a key, as under {type: object}; a part that lists keys or closes the object still projects', async () => {
    for (const path of ['/all-of/open', '/all-of/open-parts']) assert.equal(await (await app.fetch(path)).text(), '{"id":1,"note":"kept"}', path);
    assert.equal(await (await app.fetch('/all-of/listed')).text(), '{"id":1}');
    assert.equal(await (await app.fetch('/all-of/closed')).text(), '{}');
  });
});
