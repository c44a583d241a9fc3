/**
 * Compile-time tests of typed routes (route(), FromSchema, TypedJson): `npx tsc -p
 * tsconfig.test.json` checks this file, never node. A line after `// @ts-expect-error` must
 * fail to compile, or tsc reports the directive unused (so `any` types fail here);
 * typed-routes-type-errors.test.ts checks each of them fails on its own line. `Equal` asserts
 * exact types, which `any` never is.
 */
import { httpError, inject, json, jsonStream, route, status, type FromSchema, type FwErrorBody, type FwListener, type JsonSchema, type JsonStreamResponse, type SchemaIssue } from '../../src/index.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

const post = {
  type: 'object',
  properties: {
    id: { type: 'integer', minimum: 1 },
    title: { type: 'string', maxLength: 255 },
    status: { type: 'string', enum: ['draft', 'published'] },
    kind: { const: 'post' },
    tags: { type: 'array', items: { type: 'string' } },
    user_id: { type: ['integer', 'null'] },
  },
  required: ['id', 'title'],
  additionalProperties: false,
} as const;

const newPost = {
  type: 'object',
  properties: { title: { type: 'string' }, status: { enum: ['draft', 'published'] }, user_id: { type: ['integer', 'null'] }, tags: post.properties.tags },
  required: ['title'],
  additionalProperties: false,
} as const;

const error = { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] } as const;

// --- FromSchema, exactly ---
expectType<Equal<FromSchema<typeof post>, { id: number; title: string; status?: 'draft' | 'published'; kind?: 'post'; tags?: readonly string[]; user_id?: number | null }>>();
expectType<Equal<FromSchema<typeof error>, { [key: string]: unknown; error: string }>>();
expectType<Equal<FromSchema<{ type: 'object'; additionalProperties: { type: 'number' } }>, { [key: string]: number }>>();
// An object with no key at all is no `{}`, which any value but null and undefined meets.
expectType<Equal<FromSchema<{ type: 'object'; additionalProperties: false }>, { [key: string]: never }>>();
expectType<Equal<FromSchema<{ type: 'object'; required: readonly ['a'] }>, { [key: string]: unknown; a: unknown }>>();
// Keys a `patternProperties` pattern matches are there whatever `additionalProperties` says (`?a=1&x-b=2` gives {a: '1', 'x-b': 2}).
expectType<Equal<FromSchema<{ type: 'object'; patternProperties: { '^n': { type: 'integer' } }; additionalProperties: false }>, { [key: string]: number }>>();
expectType<Equal<FromSchema<{ type: 'object'; patternProperties: { '^s': { type: 'string' } }; additionalProperties: { type: 'integer' } }>, { [key: string]: string | number }>>();
expectType<Equal<FromSchema<{ type: 'object'; properties: { a: { type: 'string' } }; patternProperties: { '^x-': { type: 'integer' } }; additionalProperties: false }>, { [key: string]: unknown; a?: string }>>();
expectType<Equal<FromSchema<{ anyOf: readonly [{ type: 'string' }, { type: 'null' }] }>, string | null>>();
expectType<Equal<FromSchema<{ allOf: readonly [{ type: 'object'; properties: { a: { type: 'string' } }; required: readonly ['a'] }, { type: 'object'; properties: { b: { type: 'boolean' } }; required: readonly ['b'] }] }>['b'], boolean>>();
expectType<Equal<FromSchema<{ type: 'array' }>, readonly unknown[]>>();
// anyOf, oneOf and allOf beside other keywords: a value meets both, so the type is both (the branches alone were unknown here).
const ifThen = { if: { properties: { a: { const: 'x' } } }, then: { properties: { b: true }, required: ['b'] } } as const;
expectType<Equal<FromSchema<{ type: 'object'; properties: { a: { type: 'string' }; b: { type: 'integer' } }; required: readonly ['a']; allOf: readonly [typeof ifThen] }>, { [key: string]: unknown; a: string; b?: number }>>();
expectType<Equal<FromSchema<{ type: 'object'; properties: { kind: { enum: readonly ['a', 'b'] } }; required: readonly ['kind']; oneOf: readonly [{ required: readonly ['x'] }] }>, { [key: string]: unknown; kind: 'a' | 'b' }>>();
type Either = FromSchema<{ type: 'object'; properties: { a: { type: 'string' } }; required: readonly ['a']; anyOf: readonly [{ type: 'object'; properties: { b: { type: 'integer' } }; required: readonly ['b'] }] }>;
expectType<Equal<[Either['a'], Either['b']], [string, number]>>();
// A tuple as ajv's strict mode takes it (minItems its length, no item past it) is typed by position; `?t=1&t=true` gives [1, true].
expectType<Equal<FromSchema<{ type: 'array'; items: readonly [{ type: 'integer' }, { type: 'boolean' }]; minItems: 2; maxItems: 2 }>, readonly [number, boolean]>>();
expectType<Equal<FromSchema<{ type: 'array'; items: readonly [{ type: 'string' }]; minItems: 1; additionalItems: false }>, readonly [string]>>();
// One that may be shorter or longer (ajv's strict: false) is not.
expectType<Equal<FromSchema<{ type: 'array'; items: readonly [{ type: 'string' }]; additionalItems: false }>, readonly unknown[]>>();
// ajv's `nullable: true` (OpenAPI's) takes null, and `?n=` coerces to it: the type must say so.
expectType<Equal<FromSchema<{ type: 'integer'; nullable: true }>, number | null>>();
expectType<Equal<FromSchema<{ type: 'object'; properties: { n: { type: 'string'; nullable: true } }; required: readonly ['n']; additionalProperties: false }>, { n: string | null }>>();
expectType<Equal<FromSchema<true>, unknown>>();
expectType<Equal<FromSchema<false>, never>>();
expectType<Equal<FromSchema<{ $ref: '#/definitions/post' }>, unknown>>();
// A `$ref` into the schema's own `$defs` or `definitions` has the type of what it names there, recursive ones too.
type Tree = FromSchema<{ $ref: '#/$defs/node'; $defs: { node: { type: 'object'; properties: { name: { type: 'string' }; kids: { type: 'array'; items: { $ref: '#/$defs/node' } } }; required: readonly ['name'] } } }>;
expectType<Equal<NonNullable<Tree['kids']>[number]['name'], string>>();
type Local = FromSchema<{ type: 'object'; properties: { a: { $ref: '#/definitions/x' }; b: { $ref: '#/$defs/y' } }; definitions: { x: { type: 'integer' } }; $defs: { y: { type: 'boolean' } } }>;
expectType<Equal<Local, { [key: string]: unknown; a?: number; b?: boolean }>>();
// A schema typed as JsonSchema (not `as const`) is unknown, not a guess.
const loose: JsonSchema = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
expectType<Equal<FromSchema<typeof loose>, unknown>>();

