/**
 * Route schemas are checked once, at start: a wrong shape, a schema ajv refuses or a response
 * schema fw cannot project stops start-up with FW_ERR_ROUTE_BAD_SCHEMA naming the route; a
 * missing ajv is FW_ERR_SCHEMA_AJV_MISSING telling to install it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { RouteOptions } from '../src/app/route-group.ts';
import { FwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import { loadAjvCompiler } from '../src/schema/ajv-compiler.ts';
import { injectTestApp } from './support/inject-app.ts';

const startWith = (options: RouteOptions) =>
  injectTestApp({ groups: [{ prefix: '/api', security: false, routes: [{ path: '/things/:id', handler: () => json({}), options: { methods: ['get', 'put'], ...options } }] }] });

const rejectsWith = (code: string, message: string) => (error: unknown) => {
  assert.ok(error instanceof FwError);
  assert.equal(error.code, code);
  assert.equal(error.message, message);
  return true;
};

describe('route schemas: start-up errors', () => {
  it('names the route whose schema ajv refuses', async () => {
    await assert.rejects(
      startWith({ schema: { query: { type: 'object', properties: { limit: { type: 'integr' } } } } }),
      rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', 'route GET,PUT /api/things/:id schema.query does not compile: schema is invalid: data/properties/limit/type must be equal to one of the allowed values, data/properties/limit/type must be array, data/properties/limit/type must match a schema in anyOf'),
    );
  });

  it('refuses an unknown keyword (ajv strict mode) at start', async () => {
    await assert.rejects(
      startWith({ schema: { body: { type: 'object', requird: ['x'] } } }),
      rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', `route GET,PUT /api/things/:id schema.body does not compile: strict mode: unknown keyword: "requird" (did you mean required?); fix its spelling, or let ajv accept it: defineApp({ajv: {customOptions: {keywords: ['requird']}}})`),
    );
  });

  it("gives a later draft's keyword its draft-07 form, not the advice to let ajv accept it, which would leave it unchecked", async () => {
    const where = 'route GET,PUT /api/things/:id schema.body does not compile: strict mode: unknown keyword:';
    for (const [body, words] of [
      [{ type: 'array', prefixItems: [{ type: 'integer' }] }, '"prefixItems"; fw\'s ajv reads draft-07, where prefixItems is written items: [...], additionalItems'],
      [{ type: 'object', dependentRequired: { a: ['b'] } }, `"dependentRequired"; fw's ajv reads draft-07, where dependentRequired is written dependencies: {a: ['b']}`],
    ] as const) await assert.rejects(startWith({ schema: { body } }), rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', `${where} ${words}`));
  });

  it('refuses a params schema requiring a name the path does not bind (OpenAPI\'s {id} binds nothing), and takes one it binds', async () => {
    const withPath = (path: string) =>
      injectTestApp({ groups: [{ prefix: '/api', security: false, routes: [{ path, handler: () => json({}), options: { methods: ['get'], schema: { params: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } } } }] }] });
    await assert.rejects(
      withPath('/tasks/{id}'),
      rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', 'route GET /api/tasks/{id} schema.params requires id, which the path does not bind, so every request would be refused: a binding is written :id, not {id}'),
    );
    await assert.rejects(withPath('/tasks/:task_id'), rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', 'route GET /api/tasks/:task_id schema.params requires id, which the path does not bind, so every request would be refused: a binding is written :id'));
    await (await withPath('/tasks/:id')).close();
    // Through a $ref to a named schema too (it started, and refused every request).
    const named = injectTestApp({ schemas: { task: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } }, groups: [{ prefix: '/api', security: false, routes: [{ path: '/tasks/{id}', handler: () => json({}), options: { methods: ['get'], schema: { params: { $ref: 'task' } } } }] }] });
    await assert.rejects(named, rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', 'route GET /api/tasks/{id} schema.params requires id, which the path does not bind, so every request would be refused: a binding is written :id, not {id}'));
  });

  it('refuses a headers schema naming a header in capitals, which node:http never gives, and takes it in lowercase', async () => {
    const message = 'route GET,PUT /api/things/:id schema.headers names X-Tenant, but header names arrive in lowercase, so it would never see it: write x-tenant';
    await assert.rejects(startWith({ schema: { headers: { type: 'object', properties: { 'X-Tenant': { type: 'integer' } } } } }), rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', message));
    await assert.rejects(startWith({ schema: { headers: { type: 'object', required: ['X-Tenant'] } } }), rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', message));
    const app = await startWith({ schema: { headers: { type: 'object', properties: { 'x-tenant': { type: 'integer' } }, required: ['x-tenant'] } } });
    assert.equal((await app.fetch('/api/things/1', { headers: { 'X-Tenant': '7' } })).status, 200);
    await app.close();
  });

  it('refuses the same in a named headers schema a route refers to, capitals or additionalProperties: false (it started, and never saw the header)', async () => {
    const named = (headers: Record<string, unknown>) => injectTestApp({ schemas: { headers }, groups: [{ prefix: '/api', security: false, routes: [{ path: '/things/:id', handler: () => json({}), options: { methods: ['get'], schema: { headers: { $ref: 'headers' } } } }] }] });
    const where = 'route GET /api/things/:id schema.headers';
    await assert.rejects(named({ type: 'object', properties: { 'X-Tenant': { type: 'integer' } }, required: ['X-Tenant'] }), rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', `${where} names X-Tenant, but header names arrive in lowercase, so it would never see it: write x-tenant`));
    await assert.rejects(named({ type: 'object', properties: { 'x-tenant': { type: 'integer' } }, additionalProperties: false }), (error: unknown) => error instanceof FwError && error.message.startsWith(`${where}: additionalProperties: false refuses`));
    await (await named({ type: 'object', properties: { 'x-tenant': { type: 'integer' } } })).close();
  });

  it('refuses a body schema on a route whose methods all carry no body fw reads (GET, HEAD, DELETE), and takes one beside a method that does', async () => {
    const withMethods = (methods: NonNullable<RouteOptions['methods']>) =>
      injectTestApp({
        fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
        groups: [{ prefix: '/api', security: false, routes: [{ path: '/things/:id', handler: () => json({}), options: { methods, schema: { body: { type: 'object', properties: { reason: { type: 'string' } } } } } }] }],
      });
    await assert.rejects(withMethods(['delete']), rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', 'route DELETE /api/things/:id schema.body: fw reads no body of a GET, HEAD or DELETE request, so every request would be refused; take such data in schema.query'));
    await assert.rejects(withMethods(['get', 'head']), rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', 'route GET,HEAD /api/things/:id schema.body: fw reads no body of a GET, HEAD or DELETE request, so every request would be refused; take such data in schema.query'));
    const app = await withMethods(['delete', 'post']);
    assert.equal((await app.fetch('/api/things/1', { method: 'POST', body: JSON.stringify({ reason: 'x' }), headers: { 'content-type': 'application/json' } })).status, 200);
    await app.close();
  });

  it('refuses a headers schema with additionalProperties: false, which every request fails (host is always sent), and takes one without it', async () => {
    const headers = { type: 'object', properties: { 'x-tenant': { type: 'string' } }, additionalProperties: false };
    await assert.rejects(startWith({ schema: { headers } }), rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', 'route GET,PUT /api/things/:id schema.headers: additionalProperties: false refuses the headers every client sends (host, user-agent), so every request would be refused; list only the headers the route reads'));
    const app = await startWith({ schema: { headers: { ...headers, additionalProperties: true } } });
    assert.equal((await app.fetch('/api/things/1', { headers: { 'x-tenant': 'a' } })).status, 200);
    await app.close();
  });

  it('refuses an unknown schema key', async () => {
    await assert.rejects(
      startWith({ schema: { cookies: {} } as never }),
      rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', "route 0 of group 0 (prefix '/api') (/api/things/:id): unknown schema key cookies; schema keys are params, query, headers, body and response"),
    );
  });

  it('refuses a response key that is not a status', async () => {
    await assert.rejects(
      startWith({ schema: { response: { ok: {} } } }),
      rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', "route 0 of group 0 (prefix '/api') (/api/things/:id): schema.response has key ok; keys are statuses from 200 to 599"),
    );
  });

  it('refuses a response schema whose fields it cannot tell', async () => {
    await assert.rejects(
      startWith({ schema: { response: { 200: { type: 'object', properties: { user: { type: 'object', dependentSchemas: { a: { properties: { password: {} } } } } } } } } }),
      rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', 'route GET,PUT /api/things/:id schema.response.200 does not compile: #/properties/user uses dependentSchemas, which a response schema cannot use: fw could not tell which fields may leave'),
    );
  });

  it('refuses an onInvalid that is not a function', async () => {
    await assert.rejects(
      startWith({ schema: { body: {} }, onInvalid: 'x' as never }),
      rejectsWith('FW_ERR_ROUTE_BAD_OPTIONS', "route 0 of group 0 (prefix '/api') (/api/things/:id): onInvalid must be a function (failure, req) => response"),
    );
  });

  it('tells to install ajv when it cannot be imported', async () => {
    const missing = Object.assign(new Error("Cannot find package 'ajv'"), { code: 'ERR_MODULE_NOT_FOUND' });
    await assert.rejects(
      loadAjvCompiler({}, () => Promise.reject(missing)),
      rejectsWith('FW_ERR_SCHEMA_AJV_MISSING', 'a route declares options.schema but ajv is not installed: run `npm install ajv ajv-formats` (ajv-formats checks `format`), or give the app a schemaCompiler'),
    );
  });
});
