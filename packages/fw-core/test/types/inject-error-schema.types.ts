/**
 * Compile-time tests of inject's `errorSchema` argument (issue 38, item 7): naming the schema an
 * app's or group's onNotFound/onMethodNotAllowed/onError answer with adds its body to `json()`.
 * `npx tsc -p tsconfig.test.json` checks this file, never node; `Equal` asserts exact types,
 * which `any` never is, so a missing argument or a wrong type fails to compile.
 */
import { inject, json, route, type FromSchema, type FwErrorBody, type FwListener, type OwnErrorBody, type RouteGroup } from '../../src/index.ts';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(): T | undefined {
  return undefined;
}

/** The API's own error shape, as its group's hooks answer it. */
const apiError = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'object', required: ['code'], properties: { code: { type: 'string' }, request_id: { type: 'string' } } } },
} as const;

const order = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } } as const;
const showOrder = route({ path: '/orders/:id', methods: ['get'], schema: { response: { 200: order } }, handler: (req) => json({ id: req.bindings.id }) });

// The schema sits next to the hooks it describes.
export const api: RouteGroup = {
  prefix: '/api',
  security: false,
  errorSchema: apiError,
  onNotFound: (req) => json({ error: { code: 'not_found', request_id: req.id } }, 404),
  routes: [showOrder],
};

declare const fw: FwListener;

export async function injectWithErrorSchema(): Promise<void> {
  const shown = await inject(fw, '/api/orders/1', showOrder, apiError);
  const answer = shown.json();
  // set-cookie is always a list (docs/applications-reference.md, "inject"): no cast to read its first cookie.
  expectType<Equal<typeof shown.headers['set-cookie'], string[] | undefined>>();
  // The route's answer, fw's own error body (the answers no hook words: a 401, a 413) and the hooks'.
  expectType<Equal<typeof answer, FromSchema<typeof order> | FwErrorBody | FromSchema<typeof apiError>>>();
  expectType<Equal<OwnErrorBody<typeof apiError>, FromSchema<typeof apiError>>>();
  const refused = shown.json<FromSchema<typeof apiError>>();
  expectType<Equal<typeof refused.error.code, string>>();
  expectType<Equal<typeof refused.error.request_id, string | undefined>>();

  // Without the schema, as before: the route's answers and fw's error body.
  const plain = (await inject(fw, '/api/orders/1', showOrder)).json();
  expectType<Equal<typeof plain, FromSchema<typeof order> | FwErrorBody>>();
  expectType<Equal<OwnErrorBody<undefined>, never>>();
}
