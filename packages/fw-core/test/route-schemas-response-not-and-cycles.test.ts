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

/** The last request_failed line's error. */
const failure = (app: InjectedApp) => app.logs.findLast((line) => line.fields.event === 'request_failed')?.fields.err as { code?: string; message: string };

describe('route schemas: answers the projection cannot follow', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      groups: [{ prefix: '', security: false, routes: routes.map(([path, handler, schema]) => ({ path, handler, options: { methods: ['get' as const], schema: { response: { 200: schema } } } })) }],
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
});
