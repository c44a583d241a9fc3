/**
 * Compile-time tests of route schemas written with TypeBox, the JSON Schema builder Fastify
 * recommends: `npx tsc -p tsconfig.test.json` checks this file, never node (it imports typebox
 * from the repository's node_modules). A TypeBox schema is a JSON Schema, so fw checks and
 * coerces it with ajv like an `as const` literal; these tests show that its types are the ones
 * TypeBox's own `Static` gives, for TypeBox 1 (`typebox`) and 0.34 (`@sinclair/typebox`). A line
 * after `// @ts-expect-error` must fail to compile, or tsc reports the directive unused.
 */
import Type, { type Static } from 'typebox';
import { Type as Type034, type Static as Static034 } from '@sinclair/typebox';
import { inject, json, route, type FromSchema, type FwErrorBody, type FwListener } from '../../src/index.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

const task = Type.Object(
  {
    id: Type.Integer(),
    title: Type.String({ minLength: 1 }),
    tags: Type.Array(Type.String()),
    state: Type.Union([Type.Literal('open'), Type.Literal('done')]),
    due: Type.Optional(Type.Union([Type.String({ format: 'date' }), Type.Null()])),
  },
  { additionalProperties: false },
);
const idParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const listQuery = Type.Object({ limit: Type.Integer({ minimum: 1, default: 20 }), tag: Type.Optional(Type.String()) });
const createBody = Type.Object({ title: Type.String({ minLength: 1 }), tags: Type.Optional(Type.Array(Type.String())) });

// fw reads a TypeBox 1 schema as the JSON Schema it is; its type is what TypeBox's Static says, arrays readonly.
type Task = { id: number; title: string; tags: readonly string[]; state: 'open' | 'done'; due?: string | null };
expectType<Equal<FromSchema<typeof task>, Task>>();
const fromStatic: FromSchema<typeof task> = {} as Static<typeof task>;
void fromStatic;
const partial = Type.Partial(Type.Object({ title: Type.String(), tags: Type.Array(Type.String()) }), { minProperties: 1 });
expectType<Equal<FromSchema<typeof partial>, { title?: string; tags?: readonly string[] }>>();
// A Record is `patternProperties`: its keys hold its values' type, as Static says.
const scores = Type.Record(Type.String(), Type.Number());
expectType<Equal<FromSchema<typeof scores>, Static<typeof scores>>>();
expectType<Equal<FromSchema<typeof scores>, { [key: string]: number }>>();

export const updateTask = route({
  path: '/tasks/:id',
  methods: ['put'],
  schema: { params: idParams, query: listQuery, body: createBody, response: { 200: task } },
  handler: (req) => {
    expectType<Equal<typeof req.pathParams.id, number>>();
    expectType<Equal<typeof req.queryParams.limit, number>>();
    expectType<Equal<typeof req.queryParams.tag, string | undefined>>();
    expectType<Equal<typeof req.body.title, string>>();
    expectType<Equal<typeof req.body.tags, readonly string[] | undefined>>();
    return json({ id: req.pathParams.id, title: req.body.title, tags: [], state: 'open' });
  },
});

route({
  path: '/tasks/:id',
  methods: ['get'],
  schema: { response: { 200: task } },
  // @ts-expect-error: 'closed' is no state the response schema allows
  handler: () => json({ id: 1, title: 't', tags: [], state: 'closed' }),
});

export async function typedAnswer(fw: FwListener): Promise<void> {
  const res = await inject(fw, { method: 'PUT', url: '/tasks/1', body: { title: 't' } }, updateTask);
  expectType<Equal<ReturnType<typeof res.json>, FromSchema<typeof task> | FwErrorBody>>();
}

// TypeBox 0.34 (what @fastify/type-provider-typebox 5 uses) declares each schema's type as `static`: fw reads it.
const task034 = Type034.Object({ id: Type034.Integer(), title: Type034.String(), note: Type034.Optional(Type034.String()) });
expectType<Equal<FromSchema<typeof task034>, Static034<typeof task034>>>();

route({
  path: '/tasks',
  methods: ['post'],
  schema: { body: Type034.Object({ title: Type034.String() }), response: { 201: task034 } },
  handler: (req) => {
    expectType<Equal<typeof req.body, { title: string }>>();
    return json({ id: 1, title: req.body.title }, 201);
  },
});
