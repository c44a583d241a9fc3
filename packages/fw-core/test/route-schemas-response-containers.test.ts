/**
 * What leaves through a response schema when the answer's shape is not the schema's (found by an
 * interop audit against Fastify's fast-json-stringify): an array where the schema says object, or
 * an object where it says array, left whole, fields the schema does not list included; now each
 * is refused (500, FW_ERR_RESPONSE_NOT_PROJECTABLE), as an object under a scalar type always
 * was. An object with toJSON() is what toJSON() returns, as JSON.stringify and Fastify take it,
 * projected through the schema (a Money as its text, an ORM document as its listed fields).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json, jsonStream } from '../src/http/response.ts';
import type { RouteEntry } from '../src/app/route-group.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

class Money {
  readonly cents: number;
  constructor(cents: number) {
    this.cents = cents;
  }
  toJSON(): string {
    return (this.cents / 100).toFixed(2);
  }
}
class Document {
  readonly _doc = { id: 7, title: 't', passwordHash: 'x' };
  toJSON(): object {
    return this._doc;
  }
}

const user = { type: 'object', properties: { id: { type: 'integer' } } } as const;

/** A result set (an Array subclass) whose toJSON() would send its SQL and host: a red team's case. */
class ResultSet extends Array<unknown> {
  toJSON(): object {
    return { rows: Array.from(this), sql: 'SELECT * FROM users', dbHost: '10.0.0.5' };
  }
}
const rows = (): ResultSet => ResultSet.from([{ id: 1, passwordHash: 'x' }]) as ResultSet;
const routes: RouteEntry[] = [
  { path: '/array-for-object', handler: () => json({ user: [{ id: 1, password: 'hunter2' }] }), options: { methods: ['get'], schema: { response: { 200: { type: 'object', properties: { user } } } } } },
  { path: '/object-for-array', handler: () => json({ tags: { name: 'a', ownerEmail: 'o@example.com' } }), options: { methods: ['get'], schema: { response: { 200: { type: 'object', properties: { tags: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } } } } } } } },
  { path: '/array-subclass', handler: () => json({ users: rows() }), options: { methods: ['get'], schema: { response: { 200: { type: 'object', properties: { users: { type: 'array', items: user } } } } } } },
  { path: '/array-subclass-nullable', handler: () => json({ users: rows() }), options: { methods: ['get'], schema: { response: { 200: { type: 'object', properties: { users: { anyOf: [{ type: 'array', items: user }, { type: 'null' }] } } } } } } },
  { path: '/array-subclass-stream', handler: () => jsonStream(rows()), options: { methods: ['get'], schema: { response: { 200: { type: 'array', items: user } } } } },
  // A plain array given its own toJSON (as a driver may tag its rows): under a schema with no items it went out as toJSON's object.
  { path: '/array-own-to-json', handler: () => json({ users: Object.assign([{ id: 1 }], { toJSON: () => ({ sql: 'SELECT * FROM users' }) }) }), options: { methods: ['get'], schema: { response: { 200: { type: 'object', properties: { users: { type: 'array' } } } } } } },
  { path: '/map-of-users', handler: () => json({ a: { id: 1, passwordHash: 'x' } }), options: { methods: ['get'], schema: { response: { 200: { type: 'object', additionalProperties: user } } } } },
  { path: '/map-of-strings', handler: () => json({ en: { text: 'x', note: 'internal' } }), options: { methods: ['get'], schema: { response: { 200: { type: 'object', additionalProperties: { type: 'string' } } } } } },
  {
    path: '/to-json',
    handler: () => json({ price: new Money(1999), post: new Document() }),
    options: { methods: ['get'], schema: { response: { 200: { type: 'object', properties: { price: { type: 'object', properties: { cents: { type: 'integer' } } }, post: { type: 'object', properties: { id: { type: 'integer' }, title: { type: 'string' } } } } } } } },
  },
];

describe('response schemas and answers of another shape', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({ groups: [{ prefix: '', security: false, routes }] });
  });
  after(() => app.close());

  for (const [path, at] of [['/array-for-object', '#/properties/user allows no array'], ['/object-for-array', '#/properties/tags allows no object']] as const) {
    it(`refuses ${path.slice(1).replaceAll('-', ' ')} with a 500 instead of sending it whole`, async () => {
      const res = await app.fetch(path);
      assert.equal(res.status, 500);
      assert.doesNotMatch(await res.text(), /hunter2|ownerEmail/);
      const failed = app.logs.findLast((line) => line.fields.event === 'request_failed')?.fields.err as { code?: string; message: string };
      assert.equal(failed.code, 'FW_ERR_RESPONSE_NOT_PROJECTABLE');
      assert.match(failed.message, new RegExp(at.replace(/[/#]/g, '\\$&')));
    });
  }

  it("sends an Array subclass's elements, projected, never its own toJSON() (in json() and as a jsonStream's items)", async () => {
    assert.equal(await (await app.fetch('/array-subclass')).text(), '{"users":[{"id":1}]}');
    assert.equal(await (await app.fetch('/array-subclass-stream')).text(), '[{"id":1}]');
    // Under a union the branch is chosen by the elements too: its toJSON() (an object) matched no branch, a 500.
    assert.equal(await (await app.fetch('/array-subclass-nullable')).text(), '{"users":[{"id":1}]}');
  });

  it("sends a plain array's elements, never its own toJSON(), under an array schema without items", async () => {
    assert.equal(await (await app.fetch('/array-own-to-json')).text(), '{"users":[{"id":1}]}');
  });

  it('projects values under additionalProperties with a schema and no properties (they went out whole)', async () => {
    assert.equal(await (await app.fetch('/map-of-users')).text(), '{"a":{"id":1}}');
    const strings = await app.fetch('/map-of-strings');
    assert.equal(strings.status, 500, 'an object where only a string may be');
    assert.deepEqual(await strings.json(), { error: "internal server error" });
  });

  it("sends an object's toJSON() through the schema, as JSON.stringify does: the Money's text, the document's listed fields", async () => {
    const res = await app.fetch('/to-json');
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '{"price":"19.99","post":{"id":7,"title":"t"}}');
  });
});
