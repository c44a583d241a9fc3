/**
 * Standard Schemas in route schemas (docs/applications-reference.md, "Zod and other Standard
 * Schemas"): one contract run over zod and valibot. fw runs the library's own `validate` and the
 * handler reads its output (coerced, defaulted, unknown keys stripped, transformed, as the library
 * does); a failing part is fw's 400 whose details are the library's own issues on the same input,
 * paths as JSON Pointers; an async refinement is awaited; a response schema's output is what is
 * sent, and an answer it refuses is a 500. JSON Schema and Standard Schema parts mix in one route.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import * as v from 'valibot';
import * as z from 'zod';
import type { RouteGroup } from '../src/app/route-group.ts';
import type { FwError } from '../src/errors.ts';
import type { FwRequest } from '../src/http/request.ts';
import { json } from '../src/http/response.ts';
import type { StandardSchemaV1 } from '../src/schema/route-schema.ts';
import { injectTestApp, type InjectedApp } from './support/inject-app.ts';

/** The schemas the contract needs, written in one library. */
interface Library {
  readonly name: string;
  /** `{id}`: a positive integer from the path text. */
  readonly params: StandardSchemaV1;
  /** `{limit}`: an integer up to 50 from the query text, 20 when absent; `{tag}` optional. */
  readonly query: StandardSchemaV1;
  /** `{name, tags}`: a non-empty name, tags default []; unknown keys stripped. */
  readonly body: StandardSchemaV1;
  /** `{name}` that must not be 'taken', checked asynchronously. */
  readonly asyncBody: StandardSchemaV1;
  /** `{'x-key'}`: three characters. */
  readonly headers: StandardSchemaV1;
  /** `{id: number, name: string}`: what a user answer may carry. */
  readonly user: StandardSchemaV1;
}

const LIBRARIES: readonly Library[] = [
  {
    name: 'zod',
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ limit: z.coerce.number().int().max(50).default(20), tag: z.string().optional() }),
    body: z.object({ name: z.string().min(1), tags: z.array(z.string()).default([]) }),
    asyncBody: z.object({ name: z.string().refine(async (name) => name !== 'taken', 'taken') }),
    headers: z.object({ 'x-key': z.string().length(3) }),
    user: z.object({ id: z.number(), name: z.string() }),
  },
  {
    name: 'valibot',
    params: v.object({ id: v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)) }),
    query: v.object({ limit: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.maxValue(50)), '20'), tag: v.optional(v.string()) }),
    body: v.object({ name: v.pipe(v.string(), v.minLength(1)), tags: v.optional(v.array(v.string()), []) }),
    asyncBody: v.objectAsync({ name: v.pipeAsync(v.string(), v.checkAsync(async (name) => name !== 'taken', 'taken')) }),
    headers: v.object({ 'x-key': v.pipe(v.string(), v.length(3)) }),
    user: v.object({ id: v.number(), name: v.string() }),
  },
];

const DECODE_JSON = { phase: 'pre_request', module: 'fw_request_plugin', options: { decode_json_body: true } };

const echo = (req: FwRequest) => json({ pathParams: req.pathParams ?? null, queryParams: req.queryParams ?? null, body: req.body ?? null });

function groups(lib: Library): RouteGroup[] {
  const idParams = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] } as const;
  return [
    {
      prefix: '',
      security: false,
      routes: [
        { path: '/items/:id', handler: echo, options: { methods: ['get'], schema: { params: lib.params, query: lib.query } } },
        { path: '/items', handler: echo, options: { methods: ['post'], schema: { body: lib.body } } },
        { path: '/names', handler: echo, options: { methods: ['post'], schema: { body: lib.asyncBody } } },
        { path: '/keyed', handler: echo, options: { methods: ['get'], schema: { headers: lib.headers } } },
        // A JSON Schema part (ajv, coerced) beside a Standard Schema part.
        { path: '/mixed/:id', handler: echo, options: { methods: ['put'], schema: { params: idParams, body: lib.body } } },
        { path: '/users/:id', handler: (req) => json({ id: Number(req.bindings.id), name: 'ada', password: 'secret' }), options: { methods: ['get'], schema: { response: { 200: lib.user } } } },
        { path: '/broken', handler: () => json({ id: 'one', name: 'ada' }), options: { methods: ['get'], schema: { response: { 200: lib.user } } } },
      ],
    },
  ];
}

/** The library's own issues for `value`, as fw's details list them: messages from the library, paths as JSON Pointers. */
async function libraryIssues(schema: StandardSchemaV1, value: unknown, paths: readonly string[], keyword: (issue: object) => string): Promise<unknown[]> {
  const result = await schema['~standard'].validate(value);
  assert.ok(result.issues !== undefined, 'the library refuses the value too');
  assert.equal(result.issues.length, paths.length);
  return result.issues.map((issue, at) => ({ path: paths[at], keyword: keyword(issue), message: issue.message, params: {} }));
}

/** The error of the `request_failed` line logged for `path`. */
async function failedRequest(app: InjectedApp, path: string): Promise<unknown> {
  const line = await app.waitForLog((logged) => logged.fields.event === 'request_failed' && String((logged.fields.err as Error).message).includes(` ${path} `));
  return line.fields.err;
}

const KEYWORD: Readonly<Record<string, (issue: object) => string>> = {
  zod: (issue) => (issue as { code: string }).code,
  valibot: () => 'standard',
};

