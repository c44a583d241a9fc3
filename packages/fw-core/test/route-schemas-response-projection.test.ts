/**
 * A route's response schema for the status answered projects `json` bodies in the one response
 * writer: fields it does not list never leave the server. fw's own 400 for a request failing the
 * schema is not the app's answer, so is written whole.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { json } from '../src/http/response.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const user = { id: 1, name: 'ada', password: 'hunter2', profile: { bio: 'b', token: 't' }, roles: [{ name: 'admin', secret: 's' }] };
const userSchema = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    name: { type: 'string' },
    profile: { type: 'object', properties: { bio: { type: 'string' } } },
    roles: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
  },
};

describe('route schemas: response projection', () => {
  let app: InjectedApp;
  before(async () => {
    app = await injectTestApp({
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            { path: '/user', handler: () => json(user), options: { methods: ['get'], schema: { response: { 200: userSchema } } } },
            { path: '/created', handler: () => json(user, 201), options: { methods: ['get'], schema: { response: { 200: userSchema } } } },
            { path: '/users', handler: () => json({ users: [user, user] }), options: { methods: ['get'], schema: { response: { 200: { type: 'object', properties: { users: { type: 'array', items: userSchema } } } } } } },
            {
              path: '/own-400',
              handler: () => json({ message: 'no such page', page: 9 }, 400),
              options: { methods: ['get'], schema: { query: { type: 'object', properties: { page: { type: 'integer' } } }, response: { 400: { type: 'object', properties: { message: { type: 'string' } } } } } },
            },
            {
              path: '/open',
              handler: () => json(user),
              options: { methods: ['get'], schema: { response: { 200: { type: 'object', properties: { profile: { type: 'object', properties: { bio: { type: 'string' } } } }, additionalProperties: true } } } },
            },
            {
              // `false` is JSON Schema's "no value here": under an open object it kept password and the pattern's keys.
              path: '/forbidden',
              handler: () => json(user),
              options: { methods: ['get'], schema: { response: { 200: { type: 'object', properties: { id: { type: 'integer' }, password: false }, patternProperties: { '^p': false }, additionalProperties: true } } } },
            },
            {
              // `{not: {}}` (TypeBox's Type.Never()) allows no value either: it let password and the pattern's keys leave.
              path: '/never',
              handler: () => json(user),
              options: { methods: ['get'], schema: { response: { 200: { type: 'object', properties: { id: { type: 'integer' }, password: { not: {} } }, patternProperties: { '^p': { not: {} } }, additionalProperties: true } } } },
            },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  it('never sends a field the schema does not list, nested and in arrays', async () => {
    const res = await app.fetch('/user');
    assert.equal(res.status, 200);
    const text = await res.text();
    assert.equal(text, '{"id":1,"name":"ada","profile":{"bio":"b"},"roles":[{"name":"admin"}]}');
    assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(text)));
  });

  it('projects each element of a listed array', async () => {
    const res = await app.fetch('/users');
    const one = { id: 1, name: 'ada', profile: { bio: 'b' }, roles: [{ name: 'admin' }] };
    assert.deepEqual(await res.json(), { users: [one, one] });
  });

  it('leaves a status without a schema untouched', async () => {
    const res = await app.fetch('/created');
    assert.equal(res.status, 201);
    assert.deepEqual(await res.json(), user);
  });

  it('keeps unlisted fields where additionalProperties allows them, still projecting listed ones', async () => {
    const res = await app.fetch('/open');
    assert.deepEqual(await res.json(), { ...user, profile: { bio: 'b' } });
  });

  it('never sends a property or pattern whose schema is false, even where additionalProperties lets others through', async () => {
    assert.equal(await (await app.fetch('/forbidden')).text(), '{"id":1,"name":"ada","roles":[{"name":"admin","secret":"s"}]}');
  });

  it('treats a schema of {not: {}} as false: its property and pattern never leave', async () => {
    assert.equal(await (await app.fetch('/never')).text(), '{"id":1,"name":"ada","roles":[{"name":"admin","secret":"s"}]}');
  });

  it("projects the handler's 400 through the route's 400 schema, never fw's own 400 for a request failing the schema", async () => {
    const own = await app.fetch('/own-400?page=9');
    assert.equal(own.status, 400);
    assert.deepEqual(await own.json(), { message: 'no such page' });
    const refused = await app.fetch('/own-400?page=x');
    assert.equal(refused.status, 400);
    assert.deepEqual(await refused.json(), { error: 'invalid query', details: [{ path: '/page', keyword: 'type', message: 'must be integer', params: { type: 'integer' } }] });
  });

  it('does not change the value the handler returned', async () => {
    await app.fetch('/user');
    assert.equal(user.password, 'hunter2');
    assert.deepEqual(user.profile, { bio: 'b', token: 't' });
  });
});
