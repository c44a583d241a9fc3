/**
 * Compile-time tests of route schemas written in zod, a Standard Schema: `npx tsc -p
 * tsconfig.test.json` checks this file, never node (it imports zod from the repository's
 * node_modules, which compile-alone's temporary copies cannot reach). The handler reads each
 * part's output type, a `json()` answer must fit the response schema's input type, and inject
 * types `json()` from the output. A line after `// @ts-expect-error` must fail to compile, or tsc
 * reports the directive unused.
 */
import * as z from 'zod';
import { inject, json, route, type FromSchema, type FwErrorBody, type FwListener } from '../../src/index.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

const params = z.object({ id: z.coerce.number().int() });
const query = z.object({ limit: z.coerce.number().default(20), tag: z.string().optional() });
const body = z.object({ title: z.string(), tags: z.array(z.string()).default([]) });
// What is sent differs from what a handler gives: the date is answered as its ISO text.
const post = z.object({ id: z.number(), title: z.string(), at: z.date().transform((date) => date.toISOString()) });

expectType<Equal<FromSchema<typeof query>, { limit: number; tag?: string | undefined }>>();
expectType<Equal<FromSchema<typeof post>, { id: number; title: string; at: string }>>();

export const updatePost = route({
  path: '/posts/:id',
  methods: ['put'],
  schema: { params, query, body, response: { 200: post } },
  handler: (req) => {
    expectType<Equal<typeof req.pathParams, { id: number }>>();
    expectType<Equal<typeof req.queryParams, { limit: number; tag?: string | undefined }>>();
    expectType<Equal<typeof req.body, { title: string; tags: string[] }>>();
    return json({ id: req.pathParams.id, title: req.body.title, at: new Date() });
  },
});

route({
  path: '/posts/:id',
  methods: ['get'],
  schema: { response: { 200: post } },
  // @ts-expect-error: the response schema takes a Date (its input), not the text it sends
  handler: () => json({ id: 1, title: '', at: 'today' }),
});

export async function typedAnswer(fw: FwListener): Promise<void> {
  const res = await inject(fw, { method: 'PUT', url: '/posts/1', body: { title: 't' } }, updatePost);
  expectType<Equal<ReturnType<typeof res.json>, { id: number; title: string; at: string } | FwErrorBody>>();
}