for (const lib of LIBRARIES) {
  describe(`route schemas of ${lib.name}, a Standard Schema`, () => {
    let app: InjectedApp;
    before(async () => {
      app = await injectTestApp({ fw: { plugins: [DECODE_JSON] }, groups: groups(lib) });
    });
    after(() => app.close());
    const keyword = KEYWORD[lib.name]!;

    it('hands the handler the output of params and query: coerced from text, defaulted', async () => {
      const res = await app.fetch('/items/7?tag=x');
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { pathParams: { id: 7 }, queryParams: { limit: 20, tag: 'x' }, body: null });
    });

    it("answers 400 invalid params with the library's own issues, before the query is looked at", async () => {
      const res = await app.fetch('/items/0?limit=99');
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: 'invalid params', details: await libraryIssues(lib.params, { id: '0' }, ['/id'], keyword) });
    });

    it("answers 400 invalid query with the library's own issues", async () => {
      const res = await app.fetch('/items/1?limit=99');
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: 'invalid query', details: await libraryIssues(lib.query, { limit: '99' }, ['/limit'], keyword) });
    });

    it('hands the handler the body as the library outputs it: unknown keys stripped, defaults set', async () => {
      const res = await app.fetch('/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'n', admin: true }) });
      assert.equal(res.status, 200);
      assert.deepEqual(((await res.json()) as { body: unknown }).body, { name: 'n', tags: [] });
    });

    it("answers 400 invalid body with the library's issues on the decoded body, paths as JSON Pointers", async () => {
      const sent = { name: '', tags: ['a', 2] };
      const res = await app.fetch('/items', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(sent) });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: 'invalid body', details: await libraryIssues(lib.body, sent, ['/name', '/tags/1'], keyword) });
    });

    it('awaits an asynchronous check: 400 when it refuses, the handler when it passes', async () => {
      const refused = await app.fetch('/names', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"taken"}' });
      assert.equal(refused.status, 400);
      assert.deepEqual(await refused.json(), { error: 'invalid body', details: await libraryIssues(lib.asyncBody, { name: 'taken' }, ['/name'], keyword) });
      const passed = await app.fetch('/names', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"free"}' });
      assert.equal(passed.status, 200);
      assert.deepEqual(((await passed.json()) as { body: unknown }).body, { name: 'free' });
    });

    it('checks headers, answering 400 invalid headers', async () => {
      assert.equal((await app.fetch('/keyed', { headers: { 'x-key': 'abc' } })).status, 200);
      const res = await app.fetch('/keyed', { headers: { 'x-key': 'abcd' } });
      assert.equal(res.status, 400);
      assert.deepEqual(await res.json(), { error: 'invalid headers', details: await libraryIssues(lib.headers, { 'x-key': 'abcd' }, ['/x-key'], keyword) });
    });

    it('mixes a JSON Schema part, coerced by ajv, with a Standard Schema part', async () => {
      const res = await app.fetch('/mixed/3', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"name":"m"}' });
      assert.equal(res.status, 200);
      assert.deepEqual(await res.json(), { pathParams: { id: 3 }, queryParams: null, body: { name: 'm', tags: [] } });
      assert.equal((await app.fetch('/mixed/x', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"name":"m"}' })).status, 400);
    });

    it("sends a response schema's output: a field it does not list never leaves", async () => {
      const res = await app.fetch('/users/5');
      assert.equal(res.status, 200);
      assert.equal(await res.text(), '{"id":5,"name":"ada"}');
    });

    it("answers 500 for an answer its response schema refuses, logging FW_ERR_RESPONSE_NOT_PROJECTABLE with the library's issue", async () => {
      const res = await app.fetch('/broken');
      assert.deepEqual({ status: res.status, body: await res.json() }, { status: 500, body: { error: 'internal server error' } });
      const [issue] = await libraryIssues(lib.user, { id: 'one', name: 'ada' }, ['/id'], keyword);
      const error = (await failedRequest(app, '/broken')) as FwError;
      assert.deepEqual([error.code, error.message], ['FW_ERR_RESPONSE_NOT_PROJECTABLE', `route GET /broken schema.response.200: the answer fails its schema: /id: ${(issue as { message: string }).message}`]);
    });
  });
}

describe('a Standard Schema that checks asynchronously as a response schema', () => {
  it('is a 500: a write cannot wait for it', async () => {
    const user = z.object({ id: z.number().refine(async () => true) });
    const app = await injectTestApp({ groups: [{ prefix: '', security: false, routes: [{ path: '/u', handler: () => json({ id: 1 }), options: { methods: ['get'], schema: { response: { 200: user } } } }] }] });
    try {
      assert.equal((await app.fetch('/u')).status, 500);
      const error = (await failedRequest(app, '/u')) as FwError;
      assert.deepEqual([error.code, error.message], ['FW_ERR_RESPONSE_NOT_PROJECTABLE', 'route GET /u schema.response.200: the answer fails its schema: its schema checks asynchronously, which a response schema may not']);
    } finally {
      await app.close();
    }
  });
});

describe('a Standard Schema among the named schemas (defineApp({schemas}))', () => {
  it('stops start-up with FW_ERR_SCHEMA_BAD_NAMED: named schemas are JSON Schemas, a zod schema is shared by importing it', async () => {
    const groups = [{ prefix: '', security: false as const, routes: [{ path: '/x', handler: () => json({}), options: { methods: ['get'] as const, schema: { query: z.object({}) } } }] }];
    await assert.rejects(injectTestApp({ groups, schemas: { task: z.object({ id: z.number() }) as never } }), (error: Error) => {
      const cause = (error.cause ?? error) as FwError;
      assert.equal(cause.code, 'FW_ERR_SCHEMA_BAD_NAMED');
      assert.equal(cause.message, "the app's schema task is a zod schema, but named schemas are JSON Schemas (a $ref names them): share it by importing it where routes use it");
      return true;
    });
  });
});