// --- route(): the request ---
route({
  path: '/users/:user_id/posts/:id',
  methods: ['put'],
  schema: {
    params: { type: 'object', properties: { user_id: { type: 'string' }, id: { type: 'integer' } }, required: ['user_id', 'id'] },
    query: { type: 'object', properties: { page: { type: 'integer' }, draft: { type: 'boolean' }, size: { type: 'integer', default: 20 } }, additionalProperties: false },
    body: newPost,
  },
  handler: (req) => {
    const id: string = req.bindings.id;
    const user: string = req.bindings.user_id;
    // @ts-expect-error: the template has no :postId
    void req.bindings.postId;
    const pid: number = req.pathParams.id;
    // @ts-expect-error: params.id is an integer, not a string
    const pidText: string = req.pathParams.id;
    const page: number | undefined = req.queryParams.page;
    // @ts-expect-error: page is optional
    const pageSure: number = req.queryParams.page;
    // @ts-expect-error: the query schema has no `sort` and allows no other key
    void req.queryParams.sort;
    // size has a default, which fw sets on the query's copy before the handler: present
    const size: number = req.queryParams.size;
    // @ts-expect-error: present, and a number
    const sizeText: string = req.queryParams.size;
    const title: string = req.body.title;
    // @ts-expect-error: title is a string, not a number
    const titleNumber: number = req.body.title;
    // @ts-expect-error: additionalProperties false: `titel` is no field
    void req.body.titel;
    const owner: number | null | undefined = req.body.user_id;
    // @ts-expect-error: user_id is nullable
    const ownerSure: number | undefined = req.body.user_id;
    const state: 'draft' | 'published' | undefined = req.body.status;
    // @ts-expect-error: status is one of the enum's values, not any string
    const stateWide: 'draft' | undefined = req.body.status;
    const firstTag: string | undefined = req.body.tags?.[0];
    // @ts-expect-error: tags are readonly: the request is not the handler's to change
    req.body.tags?.push('x');
    // @ts-expect-error: no [...] in the template, so no pathinfo
    void req.pathinfo.length;
    void [id, user, pid, pidText, page, pageSure, title, titleNumber, owner, ownerSure, state, stateWide, firstTag];
    return status(204);
  },
});

// A path binding is always in the params fw checks, so its property is present though `required` does not list it.
route({
  path: '/items/:id',
  schema: { params: { type: 'object', properties: { id: { type: 'integer' }, v: { type: 'string' } } } },
  handler: (req) => {
    expectType<Equal<typeof req.pathParams, { [key: string]: unknown; id: number; v?: string }>>();
    return status(204);
  },
});

