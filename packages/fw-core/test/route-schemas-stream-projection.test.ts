/**
 * A response schema applies to a jsonStream() answer as to a json() one: each streamed item goes
 * through the schema of the array it is an item of, so a field the schema does not list never
 * leaves, whether the list is written at once or item by item.
 */
import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { json, jsonStream } from '../src/http/response.ts';
import type { JsonSchema } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const users = [
  { id: 1, name: 'ada', password: 'hunter2' },
  { id: 2, name: 'bob', password: 'swordfish' },
];
const userSchema = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
const keyedSchema = { type: 'object', properties: { users: { type: 'array', items: userSchema } } };

/** Items whose toJSON() writes the key JSON.stringify passes it. */
const keyed = Array.from({ length: 3 }, () => ({ toJSON: (key: string) => `at ${key}` }));

async function* fromStore(): AsyncGenerator<unknown> {
  yield* users;
}

/** How many items counted() was asked for: a cursor's rows read. */
let pulled = 0;
/** The last Readable /unlisted-key-readable answered with. */
let rows: Readable | undefined;
async function* counted(): AsyncGenerator<unknown> {
  for (const user of users) {
    pulled += 1;
    yield user;
  }
}

describe('route schemas: streamed responses', () => {
  let app: InjectedApp;
  before(async () => {
    const get = (schema: JsonSchema) => ({ methods: ['get' as const], schema: { response: { 200: schema } } });
    app = await injectTestApp({
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/keyed', handler: () => jsonStream(fromStore(), { key: 'users' }), options: get(keyedSchema) },
            { path: '/bare', handler: () => jsonStream(users), options: get({ type: 'array', items: userSchema }) },
            { path: '/whole', handler: () => json({ users }), options: get(keyedSchema) },
            { path: '/keys-streamed', handler: () => jsonStream(keyed), options: { methods: ['get' as const] } },
            { path: '/keys-whole', handler: () => json(keyed), options: { methods: ['get' as const] } },
            { path: '/tuple', handler: () => jsonStream(users), options: get({ type: 'array', prefixItems: [userSchema] }) },
            // json({posts: users}) under keyedSchema sends {}: the schema lets no posts key leave.
            { path: '/unlisted-key', handler: () => jsonStream(fromStore(), { key: 'posts' }), options: get(keyedSchema) },
            { path: '/unlisted-key-array', handler: () => jsonStream(users, { key: 'posts' }), options: get(keyedSchema) },
            { path: '/unlisted-key-empty', handler: () => jsonStream([], { key: 'posts' }), options: get(keyedSchema) },
            { path: '/unlisted-key-unread', handler: () => jsonStream(counted(), { key: 'posts' }), options: get(keyedSchema) },
            { path: '/unlisted-key-readable', handler: () => jsonStream((rows = Readable.from(users)), { key: 'posts' }), options: get(keyedSchema) },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it('strips each item of a keyed stream, as json() strips the whole body', async () => {
    const streamed = await (await app.fetch('/keyed')).text();
    assert.equal(streamed, '{"users":[{"id":1,"name":"ada"},{"id":2,"name":"bob"}]}');
    assert.equal(await (await app.fetch('/whole')).text(), streamed);
  });

  it('strips each item of a bare array stream', async () => {
    assert.equal(await (await app.fetch('/bare')).text(), '[{"id":1,"name":"ada"},{"id":2,"name":"bob"}]');
  });

  it("passes an item's own toJSON its index within the batch encoded, where json() passes its index in the list (documented)", async () => {
    assert.equal(await (await app.fetch('/keys-whole')).text(), '["at 0","at 1","at 2"]');
    // The first item is encoded alone, to size the batches, then the rest as one batch.
    assert.equal(await (await app.fetch('/keys-streamed')).text(), '["at 0","at 0","at 1"]');
  });

  it('refuses a stream under a tuple schema, whose positions it cannot follow item by item, rather than send elements past the tuple', async () => {
    const res = await app.fetch('/tuple');
    assert.equal(res.status, 500);
    assert.deepEqual(await res.json(), { error: 'internal server error' });
    const failed = app.logs.findLast((line) => line.fields.event === 'request_failed')?.fields.err as { code?: string; message: string };
    assert.equal(failed.code, 'FW_ERR_RESPONSE_NOT_PROJECTABLE');
    assert.equal(failed.message, 'route GET /tuple schema.response.200: # is a tuple, whose elements a jsonStream cannot project one by one: give the list an items schema');
  });

  it("refuses a keyed stream whose key the schema does not let leave, rather than send each item as null", async () => {
    for (const path of ['/unlisted-key', '/unlisted-key-array', '/unlisted-key-empty', '/unlisted-key-unread', '/unlisted-key-readable']) {
      const res = await app.fetch(path);
      assert.equal(res.status, 500, path);
      assert.deepEqual(await res.json(), { error: 'internal server error' });
      const failed = app.logs.findLast((line) => line.fields.event === 'request_failed')?.fields.err as { code?: string; message: string };
      assert.equal(failed.code, 'FW_ERR_RESPONSE_NOT_PROJECTABLE');
      assert.equal(failed.message, 'jsonStream key posts: the response schema for 200 lets no value leave under it, so each item would be sent as null; list posts in its properties');
    }
    // Refused before any item is read: an empty list under that key too (it went out as {"posts":[]}), and no row of a cursor.
    assert.equal(pulled, 0);
    assert.equal(rows?.destroyed, true, 'the unread Readable is disposed of');
  });
});
