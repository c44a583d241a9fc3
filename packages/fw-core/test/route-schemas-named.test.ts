/**
 * Named, shared schemas (issue 38, item 2): `defineApp({schemas})` names schemas that route schemas
 * reference as `{$ref: name}`; fw validates requests (ajv's addSchema) and projects answers through
 * them, and refuses at start a reference to no schema, and named schemas that are malformed or do
 * not compile, with coded errors.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RouteOptions } from '../src/app/route-group.ts';
import { FwError } from '../src/errors.ts';
import { json } from '../src/http/response.ts';
import type { FwRequest } from '../src/http/request.ts';
import type { NamedSchemaMap, SchemaCompiler } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

const tag = { type: 'string', minLength: 1 } as const;
const task = {
  type: 'object',
  properties: { id: { type: 'integer' }, title: { type: 'string', maxLength: 20 }, tags: { type: 'array', items: { $ref: 'tag' } } },
  required: ['title'],
} as const;
const paging = { type: 'object', properties: { limit: { type: 'integer', maximum: 50 } } } as const;
const schemas = { tag, task, paging };

const rejectsWith = (code: string, message: string) => (error: unknown) => {
  assert.ok(error instanceof FwError);
  assert.equal(error.code, code);
  assert.equal(error.message, message);
  return true;
};

const startWith = (options: RouteOptions, named: unknown = schemas, extra: { schemaCompiler?: SchemaCompiler } = {}) =>
  injectTestApp({
    schemas: named as NamedSchemaMap,
    ...extra,
    fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
    groups: [{ prefix: '', security: false, routes: [{ path: '/tasks', handler: (req: FwRequest) => json({ ...(req.body as object), id: 1, secret: 's' }), options: { methods: ['post'], ...options } }] }],
  });

describe('named schemas: validation and projection through {$ref: name}', () => {
  let app: InjectedApp;
  let seen: unknown;
  before(async () => {
    app = await injectTestApp({
      schemas,
      fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
      groups: [
        {
          prefix: '',
          security: false,
          routes: [
            {
              path: '/tasks',
              handler: (req) => json({ ...(req.body as object), id: 1, secret: 's' }, 201),
              options: { methods: ['post'], schema: { body: { $ref: 'task' }, response: { 201: { $ref: 'task' } } } },
            },
            {
              path: '/tasks',
              handler: (req) => {
                seen = req.queryParams;
                return json({ tasks: [{ id: 1, title: 'a', owner: 'x' }], total: 1 });
              },
              options: { methods: ['get'], schema: { query: { $ref: 'paging' }, response: { 200: { type: 'object', properties: { tasks: { type: 'array', items: { $ref: 'task' } } } } } } },
            },
          ],
        },
      ],
    });
  });
  after(() => app.close());

  const post = (body: unknown) => app.fetch('/tasks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('validates a body against the named schema, and the schemas it names in turn', async () => {
    const long = await post({ title: 'x'.repeat(21) });
    assert.equal(long.status, 400);
    assert.deepEqual(await long.json(), { error: 'invalid body', details: [{ path: '/title', keyword: 'maxLength', message: 'must NOT have more than 20 characters', params: { limit: 20 } }] });
    const emptyTag = await post({ title: 'ok', tags: [''] });
    assert.equal(emptyTag.status, 400);
    assert.equal(((await emptyTag.json()) as { details: { path: string }[] }).details[0]!.path, '/tags/0');
  });

  it('projects the answer through the named schema: unlisted fields never leave', async () => {
    const created = await post({ title: 'ok', tags: ['a'], extra: true });
    assert.equal(created.status, 201);
    assert.deepEqual(await created.json(), { title: 'ok', tags: ['a'], id: 1 });
  });

  it('coerces a query through a named schema and projects list items through it', async () => {
    const res = await app.fetch('/tasks?limit=10');
    assert.deepEqual(await res.json(), { tasks: [{ id: 1, title: 'a' }] });
    assert.deepEqual({ ...(seen as object) }, { limit: 10 });
    const over = await app.fetch('/tasks?limit=51');
    assert.equal(over.status, 400);
  });
});

describe('named schemas: refused at start', () => {
  it('a request schema naming no schema, with the names there are', async () => {
    await assert.rejects(
      startWith({ schema: { body: { $ref: 'tsk' } } }),
      rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', "route POST /tasks schema.body does not compile: can't resolve reference tsk from id #; a bare name refers to one of the app's schemas (defineApp({schemas})): tag, task, paging; did you mean task?"),
    );
  });

  it('a response schema naming no schema', async () => {
    await assert.rejects(
      startWith({ schema: { response: { 200: { type: 'object', properties: { task: { $ref: 'tsk' } } } } } }),
      rejectsWith('FW_ERR_ROUTE_BAD_SCHEMA', "route POST /tasks schema.response.200 does not compile: #/properties/task/$ref: tsk is not in the schema; a response schema's $ref points into its own #/$defs/... or #/definitions/..., or names a $id in it; a bare name refers to one of the app's schemas (defineApp({schemas})): tag, task, paging; did you mean task?"),
    );
  });

  it('a named schema that does not compile, even when no route uses it, with how to fix an unknown keyword', async () => {
    await assert.rejects(
      startWith({ schema: { body: { type: 'object' } } }, { ...schemas, bad: { type: 'object', requird: ['x'] } }),
      rejectsWith('FW_ERR_SCHEMA_BAD_NAMED', `the app's schema bad does not compile: strict mode: unknown keyword: "requird" (did you mean required?); fix its spelling, or let ajv accept it: defineApp({ajv: {customOptions: {keywords: ['requird']}}})`),
    );
  });

  it('a named schema naming no schema', async () => {
    await assert.rejects(
      startWith({ schema: { body: { type: 'object' } } }, { note: { $ref: 'missing' } }),
      rejectsWith('FW_ERR_SCHEMA_BAD_NAMED', "the app's schema note does not compile: can't resolve reference missing from id note; a bare name refers to one of the app's schemas (defineApp({schemas})): note"),
    );
  });

  it('schemas that are not an object of schemas by name, or have $defs', async () => {
    const route = { schema: { body: { type: 'object' } } };
    await assert.rejects(startWith(route, [task]), rejectsWith('FW_ERR_SCHEMA_BAD_NAMED', "the app's schemas must be an object of JSON Schemas by name, like {task: {type: 'object', ...}}"));
    await assert.rejects(startWith(route, { 'a task': task }), rejectsWith('FW_ERR_SCHEMA_BAD_NAMED', `the app's schema name "a task" must be letters, digits, '.', '_' or '-' (an OpenAPI component name)`));
    await assert.rejects(startWith(route, { task: 'object' }), rejectsWith('FW_ERR_SCHEMA_BAD_NAMED', "the app's schema task must be a JSON Schema (an object or a boolean)"));
    await assert.rejects(startWith(route, { task: { $defs: { tag } } }), rejectsWith('FW_ERR_SCHEMA_BAD_NAMED', "the app's schema task has $defs or definitions, which a named schema may not: name each of them in schemas and $ref it by name, or give routes the schema itself, unnamed (a route schema may have $defs, as TypeBox's Type.Cyclic does)"));
  });
});

describe('named schemas: an app schemaCompiler', () => {
  it('receives them with each schema it compiles', async () => {
    const given: unknown[] = [];
    const schemaCompiler: SchemaCompiler = (_schema, options) => {
      given.push(options.schemas);
      return () => ({ valid: true });
    };
    const app = await startWith({ schema: { body: { $ref: 'task' } } }, schemas, { schemaCompiler });
    await app.close();
    assert.ok(given.length >= 2);
    for (const named of given) assert.equal(named, schemas);
  });
});