route({
  path: '/files/[...]',
  handler: (req) => {
    const segments: readonly string[] = req.pathinfo;
    // @ts-expect-error: a template without bindings has none
    void req.bindings.id;
    // Without schemas: the body is unknown, and no params or query were coerced.
    const body: unknown = req.body;
    const none: undefined = req.pathParams;
    // @ts-expect-error: an unknown body has no fields to read
    void req.body.title;
    void [segments, body, none];
    return json({ anything: segments }, 418);
  },
});

// A misspelt schema key is refused where it is written (fw would refuse the route at start), not dropped from the types.
route({
  path: '/posts',
  methods: ['get'],
  schema: {
    // @ts-expect-error: querry is not a schema key (query is)
    querry: { type: 'object', properties: { limit: { type: 'integer' } } },
    response: { 200: { type: 'object' } },
  },
  handler: () => json({}),
});
route({
  path: '/posts',
  methods: ['post'],
  // Every schema key, spelt right, is taken.
  schema: { params: { type: 'object' }, query: { type: 'object' }, headers: { type: 'object' }, body: newPost, response: { 201: post } },
  handler: (req) => json({ id: 1, title: req.body.title }, 201),
});

// --- route(): the answers ---
route({
  path: '/posts/:id',
  schema: { response: { 200: post, 404: error } },
  handler: async (req) => {
    if (req.bindings.id === '0') return json({ error: 'post not found' }, 404);
    if (req.bindings.id === '1') throw httpError(410, 'post gone');
    if (req.bindings.id === '2') return status(304);
    return json({ id: 1, title: 'x', status: 'draft', kind: 'post', tags: ['a'], user_id: null });
  },
});

route({
  path: '/posts/:id',
  schema: { response: { 200: post } },
  // @ts-expect-error: the answer lacks the required title
  handler: () => json({ id: 1 }),
});

route({
  path: '/posts/:id',
  schema: { response: { 200: post } },
  // @ts-expect-error: title is a string, not a number
  handler: () => json({ id: 1, title: 42 }),
});

route({
  path: '/posts/:id',
  schema: { response: { 200: post } },
  // @ts-expect-error: status is one of the enum's values
  handler: () => json({ id: 1, title: 'x', status: 'deleted' }),
});

route({
  path: '/posts/:id',
  schema: { response: { 200: post, 404: error } },
  // @ts-expect-error: 404 answers carry an error string, not a post
  handler: () => json({ id: 1, title: 'x' }, 404),
});

route({
  path: '/posts/:id',
  schema: { response: { 200: post } },
  // @ts-expect-error: 418 is not a declared status of this route
  handler: () => json({ error: 'teapot' }, 418),
});

route({ path: '/ping', schema: { response: { 200: { type: 'object', additionalProperties: false } } }, handler: () => json({}) });
route({
  path: '/ping',
  schema: { response: { 200: { type: 'object', additionalProperties: false } } },
  // @ts-expect-error: the answer is an object without keys, not a string
  handler: () => json('pong'),
});
route({
  path: '/ping',
  schema: { response: { 200: { type: 'object', additionalProperties: false } } },
  // @ts-expect-error: an object without keys has no list to stream
  handler: () => jsonStream([], { key: 'items' }),
});
route({ path: '/lists', schema: { response: { 200: { type: 'object', additionalProperties: { type: 'array' } } } }, handler: () => jsonStream([], { key: 'any' }) });

route({
  path: '/posts',
  schema: { response: { 201: post } },
  // A block body's answers are checked together, so tsc reports the handler: here 200 is not declared.
  // @ts-expect-error: an async handler's answers are checked too
  handler: async () => {
    const created = { id: 2, title: 'y' };
    if (created.id > 1) return json(created, 201);
    return json(created);
  },
});

// --- route(): jsonStream answers, their key and status typed from the response schema ---
const bookmarks = { type: 'object', properties: { bookmarks: { type: 'array', items: post }, total: { type: 'integer' } }, required: ['bookmarks'], additionalProperties: false } as const;
route({ path: '/bookmarks', schema: { response: { 200: bookmarks } }, handler: () => jsonStream([], { key: 'bookmarks' }) });
route({ path: '/posts', schema: { response: { 200: { type: 'array', items: post } } }, handler: () => jsonStream([]) });
route({ path: '/anything', handler: () => jsonStream([], { key: 'whatever', status: 206 }) });
expectType<Equal<ReturnType<typeof jsonStream<'bookmarks'>>, JsonStreamResponse<'bookmarks', 200> & { readonly key: 'bookmarks' }>>();

