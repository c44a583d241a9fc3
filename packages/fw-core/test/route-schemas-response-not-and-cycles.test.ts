/**
 * Response schemas the projection cannot follow (docs/applications-reference.md, "Responses"; docs/errors.md): a `not`
 * that gives an object no shape, and answers cyclic or nested too deep to copy. Each is fw's coded 500
 * FW_ERR_RESPONSE_NOT_PROJECTABLE with nothing of the answer sent, from json() and jsonStream() alike.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, jsonStream, type FwResponse } from '../src/http/response.ts';
import type { JsonSchema } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const secret = () => ({ id: 1, secret: 'hunter2' });
const notObject = { not: { type: 'object' } };
const underA = (a: JsonSchema) => ({ type: 'object', properties: { a } });
const listOf = (items: JsonSchema) => ({ type: 'array', items });

const routes: readonly (readonly [string, () => FwResponse, JsonSchema])[] = [
  ['/not/object', () => json({ a: secret() }), underA(notObject)],
  ['/not/array', () => json({ a: [secret()] }), underA(notObject)],
  ['/not/all-of', () => json({ a: secret() }), underA({ allOf: [notObject, { description: 'no shape either' }] })],
  ['/not/stream', () => jsonStream([secret()]), listOf(notObject)],
  ['/not/keyed', () => jsonStream([secret()], { key: 'list' }), { type: 'object', properties: { list: listOf(notObject) } }],
  // A `not` beside a type or properties only checks: the value goes as they say.
  ['/not/beside', () => json({ a: 'text', b: secret(), c: secret(), d: secret() }), { type: 'object', properties: { a: notObject, b: { type: 'object', properties: { id: {} }, not: { required: ['x'] } }, c: { type: 'object', not: { required: ['x'] } }, d: { allOf: [{ not: { required: ['x'] } }, { type: 'object' }] } } }],
];

// A recursive schema (a node and its `self`, a list of lists) and answers that never end under it, or end past the stack.
const node = { $ref: '#/$defs/o', $defs: { o: { type: 'object', properties: { a: {}, self: { $ref: '#/$defs/o' } } } } };
const lists = { $ref: '#/$defs/n', $defs: { n: { type: 'array', items: { $ref: '#/$defs/n' } } } };
const cyclic = () => {
  const c: Record<string, unknown> = { a: 1, secret: 'hunter2' };
  c.self = c;
  return c;
};
const nested = (depth: number) => {
  let list: unknown[] = [];
  for (let level = 0; level < depth; level++) list = [list];
  return list;
};
const cycles: readonly (readonly [string, () => FwResponse, JsonSchema])[] = [
  ['/cycle/ref', () => json(cyclic()), node],
  ['/cycle/deep', () => json(nested(3000)), lists],
  ['/cycle/union', () => json({ x: cyclic() }), { type: 'object', properties: { x: { anyOf: [{ type: 'object' }, { type: 'null' }] } } }],
  ['/cycle/stream', () => jsonStream([cyclic()]), { type: 'array', items: node.$defs.o, $defs: node.$defs }],
  ['/cycle/keyed', () => jsonStream([cyclic()], { key: 'list' }), { type: 'object', properties: { list: { type: 'array', items: { $ref: '#/$defs/o' } } }, $defs: node.$defs }],
  // What ends goes: a node 100 deep, 100 lists.
  ['/cycle/fine', () => json(Array.from({ length: 100 }).reduce<object>((self) => ({ a: 1, secret: 'x', self }), { a: 0 })), node],
  ['/cycle/fine-lists', () => json(nested(100)), lists],
  // A RangeError of the app's own (an invalid Date's toISOString() in a toJSON) stays as it is.
  ['/cycle/app-range-error', () => json({ toJSON: () => new Date(NaN).toISOString() }), node],
];

// Schemas that allow no value through a part: an allOf of false or {not: {}}, a $ref to {not: {}}, beside a type too.
const never = { type: 'object', properties: { password: { allOf: [{ not: {} }] }, pin: { allOf: [false] }, token: { $ref: '#/$defs/never' }, key: { allOf: [{ type: 'string' }, { not: {} }] }, tags: { type: 'array', items: { allOf: [false] } }, id: { allOf: [true, { type: 'integer' }] } }, $defs: { never: { not: {} } } };
// The same one allOf or more deeper, or through a $ref to such an allOf, beside a typed part.
const deepNever = {
  type: 'object',
  properties: {
    card: { allOf: [{ allOf: [{ not: {} }] }, { type: 'object', properties: { number: {} } }] },
    pin: { allOf: [{ allOf: [{ allOf: [false] }] }, { type: 'integer' }] },
    token: { allOf: [{ $ref: '#/$defs/nested' }, { type: 'string' }] },
    key: { allOf: [{ type: 'string' }, { allOf: [{ $ref: '#/$defs/never' }] }] },
    id: { allOf: [{ allOf: [true] }, { type: 'integer' }] },
  },
  $defs: { never: { not: {} }, nested: { allOf: [{ allOf: [{ not: {} }] }] } },
};
const neverRoutes: readonly (readonly [string, () => FwResponse, JsonSchema])[] = [
  ['/never', () => json({ password: 'hunter2', pin: 1234, token: 't', key: 'k', tags: ['a'], id: 7 }), never],
  ['/never/deep', () => json({ card: { number: '4111' }, pin: 1234, token: 't', key: 'k', id: 7 }), deepNever],
];

/** The last request_failed line's error. */
const failure = (app: InjectedApp) => app.logs.findLast((line) => line.fields.event === 'request_failed')?.fields.err as { code?: string; message: string };

