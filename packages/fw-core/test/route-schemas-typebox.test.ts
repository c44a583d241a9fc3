/**
 * TypeBox schemas in routes (docs/applications-reference.md, "TypeBox"): a TypeBox schema is a
 * JSON Schema, so fw takes it as it takes an `as const` literal: ajv checks it, with fw's decimal
 * coercion of path and query text, and answers are projected through it. The contract is TypeBox's
 * own: on the same bodies, fw accepts exactly what TypeBox's `Value.Check` accepts, for TypeBox 1
 * (`typebox`, formats included) and 0.34 (`@sinclair/typebox`, whose schemas carry symbol keys).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Type as Type034, type TSchema as TSchema034 } from '@sinclair/typebox';
import { Value as Value034 } from '@sinclair/typebox/value';
import Type, { type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { json, type JsonResponse } from '../src/http/response.ts';
import type { FwRequest } from '../src/http/request.ts';
import type { HttpMethod } from '../src/router/router.ts';
import type { NamedSchemaMap, RouteSchema } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

/** One TypeBox version's schemas and its own validator. */
interface Version {
  readonly name: string;
  readonly check: (schema: never, value: unknown) => boolean;
  /** `{title, tags?, state, due?}`: no other key. */
  readonly body: object;
  /** `{id}`: an integer of at least 1. */
  readonly params: object;
  /** `{limit}`: an integer, 20 when absent; `{tag}` optional. */
  readonly query: object;
  /** `{id, title}`: what an answer may carry. */
  readonly task: object;
  /** `{$ref: 'task'}` to the named schema. */
  readonly ref: object;
}

const VERSIONS: readonly Version[] = [
  {
    name: 'TypeBox 1',
    check: (schema: TSchema, value: unknown) => Value.Check(schema, value),
    body: Type.Object(
      {
        title: Type.String({ minLength: 1 }),
        tags: Type.Optional(Type.Array(Type.String())),
        state: Type.Union([Type.Literal('open'), Type.Literal('done')]),
        due: Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.Null()])),
      },
      { additionalProperties: false },
    ),
    params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
    query: Type.Object({ limit: Type.Integer({ default: 20 }), tag: Type.Optional(Type.String()) }),
    task: Type.Object({ id: Type.Integer(), title: Type.String() }),
    ref: Type.Ref('task'),
  },
  {
    name: 'TypeBox 0.34',
    check: (schema: TSchema034, value: unknown) => Value034.Check(schema, value),
    body: Type034.Object(
      {
        title: Type034.String({ minLength: 1 }),
        tags: Type034.Optional(Type034.Array(Type034.String())),
        state: Type034.Union([Type034.Literal('open'), Type034.Literal('done')]),
        due: Type034.Optional(Type034.Null()),
      },
      { additionalProperties: false },
    ),
    params: Type034.Object({ id: Type034.Integer({ minimum: 1 }) }),
    query: Type034.Object({ limit: Type034.Integer({ default: 20 }), tag: Type034.Optional(Type034.String()) }),
    task: Type034.Object({ id: Type034.Integer(), title: Type034.String() }),
    ref: Type034.Ref('task'),
  },
];

/** Bodies on both sides of each keyword the body schema uses. */
const BODIES: readonly unknown[] = [
  { title: 'a', state: 'open' },
  { title: 'a', state: 'done', tags: ['x', 'y'], due: null },
  { title: 'a', state: 'open', due: '2026-11-30' },
  { title: 'a', state: 'open', due: '2026-13-45' },
  { title: '', state: 'open' },
  { title: 'a' },
  { title: 'a', state: 'closed' },
  { title: 'a', state: 'open', tags: ['x', 1] },
  { title: 'a', state: 'open', extra: true },
  { title: 1, state: 'open' },
  [],
  'text',
];

const echo = (req: FwRequest) => json({ pathParams: req.pathParams ?? null, queryParams: req.queryParams ?? null, body: req.body ?? null });
const route = (path: string, method: HttpMethod, schema: object, handler: (req: FwRequest) => JsonResponse = echo) => ({ path, handler, options: { methods: [method], schema: schema as RouteSchema } });

for (const version of VERSIONS) {
  describe(`${version.name} schemas in routes`, () => {
    let app: InjectedApp;
    before(async () => {
      app = await injectTestApp({
        schemas: { task: version.task } as NamedSchemaMap,
        fw: { plugins: [{ phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } }] },
        groups: [
          {
            prefix: '',
            security: false,
            routes: [
              route('/tasks', 'post', { body: version.body }),
              route('/tasks/:id', 'get', { params: version.params, query: version.query }),
              route('/named', 'post', { body: version.ref, response: { 200: version.ref } }, (req) => json({ ...(req.body as object), secret: 's' })),
              route('/answers', 'get', { response: { 200: version.task } }, () => json({ id: 1, title: 't', password: 'p' })),
            ],
          },
        ],
      });
    });
    after(() => app.close());

    const post = (path: string, body: unknown) => app.fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

    it("accepts exactly the bodies TypeBox's own Value.Check accepts", async () => {
      for (const body of BODIES) {
        const res = await post('/tasks', body);
        const expected = version.check(version.body as never, body) ? 200 : 400;
        assert.equal(res.status, expected, `${JSON.stringify(body)}: ${await res.text()}`);
      }
    });

    it('coerces decimal path and query text only, and fills a default', async () => {
      assert.deepEqual(await (await app.fetch('/tasks/7')).json(), { pathParams: { id: 7 }, queryParams: { limit: 20 }, body: null });
      assert.deepEqual(((await (await app.fetch('/tasks/7?limit=5&tag=a')).json()) as { queryParams: unknown }).queryParams, { limit: 5, tag: 'a' });
      for (const id of ['0x10', '1e3', ' 1', '0', '9007199254740993']) assert.equal((await app.fetch(`/tasks/${encodeURIComponent(id)}`)).status, 400, id);
    });

    it('validates and projects through a named schema a TypeBox Ref names', async () => {
      assert.deepEqual(await (await post('/named', { id: 1, title: 't', more: 1 })).json(), { id: 1, title: 't' });
      assert.equal((await post('/named', { id: 'one', title: 't' })).status, 400);
    });

    it('projects an answer through its response schema: unlisted fields never leave', async () => {
      assert.deepEqual(await (await app.fetch('/answers')).json(), { id: 1, title: 't' });
    });
  });
}
