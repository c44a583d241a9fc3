/**
 * Compile-time test of named schemas (issue 38, item 2), as an app writes them: the NamedSchemas
 * declaration below gives `{$ref: 'task'}` the type of the `as const` task schema, in typed routes'
 * requests and answers and in FromSchema. Declaration merging is global to a program, so this file
 * is compiled alone (named-schemas-types.test.ts), never by tsconfig.test.json. A line after
 * `// @ts-expect-error` must fail to compile.
 */
import { defineApp, json, route, type FromSchema } from 'fw-core';

const tag = { type: 'string' } as const;
const task = {
  type: 'object',
  properties: { id: { type: 'integer' }, title: { type: 'string' }, tags: { type: 'array', items: { $ref: 'tag' } } },
  required: ['id', 'title'],
} as const;
const schemas = { tag, task };

declare module 'fw-core' {
  interface NamedSchemas {
    tag: typeof tag;
    task: typeof task;
  }
}

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

type Task = { id: number; title: string; tags?: readonly string[]; [key: string]: unknown };
expectType<Equal<FromSchema<{ $ref: 'task' }>, Task>>();
expectType<Equal<FromSchema<{ type: 'array'; items: { $ref: 'task' } }>, readonly Task[]>>();
// A name the app does not declare is unknown, never a guess.
expectType<Equal<FromSchema<{ $ref: 'tsk' }>, unknown>>();

export const create = route({
  path: '/tasks',
  methods: ['post'],
  schema: { body: { $ref: 'task' }, response: { 201: { $ref: 'task' } } },
  handler: (req) => {
    expectType<Equal<typeof req.body, Task>>();
    const tags: readonly string[] = req.body.tags ?? [];
    return json({ id: req.body.id, title: req.body.title, tags }, 201);
  },
});

export const wrong = route({
  path: '/tasks/:id',
  methods: ['get'],
  schema: { response: { 200: { $ref: 'task' } } },
  // @ts-expect-error title must be a string
  handler: () => json({ id: 1, title: 2 }),
});

export const list = route({
  path: '/tasks',
  methods: ['get'],
  schema: { response: { 200: { type: 'object', properties: { tasks: { type: 'array', items: { $ref: 'task' } } }, required: ['tasks'] } } },
  // @ts-expect-error each item is a Task: id is missing
  handler: () => json({ tasks: [{ title: 'a' }] }),
});

export default defineApp({ name: 'tasks', router: { name: 'r', routes: () => [{ prefix: '', security: false, routes: [create, wrong, list] }] }, schemas });