describe('route schemas: answers the projection cannot follow', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      groups: [{ prefix: '', security: false, routes: [...routes, ...cycles, ...neverRoutes].map(([path, handler, schema]) => ({ path, handler, options: { methods: ['get' as const], schema: { response: { 200: schema } } } })) }],
    });
  });
  after(() => app.close());

  it('lets no object or array through a `not` with no type, properties or items beside it, from json() and jsonStream(): a coded 500', async () => {
    for (const [path, at, found] of [['/not/object', '#/properties/a', 'an object'], ['/not/array', '#/properties/a', 'an array'], ['/not/all-of', '#/properties/a', 'an object'], ['/not/stream', '#/items', 'an object'], ['/not/keyed', '#/properties/list/items', 'an object']]) {
      const res = await app.fetch(path!);
      assert.deepEqual([res.status, await res.text()], [500, '{"error":"internal server error"}'], path);
      const failed = failure(app);
      assert.equal(failed.code, 'FW_ERR_RESPONSE_NOT_PROJECTABLE', path);
      assert.equal(failed.message, `route GET ${path} schema.response.200: ${at} allows only scalars (it has a not and no type, properties or items), but the answer has ${found} there`);
    }
    const res = await app.fetch('/not/beside');
    assert.deepEqual([res.status, await res.text()], [200, '{"a":"text","b":{"id":1},"c":{"id":1,"secret":"hunter2"},"d":{"id":1,"secret":"hunter2"}}']);
  });

  it('sends no value under a schema with an allOf part or a $ref that allows none (false, {not: {}}), as under false itself', async () => {
    const res = await app.fetch('/never');
    assert.deepEqual([res.status, await res.text()], [200, '{"tags":[null],"id":7}']);
  });

  it('sends no value under a part that allows none one allOf or more deeper (or through a $ref to one), beside a typed part', async () => {
    const res = await app.fetch('/never/deep');
    assert.deepEqual([res.status, await res.text()], [200, '{"id":7}']);
  });

  it('reads a $ref to a boolean schema as that schema: false allows no value, true any (start-up failed: Cannot use \'in\' operator)', async () => {
    const schema = { type: 'object', properties: { a: { $ref: '#/$defs/no' }, b: { $ref: '#/$defs/yes' }, c: { allOf: [{ $ref: '#/$defs/no' }, { type: 'integer' }] } }, $defs: { no: false, yes: true } };
    const booleans = await injectTestApp({ groups: [{ prefix: '', security: false, routes: [{ path: '/b', handler: () => json({ a: 1, b: { any: 2 }, c: 3, d: 4 }), options: { methods: ['get' as const], schema: { response: { 200: schema } } } }] }] });
    try {
      assert.equal(await (await booleans.fetch('/b')).text(), '{"b":{"any":2}}');
    } finally {
      await booleans.close();
    }
  });

  it('answers a cyclic answer under a recursive $ref or a union, or one nested 3,000 deep, with the coded 500, from json() and jsonStream(): not a bare RangeError', async () => {
    for (const path of ['/cycle/ref', '/cycle/deep', '/cycle/union', '/cycle/stream', '/cycle/keyed']) {
      const res = await app.fetch(path);
      assert.deepEqual([res.status, await res.text()], [500, '{"error":"internal server error"}'], path);
      const failed = failure(app);
      assert.deepEqual([failed.code, failed.message], ['FW_ERR_RESPONSE_NOT_PROJECTABLE', `route GET ${path} schema.response.200: the answer is cyclic (it contains itself) or nested too deep to project`], path);
    }
    const fine = await app.fetch('/cycle/fine');
    assert.equal(fine.status, 200);
    assert.doesNotMatch(await fine.text(), /secret/);
    assert.equal(await (await app.fetch('/cycle/fine-lists')).text(), JSON.stringify(nested(100)));
    const own = await app.fetch('/cycle/app-range-error');
    assert.equal(own.status, 500);
    const failed = failure(app) as { code?: string; name?: string; message: string };
    assert.deepEqual([failed.code, failed.message], [undefined, 'Invalid time value']);
  });
});