route({
  path: '/bookmarks',
  schema: { response: { 200: bookmarks } },
  // @ts-expect-error: the schema has no bookmarkz, so its projection would let no item leave (a 500 at run time)
  handler: () => jsonStream([], { key: 'bookmarkz' }),
});

route({
  path: '/bookmarks',
  schema: { response: { 200: bookmarks } },
  // @ts-expect-error: total is no list
  handler: () => jsonStream([], { key: 'total' }),
});

route({
  path: '/bookmarks',
  schema: { response: { 200: bookmarks } },
  // @ts-expect-error: the 200 body is an object: a bare array is not it
  handler: () => jsonStream([]),
});

route({
  path: '/bookmarks',
  schema: { response: { 200: bookmarks } },
  // @ts-expect-error: 206 is not a declared status of this route
  handler: () => jsonStream([], { key: 'bookmarks', status: 206 }),
});

route({
  path: '/posts',
  // @ts-expect-error: routes take options flat, and `method` is not one of them
  method: ['get'],
  handler: () => status(204),
});

// --- inject(): json() typed from the route the test names ---
declare const fw: FwListener;
const showPost = route({
  path: '/posts/:id',
  methods: ['get'],
  schema: { response: { 200: post, 404: error } },
  handler: () => json({ error: 'gone' }, 404),
});
const heartbeat = route({ path: '/heartbeat', handler: () => json({ status: 'ok' }) });

export async function typedInject(): Promise<void> {
  const shown = await inject(fw, '/posts/1', showPost);
  const answer = shown.json();
  // One of the declared answers, or fw's own error body (a 400 of a schema, a 401, a 500).
  expectType<Equal<typeof answer, FromSchema<typeof post> | FromSchema<typeof error> | FwErrorBody>>();
  // `in` tells them apart: fw's error body declares every field it has, so it holds no `title`.
  // `in` tells an answer from fw's error body, which declares every field it has (no index signature).
  const taskList = { type: 'object', properties: { tasks: { type: 'array', items: { type: 'string' } } }, required: ['tasks'], additionalProperties: false } as const;
  const listTasks = route({ path: '/tasks', schema: { response: { 200: taskList } }, handler: () => json({ tasks: [] }) });
  const listed = (await inject(fw, '/tasks', listTasks)).json();
  if ('tasks' in listed) expectType<Equal<typeof listed, FromSchema<typeof taskList>>>();
  else expectType<Equal<typeof listed, FwErrorBody>>();
  const found = shown.json<FromSchema<typeof post>>();
  expectType<Equal<typeof found.title, string>>();
  shown.json<{ error: string }>();
  // @ts-expect-error: a type argument must be one of the route's answers
  shown.json<{ posts: readonly string[] }>();
  // @ts-expect-error: title is a string in every answer that has one
  shown.json<{ id: number; title: number }>();

  // The status does not narrow json() (docs/applications-reference.md, "Typed answers"): check it, then name the body.
  if (shown.status === 200) {
    // @ts-expect-error: still the union of the route's bodies and fw's error body, which has no title
    void shown.json().title;
    void shown.json<FromSchema<typeof post>>().title;
  }

  // Routes a function builds (a fresh store per load), named by type alone: no second call of the function.
  const postRoutes = () => [showPost, heartbeat] as const;
  type PostRoutes = ReturnType<typeof postRoutes>;
  const byType = (await inject<PostRoutes[0]>(fw, '/posts/1')).json();
  expectType<Equal<typeof byType, typeof answer>>();

  // Unnamed, or a route without response schemas: unknown, and any type argument, as before.
  const plain = (await inject(fw, '/posts/1')).json();
  expectType<Equal<typeof plain, unknown>>();
  const beat = (await inject(fw, '/heartbeat', heartbeat)).json();
  expectType<Equal<typeof beat, unknown>>();
  (await inject(fw, '/posts/1')).json<{ anything: true }>();

  // A route taken from a list (a union of routes): the bodies of all of them; one without response schemas adds none.
  const mixed = [showPost, heartbeat];
  const fromList = (await inject(fw, '/posts/1', mixed[0]!)).json();
  expectType<Equal<typeof fromList, typeof answer>>();
  // @ts-expect-error: no declared body is a number, though the list holds a route without response schemas
  const count: number = (await inject(fw, '/posts/1', mixed[0]!)).json();
  const showUser = route({ path: '/users/:id', schema: { response: { 200: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } }, handler: () => json({ name: 'a' }) });
  const pick = [showPost, showUser][1]!;
  (await inject(fw, '/users/1', pick)).json<{ name: string }>();
  // @ts-expect-error: a type argument must be one of the answers of one of the routes
  (await inject(fw, '/users/1', pick)).json<{ name: number }>();
  void count;
}
